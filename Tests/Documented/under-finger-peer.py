#!/usr/bin/python3
# A stand-in for forcetouch-overlay's lookup of what is under the finger (docs/SPEC.md §11):
# it owns io.github.forcetouch.Overlay1, so that the daemon sends it PressProgress and
# MenuShown, and answers each `began` with PressTarget(FACTS) after DELAY ms, as the overlay's
# lookup would. Each MenuShown is printed on one line (`menu ID kind=… app-id=… name=…
# why=… titles=A|B`); then the item titled CHOOSE is chosen (ChooseQuickAction, its result
# printed: `chosen TYPE RESULT MESSAGE`), or the menu dismissed (DismissMenu).
# Usage: under-finger-peer.py DELAY-MS FACTS-JSON [CHOOSE]   (on the session bus of the environment)
import json
import sys

from gi.repository import Gio, GLib

delay = int(sys.argv[1])
facts = json.loads(sys.argv[2])
choose = sys.argv[3] if len(sys.argv) > 3 else ""
DAEMON, PATH, IFACE = "io.github.forcetouch.Daemon1", "/io/github/forcetouch/Daemon1", "io.github.forcetouch.Daemon1"
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def say(line):
    print(line, flush=True)


def variant(value):
    if isinstance(value, float):
        return GLib.Variant("d", value)
    if isinstance(value, int):
        return GLib.Variant("u", value)
    return GLib.Variant("s", value)


def call(member, args, signature):
    try:
        reply = bus.call_sync(DAEMON, PATH, IFACE, member, GLib.Variant(signature, args) if args is not None else None,
                              None, Gio.DBusCallFlags.NONE, 10000, None)
        return reply.unpack()
    except GLib.Error as error:
        say(f"error {member}: {error.message}")
        return None


def answer(x, y):
    sent = {"press-x": x, "press-y": y}
    sent.update(facts)
    call("PressTarget", ({k: variant(v) for k, v in sent.items()},), "(a{sv})")
    say(f"answered {x} {y} after {delay} ms")
    return False


def on_signal(_connection, _sender, _path, _iface, member, parameters):
    if member == "PressProgress":
        phase, stage, _t, _c, x, y = parameters.unpack()[:6]
        if phase == "began":
            say(f"began {x} {y}")
            GLib.timeout_add(delay, answer, x, y)
    elif member == "MenuShown":
        menu_id, items, _x, _y, _placement, _output, target = parameters.unpack()
        titles = "|".join(item.get("title", "") for item in items)
        say(f"menu {menu_id} kind={target.get('kind')} app-id={target.get('app-id')} name={target.get('name')} "
            f"icon={target.get('icon')} why={target.get('why')} titles={titles}")
        chosen = [item for item in items if item.get("title") == choose]
        if chosen:
            result = call("ChooseQuickAction", (chosen[0]["type"],), "(s)")
            say(f"chosen {chosen[0]['type']} {' '.join(result or ())}")
        else:
            call("DismissMenu", (menu_id,), "(u)")
            say(f"dismissed {menu_id}")


bus.signal_subscribe(None, IFACE, None, PATH, None, Gio.DBusSignalFlags.NONE, on_signal)
Gio.bus_own_name_on_connection(bus, "io.github.forcetouch.Overlay1", Gio.BusNameOwnerFlags.NONE,
                               lambda *_: say("owned io.github.forcetouch.Overlay1"), None)
GLib.MainLoop().run()
