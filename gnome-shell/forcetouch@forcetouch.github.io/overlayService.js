/* io.github.forcetouch.Overlay1: the name whose owner forcetouchd shows its menus through. */
const { Gio, GLib } = imports.gi;

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { DAEMON_NAME, OVERLAY_NAME, OVERLAY_PATH, OVERLAY_IFACE } = Me.imports.busProtocol;

const ERROR_FAILED = `${OVERLAY_IFACE}.Error.Failed`;
const ACCESS_DENIED = 'org.freedesktop.DBus.Error.AccessDenied';

/* The extension's presence on the bus. While it owns io.github.forcetouch.Overlay1, forcetouchd
 * sends its menus, intent runs and button here instead of to the menu program (SPEC §11). It asks
 * for the name with REPLACE, and lets it go again if replaced: forcetouch-overlay, which asks with
 * ALLOW_REPLACEMENT, yields it, so that under GNOME the extension draws and the overlay does not.
 * Its object says what it is: `Mode` "gnome-shell", `AtFinger` true. Other parts add methods
 * (`addMethod`) before `start()`, which exports the object and asks for the name.
 *
 * Who may call: any client of the session bus reaches this object, and the shell sees every
 * window, so each method answers forcetouchd alone, the current owner of
 * io.github.forcetouch.Daemon1 as `daemon` (daemonClient.js) learnt it from the bus; any other
 * caller gets org.freedesktop.DBus.Error.AccessDenied, as GNOME's own Introspect.GetWindows
 * refuses it. The properties stay open to every peer: `Mode` and `AtFinger` are constants that
 * say only that the extension draws (forcetouch-overlay reads `Mode` from the client that took
 * the name from it, to say who), and reveal nothing of the screen. */
var OverlayService = class OverlayService {
    constructor({ daemon, log }) {
        this._daemon = daemon;
        this._log = log;
        this._methods = [];
        this._exported = null;
        this._ownId = 0;
        this.owned = false;
    }

    /* A method of the Overlay1 interface: `inTypes`, `outTypes` (D-Bus type strings of its
     * arguments and reply, without parentheses), and `handler(...args)`, which returns the reply's
     * values as an array (or a Promise of one); what it throws is the caller's error. Only the
     * daemon may call it (above): each method so far (ObjectAt) reveals the screen. */
    addMethod(name, inTypes, outTypes, handler) {
        this._methods.push({ name, inTypes, outTypes, handler });
    }

    _introspection() {
        const methods = this._methods.map(({ name, inTypes, outTypes }) =>
            `<method name="${name}">` +
            splitTypes(inTypes).map((t, i) => `<arg type="${t}" direction="in" name="a${i}"/>`).join('') +
            splitTypes(outTypes).map((t, i) => `<arg type="${t}" direction="out" name="r${i}"/>`).join('') +
            '</method>').join('');
        return `<node><interface name="${OVERLAY_IFACE}">` +
            '<property name="Mode" type="s" access="read"/>' +
            '<property name="AtFinger" type="b" access="read"/>' +
            `${methods}</interface></node>`;
    }

    start() {
        const target = { Mode: 'gnome-shell', AtFinger: true };
        for (const { name, outTypes, handler } of this._methods) {
            target[`${name}Async`] = (params, invocation) => {
                const caller = invocation.get_sender();
                const daemon = this._daemon.owner;
                if (!daemon || caller !== daemon) {
                    // Verbose only: a client calling in a loop must not flood the journal.
                    this._log.verbose(`refused ${name} from ${caller}: not ${DAEMON_NAME}'s owner (${daemon || 'none'})`);
                    invocation.return_dbus_error(ACCESS_DENIED,
                        `${name} answers forcetouchd alone (the owner of ${DAEMON_NAME}), not ${caller}`);
                    return;
                }
                Promise.resolve().then(() => handler(...params)).then(reply => {
                    invocation.return_value(outTypes ? new GLib.Variant(`(${outTypes})`, reply) : null);
                }).catch(e => {
                    invocation.return_dbus_error(ERROR_FAILED, String(e.message ?? e));
                });
            };
        }
        this._exported = Gio.DBusExportedObject.wrapJSObject(this._introspection(), target);
        this._exported.export(Gio.DBus.session, OVERLAY_PATH);
        this._ownId = Gio.bus_own_name_on_connection(Gio.DBus.session, OVERLAY_NAME,
            Gio.BusNameOwnerFlags.REPLACE | Gio.BusNameOwnerFlags.ALLOW_REPLACEMENT,
            () => {
                this.owned = true;
                this._log.info(`owns ${OVERLAY_NAME}: forcetouchd's menus show at the finger (mode gnome-shell)`);
            },
            () => {
                if (this.owned)
                    this._log.info(`${OVERLAY_NAME} taken by another client: forcetouchd's menus go there`);
                this.owned = false;
            });
    }

    destroy() {
        if (this._ownId)
            Gio.bus_unown_name(this._ownId);
        this._ownId = 0;
        this._exported?.unexport();
        this._exported = null;
    }
};

/* The complete types of a D-Bus signature ('usa{sv}' → ['u', 's', 'a{sv}']). */
function splitTypes(signature) {
    const types = [];
    let depth = 0, start = 0;
    for (let i = 0; i < signature.length; i++) {
        const c = signature[i];
        if (c === '(' || c === '{')
            depth++;
        else if (c === ')' || c === '}')
            depth--;
        if (depth === 0 && c !== 'a') {
            types.push(signature.slice(start, i + 1));
            start = i + 1;
        }
    }
    return types;
}
