/* The [[binding]] blocks as rows, each the line the daemon makes of it (gesture → action, as
 * --check-config prints it), with Move up, Move down and Remove; and a form that appends one:
 * a gesture (the daemon's list) and a command, or, with no command, the quick-actions menu. The
 * command is split into words as a shell would quote them (GLib's parser; no shell runs it). */
import Adw from 'gi://Adw';
import Gtk from 'gi://Gtk?version=4.0';

import { blockRow, tomlString } from './blockRow.js';
import { commandWords, execKey, formGroup } from './formRows.js';
import { _, format } from './i18n.js';

/* The inline table binding.new is set to. */
export function newBinding(gesture, argv) {
    const action = argv.length ? execKey(argv) : 'quick-actions = true';
    return `{ gesture = ${tomlString(gesture)}, ${action} }`;
}

export class BindingsGroup {
    /* change(promise, done, after): runs a daemon call, shows its outcome. */
    constructor(page, daemon, change) {
        this._daemon = daemon;
        this._change = change;
        this._rows = [];
        this._gestures = [];
        this._group = new Adw.PreferencesGroup({
            title: _('Bindings'),
            description: _('What each gesture does, as the configuration file says'),
        });
        page.add(this._group);

        this._form = formGroup(page, { title: _('New Binding'), label: _('Add'), name: _('Add Binding'),
            onSubmit: () => this._add() }).group;
        this._gesture = new Adw.ComboRow({ title: _('Gesture'), model: new Gtk.StringList() });
        this._command = new Adw.EntryRow({ title: _('Command (none: the quick-actions menu)') });
        this._form.add(this._gesture);
        this._form.add(this._command);
    }

    _add() {
        const gesture = this._gestures[this._gesture.selected];
        if (!gesture)
            return;
        const argv = commandWords(this._command.text, this._change);
        if (!argv)
            return;
        this._change(this._daemon.set('binding.new', newBinding(gesture, argv)), format(_('Bound %s'), gesture),
            () => (this._command.text = ''));
    }

    /* lines: the daemon's line per binding; gestures: the gestures a binding may name. */
    show(lines, gestures) {
        if (gestures.join() !== this._gestures.join()) {
            this._gestures = gestures;
            this._gesture.model = Gtk.StringList.new(gestures);
        }
        for (const row of this._rows)
            this._group.remove(row);
        this._rows = lines.map((line, index) => blockRow({
            block: 'binding', index, count: lines.length, name: format(_('binding %s'), index + 1), title: line,
            daemon: this._daemon, change: this._change,
        }));
        if (!lines.length)
            this._rows.push(new Adw.ActionRow({ title: _('No bindings in the file: no gesture runs anything') }));
        for (const row of this._rows)
            this._group.add(row);
    }
}
