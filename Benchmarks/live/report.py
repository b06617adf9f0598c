#!/usr/bin/env python3
"""Prints the live benchmark's table from what bench-live-in-guest.sh gathered in DIR:
figures.txt (CPU ticks, drops, memory, idle), subscriber.txt (each control-socket line
stamped on receipt with CLOCK_MONOTONIC) and floor-STREAM.txt (the bare reader's frame
latencies). Usage: report.py DIR"""
import json
import sys

d = sys.argv[1]
fig = {}
for line in open(f"{d}/figures.txt"):
    w = line.split()
    fig.setdefault(w[0], []).append(w[1:])


def kv(words):
    return {words[i]: words[i + 1] for i in range(0, len(words) - 1, 2)}


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def lat_row(name, xs_ms, note=""):
    if not xs_ms:
        return f"  {name:<38} {'-':>8} {'-':>8} {'-':>8} {0:>5}  {note}"
    return (f"  {name:<38} {pct(xs_ms, 50):8.2f} {pct(xs_ms, 99):8.2f} {max(xs_ms):8.2f} {len(xs_ms):5}  {note}").rstrip()


streams = {}
for w in fig.get("stream", []):
    streams[w[0]] = kv(w[1:])
cpu = {w[0]: kv(w[1:]) for w in fig.get("cpu", [])}
drops = {w[0]: kv(w[1:]) for w in fig.get("drops", [])}

# Frame latencies of the bare reader, and each stream's window of kernel time.
floor, window = {}, {}
for s in streams:
    lat, times = [], []
    try:
        for line in open(f"{d}/floor-{s}.txt"):
            a, b = line.split()
            if a == "dropped":
                continue
            lat.append(int(a) / 1000)
            times.append(float(b))
    except FileNotFoundError:
        pass
    floor[s] = lat
    if times:
        window[s] = (min(times), max(times) + 2)

# Gestures and dispatches as the subscriber got them.
got = {}   # (stream, row) -> [ms]
for line in open(f"{d}/subscriber.txt"):
    stamp, _, text = line.partition(" ")
    try:
        m = json.loads(text)
    except ValueError:
        continue
    ev = m.get("event")
    if ev not in ("gesture", "dispatch") or "time" not in m:
        continue
    t = float(m["time"])
    stream = next((s for s, (a, b) in window.items() if a <= t <= b), None)
    if stream is None:
        continue
    if ev == "gesture":
        kind = f"{m['gesture']} {m['phase']}" + (f" {m['fingers']}f" if m["fingers"] > 1 else "")
        got.setdefault((stream, kind + " → subscriber"), []).append((float(stamp) - t) * 1000)
    else:
        words = m["label"].split()
        kind = " ".join(words[3:5]) if m["label"].startswith("binding[") else m["label"]
        got.setdefault((stream, kind + " → dispatch"), []).append((float(m["dispatched"]) - t) * 1000)


def title(s):
    # A pass's name is its stream's, and for the typical stream played again, whose turn it
    # was: the kernel wakes readers in the order they opened the device.
    stream, _, order = s.partition("-")
    return f"{stream} stream" + (f", {order.replace('-', ' ')}" if order else "")


print()
print("forcetouch live benchmark (QEMU guest, uinput; one run)")
print("(the kernel wakes readers in the order they opened the device: forcetouchd opened it")
print(" first, but for the typical stream's second pass, where libinput did)")
print()
print(f"  {'':38} {'forcetouchd':>12} {'libinput':>10} {'ratio':>7}")
for s, info in streams.items():
    n = int(info["events"])
    c = cpu[s]
    hz = int(c["hz"])
    ft, li = int(c["forcetouchd"]), int(c["libinput"])
    ft_us, li_us = ft * 1e6 / hz / n, li * 1e6 / hz / n
    ratio = f"{ft / li:7.2f}" if li else "      -"
    print(f"{title(s)}: {n} events in {float(info['seconds']):.1f} s")
    print(f"  {'CPU per event (µs)':<38} {ft_us:12.2f} {li_us:10.2f} {ratio}")
    print(f"  {'CPU (ticks of 1/%d s)' % hz:<38} {ft:12} {li:10}")
    if "forcetouchd-user" in c:
        # Where it went: the process's own code, or the kernel working for it.
        fu, lu = int(c["forcetouchd-user"]), int(c["libinput-user"])
        print(f"  {'  of which user / system':<38} {f'{fu} / {ft - fu}':>12} {f'{lu} / {li - lu}':>10}")
    if "libevdev-floor" in c:
        # What a reader pays before it looks at an event: the bare blocking read(2), and
        # epoll with libevdev to EAGAIN as the daemon reads; as a fraction of libinput.
        for name, key in (("  floor: read(2) alone", "read-floor"), ("  floor: epoll + libevdev, as forcetouchd", "libevdev-floor")):
            t = int(c[key])
            share = f"{t / li:7.2f}" if li else "      -"
            print(f"  {name:<38} {t * 1e6 / hz / n:12.2f} {'':>10} {share}")
    dr = drops[s]
    print(f"  {'kernel drops (SYN_DROPPED)':<38} {dr['forcetouchd']:>12} {dr['libinput']:>10}   bare reader {dr.get('floor') or '-'}")
    if "libinput-lines" in dr:
        print(f"  {'libinput printed (events / all lines)':<38} {'':>12} {dr['libinput-events'] + ' / ' + dr['libinput-lines']:>10}")
passes = [s for s in streams if s.split("-")[0] == "typical"]
if len(passes) > 1:
    # Each reader woken first once: the comparison that favours neither.
    ft = sum(int(cpu[s]["forcetouchd"]) for s in passes)
    li = sum(int(cpu[s]["libinput"]) for s in passes)
    ratio = f"{ft / li:7.2f}" if li else "      -"
    print("typical stream, both passes:")
    print(f"  {'CPU (ticks of 1/%s s)' % cpu[passes[0]]['hz']:<38} {ft:12} {li:10} {ratio}")
if "dense" in cpu and "dense-verbose" in cpu:
    # The same stream through a daemon started with --verbose (issue 40): what a user who
    # turns on debug logging pays, the recognizers' notes within their budget (SPEC §9).
    q, v = int(cpu["dense"]["forcetouchd"]), int(cpu["dense-verbose"]["forcetouchd"])
    ratio = f"{v / q:.2f}×" if q else "-"
    print("dense stream, --verbose against quiet:")
    print(f"  {'forcetouchd CPU (ticks)':<38} {f'{v} / {q}':>12} {'':>10} {ratio:>7}")
    if "log" in fig:
        lg = kv(fig["log"][0][1:])
        print(f"  its log: {lg['lines']} lines, {lg['notes']} notes written, {lg['left-out']} left out (SPEC §9)")
print()
print(f"latency (ms), from the deciding kernel time  {'p50':>8} {'p99':>8} {'max':>8} {'n':>5}")
for s in streams:
    print(f"{title(s)}:")
    print(lat_row("bare evdev reader, frame (floor)", floor[s]))
    try:
        timer = [int(l) / 1000 for l in open(f"{d}/timer-{s}.txt") if l.strip()]
    except FileNotFoundError:
        timer = []
    print(lat_row("bare timerfd wake (floor, deadlines)", timer))
    for (st, row), xs in sorted(got.items()):
        if st != s:
            continue
        # A gesture's time is when it was decided: a tap's at the end of the double-tap
        # window it waited out, a long press's and a held deep press's at their deadline.
        note = ""
        if row.startswith("tap"):
            note = "from the end of its wait (+300 ms double-tap window)"
        elif row.startswith("long-press began"):
            note = "from its deadline"
        elif row.startswith("deep-press began"):
            note = "from its deadline (held deep-press-time)"
        print(lat_row(row, xs, note))
print()
idle = kv(fig["idle"][0])
mem = kv(fig["memory"][0])
print(f"forcetouchd: {fig['devices'][0][0]} devices open, RSS {int(mem['VmRSS:']) / 1024:.1f} MB "
      f"(peak {int(mem['VmHWM:']) / 1024:.1f} MB), {fig['threads'][0][0]} thread(s); "
      f"idle {idle['seconds']} s: {idle['wakeups']} wakeups, {idle['ticks']} CPU ticks")
