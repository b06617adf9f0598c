/* One [[quick-action]] block as a row that expands to edit it in place: its title, subtitle,
 * icon (from the icon theme, iconChooser.js) and action (an app, one of its Desktop Actions, or
 * a command; actionChooser.js). Each change is one call to the daemon by the block's position
 * (`quick-action.2.title`), which edits the file, checks it and reloads, or refuses with its
 * file:line; which keys a block may have, and their values, is the daemon's to say. */
import Adw from 'gi://Adw';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { chooseAction } from './actionChooser.js';
import { addRowActions, blockButtons, tomlString } from './blockRow.js';
import { chooseIcon } from './iconChooser.js';
import { _, format } from './i18n.js';

/* The image an item's icon is drawn as: the theme icon the daemon's menu draws (`icon-name`, its
 * mapping of an icon-type too; symbolic first, as the GNOME Shell menu looks it up: Adwaita has
 * only the symbolic of many) or the item's file; its description says which, for a screen
 * reader, and name (when given) whose it is. */
function iconImage(item, name = null) {
    const iconName = item['icon-name'], file = item.icon?.file;
    // No icon is drawn as the menu draws it, as nothing: the room kept, the titles aligned.
    const gicon = file ? new Gio.FileIcon({ file: Gio.File.new_for_path(file) })
        : iconName ? new Gio.ThemedIcon({ names: [`${iconName}-symbolic`, iconName] }) : null;
    const image = new Gtk.Image({ gicon, pixel_size: 24 });
    image.update_property([Gtk.AccessibleProperty.DESCRIPTION], [file ?? iconName ?? _('None')]);
    if (name)
        image.update_property([Gtk.AccessibleProperty.LABEL], [name]);
    return image;
}

/* What an item's icon is, in words. */
function iconWords(icon) {
    return icon?.symbol ?? icon?.file ?? icon?.type ?? _('None');
}

/* An installed application by its desktop file id, or null. */
function desktopApp(id) {
    try {
        return Gio.DesktopAppInfo.new(id);
    } catch (e) {
        return null;
    }
}

/* What an item's action does, in words: the app and its Desktop Action by their names, a
 * command as its words, anything else as the configuration writes it. */
export function actionWords(action) {
    if (!action)
        return _('None: only subscribers are told');
    if (typeof action.launch === 'string') {
        const app = desktopApp(action.launch);
        const name = app?.get_name() ?? action.launch;
        if (!action.action)
            return format(_('Open %s'), name);
        return format(_('%s: %s'), name, app?.get_action_name(action.action) ?? action.action);
    }
    const argv = action.exec ?? action.launch;
    if (Array.isArray(argv))
        return format(_('Command: %s'), argv.map(word => GLib.shell_quote(word)).join(' '));
    return Object.entries(action).map(([key, value]) => `${key} = ${JSON.stringify(value)}`).join(', ');
}

/* An entry row that sends its text when applied (Enter or its apply button), named by its title
 * (which labels its text), the quick action it belongs to said in its description. */
function entryRow(title, description, text, onApply) {
    const row = new Adw.EntryRow({ title, text, show_apply_button: true });
    row.update_property([Gtk.AccessibleProperty.DESCRIPTION], [description]);
    row.connect('apply', () => onApply(row.text.trim()));
    return row;
}

/* A row with a Choose… button (its name says what for) that opens a chooser, as the row does.
 * (Not the row's activatable widget: that would add the row's title to the button's name.) */
function chooserRow(title, subtitle, name, prefix, onClick) {
    const button = new Gtk.Button({ label: _('Choose…'), valign: Gtk.Align.CENTER });
    button.update_property([Gtk.AccessibleProperty.LABEL], [name]);
    button.connect('clicked', onClick);
    const row = new Adw.ActionRow({ title, subtitle: GLib.markup_escape_text(subtitle, -1), activatable: true });
    row.connect('activated', onClick);
    if (prefix)
        row.add_prefix(prefix);
    row.add_suffix(button);
    return row;
}

/* item: the block as the daemon shows it; index from 0 of count; window: the preferences window
 * the choosers open in; change(promise, done) runs a daemon call and shows its outcome;
 * expanded: open as it was before the settings were shown again; onExpanded(open) says so. */
export function quickActionRow({ item, index, count, daemon, change, window, expanded, onExpanded }) {
    const name = item.title ?? item.type ?? '';
    const key = `quick-action.${index + 1}`;
    const row = new Adw.ExpanderRow({ title: GLib.markup_escape_text(name, -1),
        subtitle: GLib.markup_escape_text(item.subtitle ?? '', -1) });
    row.add_prefix(iconImage(item, format(_('Icon of “%s”'), name)));
    addRowActions(row, blockButtons({ block: 'quick-action', index, count, name, daemon, change }), name);
    const set = (setting, value, done) => change(daemon.set(`${key}${setting}`, value), done);

    // Built when first opened: a closed row's fields would crowd the accessibility tree (and
    // repeat every other row's names) for nothing.
    let built = false;
    const build = () => {
        built = true;
        const title = entryRow(_('Title'), format(_('Of the quick action “%s”'), name), item.title ?? '', text =>
            set('.title', tomlString(text), format(_('Title of “%s” changed'), name)));
        row.add_row(title);
        row.add_row(entryRow(_('Subtitle'), format(_('Of the quick action “%s”'), name), item.subtitle ?? '', text => {
            if (text)
                set('.subtitle', tomlString(text), format(_('Subtitle of “%s” changed'), name));
            else
                change(daemon.reset(`${key}.subtitle`), format(_('Subtitle of “%s” removed'), name));
        }));
        row.add_row(chooserRow(_('Icon'), iconWords(item.icon), format(_('Choose an icon for “%s”'), name),
            iconImage(item), () => chooseIcon(window, { title: name, onChosen: icon =>
                set('.icon-symbol', tomlString(icon), format(_('Icon of “%s”: %s'), name, icon)) })));
        row.add_row(chooserRow(_('Action'), actionWords(item.action), format(_('Choose the action of “%s”'), name),
            null, () => chooseAction(window, { title: name, change, onChosen: (value, words) =>
                set(value.key, value.value, format(_('“%s” now does: %s'), name, words)) })));
        return title;
    };
    if (expanded) {
        build();
        row.expanded = true;
    }
    // Opened by a person, the title is ready to be typed over; open again as the settings are
    // shown anew (after a change), it is built above and takes no focus.
    row.connect('notify::expanded', () => {
        onExpanded(row.expanded);
        if (row.expanded && !built)
            build().grab_focus();
    });
    return row;
}
