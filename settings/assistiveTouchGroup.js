/* The AssistiveTouch slots ([assistive-touch]: Single-Tap, Double-Tap, Long Press, 3D Touch) as
 * rows, each what the daemon says it does, with Clear (ResetSetting); and a form that sets one:
 * a slot and a command, or, with no command, the quick-actions menu. The slots, their names and
 * the words for their actions are the daemon's (GetSettings' assistiveTouch). */
import Adw from 'gi://Adw';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { commandWords, execKey, formGroup } from './formRows.js';
import { _, format } from './i18n.js';

/* The inline table a slot is set to: one action. */
export function slotAction(argv) {
    return argv.length ? `{ ${execKey(argv)} }` : '{ quick-actions = true }';
}

export class AssistiveTouchGroup {
    /* change(promise, done, after): runs a daemon call, shows its outcome. */
    constructor(page, daemon, change) {
        this._daemon = daemon;
        this._change = change;
        this._slots = [];
        this._rows = [];
        this._group = new Adw.PreferencesGroup({
            title: _('AssistiveTouch'),
            description: _('One-finger gestures on the floating button, each with an action of its own'),
        });
        page.add(this._group);
        this._form = formGroup(page, { title: _('Set a Slot'), label: _('Set'), name: _('Set Slot'),
            onSubmit: () => this._set() }).group;
        this._slot = new Adw.ComboRow({ title: _('Slot'), model: new Gtk.StringList() });
        this._command = new Adw.EntryRow({ title: _('Slot command (none: the quick-actions menu)') });
        this._form.add(this._slot);
        this._form.add(this._command);
    }

    _set() {
        const slot = this._slots[this._slot.selected];
        if (!slot)
            return;
        const argv = commandWords(this._command.text, this._change);
        if (!argv)
            return;
        this._change(this._daemon.set(`assistive-touch.${slot.slot}`, slotAction(argv)),
            format(_('%s set'), slot.title), () => (this._command.text = ''));
    }

    show(slots) {
        if (slots.map(s => s.slot).join() !== this._slots.map(s => s.slot).join())
            this._slot.model = Gtk.StringList.new(slots.map(s => s.title));
        this._slots = slots;
        for (const row of this._rows)
            this._group.remove(row);
        this._rows = slots.map(s => {
            const row = new Adw.ActionRow({ title: GLib.markup_escape_text(s.title, -1),
                subtitle: GLib.markup_escape_text(s.action || _('Nothing'), -1), subtitle_lines: 0 });
            if (s.action) {
                const clear = new Gtk.Button({ icon_name: 'edit-clear-symbolic', valign: Gtk.Align.CENTER,
                    tooltip_text: format(_('Clear %s'), s.title) });
                clear.add_css_class('flat');
                clear.update_property([Gtk.AccessibleProperty.LABEL], [format(_('Clear %s'), s.title)]);
                clear.connect('clicked', () =>
                    this._change(this._daemon.reset(`assistive-touch.${s.slot}`), format(_('%s cleared'), s.title)));
                row.add_suffix(clear);
            }
            this._group.add(row);
            return row;
        });
    }
}
