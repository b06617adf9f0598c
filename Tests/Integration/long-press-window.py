"""A GTK 3 app with a long press of its own, for Haptic Touch (intent-tap-in-guest.sh): a link
button at the top, plain content below, and a GtkGestureLongPress on the whole window (capture
phase: it sees touches on the link too), as an app with a context menu on long press has.

Fullscreen, so its coordinates are the output's. Prints `link X Y` and `plain X Y` (the centres,
in output pixels) once it is on screen, then a line for what the app itself gets: `long-press X
Y` when its own long press fires, `link clicked` when the link is activated, `touch-begin` at
each touch that reaches it."""
import gi, sys
gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk

w = Gtk.Window(title="Long press")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
link = Gtk.LinkButton.new_with_label("https://example.org/forcetouch", "Example link")
box.pack_start(link, False, False, 40)
plain = Gtk.Label(label="Plain content: a long press here is the app's")
box.pack_start(plain, True, True, 0)
w.add(box)
w.connect("destroy", Gtk.main_quit)


def say(*words):
    print(*words, flush=True)


def activated(button):
    say("link clicked")
    return True                       # no browser: the app handled it


link.connect("activate-link", activated)
press = Gtk.GestureLongPress.new(w)
press.set_propagation_phase(Gtk.PropagationPhase.CAPTURE)
press.connect("pressed", lambda g, x, y: say("long-press %d %d" % (x, y)))


def touched(widget, event):
    if event.type == Gdk.EventType.TOUCH_BEGIN:
        say("touch-begin")
    return False


w.add_events(Gdk.EventMask.TOUCH_MASK)
w.connect("touch-event", touched)


def report():
    for name, widget in (("link", link), ("plain", plain)):
        a = widget.get_allocation()
        x, y = widget.translate_coordinates(w, a.width // 2, a.height // 2)
        say(name, x, y)
    return False


w.connect("map-event", lambda *a: GLib.timeout_add(1000, report))
w.fullscreen()
w.show_all()
Gtk.main()
