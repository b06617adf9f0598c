/* forcetouchd's settings on the session bus, as forcetouch Settings reads and changes them.
 * Every rule lives in the daemon: this only calls GetSettings, SetSetting, ResetSetting,
 * MoveSetting and UndoSetting, reads and writes the Paused property, and hears
 * ConfigurationReloaded and PressForce (a press's force for the test areas, which the daemon
 * sends while this application owns its name). A refused call rejects with the daemon's own
 * message (its file:line). */
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';

const NAME = 'io.github.forcetouch.Daemon1';
const PATH = '/io/github/forcetouch/Daemon1';
const IFACE = 'io.github.forcetouch.Daemon1';
const TIMEOUT_MS = 10000;

/* The message of a bus error without GDBus's remote-error prefix: what the daemon said. */
export function daemonMessage(error) {
    if (error instanceof GLib.Error && Gio.DBusError.is_remote_error(error))
        Gio.DBusError.strip_remote_error(error);
    return error.message;
}

export class DaemonSettings {
    /* onChanged(settings): the settings as the daemon answered them, after each call or reload.
     * onReloaded(loaded, message): a reload's outcome (a hand edit, SIGHUP, our own change).
     * onPaused(paused): the Paused property, when read and when it changes.
     * onOwner(present): the daemon came onto or left the bus.
     * onPressForce({ phase, stage, force, peek, pop, maximumPossibleForce }): a press's force
     * and its device's thresholds, as the daemon decided them. */
    constructor({ onChanged, onReloaded, onPaused, onOwner, onPressForce }) {
        this._bus = Gio.DBus.session;
        this._onChanged = onChanged;
        this._onPaused = onPaused;
        this._reloaded = this._bus.signal_subscribe(NAME, IFACE, 'ConfigurationReloaded', PATH, null,
            Gio.DBusSignalFlags.NONE, (_c, _s, _p, _i, _m, params) => {
                const [, loaded, message] = params.deepUnpack();
                onReloaded(loaded, message);
            });
        this._pressForce = this._bus.signal_subscribe(NAME, IFACE, 'PressForce', PATH, null,
            Gio.DBusSignalFlags.NONE, (_c, _s, _p, _i, _m, params) => {
                const [, phase, stage, force, peek, pop, maximumPossibleForce] = params.deepUnpack();
                onPressForce({ phase, stage, force, peek, pop, maximumPossibleForce });
            });
        this._properties = this._bus.signal_subscribe(NAME, 'org.freedesktop.DBus.Properties', 'PropertiesChanged',
            PATH, IFACE, Gio.DBusSignalFlags.NONE, (_c, _s, _p, _i, _m, params) => {
                const [, changed] = params.deepUnpack();
                if ('Paused' in changed)
                    onPaused(changed.Paused.deepUnpack());
            });
        this._watch = Gio.bus_watch_name(Gio.BusType.SESSION, NAME, Gio.BusNameWatcherFlags.NONE,
            () => onOwner(true), () => onOwner(false));
    }

    _call(method, signature, args) {
        return new Promise((resolve, reject) => {
            this._bus.call(NAME, PATH, IFACE, method, signature ? new GLib.Variant(signature, args) : null,
                new GLib.VariantType('(s)'), Gio.DBusCallFlags.NONE, TIMEOUT_MS, null, (c, res) => {
                    try {
                        const [json] = c.call_finish(res).deepUnpack();
                        const settings = JSON.parse(json);
                        this._onChanged(settings);
                        resolve(settings);
                    } catch (e) {
                        reject(e);
                    }
                });
        });
    }

    get() {
        return this._call('GetSettings', null, []);
    }

    set(key, value) {
        return this._call('SetSetting', '(ss)', [key, value]);
    }

    reset(key) {
        return this._call('ResetSetting', '(s)', [key]);
    }

    move(key, position) {
        return this._call('MoveSetting', '(su)', [key, position]);
    }

    undo() {
        return this._call('UndoSetting', null, []);
    }

    readPaused() {
        this._bus.call(NAME, PATH, 'org.freedesktop.DBus.Properties', 'Get', new GLib.Variant('(ss)', [IFACE, 'Paused']),
            new GLib.VariantType('(v)'), Gio.DBusCallFlags.NONE, TIMEOUT_MS, null, (c, res) => {
                try {
                    const [value] = c.call_finish(res).deepUnpack();
                    this._onPaused(value.deepUnpack());
                } catch (e) {
                    // Not on the bus yet: onOwner tells when it comes, and the window asks again.
                }
            });
    }

    setPaused(paused) {
        return new Promise((resolve, reject) => {
            this._bus.call(NAME, PATH, 'org.freedesktop.DBus.Properties', 'Set',
                new GLib.Variant('(ssv)', [IFACE, 'Paused', new GLib.Variant('b', paused)]),
                null, Gio.DBusCallFlags.NONE, TIMEOUT_MS, null, (c, res) => {
                    try {
                        c.call_finish(res);
                        resolve();
                    } catch (e) {
                        reject(e);
                    }
                });
        });
    }
}
