#!/usr/bin/env python3
"""From the daemon's peek to the menu's first frame, under Xvfb and headless sway.

Figures only, nothing asserted (issue 41, item 5; the goal is one frame at 60 Hz, 16.7 ms). A
recorded deep press (demo/touchscreen-gestures.evemu) is replayed through forcetouchd
--verbose while forcetouch-overlay runs on a private session bus with
FORCETOUCH_OVERLAY_FRAME_LOG set. Three times per press, all on CLOCK_MONOTONIC:

- peek: when the daemon's log line of the deep press's peek (`deep-press [slot 0] holding → peek`)
  reached this script (the signal carries no time; the pipe adds microseconds);
- signal: when the overlay received the MenuShown the daemon sent for it;
- frame: when the overlay had drawn that menu's first frame (handed to the display server,
  before it composites it).

The overlay also logs how many times its frame clock ticked between the two: 0 when the first
frame was drawn as the MenuShown came (under X11 it is; under Wayland when the window has shown a
frame since it was mapped, as the one kept for a menu whose press lifted first has: frame-now.h,
MenuInteraction.awaitingMenu), 1 or more when it waited
for a tick, which GTK's frame clock gives at most once a refresh interval (16.7 ms) after the
last frame, even one that drew nothing. Printed as "first frames at once".

The configuration leaves `under-finger` as by default, and no accessibility bus runs: the
overlay's lookup answers at once that accessibility is off, and the daemon's menu waits for that
answer. Printed per display server: the median and the worst of peek -> frame (the figure) and of its two
parts, over RUNS replays (default 5) into an overlay that has drawn a menu before (each menu is
dismissed through the daemon before the next press, so the overlay is idle, its window unmapped,
as a user's is between presses); and, apart, the first press after the overlay started (fonts
and the window made then).

Then, under Xvfb with openbox and a real accessibility bus (at-spi-bus-launcher), one table of
the same figure with what is under the finger (issue 43, item 5), RUNS presses per row into the
one overlay, each row's first press not counted: no lookup (`[quick-actions] under-finger = []`),
the lookup finding a GTK link button (python3-gi), finding the launcher of Debian's xfce4-panel
(an app icon), finding nothing (the empty desktop), with accessibility off, and Force Click on
text's (SPEC §11): the link again with the text kinds listed in `under-finger`, and a word in a GTK
text view (fixtures/text-window.py), its text read and the word defined by Debian's dictd on
loopback, which the menu waits for (started when installed and not running); beside each, the
lookup's own time as the overlay logs it (`under-finger X Y: … (N ms)`), the medians of the
figure's two parts (peek -> MenuShown received, MenuShown -> first frame), how many first frames
were drawn at once, and the target the menu was for. The replay is not paced: the press reaches
peek, and lifts, a few milliseconds after it began (a live one dwells 0.2 s at peek's force
first), so the menu waits for nearly all of the lookup, at most 100 ms after peek, and comes
after the card was hidden at the lift: the figure is the worst case. The press peeks and lifts
without popping.

Usage: menu-latency.py [BIN]   (BIN: the built programs, default .build/debug; RUNS=n)
Runs as the invoking user, or as nobody when run as root (sway refuses root).
"""
import os, pwd, re, shutil, signal, statistics, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug"))
RUNS = int(os.environ.get("RUNS", "5"))

CONFIG = """
[quick-actions]
menu = ["true"]

[[quick-action]]
type = "compose"
title = "New message"
exec = ["true"]

[[quick-action]]
type = "search"
title = "Search"
exec = ["true"]

[[quick-action]]
type = "timer"
title = "Start timer"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
"""


class World:
    """A scratch home, a session bus and the processes started in it, all stopped at the end."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="forcetouch-menu-latency.")
        os.chmod(self.dir, 0o755)
        self.user = pwd.getpwnam("nobody") if os.getuid() == 0 else pwd.getpwuid(os.getuid())
        self.home = os.path.join(self.dir, "home")
        self.runtime = os.path.join(self.dir, "run")
        os.makedirs(os.path.join(self.home, ".config/forcetouch"))
        os.makedirs(self.runtime, mode=0o700)
        with open(os.path.join(self.home, ".config/forcetouch/forcetouch.toml"), "w") as f:
            f.write(CONFIG)
        shutil.copy(os.path.join(ROOT, "demo/touchscreen-gestures.evemu"), os.path.join(self.dir, "demo.evemu"))
        for base, dirs, files in os.walk(self.dir):
            for name in dirs + files:
                os.chown(os.path.join(base, name), self.user.pw_uid, self.user.pw_gid)
        os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)
        # The programs as the demoted user can run them: a clone in a private directory (root's
        # home, a `mktemp -d`, as CI's is) is out of nobody's reach, so copies are made here.
        self.bin = BIN
        if os.getuid() == 0 and subprocess.run(["test", "-x", os.path.join(BIN, "forcetouchd")],
                                               preexec_fn=self.demote).returncode != 0:
            self.bin = os.path.join(self.dir, "bin")
            os.makedirs(self.bin)
            for name in ("forcetouchd", "forcetouch-overlay", "forcetouch-overlay-gtk.so"):
                shutil.copy(os.path.join(BIN, name), self.bin)
            os.chmod(self.bin, 0o755)
        self.env = {"HOME": self.home, "USER": self.user.pw_name, "PATH": self.bin + ":/usr/bin:/bin",
                    "XDG_RUNTIME_DIR": self.runtime, "LANG": "C.UTF-8"}
        self.procs = []
        bus = self.run(["dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1",
                        "--address=unix:path=" + os.path.join(self.runtime, "bus")], wait=True)
        address, pid = bus.splitlines()[:2]
        self.bus_pid = int(pid)
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address

    def demote(self):
        if os.getuid() == 0:
            os.setgroups([])
            os.setgid(self.user.pw_gid)
            os.setuid(self.user.pw_uid)

    def run(self, argv, wait=False, env=None, **kw):
        e = dict(self.env, **(env or {}))
        if wait:
            return subprocess.run(argv, env=e, preexec_fn=self.demote, capture_output=True, text=True,
                                  timeout=20).stdout
        p = subprocess.Popen(argv, env=e, preexec_fn=self.demote, **kw)
        self.procs.append(p)
        return p

    def stop(self, p):
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(3)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def close(self):
        for p in reversed(self.procs):
            self.stop(p)
        try:
            os.kill(self.bus_pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


def wait_for(path, text, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with open(path, errors="replace") as f:
                if text in f.read():
                    return True
        except FileNotFoundError:
            pass
        time.sleep(0.05)
    return False


def replay(world, frames, recording="demo.evemu"):
    """One replayed deep press: (peek, signal, frame) in µs on CLOCK_MONOTONIC and the frame
    clock's ticks between signal and frame (None from an overlay that does not log them), or None."""
    before = len(open(frames).read().splitlines()) if os.path.exists(frames) else 0
    daemon = world.run([os.path.join(world.bin, "forcetouchd"), "--verbose", "--replay",
                        os.path.join(world.dir, recording)], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace")
    peek = []

    def read():
        for line in daemon.stderr:
            # Stamped as it arrives: the deep-press recognizer's step to peek.
            if not peek and "deep-press" in line and "→ peek" in line:
                peek.append(time.monotonic_ns() // 1000)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    end = time.monotonic() + 30
    stamp = None
    while time.monotonic() < end and stamp is None:
        lines = open(frames).read().splitlines() if os.path.exists(frames) else []
        if len(lines) > before:
            f = lines[before].split()
            stamp = (int(f[3]), int(f[5]), int(f[1]), int(f[7]) if len(f) > 7 else None)
        time.sleep(0.05)
    if stamp is not None:
        # Closed as a tap outside would, so that the next press finds the overlay idle.
        world.run(["gdbus", "call", "--session", "--dest", "io.github.forcetouch.Daemon1", "--object-path",
                   "/io/github/forcetouch/Daemon1", "--method", "io.github.forcetouch.Daemon1.DismissMenu",
                   str(stamp[2])], wait=True)
        time.sleep(0.3)
    world.stop(daemon)
    reader.join(2)
    if stamp is None or not peek:
        return None
    return peek[0], stamp[0], stamp[1], stamp[3]


def at_once(samples):
    """How many first frames were drawn when their MenuShown came, not at a later tick of the
    frame clock (which comes up to a refresh interval, 16.7 ms, after the last frame)."""
    ticks = [t for *_, t in samples if t is not None]
    return f"{sum(1 for t in ticks if t == 0)} of {len(samples)}" if ticks else "-"


def measure(name, world, overlay_env):
    frames = os.path.join(world.dir, name + "-frames.log")
    log = os.path.join(world.dir, name + "-overlay.log")
    with open(log, "w") as out:
        overlay = world.run([os.path.join(world.bin, "forcetouch-overlay")], env=dict(overlay_env,
                            FORCETOUCH_OVERLAY_FRAME_LOG=frames), stdout=out, stderr=subprocess.STDOUT)
    if not wait_for(log, "Overlay1 on the session bus", 10):
        print(f"{name}: the overlay did not start:\n" + open(log).read())
        return
    first = replay(world, frames)
    samples, missed = [], 0
    for _ in range(RUNS):
        s = replay(world, frames)
        if s:
            samples.append(s)
        else:
            missed += 1
    world.stop(overlay)
    if not samples:
        print(f"{name}: no menu was drawn")
        return

    def row(label, values):
        ms = [v / 1000 for v in values]
        print(f"  {label:<32} median {statistics.median(ms):7.2f} ms   worst {max(ms):7.2f} ms")

    print(f"{name}: {len(samples)} deep presses{f' ({missed} with no frame stamped)' if missed else ''}"
          " (goal: peek -> first frame within 16.7 ms)")
    row("peek -> first frame", [f - p for p, s, f, _ in samples])
    row("  peek -> MenuShown received", [s - p for p, s, f, _ in samples])
    row("  MenuShown -> first frame drawn", [f - s for p, s, f, _ in samples])
    print(f"  {'first frames at once':<32} {at_once(samples)}")
    if first:
        print(f"  {'first press after start':<32} {(first[2] - first[0]) / 1000:7.2f} ms peek -> first frame")


# --------------------------------------------------------------------------- under the finger

# The GTK link button of under-finger-lookup-on-host.sh: it prints its centre once on screen.
LINKS_FILE = os.path.join(ROOT, "Tests/Documented/fixtures/link-window.py")

APP = """[Desktop Entry]
Type=Application
Name=Forcetouch Notes
Exec=true
Icon=text-x-generic
Actions=new-note;

[Desktop Action new-note]
Name=New Note
Exec=true
"""

# The GTK text view of under-finger-lookup-on-host.sh (Force Click on text): it prints the centre
# of each of its words once on screen.
TEXT_FILE = os.path.join(ROOT, "Tests/Documented/fixtures/text-window.py")
# The text kinds listed, so that the overlay reads the text under the finger (SPEC §11).
TEXT_KINDS = 'under-finger = ["app-icon", "link", "word", "email", "phone", "date", "url"]'

# The panel of under-finger-lookup-on-host.sh: one launcher, at the bottom, centred, 48 px high.
PANEL_FILE = os.path.join(ROOT, "Tests/Documented/fixtures/xfce4-panel-one-launcher.xml")


def press_recording(world, name, x, y):
    """A deep press at screen pixel x, y (of 1024×768) on the demo touchscreen: it peeks and lifts
    without popping (force as link-preview-on-host.sh's peek.evemu)."""
    header = []
    with open(os.path.join(ROOT, "demo/touchscreen-gestures.evemu")) as f:
        for line in f:
            if line.startswith("E:"):
                break
            header.append(line)
    tx, ty = round(x * 1000 / 1024), round(y * 600 / 768)
    events = [f"E: 0.500000 0003 002f 0000\n", "E: 0.500000 0003 0039 0100\n",
              f"E: 0.500000 0003 0035 {tx:04d}\n", f"E: 0.500000 0003 0036 {ty:04d}\n"]
    for force, t in ((40, 500000), (60, 550000), (90, 600000), (95, 950000), (95, 1000000), (95, 1050000),
                     (90, 1100000), (40, 1150000)):
        events += [f"E: {t // 1000000}.{t % 1000000:06d} 0003 003a {force:04d}\n",
                   f"E: {t // 1000000}.{t % 1000000:06d} 0000 0000 0000\n"]
    events += ["E: 1.250000 0003 0039 -001\n", "E: 1.250000 0000 0000 0000\n"]
    path = os.path.join(world.dir, name)
    with open(path, "w") as f:
        f.write("".join(header + events))
    os.chmod(path, 0o644)
    return name


def start_xvfb(world, display):
    """An Xvfb of 1024x768 on the first free display from `display` on: its process and the
    environment that reaches it, once its socket is there (at most 5 s)."""
    while os.path.exists(f"/tmp/.X{display}-lock"):
        display += 1
    xvfb = world.run(["Xvfb", f":{display}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(50):
        if os.path.exists(f"/tmp/.X11-unix/X{display}"):
            break
        time.sleep(0.1)
    return xvfb, {"DISPLAY": f":{display}"}


def dictd(world):
    """Debian's dictd on 127.0.0.1:2628, where Look Up asks (one already there is used as it is):
    how the word's row says it was defined."""
    import socket
    def up():
        try:
            socket.create_connection(("127.0.0.1", 2628), 0.2).close()
            return True
        except OSError:
            return False
    if not up() and os.path.exists("/usr/sbin/dictd") and os.path.exists("/etc/dictd/dictd.conf"):
        world.run(["/usr/sbin/dictd", "--config", "/etc/dictd/dictd.conf", "--listen-to", "127.0.0.1", "--port", "2628",
                   "-d", "nodetach", "--pid-file", os.path.join(world.dir, "dictd.pid")],
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):
            if up():
                break
            time.sleep(0.1)
    return " (dictd)" if up() else " (no dictd: the card says why)"


def set_config(world, under_finger):
    text = CONFIG.replace("[quick-actions]\n", "[quick-actions]\n" + (under_finger + "\n" if under_finger else ""))
    with open(os.path.join(world.home, ".config/forcetouch/forcetouch.toml"), "w") as f:
        f.write(text)


def a11y(world, on):
    return world.run(["gdbus", "call", "--session", "-d", "org.a11y.Bus", "-o", "/org/a11y/bus", "-m",
                      "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "IsEnabled",
                      "<true>" if on else "<false>"], wait=True) != ""


def lookup_table(world):
    """Peek → menu on screen with and without the lookup, and the lookup's own time."""
    missing = [t for t in ("openbox", "xfce4-panel", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/python3", "gdbus")
               if not shutil.which(t)]
    if missing:
        print("What is under the finger: not measured: missing " + ", ".join(missing) + " (scripts/install-deps.sh)")
        return
    apps = os.path.join(world.home, ".local/share/applications")
    panel_dir = os.path.join(world.home, ".config/xfce4/panel/launcher-1")
    xfconf = os.path.join(world.home, ".config/xfce4/xfconf/xfce-perchannel-xml")
    for d in (apps, panel_dir, xfconf):
        os.makedirs(d, exist_ok=True)
    for path, text in ((os.path.join(apps, "forcetouch-notes.desktop"), APP),
                       (os.path.join(panel_dir, "forcetouch-notes.desktop"), APP),
                       (os.path.join(xfconf, "xfce4-panel.xml"), open(PANEL_FILE).read()), (os.path.join(world.dir, "links.py"), open(LINKS_FILE).read()),
                       (os.path.join(world.dir, "text.py"), open(TEXT_FILE).read())):
        with open(path, "w") as f:
            f.write(text)
    for base, dirs, files in os.walk(world.dir):
        for name in dirs + files:
            os.chown(os.path.join(base, name), world.user.pw_uid, world.user.pw_gid)
    world.run(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], stdout=subprocess.DEVNULL,
              stderr=subprocess.DEVNULL)
    for _ in range(50):
        if a11y(world, True):
            break
        time.sleep(0.2)
    xvfb, x = start_xvfb(world, 90 + (os.getpid() + 7) % 100)
    world.run(["openbox"], env=x, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    world.run(["xfce4-panel"], env=x, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    links_log = os.path.join(world.dir, "links.log")
    with open(links_log, "w") as out:
        world.run(["/usr/bin/python3", os.path.join(world.dir, "links.py")], env=x, stdout=out,
                  stderr=subprocess.DEVNULL)
    if not wait_for(links_log, "link ", 20):
        print("What is under the finger: the link window did not show")
        world.stop(xvfb)
        return
    _, lx, ly = open(links_log).read().split()[:3]
    text_log = os.path.join(world.dir, "text.log")
    with open(text_log, "w") as out:
        world.run(["/usr/bin/python3", os.path.join(world.dir, "text.py")], env=x, stdout=out,
                  stderr=subprocess.DEVNULL)
    word = None
    if wait_for(text_log, "password ", 20):
        word = next((line.split()[2:4] for line in open(text_log) if line.startswith("word force ")), None)
    dictionary = dictd(world)
    time.sleep(2)
    frames = os.path.join(world.dir, "lookup-frames.log")
    log = os.path.join(world.dir, "lookup-overlay.log")
    with open(log, "w") as out:
        overlay = world.run([os.path.join(world.bin, "forcetouch-overlay"), "--verbose"],
                            env=dict(x, FORCETOUCH_OVERLAY_FRAME_LOG=frames), stdout=out, stderr=subprocess.STDOUT)
    if not wait_for(log, "Overlay1 on the session bus", 10):
        print("What is under the finger: the overlay did not start:\n" + open(log).read())
        world.stop(xvfb)
        return
    cases = [
        ("no lookup (under-finger = [])", "under-finger = []", True, press_recording(world, "none.evemu", 900, 600)),
        ("a link (GTK link button)", "", True, press_recording(world, "link.evemu", int(lx), int(ly))),
        ("a link, text kinds listed", TEXT_KINDS, True, press_recording(world, "link-text.evemu", int(lx), int(ly))),
        (f"a word, read and looked up{dictionary}", TEXT_KINDS, True,
         press_recording(world, "word.evemu", int(word[0]), int(word[1])) if word else None),
        ("an app icon (xfce4-panel launcher)", "", True, press_recording(world, "icon.evemu", 512, 744)),
        ("nothing found (empty desktop)", "", True, press_recording(world, "empty.evemu", 900, 600)),
        ("accessibility off (on the link)", "", False, press_recording(world, "off.evemu", int(lx), int(ly))),
    ]
    rows = []
    for label, under_finger, on, recording in cases:
        if recording is None:
            rows.append((label + ": the text window did not show", [], [], set()))
            continue
        set_config(world, under_finger)
        a11y(world, on)
        samples, lookups, targets = [], [], set()
        for i in range(RUNS + 1):
            mark = os.path.getsize(log)
            s = replay(world, frames, recording)
            with open(log, errors="replace") as f:
                f.seek(mark)
                new = f.read()
            if i == 0:
                continue
            if s:
                samples.append(s)
            lookups += [float(m) for m in re.findall(r"^under-finger -?\d+ -?\d+: .*\(([0-9.]+) ms\)$", new, re.M)]
            targets.update(re.findall(r"^menu \d+ shown: .* for (\S+)", new, re.M))
        rows.append((label, samples, lookups, targets))
    a11y(world, True)
    world.stop(overlay)
    world.stop(xvfb)

    def ms(values, pick):
        return f"{pick(values) / 1000:7.2f}" if values else "      -"

    print(f"What is under the finger (Xvfb, openbox, AT-SPI; {RUNS} presses a row): peek -> first frame "
          "(goal: within 16.7 ms), its two parts' medians, the lookup's own time, and how many first frames "
          "were drawn when their MenuShown came rather than at the frame clock's next tick")
    print(f"  {'':<38} {'median':>8} {'worst':>8}   {'-> shown':>8} {'-> frame':>8}   {'lookup':>7} {'worst':>7}"
          f"   {'at once':>7}   menu for")
    for label, samples, lookups, targets in rows:
        frame = [f - p for p, _, f, _ in samples]
        shown = [s - p for p, s, _, _ in samples]
        drawn = [f - s for _, s, f, _ in samples]
        look = [v * 1000 for v in lookups]
        print(f"  {label:<38} {ms(frame, statistics.median)} {ms(frame, max)}   "
              f"{ms(shown, statistics.median):>8} {ms(drawn, statistics.median):>8}   "
              f"{ms(look, statistics.median):>7} {ms(look, max)}   {at_once(samples):>7}   {', '.join(sorted(targets)) or '-'}"
              f"{'' if len(samples) == RUNS else f' ({RUNS - len(samples)} with no frame stamped)'}")


def main():
    for tool in ("Xvfb", "dbus-daemon"):
        if not shutil.which(tool):
            sys.exit(f"menu-latency: {tool} is not installed (scripts/install-deps.sh)")
    print(f"The menu's latency ({BIN}; under-finger as by default, and no accessibility bus: the lookup answers"
          " at once that accessibility is off):")
    world = World()
    try:
        xvfb, x = start_xvfb(world, 90 + os.getpid() % 100)
        measure("Xvfb", world, x)
        world.stop(xvfb)
        if shutil.which("sway"):
            cfg = os.path.join(world.dir, "sway.cfg")
            with open(cfg, "w") as f:
                f.write("output HEADLESS-1 resolution 1024x768 position 0 0 bg #808080 solid_color\n")
            os.chmod(cfg, 0o644)
            sway = world.run(["sway", "-c", cfg], env={"WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman",
                                                     "WLR_LIBINPUT_NO_DEVICES": "1"},
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wayland = None
            for _ in range(100):
                names = [n for n in os.listdir(world.runtime) if n.startswith("wayland-") and not n.endswith(".lock")]
                if names:
                    wayland = names[0]
                    break
                time.sleep(0.1)
            if wayland:
                time.sleep(1)
                measure("sway (headless)", world, {"WAYLAND_DISPLAY": wayland, "GDK_BACKEND": "wayland"})
            else:
                print("sway (headless): did not start")
            world.stop(sway)
        lookup_table(world)
    finally:
        world.close()


if __name__ == "__main__":
    main()
