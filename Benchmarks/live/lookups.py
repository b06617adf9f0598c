#!/usr/bin/env python3
"""Counts, per wake-up of one reader, the translated blocks QEMU looked up for it.

Reads OUT/exec.log (QEMU's `-d exec`, user-space PCs only) and OUT/maps.txt (the reader's
/proc/PID/maps), as lookups.sh leaves them. QEMU logs a block when it looks it up: on entry
from its main loop and at every indirect jump (a return, a call through a pointer) or jump to
another page; chained jumps are not looked up. A context switch flushes its cache of lookups,
so each distinct block a wake-up reaches costs a search of the hash table of all blocks: the
distinct ones per wake-up are what a wake-up costs beyond its instructions.

A wake-up here is a run of the reader's blocks on one virtual CPU with no other process's
user code between (kernel code is not logged). Prints the distinct and all lookups per
wake-up, per mapped file, then per function of the reader's executable or libraries.
"""
import bisect
import collections
import re
import shutil
import subprocess
import sys

out = sys.argv[1]
maps = []
for line in open(f"{out}/maps.txt"):
    f = line.split()
    lo, hi = (int(x, 16) for x in f[0].split("-"))
    maps.append((lo, hi, int(f[2], 16), f[5] if len(f) > 5 else "[anon]"))
maps.sort()
starts = [m[0] for m in maps]
bases = {}
for lo, hi, offset, name in maps:
    if offset == 0 and name not in bases:
        bases[name] = lo


def owner(pc):
    i = bisect.bisect_right(starts, pc) - 1
    return maps[i][3] if i >= 0 and maps[i][0] <= pc < maps[i][1] else None


trace = re.compile(r"Trace (\d+): 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")
current, wakeups = {}, []
for line in open(f"{out}/exec.log", errors="replace"):
    m = trace.match(line)
    if not m:
        continue
    cpu, pc = m.group(1), int(m.group(2), 16)
    name = owner(pc)
    if name is None:
        if current.get(cpu):
            wakeups.append(current.pop(cpu))
        continue
    current.setdefault(cpu, []).append((name, pc))
wakeups += [w for w in current.values() if w]
wakeups = [w for w in wakeups if len(w) > 20]   # not a stray block of start-up or exit
if not wakeups:
    sys.exit("lookups: no wake-up of the reader in the log")
n = len(wakeups)

# Names for every block address, per file, with the toolchain's symbolizer.
symbolizer = shutil.which("llvm-symbolizer") or "/opt/swift/usr/bin/llvm-symbolizer"
function = {}
for name in {nm for w in wakeups for nm, _ in w}:
    pcs = sorted({pc for w in wakeups for nm, pc in w if nm == name})
    if not name.startswith("/"):
        continue
    text = subprocess.run([symbolizer, "--obj=" + name, "--functions=linkage", "--no-inlines"],
                          input="\n".join(hex(pc - bases[name]) for pc in pcs),
                          capture_output=True, text=True).stdout.split("\n\n")
    for pc, t in zip(pcs, text):
        function[pc] = t.strip().split("\n")[0]

per_file_all, per_file_distinct = collections.Counter(), collections.Counter()
per_fn_all, per_fn_distinct = collections.Counter(), collections.Counter()
for w in wakeups:
    for name, pc in w:
        per_file_all[name] += 1
        per_fn_all[(name, function.get(pc, "?"))] += 1
    for name, pc in set(w):
        per_file_distinct[name] += 1
        per_fn_distinct[(name, function.get(pc, "?"))] += 1
print(f"wake-ups {n}: per wake-up {sum(per_file_distinct.values()) / n:.1f} distinct blocks looked up, "
      f"{sum(per_file_all.values()) / n:.1f} lookups")
print(f"{'distinct':>9} {'lookups':>8}  file")
for name, d in per_file_distinct.most_common():
    print(f"{d / n:9.1f} {per_file_all[name] / n:8.1f}  {name}")
print(f"\n{'distinct':>9} {'lookups':>8}  function (file)")
for (name, fn), d in per_fn_distinct.most_common(40):
    if d / n >= 0.5:
        print(f"{d / n:9.1f} {per_fn_all[(name, fn)] / n:8.1f}  {fn[:110]} ({name.rsplit('/', 1)[-1]})")
