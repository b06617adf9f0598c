/* What the window's forms share (New Quick Action, New Binding, Set a Slot): a group of entry
 * rows under a title with one suggested button in its header, and a command typed as a shell
 * would quote it, split into its words by GLib's parser (nothing runs through a shell). */
import Adw from 'gi://Adw';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { tomlString } from './blockRow.js';
import { _, format } from './i18n.js';

/* A form's group, added to page, with its button (label; name says it to a screen reader, which
 * hears the button away from the group's title) calling onSubmit. The caller adds the rows. */
export function formGroup(page, { title, label, name, onSubmit }) {
    const group = new Adw.PreferencesGroup({ title });
    page.add(group);
    const button = new Gtk.Button({ label, valign: Gtk.Align.CENTER });
    button.add_css_class('suggested-action');
    button.update_property([Gtk.AccessibleProperty.LABEL], [name]);
    button.connect('clicked', onSubmit);
    group.set_header_suffix(button);
    return { group, button };
}

/* The words of a typed command ([] for none), or null once change(promise) has shown why it
 * cannot be split (an unclosed quote): refused as the daemon's refusals are. */
export function commandWords(text, change) {
    const command = text.trim();
    if (!command)
        return [];
    try {
        return GLib.shell_parse_argv(command)[1];
    } catch (e) {
        change(Promise.reject(new Error(format(_('Command: %s'), e.message))));
        return null;
    }
}

/* The exec key of an action, as an inline table's member. */
export const execKey = argv => `exec = [${argv.map(tomlString).join(', ')}]`;
