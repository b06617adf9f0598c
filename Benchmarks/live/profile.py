#!/usr/bin/env python3
"""Sets side by side where forcetouchd, libinput and the libevdev floor spent their time in
a `BENCH_PROFILE=1 make bench-live` run: from its profile-STREAM-all-by-dso.txt and
-all-by-sym.txt (`perf report` lines of "share%  pid:command  what"), per reader its share
of all samples split by file, its busiest functions, and the functions where forcetouchd
spends more than the floor, which reads the same events the same way and does nothing else.

perf's cpu-clock samples miss part of a wake-up as short as these (they add up to less than
the ticks): read them for the split within a reader, and the ticks for the totals.

Usage: profile.py OUTDIR [STREAM]   (STREAM: typical, the default, typical-libinput-first, dense)"""
import collections
import re
import shutil
import subprocess
import sys

READERS = {"forcetouchd": "forcetouchd", "libinput-debug-": "libinput", "libevdev-floor": "libevdev-floor"}
LINE = re.compile(r"\s*([\d.]+)%\s+\d+:(\S+)\s+(.*\S)")


def load(path):
    shares = collections.defaultdict(dict)
    for line in open(path):
        m = LINE.match(line)
        if m and m.group(2) in READERS:
            what = m.group(3).removeprefix("[.] ").removeprefix("[k] ")
            shares[READERS[m.group(2)]][what] = shares[READERS[m.group(2)]].get(what, 0) + float(m.group(1))
    return shares


def demangled(names):
    """Swift's names as the source says them, when swift-demangle is at hand."""
    tool = shutil.which("swift-demangle")
    if not tool or not names:
        return {n: n for n in names}
    result = subprocess.run([tool, "--simplified", "--compact"], input="\n".join(names),
                            capture_output=True, text=True)
    lines = result.stdout.split("\n")
    return {n: lines[i] if i < len(lines) and lines[i] else n for i, n in enumerate(names)}


def main(out, stream):
    files = load(f"{out}/profile-{stream}-all-by-dso.txt")
    functions = load(f"{out}/profile-{stream}-all-by-sym.txt")
    names = demangled(sorted({what for v in functions.values() for what in v}))
    functions = {who: {names[w]: s for w, s in v.items()} for who, v in functions.items()}
    total = {who: sum(v.values()) for who, v in files.items()}
    print("share of all samples, by reader and file")
    for who in READERS.values():
        if who not in files:
            continue
        ratio = f", {total[who] / total['libinput']:.2f}x libinput" if total.get("libinput") else ""
        print(f"  {who}: {total[who]:.1f} %{ratio}")
        for what, share in sorted(files[who].items(), key=lambda kv: -kv[1]):
            if share >= 0.2:
                print(f"    {share:5.2f} %  {what}")
    print("\nbusiest functions (share of all samples)")
    for who in READERS.values():
        print(f"  {who}")
        for what, share in sorted(functions.get(who, {}).items(), key=lambda kv: -kv[1])[:12]:
            print(f"    {share:5.2f} %  {what[:100]}")
    daemon, floor = functions.get("forcetouchd", {}), functions.get("libevdev-floor", {})
    if daemon and floor:
        print("\nforcetouchd against the libevdev floor: where it spends more")
        more = {w: daemon.get(w, 0) - floor.get(w, 0) for w in set(daemon) | set(floor)}
        for what, extra in sorted(more.items(), key=lambda kv: -kv[1])[:15]:
            print(f"    +{extra:4.2f} %  {what[:100]}  ({daemon.get(what, 0):.2f} against {floor.get(what, 0):.2f})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "typical")
