#!/usr/bin/env python3
"""How long a reload keeps the daemon from answering, and what checking a large file costs.

Figures only, nothing asserted (issue 40, item 5: a 1 MiB file of [[device]] blocks took 47 s
to check, quadratic in its blocks, and while a reload read a file the event loop stood still:
a forcectl round trip of 9.96 s, SIGTERM 9.55 s). Printed:

- `--check-config` on 1 MiB of [[device]] blocks and on 1 MiB of [[binding]] blocks (the
  check a reload's child runs), and on a quarter of each, to show how it grows;
- the daemon's longest control-socket round trip while it reloads each file, pinged every
  millisecond from another process (the loop's longest stall: the part of a reload still
  done on the loop, taking the new configuration over), and the idle round trip beside it;
- how long SIGTERM takes to stop the daemon in the middle of such a reload.

Usage: reload-stall.py [FORCETOUCHD]   (default .build/release/forcetouchd)
"""
import json, os, pwd, shutil, signal, socket, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LIMIT = 1 << 20


def blocks(path, make, limit):
    out, size, i = [], 0, 0
    while True:
        b = make(i)
        if size + len(b) > limit:
            break
        out.append(b)
        size += len(b)
        i += 1
    with open(path, "w") as f:
        f.write("".join(out))
    return i


def devices(i):
    return f'[[device]]\nmatch-name = "Touch {i}"\nrotation = 90\n'


def bindings(i):
    return f'[[binding]]\ngesture = "tap"\nfingers = {1 + i % 3}\nexec = ["true", "binding {i}"]\n\n'


def check_seconds(daemon, path):
    t = time.monotonic()
    subprocess.run([daemon, "--check-config", "--config", path], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.monotonic() - t


def round_trip(sock_path):
    t = time.monotonic()
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sock_path)
    s.sendall(b'{"op":"status"}\n')
    data = b""
    while not data.endswith(b"\n"):
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    return time.monotonic() - t


class Daemon:
    def __init__(self, daemon, scratch, text):
        self.scratch = scratch
        self.config = os.path.join(scratch, "forcetouch.toml")
        self.socket = os.path.join(scratch, "run/forcetouch/control.sock")  # the daemon makes its own folder
        os.makedirs(os.path.join(scratch, "run"), exist_ok=True)
        os.makedirs(os.path.join(scratch, "state"), exist_ok=True)
        for d in (scratch, os.path.join(scratch, "run"), os.path.join(scratch, "state")):
            os.chmod(d, 0o777)
        with open(self.config, "w") as f:
            f.write(text)
        os.chmod(self.config, 0o666)
        user = ["--user", "nobody"] if os.getuid() == 0 else []
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(scratch, "state"))
        self.log = open(os.path.join(scratch, "log"), "w+")
        self.p = subprocess.Popen([daemon, "--config", self.config, "--socket", self.socket] + user,
                                  stdout=subprocess.DEVNULL, stderr=self.log, env=env)
        for _ in range(3000):
            if os.path.exists(self.socket):
                break
            time.sleep(0.01)

    def stop(self):
        if self.p.poll() is None:
            self.p.terminate()
        self.p.wait()


def reload_stall(daemon, big):
    """The longest round trip while `big` is reloaded, the idle one, and the reload's length."""
    scratch = tempfile.mkdtemp()
    os.chmod(scratch, 0o777)
    try:
        access = '[control]\nallow-users = ["root"]\n\n' if os.getuid() == 0 else ""
        d = Daemon(daemon, scratch, access)
        idle = min(round_trip(d.socket) for _ in range(50))
        with open(big) as f:
            text = access + f.read()
        with open(d.config, "w") as f:
            f.write(text)
        t = time.monotonic()
        d.p.send_signal(signal.SIGHUP)
        worst = 0.0
        while True:
            worst = max(worst, round_trip(d.socket))
            d.log.seek(0)
            log = d.log.read()
            if "reloaded " in log or "reload refused" in log:
                if "reload refused" in log:
                    print("reload: refused: " + log[log.index("reload refused"):].splitlines()[0])
                break
            if time.monotonic() - t > 120:
                break
            time.sleep(0.001)
        length = time.monotonic() - t
        # SIGTERM in the middle of the same reload.
        with open(d.config, "a") as f:
            f.write("\n# again\n")
        d.p.send_signal(signal.SIGHUP)
        time.sleep(0.05)
        t = time.monotonic()
        d.p.terminate()
        d.p.wait()
        stop = time.monotonic() - t
        return idle, worst, length, stop
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    daemon = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/release/forcetouchd"))
    work = tempfile.mkdtemp()
    os.chmod(work, 0o755)
    try:
        print(f"reload: {daemon}")
        for name, make in (("[[device]]", devices), ("[[binding]]", bindings)):
            for limit in (LIMIT // 4, LIMIT):
                path = os.path.join(work, f"{name.strip('[]')}-{limit}.toml")
                n = blocks(path, make, limit)
                os.chmod(path, 0o644)
                print(f"reload: --check-config, {limit // 1024} KiB of {name} ({n} blocks): "
                      f"{check_seconds(daemon, path):.2f} s")
            # Room for the [control] table the reload adds, under the 1 MiB limit.
            blocks(path, make, LIMIT - 64)
            idle, worst, length, stop = reload_stall(daemon, path)
            print(f"reload: reloading 1 MiB of {name}: {length:.2f} s in all; longest forcectl-style "
                  f"round trip meanwhile {worst * 1000:.1f} ms (idle {idle * 1000:.2f} ms); "
                  f"SIGTERM during it stopped the daemon in {stop * 1000:.0f} ms")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
