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

Printed per display server: the median and the worst of peek -> frame (the figure) and of its two
parts, over RUNS replays (default 5) into an overlay that has drawn a menu before (each menu is
dismissed through the daemon before the next press, so the overlay is idle, its window unmapped,
as a user's is between presses); and, apart, the first press after the overlay started (fonts
and the window made then).

Usage: menu-latency.py [BIN]   (BIN: the built programs, default .build/debug; RUNS=n)
Runs as the invoking user, or as nobody when run as root (sway refuses root).
"""
import os, pwd, shutil, signal, statistics, subprocess, sys, tempfile, threading, time

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


def replay(world, frames):
    """One replayed deep press: (peek, signal, frame) in µs on CLOCK_MONOTONIC, or None."""
    before = len(open(frames).read().splitlines()) if os.path.exists(frames) else 0
    daemon = world.run([os.path.join(world.bin, "forcetouchd"), "--verbose", "--replay",
                        os.path.join(world.dir, "demo.evemu")], stdout=subprocess.DEVNULL,
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
            stamp = (int(f[3]), int(f[5]), int(f[1]))
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
    return peek[0], stamp[0], stamp[1]


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
    row("peek -> first frame", [f - p for p, s, f in samples])
    row("  peek -> MenuShown received", [s - p for p, s, f in samples])
    row("  MenuShown -> first frame drawn", [f - s for p, s, f in samples])
    if first:
        print(f"  {'first press after start':<32} {(first[2] - first[0]) / 1000:7.2f} ms peek -> first frame")


def main():
    for tool in ("Xvfb", "dbus-daemon"):
        if not shutil.which(tool):
            sys.exit(f"menu-latency: {tool} is not installed (scripts/install-deps.sh)")
    print(f"The menu's latency ({BIN}):")
    world = World()
    try:
        display = 90 + os.getpid() % 100
        while os.path.exists(f"/tmp/.X{display}-lock"):
            display += 1
        xvfb = world.run(["Xvfb", f":{display}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):
            if os.path.exists(f"/tmp/.X11-unix/X{display}"):
                break
            time.sleep(0.1)
        measure("Xvfb", world, {"DISPLAY": f":{display}"})
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
    finally:
        world.close()


if __name__ == "__main__":
    main()
