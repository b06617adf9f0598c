/* forcetouchd on the session bus, as the extension hears and calls it. */
const { Gio, GLib } = imports.gi;

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { DAEMON_NAME, DAEMON_PATH, DAEMON_IFACE, SIGNALS, METHODS, UNDER_FINGER_PROPERTY } = Me.imports.busProtocol;

const BUS_NAME = 'org.freedesktop.DBus';
const BUS_PATH = '/org/freedesktop/DBus';
const CALL_TIMEOUT_MS = 5000;

/* The daemon's signals and methods. A signal is believed only from the current owner of
 * io.github.forcetouch.Daemon1, learnt from the bus itself (GetNameOwner at start, then the bus's
 * own NameOwnerChanged, whose sender must be org.freedesktop.DBus): the same signal from any other
 * client — broadcast, or sent to the shell alone — is a forgery and is dropped, as
 * forcetouch-overlay drops it (SPEC §11). `onSignal(member, params)` gets each believed signal
 * whose arguments begin with the types busProtocol.js gives it; `onOwnerChanged(owner, previous)`
 * each change of owner ('' when the daemon has left the bus), with the owner before it. Its
 * `UnderFinger` property is followed as forcetouch-overlay follows it (`underFinger`). */
var DaemonClient = class DaemonClient {
    constructor({ log, onSignal, onOwnerChanged }) {
        this._log = log;
        this._onSignal = onSignal;
        this._onOwnerChanged = onOwnerChanged;
        this._bus = Gio.DBus.session;
        this._owner = '';
        // The owner's UnderFinger (the kinds of under-finger in effect), null until it says.
        this._underFinger = null;
        // Resolved once the owner's UnderFinger is asked (or there is no owner).
        this._underFingerAsked = Promise.resolve();
        this._cancellable = new Gio.Cancellable();
        this._ownerSubscription = this._bus.signal_subscribe(BUS_NAME, BUS_NAME, 'NameOwnerChanged', BUS_PATH,
            DAEMON_NAME, Gio.DBusSignalFlags.NONE, (_c, sender, _p, _i, _m, params) => {
                if (sender !== BUS_NAME)
                    return;
                const [, , owner] = params.deepUnpack();
                this._setOwner(owner);
            });
        this._propertiesSubscription = this._bus.signal_subscribe(null, 'org.freedesktop.DBus.Properties',
            'PropertiesChanged', DAEMON_PATH, DAEMON_IFACE, Gio.DBusSignalFlags.NONE, (_c, sender, _p, _i, _m, params) => {
                if (!this._owner || sender !== this._owner)
                    return;
                const [, changed] = params.deepUnpack();
                if (changed[UNDER_FINGER_PROPERTY])
                    this._setUnderFinger(changed[UNDER_FINGER_PROPERTY].deepUnpack());
            });
        this._signalSubscription = this._bus.signal_subscribe(null, DAEMON_IFACE, null, DAEMON_PATH, null,
            Gio.DBusSignalFlags.NONE, (_c, sender, _p, _i, member, params) => this._received(sender, member, params));
        this._bus.call(BUS_NAME, BUS_PATH, BUS_NAME, 'GetNameOwner', new GLib.Variant('(s)', [DAEMON_NAME]),
            new GLib.VariantType('(s)'), Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, this._cancellable, (c, res) => {
                try {
                    const [owner] = c.call_finish(res).deepUnpack();
                    this._setOwner(owner);
                } catch (e) {
                    // No owner yet (NameHasNoOwner), or the shell is going: NameOwnerChanged tells.
                }
            });
    }

    /* The daemon's unique name, '' while it is not on the bus. */
    get owner() {
        return this._owner;
    }

    /* The kinds the daemon's UnderFinger lists (an array of strings), or null while the daemon
     * has not said (none on the bus, or one without the property). */
    get underFinger() {
        return this._underFinger;
    }

    /* `underFinger` once the current owner has answered for it: a press that begins as a daemon
     * comes onto the bus is looked up with what that daemon says, not with nothing. */
    underFingerKnown() {
        return this._underFingerAsked.then(() => this._underFinger);
    }

    _setOwner(owner) {
        if (owner === this._owner)
            return;
        const previous = this._owner;
        this._owner = owner;
        this._underFinger = null;
        this._log.info(owner ? `${DAEMON_NAME} is ${owner}` : `${DAEMON_NAME} left the bus`);
        this._onOwnerChanged(owner, previous);
        if (!owner)
            return;
        this._underFingerAsked = new Promise(resolve => this._bus.call(owner, DAEMON_PATH,
            'org.freedesktop.DBus.Properties', 'Get', new GLib.Variant('(ss)', [DAEMON_IFACE, UNDER_FINGER_PROPERTY]),
            new GLib.VariantType('(v)'), Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, this._cancellable, (c, res) => {
                try {
                    const [v] = c.call_finish(res).deepUnpack();
                    if (owner === this._owner)
                        this._setUnderFinger(v.deepUnpack());
                } catch (e) {
                    // A daemon without the property: no text is read.
                }
                resolve();
            }));
    }

    _setUnderFinger(kinds) {
        if (!Array.isArray(kinds) || !kinds.every(k => typeof k === 'string'))
            return;
        this._underFinger = kinds;
        this._log.verbose(`${DAEMON_NAME}'s under-finger is ${kinds.join(', ') || 'empty'}`);
    }

    _received(sender, member, params) {
        const types = SIGNALS[member];
        if (types === undefined)
            return;
        if (!this._owner || sender !== this._owner) {
            this._log.verbose(`ignored ${member} from ${sender}`);
            return;
        }
        const got = params.get_type_string();
        if (!got.startsWith(`(${types}`)) {
            this._log.info(`ignored ${member} of types ${got}: expected (${types}…)`);
            return;
        }
        this._onSignal(member, params);
    }

    /* Calls a Daemon1 method with `args` (a JS array, packed as busProtocol.js types it) on the
     * daemon's current owner; resolves to the reply's values (a JS array), rejects with the
     * daemon's error. */
    call(method, args) {
        const [inTypes, outTypes] = METHODS[method];
        return new Promise((resolve, reject) => {
            if (!this._owner) {
                reject(new Error(`${DAEMON_NAME} is not on the bus`));
                return;
            }
            this._bus.call(this._owner, DAEMON_PATH, DAEMON_IFACE, method, new GLib.Variant(`(${inTypes})`, args),
                new GLib.VariantType(`(${outTypes})`), Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, this._cancellable,
                (c, res) => {
                    try {
                        resolve(c.call_finish(res).deepUnpack());
                    } catch (e) {
                        reject(e);
                    }
                });
        });
    }

    destroy() {
        this._cancellable.cancel();
        this._bus.signal_unsubscribe(this._ownerSubscription);
        this._bus.signal_unsubscribe(this._signalSubscription);
        this._bus.signal_unsubscribe(this._propertiesSubscription);
    }
};
