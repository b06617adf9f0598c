/* The devices forcetouchd follows, a row each, as its Device1 objects say: name, class, force
 * capability and why, the most force it reports and where its calibration comes from, with
 * Calibrate… (a guided calibration the daemon runs, CalibrationDialog) and Reset Calibration
 * (the daemon's ResetCalibration). Read again whenever a device comes, goes or
 * changes (ObjectManager's InterfacesAdded and InterfacesRemoved, PropertiesChanged): every
 * word is the daemon's. */
import Adw from 'gi://Adw';
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { CalibrationDialog } from './calibrationDialog.js';
import { daemonMessage } from './daemonSettings.js';
import { _, format } from './i18n.js';

const NAME = 'io.github.forcetouch.Daemon1';
const PATH = '/io/github/forcetouch/Daemon1';
const DEVICE = 'io.github.forcetouch.Device1';
const TIMEOUT_MS = 10000;

export class DevicesGroup {
    /* toast(text, lasting): says what came of a reset. */
    constructor(page, toast) {
        this._bus = Gio.DBus.session;
        this._toast = toast;
        this._rows = [];
        this.group = new Adw.PreferencesGroup({
            title: _('Devices'),
            description: _('The touch devices forcetouch follows, and whether each senses force'),
        });
        page.add(this.group);
        const again = () => this.read();
        this._subscriptions = [
            this._bus.signal_subscribe(NAME, 'org.freedesktop.DBus.ObjectManager', null, PATH, null,
                Gio.DBusSignalFlags.NONE, again),
            this._bus.signal_subscribe(NAME, 'org.freedesktop.DBus.Properties', 'PropertiesChanged', null, DEVICE,
                Gio.DBusSignalFlags.NONE, again),
        ];
        this._show([]);
    }

    /* Asks the daemon for its devices; none when it is not on the bus. */
    read() {
        this._bus.call(NAME, PATH, 'org.freedesktop.DBus.ObjectManager', 'GetManagedObjects', null,
            new GLib.VariantType('(a{oa{sa{sv}}})'), Gio.DBusCallFlags.NONE, TIMEOUT_MS, null, (c, res) => {
                let devices = [];
                try {
                    const [objects] = c.call_finish(res).recursiveUnpack();
                    devices = Object.entries(objects)
                        .filter(([, interfaces]) => DEVICE in interfaces)
                        .map(([path, interfaces]) => ({ path, ...interfaces[DEVICE] }))
                        .sort((a, b) => a.path.localeCompare(b.path));
                } catch (e) {
                    // Not on the bus: no devices to show until it comes (the window reads again then).
                }
                this._show(devices);
            });
    }

    _show(devices) {
        for (const row of this._rows)
            this.group.remove(row);
        this._rows = devices.map(d => this._row(d));
        if (!devices.length)
            this._rows.push(new Adw.ActionRow({ title: _('No touch device is followed now') }));
        for (const row of this._rows)
            this.group.add(row);
    }

    _row(d) {
        const force = d.MaximumPossibleForce > 0
            ? format(_('most force %s; calibration: %s'), d.MaximumPossibleForce.toFixed(2), d.CalibrationSource)
            : _('no force');
        const why = d.Reason ? format(_('%s (%s)'), d.Capability, d.Reason) : d.Capability;
        const row = new Adw.ActionRow({
            title: GLib.markup_escape_text(d.Name || d.Node, -1),
            subtitle: GLib.markup_escape_text(`${d.Class} · ${why} · ${force}`, -1),
            subtitle_lines: 0,
        });
        if (d.MaximumPossibleForce > 0) {
            const calibrate = new Gtk.Button({ label: _('Calibrate…'), valign: Gtk.Align.CENTER });
            calibrate.update_property([Gtk.AccessibleProperty.LABEL], [format(_('Calibrate %s'), d.Name)]);
            calibrate.connect('clicked', () => new CalibrationDialog(this.group.get_root(), d).present());
            row.add_suffix(calibrate);
            const reset = new Gtk.Button({ label: _('Reset Calibration'), valign: Gtk.Align.CENTER });
            reset.update_property([Gtk.AccessibleProperty.LABEL], [format(_('Reset the calibration of %s'), d.Name)]);
            reset.connect('clicked', () => this._reset(d));
            row.add_suffix(reset);
        }
        return row;
    }

    _reset(d) {
        this._bus.call(NAME, PATH, NAME, 'ResetCalibration', new GLib.Variant('(s)', [d.Node]),
            new GLib.VariantType('(as)'), Gio.DBusCallFlags.NONE, TIMEOUT_MS, null, (c, res) => {
                try {
                    c.call_finish(res);
                    this._toast(format(_('The calibration of %s is reset: it is learnt again from your touches'), d.Name), false);
                } catch (e) {
                    this._toast(daemonMessage(e), true);
                }
            });
    }
}
