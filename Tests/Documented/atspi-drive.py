#!/usr/bin/python3
"""Drives an application's window through AT-SPI as a screen reader user would: finds a control
by its role and accessible name, and activates it or types into it. (The settings window's check
in dbus-on-host.sh; the recipe learnt from the AT-SPI probes.)

Usage: atspi-drive.py APP activate ROLE NAME   # its first action ("click", "activate")
       atspi-drive.py APP type ROLE NAME TEXT  # its text replaced with TEXT (EditableText)
       atspi-drive.py APP state ROLE NAME      # "on" when checked or pressed, else "off"
       atspi-drive.py APP names ROLE           # the names of every control of ROLE, one a line
       atspi-drive.py APP describe ROLE NAME   # its accessible description
       atspi-drive.py APP set ROLE NAME NUMBER # its value set (Value: a spin button's)
       atspi-drive.py APP value ROLE NAME      # its value
       atspi-drive.py APP where ROLE NAME      # its x y width height in its window
ROLE is AT-SPI's role name ("push button", "text", "check box"; GTK 4.8 gives a toggle button
the push button's role and "click", and a check button no action). Each waits at
most 10 s for the application and the control; exit 1 with what it found when there is none.
"""
import sys
import time

import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402


def controls(node, role, found):
    try:
        if node.get_role_name() == role:
            found.append(node)
        for i in range(node.get_child_count()):
            child = node.get_child_at_index(i)
            if child is not None:
                controls(child, role, found)
    except gi.repository.GLib.Error:
        pass  # a widget gone while it was walked
    return found


def name_of(node):
    """Its accessible name, or None for a widget gone since the walk (a window rebuilds its rows)."""
    try:
        return node.get_name()
    except gi.repository.GLib.Error:
        return None


def application(name):
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is not None and app.get_name() == name:
            return app
    return None


def act(verb, control, argv):
    """The verb done to the control: its exit status, having printed what it says."""
    if verb == "activate":
        # Pressed once it is on screen and has stopped moving, as a person presses it: a row's
        # content just opened slides in, and GTK does nothing for a button activated before it
        # is drawn (GtkButton's activate needs it realized), though the action says it was done.
        box = None
        for _ in range(40):
            e = control.get_extents(Atspi.CoordType.WINDOW)
            now = (e.x, e.y, e.width, e.height)
            if e.width > 0 and e.height > 0 and now == box:
                break
            box = now
            time.sleep(0.05)
        return 0 if control.do_action(0) else 1
    if verb == "type":
        return 0 if control.set_text_contents(argv[5]) else 1
    if verb == "state":
        states = control.get_state_set()
        print("on" if states.contains(Atspi.StateType.CHECKED) or states.contains(Atspi.StateType.PRESSED) else "off")
        return 0
    if verb == "describe":
        print(control.get_description())
        return 0
    if verb == "set":
        return 0 if control.set_current_value(float(argv[5])) else 1
    if verb == "value":
        print(f"{control.get_current_value():.2f}")
        return 0
    if verb == "where":
        extents = control.get_extents(Atspi.CoordType.WINDOW)
        print(extents.x, extents.y, extents.width, extents.height)
        return 0
    print(f"unknown verb {verb}", file=sys.stderr)
    return 2


def main(argv):
    app_name, verb, role = argv[1], argv[2], argv[3]
    name = argv[4] if len(argv) > 4 else None
    found = []
    for _ in range(50):
        app = application(app_name)
        found = controls(app, role, []) if app else []
        if verb == "names" and found:
            print("\n".join(n for n in map(name_of, found) if n is not None))
            return 0
        for control in (c for c in found if name_of(c) == name):
            try:
                return act(verb, control, argv)
            except gi.repository.GLib.Error:
                pass  # gone between the walk and the verb: the window rebuilt it; found again below
        time.sleep(0.2)
    if verb == "names":
        return 1
    print(f"no {role} named {name!r} in {app_name}: {[name_of(c) for c in found]}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
