/* The [[binding]] blocks as rows, each the line the daemon makes of it (gesture → action, as
 * --check-config prints it), with Move up, Move down and Remove; opened, a row changes the
 * binding in place: its gesture (binding.N.gesture) and its command (binding.N.exec, or with no
 * command binding.N.quick-actions, the menu), each one change the daemon makes at once and
 * Undo takes back. A form appends a new one: a gesture (the daemon's list) and a command, or,
 * with no command, the quick-actions menu. A command is split into words as a shell would
 * quote them (GLib's parser; no shell runs it). */
import Adw from 'gi://Adw';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { addRowActions, blockButtons, tomlString } from './blockRow.js';
import { commandWords, execKey, formGroup } from './formRows.js';
import { _, format } from './i18n.js';
import { ToggleGroup } from './toggleGroup.js';

/* The inline table binding.new is set to. */
export function newBinding(gesture, argv) {
    const action = argv.length ? execKey(argv) : 'quick-actions = true';
    return `{ gesture = ${tomlString(gesture)}, ${action} }`;
}

/* The words of a command as they are typed back: each quoted where a shell would need it. */
const typed = argv => argv.map(word => (/^[\w@%+=:,./-]+$/.test(word) ? word : GLib.shell_quote(word))).join(' ');

export class BindingsGroup {
    /* change(promise, done, after): runs a daemon call, shows its outcome. */
    constructor(page, daemon, change) {
        this._daemon = daemon;
        this._change = change;
        this._rows = [];
        this._gestures = [];
        // The rows opened, by position: kept open as the rows are made again after each change.
        this._expanded = new Set();
        this._group = new Adw.PreferencesGroup({
            title: _('Bindings'),
            description: _('What each gesture does, as the configuration file says; open one to change it'),
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

    /* A binding's command set from its entry: its words, or with none the quick-actions menu. */
    _setCommand(n, text) {
        const argv = commandWords(text, this._change);
        if (!argv)
            return;
        const [key, value] = argv.length
            ? [`binding.${n}.exec`, `[${argv.map(tomlString).join(', ')}]`] : [`binding.${n}.quick-actions`, 'true'];
        this._change(this._daemon.set(key, value), format(_('Binding %s: command changed'), n));
    }

    /* One binding's row: its line, its buttons, and opened its gesture and command. */
    _row(line, keys, index, count) {
        const n = index + 1;
        const row = new Adw.ExpanderRow({ title: GLib.markup_escape_text(line, -1),
            expanded: this._expanded.has(index) });
        row.connect('notify::expanded', () =>
            row.expanded ? this._expanded.add(index) : this._expanded.delete(index));
        const name = format(_('binding %s'), n);
        addRowActions(row, blockButtons({ block: 'binding', index, count, name, daemon: this._daemon,
            change: this._change }), name);
        if (!keys)
            return row;
        const gestures = new ToggleGroup(null,
            this._gestures.map(g => ({ value: g, label: g, name: format(_('%s, binding %s'), g, n) })),
            gesture => this._change(this._daemon.set(`binding.${n}.gesture`, tomlString(gesture)),
                format(_('Binding %s: %s'), n, gesture)),
            null, true);
        gestures.show(keys.gesture);
        gestures.box.margin_top = gestures.box.margin_bottom = 6;
        gestures.box.margin_start = gestures.box.margin_end = 12;
        const gestureRow = new Adw.PreferencesRow({ title: format(_('Gesture of binding %s'), n), activatable: false });
        gestureRow.set_child(gestures.box);
        row.add_row(gestureRow);
        const command = new Adw.EntryRow({ title: format(_('Command of binding %s'), n),
            text: keys.exec ? typed(keys.exec) : '' });
        const set = new Gtk.Button({ icon_name: 'object-select-symbolic', valign: Gtk.Align.CENTER,
            tooltip_text: format(_('Set the command of binding %s'), n) });
        set.add_css_class('flat');
        set.update_property([Gtk.AccessibleProperty.LABEL], [format(_('Set the command of binding %s'), n)]);
        set.connect('clicked', () => this._setCommand(n, command.text));
        command.connect('entry-activated', () => this._setCommand(n, command.text));
        command.add_suffix(set);
        row.add_row(command);
        return row;
    }

    /* lines: the daemon's line per binding; gestures: the gestures a binding may name; keys:
     * each binding's gesture and command (GetSettings' bindingKeys). */
    show(lines, gestures, keys = []) {
        // The same again (the reload after a change of its own, a change elsewhere): the rows
        // stay, not made anew under a finger or a screen reader about to press one of them.
        const shown = JSON.stringify([lines, gestures, keys]);
        if (shown === this._shown)
            return;
        this._shown = shown;
        if (gestures.join() !== this._gestures.join()) {
            this._gestures = gestures;
            this._gesture.model = Gtk.StringList.new(gestures);
        }
        for (const row of this._rows)
            this._group.remove(row);
        if (lines.length < this._rows.length)
            this._expanded.clear();
        this._rows = lines.map((line, index) => this._row(line, keys[index], index, lines.length));
        if (!lines.length)
            this._rows.push(new Adw.ActionRow({ title: _('No bindings in the file: no gesture runs anything') }));
        for (const row of this._rows)
            this._group.add(row);
    }
}
