/* AssistiveTouch ([assistive-touch]): whether its floating button is drawn, its numbers (the
 * button's size, the double-tap timeout, the long-press duration) as spin buttons within the
 * values the daemon says the check allows, and the slots (Single-Tap, Double-Tap, Long Press,
 * 3D Touch) as rows, each what the daemon says it does, with Clear (ResetSetting); and a form
 * that sets one: a slot and a command, or, with no command, the quick-actions menu. The slots,
 * their names and the words for their actions are the daemon's (GetSettings' assistiveTouch,
 * assistiveTouchButton, assistiveTouchNumbers). */
import Adw from 'gi://Adw';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { commandWords, execKey, formGroup } from './formRows.js';
import { _, format } from './i18n.js';

/* The inline table a slot is set to: one action. */
export function slotAction(argv) {
    return argv.length ? `{ ${execKey(argv)} }` : '{ quick-actions = true }';
}

/* What each number is called, and in what; a key the window does not know shows as it is. */
const NUMBERS = {
    'assistive-touch.button-size': [_('Button Size'), _('The side of its square, a fraction of the surface')],
    'assistive-touch.double-tap-timeout': [_('Double-Tap Timeout'), _('Seconds between the two taps, at most')],
    'assistive-touch.long-press-duration': [_('Long-Press Duration'), _('Seconds to hold for Long Press')],
};

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
        this._updating = false;
        this._button = new Gtk.Switch({ valign: Gtk.Align.CENTER });
        const buttonRow = new Adw.ActionRow({ title: _('Floating Button'),
            subtitle: _('A round button on the touchscreen where the slots listen; off: the whole surface'),
            activatable_widget: this._button });
        buttonRow.add_suffix(this._button);
        this._group.add(buttonRow);
        this._button.connect('notify::active', () => {
            if (!this._updating)
                this._setOption('assistive-touch.button', String(this._button.active),
                    this._button.active ? _('Floating button on') : _('Floating button off'));
        });
        this._numbers = new Map();
        this._form = formGroup(page, { title: _('Set a Slot'), label: _('Set'), name: _('Set Slot'),
            onSubmit: () => this._set() }).group;
        this._slot = new Adw.ComboRow({ title: _('Slot'), model: new Gtk.StringList() });
        this._command = new Adw.EntryRow({ title: _('Slot command (none: the quick-actions menu)') });
        this._form.add(this._slot);
        this._form.add(this._command);
    }

    _setOption(key, value, done) {
        this._change(this._daemon.set(key, value), done);
    }

    /* A number's row, made the first time the daemon names it: a spin button in hundredths. */
    _numberRow(number) {
        const [title, subtitle] = NUMBERS[number.key] ?? [number.key, ''];
        const spin = new Gtk.SpinButton({ digits: 2, valign: Gtk.Align.CENTER, numeric: true,
            adjustment: new Gtk.Adjustment({ step_increment: 0.01, page_increment: 0.1 }) });
        const row = new Adw.ActionRow({ title, subtitle, activatable_widget: spin });
        row.add_suffix(spin);
        spin.connect('value-changed', () => {
            if (!this._updating)
                this._setOption(number.key, spin.value.toFixed(2), format(_('%s: %s'), title, spin.value.toFixed(2)));
        });
        // Made before the slots' rows are first shown, so above them: show makes them again below.
        this._group.add(row);
        this._numbers.set(number.key, { row, spin });
        return this._numbers.get(number.key);
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

    /* slots: GetSettings' assistiveTouch; button and numbers: its assistiveTouchButton and
     * assistiveTouchNumbers. */
    show(slots, button = false, numbers = []) {
        this._updating = true;
        this._button.active = button;
        for (const number of numbers) {
            const { spin } = this._numbers.get(number.key) ?? this._numberRow(number);
            spin.adjustment.lower = number.minimum;
            spin.adjustment.upper = number.maximum;
            spin.value = number.value;
        }
        this._updating = false;
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
