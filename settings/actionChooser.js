/* What a quick action does, chosen in a subpage of the window: an installed application (as the
 * app grid lists them), one of its Desktop Actions, or a command typed as a shell would quote it
 * (split by GLib's parser; nothing runs through a shell). The choice is handed back as the
 * setting to change, the block's `launch` and `action` together or its `exec`, for the daemon
 * to check and write. */
import Adw from 'gi://Adw';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { tomlString } from './blockRow.js';
import { commandWords } from './formRows.js';
import { _, format } from './i18n.js';
import { subpage } from './subpage.js';

/* A row that chooses: its button (named for a screen reader) and the row itself call onChoose.
 * (The button is not the row's activatable widget, which would add the row's title to its name.) */
function choiceRow(group, { title, subtitle = '', gicon = null, name, icon = 'go-next-symbolic', onChoose }) {
    const button = new Gtk.Button({ icon_name: icon, valign: Gtk.Align.CENTER, tooltip_text: name });
    button.add_css_class('flat');
    button.update_property([Gtk.AccessibleProperty.LABEL], [name]);
    button.connect('clicked', onChoose);
    const row = new Adw.ActionRow({ title: GLib.markup_escape_text(title, -1),
        subtitle: GLib.markup_escape_text(subtitle, -1), activatable: true });
    row.connect('activated', onChoose);
    if (gicon)
        row.add_prefix(new Gtk.Image({ gicon, pixel_size: 32 }));
    row.add_suffix(button);
    group.add(row);
    return row;
}

/* The applications a person can start, by name. */
function applications() {
    return Gio.AppInfo.get_all().filter(app => app.should_show())
        .sort((a, b) => a.get_name().localeCompare(b.get_name()));
}

/* window: the preferences window; title: the quick action's; change(promise) shows a refusal;
 * onChosen({ key, value }, words): key '' for the block itself (set to an inline table of its
 * keys) or '.exec', value as the daemon takes it, words what it does. */
export function chooseAction(window, { title, change, onChosen }) {
    let actionsPage = null;
    const box = subpage(window, _('Choose an Action'), title, () => {
        if (!actionsPage)
            return false;
        box.remove(actionsPage);
        actionsPage = null;
        appsPage.visible = true;
        return true;
    });
    const chosen = (value, words) => {
        window.close_subpage();
        onChosen(value, words);
    };
    const appsPage = new Adw.PreferencesPage({ vexpand: true });
    box.append(appsPage);

    const commandGroup = new Adw.PreferencesGroup({ title: _('A Command'),
        description: _('Typed as a shell would quote it; it runs without a shell') });
    appsPage.add(commandGroup);
    const command = new Adw.EntryRow({ title: _('Command'), show_apply_button: true });
    command.update_property([Gtk.AccessibleProperty.DESCRIPTION], [format(_('What “%s” runs'), title)]);
    command.connect('apply', () => {
        const argv = commandWords(command.text, change);
        if (argv?.length)
            chosen({ key: '.exec', value: `[${argv.map(tomlString).join(', ')}]` }, command.text.trim());
    });
    commandGroup.add(command);

    const appsGroup = new Adw.PreferencesGroup({ title: _('An Application'),
        description: _('It opens, or does one of its own actions') });
    appsPage.add(appsGroup);
    const search = new Gtk.SearchEntry({ placeholder_text: _('Search applications'), margin_bottom: 12 });
    search.update_property([Gtk.AccessibleProperty.LABEL], [_('Search applications')]);
    appsGroup.add(search);
    const rows = applications().map(app => {
        const actions = app.list_actions();
        const row = choiceRow(appsGroup, {
            title: app.get_name(),
            subtitle: actions.length ? format(_('%s actions of its own'), actions.length) : app.get_description() ?? '',
            gicon: app.get_icon(), name: app.get_name(),
            onChoose: () => {
                if (!actions.length) {
                    chosen({ key: '', value: `{ launch = ${tomlString(app.get_id())} }` }, format(_('Open %s'), app.get_name()));
                    return;
                }
                appsPage.visible = false;
                actionsPage = actionsOf(app, actions, chosen);
                box.append(actionsPage);
            },
        });
        return { row, text: `${app.get_name()} ${app.get_id()}`.toLowerCase() };
    });
    search.connect('search-changed', () => {
        const words = search.text.trim().toLowerCase().split(/\s+/).filter(w => w);
        for (const { row, text } of rows)
            row.visible = words.every(w => text.includes(w));
    });
    window.present_subpage(box);
}

/* An application's own page: the app itself, then each of its Desktop Actions. */
function actionsOf(app, actions, chosen) {
    const page = new Adw.PreferencesPage({ vexpand: true });
    const group = new Adw.PreferencesGroup({ title: app.get_name(), description: _('What the quick action does') });
    page.add(group);
    const id = tomlString(app.get_id());
    const open = format(_('Open %s'), app.get_name());
    choiceRow(group, { title: open, gicon: app.get_icon(), name: open, icon: 'object-select-symbolic',
        onChoose: () => chosen({ key: '', value: `{ launch = ${id} }` }, open) });
    for (const action of actions) {
        const name = app.get_action_name(action);
        choiceRow(group, { title: name, subtitle: app.get_name(), name, icon: 'object-select-symbolic',
            onChoose: () => chosen({ key: '', value: `{ launch = ${id}, action = ${tomlString(action)} }` },
                format(_('%s: %s'), app.get_name(), name)) });
    }
    return page;
}
