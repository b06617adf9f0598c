/* A guided calibration of one device: the steps `forcetest calibrate` takes (light, average and
 * firm presses), run by the daemon on the device's own presses (StartCalibration). The window
 * shows what the daemon's CalibrationProgress says: the step and its instruction, the presses it
 * has, the finger's reading as a bar against the device's range, then what was written and
 * where, or why nothing was (the device cannot measure force, it went away, the calibration
 * was cancelled). Its Cancel, or closing it, before the end cancels the calibration
 * (CancelCalibration); at the end Cancel becomes Done. */
import Adw from 'gi://Adw';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { daemonMessage } from './daemonSettings.js';
import { _, format } from './i18n.js';

const NAME = 'io.github.forcetouch.Daemon1';
const PATH = '/io/github/forcetouch/Daemon1';
const TIMEOUT_MS = 10000;
/* What each way a calibration ends is called, above the daemon's message. */
const ENDS = {
    written: _('Calibrated'),
    unusable: _('Force cannot be measured on this device'),
    failed: _('Calibration failed'),
    cancelled: _('Calibration cancelled'),
};
/* As `forcetest calibrate` asks by default. */
const PRESSES = 3;
const STEPS = ['light', 'average', 'firm'];

export class CalibrationDialog {
    /* device: the Device1 object's properties and its path, as DevicesGroup reads them. */
    constructor(parent, device) {
        this._bus = Gio.DBus.session;
        this._device = device;
        this._finished = false;
        this.window = new Adw.Window({
            modal: true,
            transient_for: parent,
            default_width: 420,
            title: format(_('Calibrate %s'), device.Name),
        });
        const box = new Gtk.Box({ orientation: Gtk.Orientation.VERTICAL });
        const header = new Adw.HeaderBar();
        this._cancel = new Gtk.Button({ label: _('Cancel') });
        this._cancel.update_property([Gtk.AccessibleProperty.LABEL], [format(_('Cancel the calibration of %s'), device.Name)]);
        this._cancel.connect('clicked', () => {
            if (this._finished)
                this.window.close();
            else
                this._call('CancelCalibration', new GLib.Variant('(s)', [device.Node]));
        });
        header.pack_start(this._cancel);
        box.append(header);
        const content = new Gtk.Box({
            orientation: Gtk.Orientation.VERTICAL, spacing: 12,
            margin_top: 18, margin_bottom: 18, margin_start: 18, margin_end: 18,
        });
        this._step = new Gtk.Label({ wrap: true, xalign: 0, label: _('Waiting for the daemon…') });
        this._step.add_css_class('title-4');
        this._presses = new Gtk.Label({ wrap: true, xalign: 0 });
        this._force = new Gtk.LevelBar({ min_value: 0, max_value: 1, value: 0 });
        this._force.update_property([Gtk.AccessibleProperty.LABEL], [_('Force of the finger down now')]);
        this._result = new Gtk.Label({ wrap: true, xalign: 0, selectable: true });
        for (const w of [this._step, this._presses, this._force, this._result])
            content.append(w);
        box.append(content);
        this.window.set_content(box);
        this._subscription = this._bus.signal_subscribe(NAME, NAME, 'CalibrationProgress', PATH, null,
            Gio.DBusSignalFlags.NONE, (c, sender, path, iface, signal, args) => this._progress(args.deepUnpack()));
        this.window.connect('close-request', () => {
            this._bus.signal_unsubscribe(this._subscription);
            if (!this._finished)
                this._call('CancelCalibration', new GLib.Variant('(s)', [device.Node]));
            return false;
        });
    }

    present() {
        this.window.present();
        this._call('StartCalibration', new GLib.Variant('(su)', [this._device.Node, PRESSES]));
    }

    _call(method, args) {
        this._bus.call(NAME, PATH, NAME, method, args, null, Gio.DBusCallFlags.NONE, TIMEOUT_MS, null, (c, res) => {
            try {
                c.call_finish(res);
            } catch (e) {
                if (method === 'StartCalibration') {
                    this._finish(_('Calibration could not start'), daemonMessage(e));
                } else if (!this._finished) {
                    this._result.label = daemonMessage(e);
                }
            }
        });
    }

    _progress([device, state, step, instruction, presses, perStep, raw, maximum, message]) {
        if (device !== this._device.path)
            return;
        if (state === 'step') {
            this._step.label = format(_('Step %s of %s: %s'), STEPS.indexOf(step) + 1, STEPS.length, instruction);
            this._presses.label = format(_('%s of %s presses'), presses, perStep);
            this._force.value = maximum > 0 ? Math.min(raw / maximum, 1) : 0;
            return;
        }
        this._finish(ENDS[state] ?? _('Not calibrated'), message);
    }

    /* The end: what it was and the daemon's words, and Cancel is Done. */
    _finish(heading, message) {
        this._finished = true;
        this._force.value = 0;
        this._presses.label = '';
        this._step.label = heading;
        this._result.label = message;
        this._cancel.label = _('Done');
        this._cancel.update_property([Gtk.AccessibleProperty.LABEL],
            [format(_('Close the calibration of %s'), this._device.Name)]);
        this._cancel.add_css_class('suggested-action');
    }
}
