/* Calls the GNOME Shell extension's Overlay1 methods as forcetouchd does: from the owner of
 * io.github.forcetouch.Daemon1, the one caller the extension answers (overlayService.js; a plain
 * `gdbus call` is refused). Tests only (Tests/Documented/gnome-shell-*.sh); not installed.
 *
 *   gjs Tests/GnomeShell/as-daemon.js [--queue] [--hold] [METHOD ARGS…]
 *
 * Owns the name (refusing to queue, so that it never stands behind a daemon; with --queue it
 * waits in the bus's queue, saying `queued`, at most 20 s, and takes the name when its owner
 * goes: the name passes from one owner to the next with no moment without one), prints
 * `owned UNIQUE`, then calls io.github.forcetouch.Overlay1.METHOD once per ARGS (its arguments
 * as one GVariant tuple in GVariant's text format, `(700.0, 600.0)`) and prints each reply as
 * `gdbus call` does, `({'kind': <'nothing'>, …},)`, or `error NAME: MESSAGE`, one a line. The
 * name goes back when it exits: at once, or with --hold when it is stopped (SIGTERM). Exits 1
 * when it cannot own the name. */
const { Gio, GLib } = imports.gi;
const System = imports.system;

const DAEMON_NAME = 'io.github.forcetouch.Daemon1';
const OVERLAY = ['io.github.forcetouch.Overlay1', '/io/github/forcetouch/Overlay1', 'io.github.forcetouch.Overlay1'];
const PRIMARY_OWNER = 1, IN_QUEUE = 2;
const DO_NOT_QUEUE = 4;

const args = [...ARGV];
const options = new Set();
while (args[0]?.startsWith('--'))
    options.add(args.shift());
const [method, ...calls] = args;
if ([...options].some(o => o !== '--queue' && o !== '--hold') || (!method && !options.has('--hold'))) {
    printerr('usage: gjs as-daemon.js [--queue] [--hold] [METHOD ARGS…]');
    System.exit(2);
}
const queue = options.has('--queue');
// The connection the extension compares the caller with: the unique name that owns the name.
const bus = Gio.DBus.session;
// Before the request: a queued name may come at any moment after it.
const loop = new GLib.MainLoop(null, false);
let acquired = false;
const subscription = bus.signal_subscribe('org.freedesktop.DBus', 'org.freedesktop.DBus', 'NameAcquired',
    '/org/freedesktop/DBus', DAEMON_NAME, Gio.DBusSignalFlags.NONE, () => {
        acquired = true;
        loop.quit();
    });
const [result] = bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'RequestName',
    new GLib.Variant('(su)', [DAEMON_NAME, queue ? 0 : DO_NOT_QUEUE]), new GLib.VariantType('(u)'),
    Gio.DBusCallFlags.NONE, 5000, null).deepUnpack();
if (result === IN_QUEUE) {
    print('queued');
    GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, 20, () => {
        loop.quit();
        return GLib.SOURCE_REMOVE;
    });
    if (!acquired)
        loop.run();
    if (!acquired) {
        printerr(`as-daemon: still queued for ${DAEMON_NAME} after 20 s`);
        System.exit(1);
    }
} else if (result !== PRIMARY_OWNER) {
    printerr(`as-daemon: cannot own ${DAEMON_NAME} (RequestName answered ${result})`);
    System.exit(1);
}
bus.signal_unsubscribe(subscription);
print(`owned ${bus.get_unique_name()}`);
for (const text of calls) {
    try {
        const reply = bus.call_sync(...OVERLAY, method, GLib.Variant.parse(null, text, null, null), null,
            Gio.DBusCallFlags.NONE, 10000, null);
        print(reply.print(true));
    } catch (e) {
        print(`error ${Gio.DBusError.get_remote_error(e) ?? ''}: ${e.message.replace(/^GDBus\.Error:\S+ /, '')}`);
    }
}
if (options.has('--hold'))
    new GLib.MainLoop(null, false).run();
