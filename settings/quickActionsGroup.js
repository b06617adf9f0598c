/* The [[quick-action]] blocks as rows (title, subtitle, icon; edit in place, move up, move down,
 * remove: quickActionRow.js) and a form that appends one: each a call to the daemon, which edits
 * the file. The form's command is split into its words as a shell would quote them (GLib's
 * parser; nothing runs through a shell). */
import Adw from 'gi://Adw';

import { tomlString } from './blockRow.js';
import { commandWords, execKey, formGroup } from './formRows.js';
import { _, format } from './i18n.js';
import { quickActionRow } from './quickActionRow.js';

/* The inline table quick-action.new is set to: without a type, which the daemon makes from the
 * title, unique in the file (two quick actions may have one title). */
export function newQuickAction(title, subtitle, argv) {
    const keys = [`title = ${tomlString(title)}`];
    if (subtitle)
        keys.push(`subtitle = ${tomlString(subtitle)}`);
    if (argv.length)
        keys.push(execKey(argv));
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
        // The types of the rows open, kept open as the rows are made again.
        this._open = new Set();

        const form = formGroup(page, { title: _('New Quick Action'), label: _('Add'), name: _('Add Quick Action'),
            onSubmit: () => this._add() });
        this._form = form.group;
        this._title = new Adw.EntryRow({ title: _('Title') });
        this._subtitle = new Adw.EntryRow({ title: _('Subtitle') });
        this._command = new Adw.EntryRow({ title: _('Command') });
        for (const entry of [this._title, this._subtitle, this._command])
            this._form.add(entry);
        this._title.connect('changed', () => (form.button.sensitive = this._title.text.trim() !== ''));
        form.button.sensitive = false;
    }

    _add() {
        const argv = commandWords(this._command.text, this._change);
        if (!argv)
            return;
        const title = this._title.text.trim();
        const value = newQuickAction(title, this._subtitle.text.trim(), argv);
        this._change(this._daemon.set('quick-action.new', value), format(_('Added “%s”'), title), () => {
            for (const entry of [this._title, this._subtitle, this._command])
                entry.text = '';
        });
    }

    /* The rows as the file has them now, each open as it was. The same again (the reload after a
     * change of its own, a change elsewhere, a refusal) leaves them, not made anew under a finger
     * or a screen reader about to press one; a refused title stays typed, the toast saying why. */
    show(items) {
        const shown = JSON.stringify(items);
        if (shown === this._shown)
            return;
        this._shown = shown;
        for (const row of this._rows)
            this._group.remove(row);
        this._rows = items.map((item, index) => {
            const row = quickActionRow({ item, index, count: items.length, daemon: this._daemon, change: this._change,
                window: this._group.get_root(), expanded: this._open.has(item.type), onExpanded: expanded => {
                    if (expanded)
                        this._open.add(item.type);
                    else
                        this._open.delete(item.type);
                } });
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
