/* The [[quick-action]] blocks as rows (title, subtitle; move up, move down, remove) and a form
 * that appends one: each a call to the daemon, which edits the file. The form's command is split
 * into its words as a shell would quote them (GLib's parser; nothing runs through a shell). */
import Adw from 'gi://Adw';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { blockRow, tomlString } from './blockRow.js';
import { _, format } from './i18n.js';

/* The inline table quick-action.new is set to: without a type, which the daemon makes from the
 * title, unique in the file (two quick actions may have one title). */
export function newQuickAction(title, subtitle, argv) {
    const keys = [`title = ${tomlString(title)}`];
    if (subtitle)
        keys.push(`subtitle = ${tomlString(subtitle)}`);
    if (argv.length)
        keys.push(`exec = [${argv.map(tomlString).join(', ')}]`);
    return `{ ${keys.join(', ')} }`;
}

export class QuickActionsGroup {
    /* change(promise, done): runs a daemon call, shows a refusal; done is said on success. */
    constructor(page, daemon, change) {
        this._daemon = daemon;
        this._change = change;
        this._group = new Adw.PreferencesGroup({
            title: _('Quick Actions'),
            description: _('The items of the menu a deep press shows, in this order'),
        });
        page.add(this._group);
        this._rows = [];

        this._form = new Adw.PreferencesGroup({ title: _('New Quick Action') });
        page.add(this._form);
        this._title = new Adw.EntryRow({ title: _('Title') });
        this._subtitle = new Adw.EntryRow({ title: _('Subtitle') });
        this._command = new Adw.EntryRow({ title: _('Command') });
        for (const entry of [this._title, this._subtitle, this._command])
            this._form.add(entry);
        const add = new Gtk.Button({ label: _('Add'), valign: Gtk.Align.CENTER });
        add.add_css_class('suggested-action');
        add.update_property([Gtk.AccessibleProperty.LABEL], [_('Add Quick Action')]);
        add.connect('clicked', () => this._add());
        this._title.connect('changed', () => (add.sensitive = this._title.text.trim() !== ''));
        add.sensitive = false;
        this._form.set_header_suffix(add);
    }

    _add() {
        let argv = [];
        const command = this._command.text.trim();
        if (command) {
            try {
                [, argv] = GLib.shell_parse_argv(command);
            } catch (e) {
                this._change(Promise.reject(new Error(format(_('Command: %s'), e.message))));
                return;
            }
        }
        const title = this._title.text.trim();
        const value = newQuickAction(title, this._subtitle.text.trim(), argv);
        this._change(this._daemon.set('quick-action.new', value), format(_('Added “%s”'), title), () => {
            for (const entry of [this._title, this._subtitle, this._command])
                entry.text = '';
        });
    }

    show(items) {
        for (const row of this._rows)
            this._group.remove(row);
        this._rows = items.map((item, index) => {
            const name = item.title ?? item.type ?? '';
            const row = blockRow({ block: 'quick-action', index, count: items.length, name, title: name,
                subtitle: item.subtitle ?? '', daemon: this._daemon, change: this._change });
            this._group.add(row);
            return row;
        });
        if (!items.length) {
            const none = new Adw.ActionRow({ title: _('No quick actions in the file') });
            this._group.add(none);
            this._rows.push(none);
        }
    }
}
