/* A row's Move up, Move down and Remove buttons for one [[block]] of the file (a quick action, a
 * binding), each a call to the daemon by the block's key and position (`quick-action.2`,
 * `binding.1`): the same three for every kind of block. */
import Adw from 'gi://Adw';
import GLib from 'gi://GLib';
import GObject from 'gi://GObject';
import Gtk from 'gi://Gtk?version=4.0';

import { _, format } from './i18n.js';

/* A TOML basic string: a JSON string's escapes are TOML's. */
export const tomlString = text => JSON.stringify(text);

function iconButton(icon, label, onClick) {
    const button = new Gtk.Button({ icon_name: icon, valign: Gtk.Align.CENTER, tooltip_text: label });
    button.add_css_class('flat');
    button.update_property([Gtk.AccessibleProperty.LABEL], [label]);
    button.connect('clicked', onClick);
    return button;
}

/* The Move up, Move down and Remove buttons of a block's row, by the block's key and position:
 * block 'quick-action' or 'binding'; index from 0 of count; name says it in the buttons' names;
 * change(promise, done) runs a daemon call and shows its outcome. */
export function blockButtons({ block, index, count, name, daemon, change }) {
    const key = `${block}.${index + 1}`;
    const up = iconButton('go-up-symbolic', format(_('Move “%s” up'), name), () =>
        change(daemon.move(key, index), format(_('Moved “%s” up'), name)));
    up.sensitive = index > 0;
    const down = iconButton('go-down-symbolic', format(_('Move “%s” down'), name), () =>
        change(daemon.move(key, index + 2), format(_('Moved “%s” down'), name)));
    down.sensitive = index < count - 1;
    const remove = iconButton('user-trash-symbolic', format(_('Remove “%s”'), name), () =>
        change(daemon.reset(key), format(_('Removed “%s”'), name)));
    return [up, down, remove];
}

/* An opening row's buttons (an Adw.ExpanderRow: a quick action, a binding): `buttons` (a block's
 * Move up, Move down, Remove), then Edit, which opens and closes the row, named for `name`: the
 * row's own header takes no action through AT-SPI. Every such row reads the same. */
export function addRowActions(row, buttons, name) {
    const edit = new Gtk.ToggleButton({ icon_name: 'document-edit-symbolic', valign: Gtk.Align.CENTER,
        tooltip_text: _('Edit'), active: row.expanded });
    edit.add_css_class('flat');
    edit.update_property([Gtk.AccessibleProperty.LABEL], [format(_('Edit “%s”'), name)]);
    edit.bind_property('active', row, 'expanded', GObject.BindingFlags.BIDIRECTIONAL);
    // add_action puts each before the ones added earlier: added last to first.
    for (const widget of [...buttons, edit].reverse())
        row.add_action(widget);
}

/* A plain row for a block, with its three buttons (blockButtons). */
export function blockRow({ block, index, count, name, title, subtitle = '', daemon, change }) {
    const row = new Adw.ActionRow({ title: GLib.markup_escape_text(title, -1),
        subtitle: GLib.markup_escape_text(subtitle, -1), title_lines: 0 });
    for (const button of blockButtons({ block, index, count, name, daemon, change }))
        row.add_suffix(button);
    return row;
}
