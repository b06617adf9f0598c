/* A page the preferences window slides in over its settings (AdwPreferencesWindow's subpage,
 * which fills the window at any width): the quick action's icon and action choosers. */
import Adw from 'gi://Adw';
import Gtk from 'gi://Gtk?version=4.0';

import { _ } from './i18n.js';

/* A subpage with a header bar, titled, whose back button closes it (or calls onBack, which
 * says whether it went back itself); the caller adds the body. */
export function subpage(window, title, subtitle, onBack = () => false) {
    const box = new Gtk.Box({ orientation: Gtk.Orientation.VERTICAL });
    const header = new Adw.HeaderBar({ title_widget: new Adw.WindowTitle({ title, subtitle }) });
    const back = new Gtk.Button({ icon_name: 'go-previous-symbolic', tooltip_text: _('Back') });
    back.update_property([Gtk.AccessibleProperty.LABEL], [_('Back')]);
    back.connect('clicked', () => onBack() || window.close_subpage());
    header.pack_start(back);
    box.append(header);
    return box;
}
