/* A quick action's icon chosen from the icon theme the desktop uses (Gtk.IconTheme's names), in
 * a subpage of the window: a search over the names, and the icons that match as buttons, each
 * named by its icon name for a screen reader. */
import Gtk from 'gi://Gtk?version=4.0';

import { _, format } from './i18n.js';
import { subpage } from './subpage.js';

/* Icons drawn at once: a theme has thousands, and buttons for all of them would take seconds
 * to make and crowd the accessibility tree; searching narrows them. */
const SHOWN = 120;

/* window: the preferences window; title: the quick action's; onChosen(name) on a choice. */
export function chooseIcon(window, { title, onChosen }) {
    const page = subpage(window, _('Choose an Icon'), title);
    const search = new Gtk.SearchEntry({ placeholder_text: _('Search icons'), margin_top: 12, margin_start: 12,
        margin_end: 12 });
    search.update_property([Gtk.AccessibleProperty.LABEL], [_('Search icons')]);
    const shown = new Gtk.Label({ xalign: 0, margin_start: 12, margin_end: 12, margin_top: 6, wrap: true });
    shown.add_css_class('dim-label');
    const icons = new Gtk.FlowBox({ selection_mode: Gtk.SelectionMode.NONE, homogeneous: true, min_children_per_line: 4,
        max_children_per_line: 12, margin_start: 12, margin_end: 12, margin_top: 6, margin_bottom: 12,
        valign: Gtk.Align.START });
    page.append(search);
    page.append(shown);
    page.append(new Gtk.ScrolledWindow({ child: icons, vexpand: true, hscrollbar_policy: Gtk.PolicyType.NEVER }));

    const names = [...new Set(Gtk.IconTheme.get_for_display(window.get_display()).get_icon_names())].sort();
    const fill = () => {
        const words = search.text.trim().toLowerCase().split(/\s+/).filter(w => w);
        const matching = names.filter(name => words.every(w => name.toLowerCase().includes(w)));
        for (let child = icons.get_first_child(); child; child = icons.get_first_child())
            icons.remove(child);
        for (const name of matching.slice(0, SHOWN)) {
            const button = new Gtk.Button({ child: new Gtk.Image({ icon_name: name, pixel_size: 32 }), tooltip_text: name });
            button.add_css_class('flat');
            button.update_property([Gtk.AccessibleProperty.LABEL], [name]);
            button.connect('clicked', () => {
                window.close_subpage();
                onChosen(name);
            });
            icons.append(button);
        }
        shown.label = matching.length > SHOWN
            ? format(_('%s of %s icons shown: type to narrow them'), SHOWN, matching.length)
            : format(_('%s icons'), matching.length);
    };
    search.connect('search-changed', fill);
    fill();
    window.present_subpage(page);
    search.grab_focus();
}
