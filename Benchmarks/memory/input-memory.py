#!/usr/bin/env python3
"""Peak memory of reading the biggest inputs forcetouch accepts, above the program's baseline.

Figures only, nothing asserted: issue 31 asks that reading a TOML or YAML file cost at most
10 times the file's size. Two cases, each run against a tiny file of the same kind for the
baseline (the runtime, the libraries, the program's own tables):

- the configuration: `forcetouchd --check-config` (what a reload's check child runs) on a
  1 MiB file of [[binding]] blocks, each for its own device, at the configuration's limit;
- a libinput YAML recording: `forcetest replay` of a 16 MiB recording, at its limit.

Usage: input-memory.py [FORCETOUCHD]   (default .build/debug/forcetouchd; forcetest is the
same file run by that name, so it is linked under that name in a scratch folder).
"""
import os, resource, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def config(path, limit):
    """[[binding]] blocks up to `limit` bytes, as issue 31 measured them."""
    out, size, i = [], 0, 0
    while True:
        block = (f'[[binding]]\ngesture = "deep-press"\ndevice = "touch{i}"\n'
                 f'exec = ["notify-send", "binding {i}"]\n\n')
        if size + len(block) > limit:
            break
        out.append(block)
        size += len(block)
        i += 1
    with open(path, "w") as f:
        f.write("".join(out))


def recording(path, limit):
    """The test fixture's touchscreen, then frames of five events up to `limit` bytes, as
    HostileInputTests.libinputYAML writes them."""
    fixture = open(os.path.join(ROOT, "Tests/ForceTouchCoreTests/Fixtures/touchscreen.libinput.yml")).read()
    head = fixture[:fixture.index("  events")] + "  events:\n"
    out, size, k, t = [head], len(head), 0, 0
    while True:
        ident = (k // 100) if (k // 50) % 2 == 0 else -1
        frame = "  - evdev:\n" + "".join(
            f"    - [{t // 1_000_000}, {t % 1_000_000}, {ty}, {code}, {value}]\n"
            for ty, code, value in [(3, 57, ident), (3, 53, 100 + k % 500), (3, 54, 200), (3, 58, 30), (0, 0, 0)])
        if size + len(frame) > limit:
            break
        out.append(frame)
        size += len(frame)
        k += 5
        t += 1000
    with open(path, "w") as f:
        f.write("".join(out))


def measure(argv_small, argv_big):
    # Each in its own interpreter, so that one run's peak cannot hide the next's.
    code = "import sys,subprocess,resource;subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL);print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    runs = []
    for argv in (argv_small, argv_big):
        best = min(int(subprocess.run([sys.executable, "-c", code] + argv, capture_output=True, text=True).stdout)
                   for _ in range(3))
        runs.append(best)
    return runs


def main():
    program = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/forcetouchd"))
    with tempfile.TemporaryDirectory() as d:
        for name in ("forcetouchd", "forcetest"):
            os.symlink(program, os.path.join(d, name))
        small_toml = os.path.join(d, "small.toml")
        with open(small_toml, "w") as f:
            f.write('[[binding]]\ngesture = "tap"\nexec = ["true"]\n')
        big_toml = os.path.join(d, "big.toml")
        config(big_toml, 1000 * 1024)
        small_yaml = os.path.join(ROOT, "Tests/ForceTouchCoreTests/Fixtures/touchscreen.libinput.yml")
        big_yaml = os.path.join(d, "big.libinput.yml")
        recording(big_yaml, (16 << 20) - 4096)
        cases = [
            ("TOML configuration, forcetouchd --check-config", big_toml,
             [os.path.join(d, "forcetouchd"), "--check-config", "--config", small_toml],
             [os.path.join(d, "forcetouchd"), "--check-config", "--config", big_toml]),
            ("libinput YAML recording, forcetest replay", big_yaml,
             [os.path.join(d, "forcetest"), "replay", small_yaml],
             [os.path.join(d, "forcetest"), "replay", big_yaml]),
        ]
        print(f"{'input':48} {'file':>9} {'baseline':>9} {'peak':>9} {'above':>9} {'ratio':>6}")
        for title, path, small, big in cases:
            base, peak = measure(small, big)
            size = os.path.getsize(path)
            above = (peak - base) * 1024
            print(f"{title:48} {size / 2**20:7.2f}MiB {base / 1024:7.1f}MB {peak / 1024:7.1f}MB "
                  f"{above / 2**20:7.1f}MiB {above / size:5.1f}x")
        print("peak RSS of the smallest of three runs each; baseline: the same command on a tiny file; "
              "ratio: (peak - baseline) / file size; the goal is 10x (issue 31)")


if __name__ == "__main__":
    main()
