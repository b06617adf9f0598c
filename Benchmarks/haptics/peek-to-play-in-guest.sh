#!/usr/bin/env bash
# How soon a haptic tick follows the press that peeks or pops (issue 51), in the QEMU guest:
#   vm/run-guest.sh --share OUT -- Benchmarks/haptics/peek-to-play-in-guest.sh OUT
# forcetouchd (as nobody) ticks on a uinput vibration motor (Tests/Integration/ff-motor.py,
# which notes the kernel's CLOCK_MONOTONIC stamp of each EV_FF event the daemon writes), while
# deep presses pressed on to their pop are played into a uinput touchscreen (evemu-play). The
# daemon runs with --verbose: its debug log gives each gesture the time of the frame that
# decided it (the kernel's CLOCK_MONOTONIC stamp of that frame). Prints, for the peek and for
# the pop, the time from that frame to the tick reaching the motor (min, median, p90, max),
# which takes in the kernel's delivery, the daemon's read, recognition and the one EV_FF
# write. Nothing fails on timing; not part of `make test`. Knobs: BENCH_BIN (default
# .build/release when built, else .build/debug), BENCH_PRESSES (20).
set -uo pipefail
ROOT="$PWD"
OUT="${1:?usage: peek-to-play-in-guest.sh OUTDIR}"
BIN="${BENCH_BIN:-$ROOT/.build/release}"
[ -x "$BIN/forcetouchd" ] || BIN="$ROOT/.build/debug"
PRESSES="${BENCH_PRESSES:-20}"
REC="$ROOT/Tests/Integration/recordings"
W="$(mktemp -d -t ft-haptics.XXXXXX)" && chmod 777 "$W"
LOG="$OUT/haptics-daemon.log"
. "$ROOT/Tests/Integration/lib.sh"
daemon_pid=""
cleanup() { [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null; kill $(jobs -p) 2>/dev/null; rm -rf "$W"; }
trap cleanup EXIT

start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{FORCETOUCH_DEVICE}=="1", MODE="0666"
SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="forcetouch-bench vibration motor", MODE="0666"
RULES
printf '[[binding]]\ngesture = "deep-press"\nexec = ["true"]\n' > "$W/config.toml" && chmod 644 "$W/config.toml"
# Tests/Integration/recordings/deep-press.events, pressed on to its pop.
{ awk '$2 + 0 <= 0.34' "$REC/deep-press.events"
  for i in 1 2 3 4 5; do printf 'E: 0.%02d0000 0003 003a %04d\nE: 0.%02d0000 0000 0000 0000\n' $((34 + 2 * i)) $((100 + 30 * i)) $((34 + 2 * i)); done
  printf 'E: 0.480000 0003 0039 -001\nE: 0.480000 0000 0000 0000\n'; } > "$W/pop.events"

"$BIN/forcetouchd" --config "$W/config.toml" --user nobody --verbose > "$LOG" 2>&1 &
daemon_pid=$!
wait_for "ready: " "$LOG" 60 || { echo "peek-to-play: the daemon did not start" >&2; exit 1; }
/usr/bin/python3 "$ROOT/Tests/Integration/ff-motor.py" "forcetouch-bench vibration motor" "$W/motor.out" &
wait_for '^created at ' "$W/motor.out" 20
wait_for "haptics: force feedback on $(node_of "$W/motor.out")" "$LOG" 30 ||
    { echo "peek-to-play: the daemon did not choose the motor" >&2; tail -5 "$LOG" >&2; exit 1; }
device bench pressure-touchscreen.desc
for _ in $(seq "$PRESSES"); do inject bench "$W/pop.events"; sleep 0.3; done
sleep 1
unplug bench

python3 - "$LOG" "$W/motor.out" "$BIN" <<'PY'
import re, statistics, sys
log, motor, binary = sys.argv[1:4]
frames = {"peek": [], "pop": []}
for line in open(log):
    m = re.search(r": ([0-9.]+)  deep-press (began \(peek\)|changed \(pop\))", line)
    if m:
        frames["peek" if "peek" in m.group(2) else "pop"].append(float(m.group(1)))
ids, plays = {}, {}
for line in open(motor):
    m = re.match(r"upload id=(\d+) .*strength=(\d+)", line)
    if m:
        ids[m.group(1)] = "peek" if m.group(2) == "50" else "pop"
    m = re.match(r"play id=(\d+) value=1 time=([0-9.]+)", line)
    if m:
        plays.setdefault(ids[m.group(1)], []).append(float(m.group(2)))
print(f"peek -> play latency, forcetouchd {binary}, tick on a uinput motor (FF_RUMBLE), under QEMU")
print(f"{'':6}{'n':>4}{'min ms':>10}{'median':>10}{'p90':>10}{'max':>10}")
for stage in ("peek", "pop"):
    lat = sorted((p - f) * 1000 for f, p in zip(frames[stage], plays.get(stage, [])))
    if len(frames[stage]) != len(plays.get(stage, [])):
        print(f"{stage}: {len(frames[stage])} frames but {len(plays.get(stage, []))} plays")
    if lat:
        p90 = lat[min(len(lat) - 1, int(0.9 * len(lat)))]
        print(f"{stage:6}{len(lat):4}{lat[0]:10.2f}{statistics.median(lat):10.2f}{p90:10.2f}{lat[-1]:10.2f}")
PY
