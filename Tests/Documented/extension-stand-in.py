# A stand-in for the forcetouch GNOME Shell extension on a test's session bus
# (Tests/Documented/overlay-on-host.sh, "Who draws"): it takes io.github.forcetouch.Overlay1 as
# the extension does, with REPLACE and ALLOW_REPLACEMENT, so that a running forcetouch-overlay
# gives way; it exports /io/github/forcetouch/Overlay1 with Mode `gnome-shell` and AtFinger true;
# and it records the daemon's MenuShown signals and dismisses each menu (DismissMenu), as a tap
# outside the extension's menu would. Tests only; not installed. Run with /usr/bin/python3 (gi).
#
# Prints `owned UNIQUE` once it has the name, `lost` if it loses it, `MenuShown ID N item(s)
# from SENDER` for each menu and `MenuDismissed ID REASON` for each dismissal; ends on SIGTERM.
import signal
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NAME = PATH_IFACE = "io.github.forcetouch.Overlay1"
PATH = "/io/github/forcetouch/Overlay1"
DAEMON = "io.github.forcetouch.Daemon1"
DAEMON_PATH = "/io/github/forcetouch/Daemon1"
XML = f"""<node><interface name='{PATH_IFACE}'>
<property name='Mode' type='s' access='read'/><property name='AtFinger' type='b' access='read'/>
</interface></node>"""


def say(line):
    print(line, flush=True)


def get_property(connection, sender, path, iface, name):
    return {"Mode": GLib.Variant("s", "gnome-shell"), "AtFinger": GLib.Variant("b", True)}.get(name)


def on_menu(connection, sender, path, iface, member, parameters):
    menu_id, items = parameters.unpack()[0], parameters.unpack()[1]
    say(f"MenuShown {menu_id} {len(items)} item(s) from {sender}")
    connection.call(DAEMON, DAEMON_PATH, DAEMON, "DismissMenu", GLib.Variant("(u)", (menu_id,)), None,
                    Gio.DBusCallFlags.NONE, 5000, None, None)


bus = Gio.bus_get_sync(Gio.BusType.SESSION)
node = Gio.DBusNodeInfo.new_for_xml(XML)
bus.register_object(PATH, node.interfaces[0], None, get_property, None)
bus.signal_subscribe(None, DAEMON, "MenuShown", DAEMON_PATH, None, Gio.DBusSignalFlags.NONE, on_menu)
bus.signal_subscribe(None, DAEMON, "MenuDismissed", DAEMON_PATH, None, Gio.DBusSignalFlags.NONE,
                     lambda c, sender, p, i, m, parameters: say("MenuDismissed %d %s" % parameters.unpack()))
loop = GLib.MainLoop()
Gio.bus_own_name_on_connection(bus, NAME,
                               Gio.BusNameOwnerFlags.REPLACE | Gio.BusNameOwnerFlags.ALLOW_REPLACEMENT,
                               lambda c, n: say(f"owned {c.get_unique_name()}"), lambda c, n: say("lost"))
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
loop.run()
sys.exit(0)
