#!/usr/bin/env bash
# What claiming costs (SPEC §10), in the QEMU guest, after bench-live-in-guest.sh's passes and
# with its work directory (the dense stream, the evdev-floor reader built there):
#   Benchmarks/live/claim-in-guest.sh WORKDIR BIN
# The touchscreen is played through uinput by Tests/Integration/uinput-player.py, which notes
# each frame's CLOCK_MONOTONIC time before its write (a grabbed device's evdev node drops what
# evemu-play writes to it). Three passes, each with its own daemon:
#   off     the dense stream, the device watched: a bare reader's latency on it (the floor),
#           forcetouchd's and libinput's CPU;
#   cancel  the same stream, the device claimed: the latency from the player's write to a bare
#           reader of the clone, forcetouchd's CPU (it forwards every event), libinput's on
#           the clone;
#   hold    a tap and a drag: how late their first event reaches the clone.
# Prints a small table; nothing fails on timing. Under emulation a player that writes a frame
# a syscall outruns every reader, so the player runs niced on the daemon's CPU and the readers
# (the daemon, libinput, the bare reader) there at a higher priority, in every pass alike: the
# player writes when they have nothing to read, as a touchscreen's controller at 1 kHz never
# outruns a host that keeps up (claim-in-guest.sh in Tests/Integration does the same).
set -uo pipefail
ROOT="$PWD"
W="${1:?usage: claim-in-guest.sh WORKDIR BIN}"
BIN="${2:?usage: claim-in-guest.sh WORKDIR BIN}"
REC="$ROOT/Tests/Integration/recordings"
PY=/usr/bin/python3
. "$ROOT/Tests/Integration/lib.sh"
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# ahead PID: a reader, on CPU 0 ahead of the player.
ahead() { renice -n -10 -p "$1" > /dev/null; taskset -a -c -p 0 "$1" > /dev/null; }
LOG="$W/claim-daemon.log"
: > "$LOG"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done' EXIT

# pass MODE: a daemon claiming with MODE and a touchscreen for it; sets daemon, node, target
# (the clone when claimed, else the node) and fifo, out.
pass() {
    cat > "$W/claim.toml" <<TOML
[[device]]
match-name = "*"
claim = "$1"

[[binding]]
gesture = "deep-press"
notify = "deep press"
TOML
    chmod 644 "$W/claim.toml"
    fifo="$W/claim-$1.fifo" out="$W/claim-$1.out"
    mkfifo "$fifo"
    PLAYER_TIMES="$W/claim-$1.times" taskset -c 0 nice -n 15 "$PY" "$ROOT/Tests/Integration/uinput-player.py" \
        "$ROOT/Benchmarks/live/touchscreen.desc" "$fifo" "$out" &
    pids+=($!)
    wait_for 'created at ' "$out" 60
    node="$(sed -n 's/^created at //p' "$out")"
    udevadm settle --timeout=60
    local from; from="$(mark "$LOG")"
    "$BIN/forcetouchd" --config "$W/claim.toml" --user nobody --socket "$W/run/claim.sock" >> "$LOG" 2>&1 &
    daemon=$!
    pids+=($daemon)
    ahead "$daemon"
    wait_for_new "$from" "ready: " "$LOG" 60
    target="$node"
    if [ "$1" != off ]; then
        wait_for_new "$from" "device $node .*claimed" "$LOG" 30
        target="$(tail -c "+$((from + 1))" "$LOG" | grep "device $node .*claimed" | sed -n "s|.* clone \(/dev/input/event[0-9]*\)$|\1|p" | tail -1)"
        udevadm settle --timeout=60
    fi
}
play() {
    local from; from="$(mark "$out")"
    echo "play $1" > "$fifo"
    wait_for_new "$from" "^played $1\$" "$out" 600
}
end_pass() {
    kill -TERM "$daemon"; wait "$daemon" 2>/dev/null
    echo quit > "$fifo"
    sleep 0.5
}

for mode in off cancel; do
    pass "$mode"
    libinput debug-events --device "$target" > "$W/claim-libinput-$mode.log" 2>&1 &
    li=$!
    ahead "$li"
    wait_for 'DEVICE_ADDED' "$W/claim-libinput-$mode.log" 60
    "$W/evdev-floor" "$target" > "$W/claim-floor-$mode.txt" &
    floor=$!
    ahead "$floor"
    sleep 1
    d0="$(ticks "$daemon")" l0="$(ticks "$li")"
    play "$W/dense.events"
    sleep 1
    d1="$(ticks "$daemon")" l1="$(ticks "$li")"
    kill -TERM "$floor" "$li"; wait "$floor" "$li" 2>/dev/null
    echo "claim-cpu $mode forcetouchd $((d1 - d0)) libinput $((l1 - l0)) hz $(getconf CLK_TCK)" \
        "drops $(grep -c 'events dropped by the kernel' "$LOG")"
    end_pass
done

pass hold
for stream in tap drag; do
    : > "$W/claim-hold.times"
    # A reader a stream: it writes what it saw when it ends.
    "$W/evdev-floor" "$target" > "$W/claim-floor-hold-$stream.txt" &
    floor=$!
    ahead "$floor"
    sleep 1
    play "$REC/$stream.events"
    sleep 1
    kill -TERM "$floor"; wait "$floor" 2>/dev/null
    # The first frame the clone gave, after the write of the stream's first frame.
    first_write="$(head -1 "$W/claim-hold.times")"
    first_clone="$(awk 'NF == 2 && $1 != "dropped" { print $2; exit }' "$W/claim-floor-hold-$stream.txt")"
    echo "claim-hold $stream first event $(awk -v w="$first_write" -v c="$first_clone" 'BEGIN { printf "%.1f", (c - w) * 1000 }') ms"
done
end_pass

# Latency: the floor is a bare reader's on the watched device (its read time less the frame's
# kernel time); claimed, a bare reader of the clone, from the player's write of the frame (just
# before the source's kernel time) to its read. Frames pair in order.
"$PY" - "$W" <<'PY'
import sys
w = sys.argv[1]
def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else float("nan")
def floor(path):
    rows = [l.split() for l in open(path)]
    return [r for r in rows if len(r) == 2 and r[0] != "dropped"]
off = [int(us) / 1000 for us, _ in floor(f"{w}/claim-floor-off.txt")]
writes = [float(l) for l in open(f"{w}/claim-cancel.times")]
clone = floor(f"{w}/claim-floor-cancel.txt")
cancel = [(float(t) + int(us) / 1e6 - wt) * 1000 for (us, t), wt in zip(clone, writes)]
print(f"claiming, latency (ms)                          {'p50':>8} {'p99':>8} {'n':>6}")
print(f"  floor: a bare reader, device watched          {pct(off, 50):8.3f} {pct(off, 99):8.3f} {len(off):6}")
print(f"  cancel: write to a bare reader of the clone   {pct(cancel, 50):8.3f} {pct(cancel, 99):8.3f} {len(cancel):6}")
print(f"  added by forwarding at p99                    {pct(cancel, 99) - pct(off, 99):8.3f}")
print(f"  (frames: {len(writes)} written, {len(clone)} read from the clone)")
PY
