#!/usr/bin/env python3
"""What --verbose costs the daemon, on this machine (issue 40): the live benchmark's dense
stream (Benchmarks/live/make-streams.py: 10 contacts at 1 kHz, 41 events a frame) replayed
through `forcetouchd --replay`, quiet and with --verbose, every gesture bound to a notify as
in the live benchmark. The log goes to a file, as a service manager's collector takes it.

Prints each one's CPU time (user + system, median of RUNS interleaved runs), the log's lines
and the ratio; with --callgrind, instructions counted by valgrind's callgrind instead, which
repeat from run to run. Figures only: nothing here fails on timing.

Usage: verbose-cost.py FORCETOUCHD [--seconds S] [--runs N] [--callgrind]"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LIVE = os.path.join(HERE, "..", "live")

CONFIG = "".join(f'[[binding]]\ngesture = "{g}"\nnotify = "{g}"\n\n'
                 for g in ("tap", "double-tap", "long-press", "deep-press"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("forcetouchd")
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--callgrind", action="store_true")
    a = ap.parse_args()
    binary = os.path.abspath(a.forcetouchd)

    w = tempfile.mkdtemp(prefix="ftverbose.")
    try:
        # As root the daemon runs as nobody: everything it reads must be readable, and
        # callgrind writes its counts here.
        os.chmod(w, 0o777)
        events = subprocess.run([sys.executable, os.path.join(LIVE, "make-streams.py"), w, str(a.seconds), "1"],
                                check=True, capture_output=True, text=True).stdout
        count = int(re.search(r"^dense (\d+)", events, re.M).group(1))
        config = os.path.join(w, "config.toml")
        with open(config, "w") as f:
            f.write(CONFIG)
        desc = os.path.join(w, "touchscreen.desc")
        shutil.copy(os.path.join(LIVE, "touchscreen.desc"), desc)
        for p in os.listdir(w):
            os.chmod(os.path.join(w, p), 0o644)
        home = os.path.join(w, "home")
        os.mkdir(home, 0o777)
        # No session bus, no user files: the replay's own path, and nothing of this user's.
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "XDG_CONFIG_HOME": home,
               "XDG_RUNTIME_DIR": home, "XDG_STATE_HOME": home, "XDG_DATA_HOME": home, "LANG": "C.UTF-8"}
        if a.callgrind:
            # Valgrind (3.19) gives up on the DWARF 5 the Swift toolchain writes: a copy
            # without debug information, under the name the multi-call executable goes by.
            stripped = os.path.join(w, "bin", "forcetouchd")
            os.mkdir(os.path.dirname(stripped), 0o755)
            subprocess.run(["objcopy", "--strip-debug", binary, stripped], check=True)
            binary = stripped
        argv = [binary, "--config", config, "--replay", os.path.join(w, "dense.events"), "--desc", desc]
        # As root, everything runs as nobody: forcetouchd does not run as root, and callgrind,
        # which makes its output file before the daemon could drop to --user, must then be
        # able to write it.
        runner = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.getuid() == 0 else []

        def run(verbose):
            log = os.path.join(w, "verbose.log" if verbose else "quiet.log")
            cmd = argv + (["--verbose"] if verbose else [])
            if a.callgrind:
                cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={w}/callgrind.out",
                       f"--log-file={w}/valgrind.txt"] + cmd
            with open(log, "w") as f:
                p = subprocess.Popen(runner + cmd, stdout=f, stderr=f, env=env, cwd=w)
                _, status, usage = os.wait4(p.pid, 0)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"verbose-cost: {' '.join(cmd)} failed: {open(log).read()[-2000:]}")
            text = open(log).read()
            lines = text.count("\n")
            notes = len(re.findall(r": why: (?!\d+ note\(s\) not logged)", text))
            if a.callgrind:
                collected = re.search(r"Collected : (\d+)", open(os.path.join(w, "valgrind.txt")).read())
                return int(collected.group(1)), lines, notes
            return usage.ru_utime + usage.ru_stime, lines, notes

        runs = 1 if a.callgrind else a.runs
        quiet, verbose = [], []
        for _ in range(runs):
            quiet.append(run(False))
            verbose.append(run(True))
        q = statistics.median(r[0] for r in quiet)
        v = statistics.median(r[0] for r in verbose)
        unit = "instructions" if a.callgrind else "CPU seconds"
        fmt = (lambda x: f"{x:,}") if a.callgrind else (lambda x: f"{x:.3f}")
        how = "callgrind, one run each" if a.callgrind else f"median of {runs} interleaved runs"
        print(f"forcetouchd --replay of the dense stream: {count} events, {a.seconds:g} s at 1 kHz, 10 contacts ({how})")
        print(f"  quiet      {fmt(q):>16} {unit}, log {quiet[0][1]} lines")
        print(f"  --verbose  {fmt(v):>16} {unit}, log {verbose[0][1]} lines ({verbose[0][2]} notes)")
        # Most of either is reading the recording (evemu text); the difference is the notes'.
        each = f"{(v - q) / count:.0f} instructions" if a.callgrind else f"{(v - q) / count * 1e9:.0f} ns"
        print(f"  verbose / quiet: {v / q:.2f}; --verbose adds {fmt(v - q)} {unit}, {each} an event")
    finally:
        shutil.rmtree(w, ignore_errors=True)


if __name__ == "__main__":
    main()
