#!/usr/bin/env bash
# Live and replay decide the same, run inside the QEMU guest by vm/run-tests.sh. One daemon,
# started as root and dropping to `nobody`, with bindings for tap, double-tap, long-press and
# deep-press (peek and pop) on each device class. Every recording of the labelled corpus
# (Tests/ForceTouchCoreTests/Fixtures/recordings/corpus), one after another, is created as a
# uinput device by evemu's own evemu-device and played into it by evemu-play while the daemon
# runs; what the daemon dispatched (class, gesture, stage, fingers, in order, as `forcectl
# events` shows it) must be what `forcetest replay --json --config` of the same file reports
# for the bound gestures. First, a touchscreen without pressure (a tablet PC's Wacom finger
# touchscreen, which libwacom marks a tablet as well): the udev rule grants access to it, and
# its taps, double taps and long presses run their actions. Usage: live-corpus-in-guest.sh OUTDIR
set -uo pipefail
ROOT="$PWD"
BIN="$ROOT/.build/debug"
CORPUS="$ROOT/Tests/ForceTouchCoreTests/Fixtures/recordings/corpus"
REC="$ROOT/Tests/Integration/recordings"
OUT="$1"
W="$(mktemp -d -t ftl.XXXXXX)"
# The runtime directory lives on /run (tmpfs), as /run/user/UID does: the guest's /tmp is an
# overlay on 9p, where Unix sockets cannot be bound.
RUNDIR="$(mktemp -d -p /run ftl-runtime.XXXXXX)"
chmod 777 "$W" "$RUNDIR"   # the daemon's user, nobody, writes in both
export XDG_RUNTIME_DIR="$RUNDIR"
LOG="$OUT/live-corpus-daemon.log"
EVENTS="$OUT/live-corpus-events.jsonl"
SOCK="$RUNDIR/forcetouch/control.sock"
. "$ROOT/Tests/Integration/lib.sh"
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
daemon_pid="" events_pid=""
cleanup() {
    [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null
    kill $(jobs -p) 2>/dev/null
    rm -rf "$W" "$RUNDIR" /etc/udev/rules.d/65-libwacom-stand-in.rules
}
trap cleanup EXIT

# --- udev: the project's rule; a stand-in for logind's uaccess ACL (no logind here) that keys
# on what the rule marks (FORCETOUCH_DEVICE=1, set with the uaccess tag), so a device the rule
# left out stays closed to the daemon's user; and a stand-in for libwacom's 65-libwacom.rules,
# which tags every Wacom device ID_INPUT_TABLET (its rules match USB ids a uinput device lacks).
cat > /etc/udev/rules.d/65-libwacom-stand-in.rules <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ATTRS{id/vendor}=="056a", ENV{ID_INPUT_TABLET}="1"
RULES
start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{FORCETOUCH_DEVICE}=="1", MODE="0666"
RULES

# --- the bindings: every gesture on every class, each action naming its class, so that a
# dispatch says which class the daemon gave the device.
{
    echo '[general]'
    echo 'action-timeout = 5.0'
    for class in touchscreen tablet touchpad; do
        for gesture in tap double-tap long-press deep-press; do
            printf '\n[[binding]]\ngesture = "%s"\ndevice = "%s"\nexec = ["true", "%s"]\n' "$gesture" "$class" "$class"
        done
        printf '\n[[binding]]\ngesture = "deep-press"\nstage = "pop"\ndevice = "%s"\nexec = ["true", "%s"]\n' "$class" "$class"
    done
} > "$W/config.toml"
chmod 644 "$W/config.toml"

# Compares what the daemon dispatched for one file (the `forcectl events` lines between the
# device's arrival and its departure) with the replay's JSON Lines: the replay's gestures that
# some binding takes (the phase and stage each binds by default), with the replay's class.
# compare.py NAME FILE REPLAY CAPTURED-REPLAY LIVE PLAYED RESULTS exits 0 when the daemon
# decided what the replay of FILE decides (MATCH); 2 when it decided otherwise but exactly
# what the replay of the events the kernel delivered decides (evemu-record beside the daemon):
# the playback's timing differed from the recording's (TIMING, printed with how long
# evemu-play took); 1 otherwise (MISMATCH: the daemon decided something no replay decides).
cat > "$W/compare.py" <<'PY'
import json, sys
name, original, replay_path, captured_path, live_path, played_path, result_path = sys.argv[1:8]
bound = {("tap", "ended"), ("double-tap", "ended"), ("long-press", "began"), ("deep-press", "began"), ("deep-press", "changed")}
def key(cls, g):
    stage = "/" + g["stage"] if g.get("stage") else ""
    return f'{cls} {g["gesture"]}{stage} {g["fingers"]}f'
def replayed(path):
    out, cls = [], None
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return None
    for line in lines:
        j = json.loads(line)
        if j["event"] == "device":
            cls = j["class"]
        elif j["event"] == "gesture" and (j["gesture"], j["phase"]) in bound:
            if j["gesture"] == "deep-press" and j["phase"] == "changed" and j.get("stage") != "pop":
                continue
            out.append(key(cls, j))
    return out
replay, captured = replayed(replay_path), replayed(captured_path)
live, last = [], None
for line in open(live_path):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "gesture":
        last = j
    elif j.get("event") == "dispatch" and last is not None:
        live.append(key(j["detail"].split()[-1], last))
times = [float(l.split()[1]) for l in open(original) if l.startswith("E:")]
played = open(played_path).read().strip()
timing = f"(evemu-play took {played} s for {times[-1] - times[0]:.2f} s of events)"
show = lambda l: "[" + ", ".join(l) + "]" if l is not None else "(none)"
if live == replay:
    verdict, text = 0, f"MATCH {name}: {show(live)} {timing}"
elif live == captured:
    verdict, text = 2, (f"TIMING {name}: live {show(live)} = replay of what the kernel delivered; "
                        f"replay of the file {show(replay)} {timing}")
else:
    verdict, text = 1, (f"MISMATCH {name}: live {show(live)}, replay of the file {show(replay)}, "
                        f"replay of what the kernel delivered {show(captured)} {timing}")
print(text)
with open(result_path, "a") as f:
    f.write(text + "\n")
sys.exit(verdict)
PY

# --- the daemon, and a subscriber printing its events
"$BIN/forcetouchd" --config "$W/config.toml" --user nobody --verbose > "$LOG" 2>&1 &
daemon_pid=$!
check "daemon is ready" wait_for "ready: " "$LOG" 30
for _ in $(seq 100); do [ -S "$SOCK" ] && break; sleep 0.1; done
: > "$EVENTS"
as_nobody "$BIN/forcectl" events --socket "$SOCK" > "$EVENTS" 2>&1 &
events_pid=$!
subscribed() {
    local i
    for ((i = 0; i < 300; i++)); do
        as_nobody "$BIN/forcectl" status --socket "$SOCK" 2>/dev/null | grep -q '^subscribers: [1-9]' && return 0
        sleep 0.1
    done
    return 1
}
check "forcectl events subscribes" subscribed

# live NAME DESC [EVENTS]: creates DESC's device with evemu-device, waits until the daemon has
# opened it, plays EVENTS (else DESC's own events) into it with evemu-play, lets every deadline
# pass (a waiting tap, a long press: 0.5 s), unplugs it, and waits until the daemon has seen it
# go. The events the daemon published meanwhile are in $W/NAME.live, the node in $W/NAME.node.
live() {
    local name="$1" desc="$2" events="${3:-$2}" from node pid rec
    from="$(mark "$EVENTS")"
    evemu-device "$desc" > "$W/$name.device" 2>&1 &
    pid=$!
    if ! wait_for ': /dev/input/event[0-9]+' "$W/$name.device" 30; then
        echo "    evemu-device did not create $name: $(cat "$W/$name.device")"
        kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; return 1
    fi
    node="$(grep -o '/dev/input/event[0-9]*' "$W/$name.device" | head -1)"
    echo "$node" > "$W/$name.node"
    if ! wait_for_new "$from" "\"event\":\"capability\",.*\"name\":.*\"node\":\"$node\"" "$EVENTS" 30; then
        echo "    the daemon did not open $name at $node"
        kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; return 1
    fi
    # What the kernel delivered, with its own timestamps (evemu-record, beside the daemon).
    evemu-record "$node" > "$W/$name.captured" 2>/dev/null &
    rec=$!
    wait_for '^N: ' "$W/$name.captured" 30
    local t0=$EPOCHREALTIME
    evemu-play "$node" < "$events"
    local t1=$EPOCHREALTIME
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }' > "$W/$name.played"
    sleep 1.5
    kill "$pid"; wait "$pid" 2>/dev/null
    kill "$rec" 2>/dev/null; wait "$rec" 2>/dev/null
    wait_for_new "$from" "\"event\":\"capability\",.*\"node\":\"$node\",.*\"reason\":\"gone\"" "$EVENTS" 30
    tail -c "+$((from + 1))" "$EVENTS" > "$W/$name.live"
}
# decide NAME FILE REPLAY: compares NAME's live dispatches with REPLAY (forcetest replay of
# FILE) and with the replay of what was captured; returns compare.py's verdict.
decide() {
    "$BIN/forcetest" replay --json --config "$W/config.toml" "$W/$1.captured" > "$W/$1.captured.replay" 2>&1 \
        || sed 's/^/    captured: /' "$W/$1.captured.replay"
    python3 "$W/compare.py" "$1" "$2" "$3" "$W/$1.captured.replay" "$W/$1.live" "$W/$1.played" "$W/results"
}
# dispatched NAME ERE: a dispatch for NAME followed a gesture event matching ERE.
dispatched() {
    awk -v ere="$2" '/"event":"gesture"/ { g = $0 } /"event":"dispatch"/ && g ~ ere { found = 1 } END { exit !found }' "$W/$1.live"
}
not_dispatched() { [ -f "$W/$1.live" ] && ! dispatched "$@"; }

# 1. A touchscreen without pressure: the rule grants access, and its gestures run.
desc="$REC/wacom-isdv4-finger.desc"
live nopressure-double-tap "$desc" "$REC/wacom-finger-double-tap.events"
node="$(cat "$W/nopressure-double-tap.node" 2>/dev/null)"
check "the touchscreen without pressure is found, capability unavailable" \
    grep -Eq "device $node \"Wacom ISDv4 E6 Finger\" \(056a:00e6, touchscreen\): found, capability unavailable \(no pressure axis\)" "$LOG"
live nopressure-long-press "$desc" "$REC/wacom-finger-long-press.events"
# Its properties, read while it is there (a device of its own, kept until checked).
evemu-device "$desc" > "$W/props.device" 2>&1 &
props_pid=$!
wait_for ': /dev/input/event[0-9]+' "$W/props.device" 30
udevadm settle --timeout=10
udevadm info --query=property --name="$(grep -o '/dev/input/event[0-9]*' "$W/props.device" | head -1)" > "$W/props" 2>&1
kill "$props_pid"; wait "$props_pid" 2>/dev/null
check "udev (with libwacom's tags) calls it a touchscreen and a tablet" \
    bash -c "grep -qx ID_INPUT_TOUCHSCREEN=1 '$W/props' && grep -qx ID_INPUT_TABLET=1 '$W/props'" || sed 's/^/    /' "$W/props"
check "the udev rule marks the touchscreen without pressure: FORCETOUCH_DEVICE=1 and the uaccess tag" \
    bash -c "grep -qx FORCETOUCH_DEVICE=1 '$W/props' && grep -Eq '^TAGS=.*:uaccess:' '$W/props'" || sed 's/^/    /' "$W/props"
check "a double tap on it (taps of 32 and 60 ms, 140 ms apart) runs the double-tap action" \
    dispatched nopressure-double-tap '"fingers":1,.*"gesture":"double-tap","phase":"ended"'
check "...and no tap action" not_dispatched nopressure-double-tap '"gesture":"tap"'
check "a long press on it runs the long-press action" \
    dispatched nopressure-long-press '"fingers":1,.*"gesture":"long-press","phase":"began"'
live nopressure-tap "$CORPUS/Wacom-ISDv4-E6-Finger.single-tap-center.evemu"
check "a tap on it runs the tap action" dispatched nopressure-tap '"fingers":1,.*"gesture":"tap","phase":"ended"'
for f in double-tap long-press; do
    "$BIN/forcetest" replay --json --config "$W/config.toml" --desc "$desc" "$REC/wacom-finger-$f.events" > "$W/nopressure-$f.replay"
    check "live and replay decide the same: wacom-finger-$f.events" \
        decide "nopressure-$f" "$REC/wacom-finger-$f.events" "$W/nopressure-$f.replay"
done

# 2. The corpus: each file, replayed, then played live. The daemon must decide what a replay
# of the events it was given decides, always; and what the replay of the file decides, unless
# evemu-play delivered them with other timing (TIMING, listed at the end: evemu-play sleeps
# each gap after the previous one, so its own latency adds up over a recording, and it skips
# the first gap of one that starts at 0.000000).
started=$SECONDS
matched=0 timing=0 total=0 timed=""
for file in "$CORPUS"/*.evemu; do
    name="$(basename "$file" .evemu)"
    total=$((total + 1))
    "$BIN/forcetest" replay --json --config "$W/config.toml" "$file" > "$W/$name.replay" 2> "$W/$name.replay.err"
    if ! live "$name" "$file"; then
        bad "the daemon decides what a replay decides: $name (not played)"
        continue
    fi
    decide "$name" "$file" "$W/$name.replay"
    case $? in
        0) matched=$((matched + 1)); ok "the daemon decides what the replay of the file decides: $name" ;;
        2) timing=$((timing + 1)); timed="$timed $name"
           ok "the daemon decides what the replay of the events it was given decides: $name (playback timing differed)" ;;
        *) bad "the daemon decides what a replay decides: $name" ;;
    esac
done
echo "corpus: $matched of $total recordings decided the same live and in the replay of the file;" \
     "$timing only as the replay of what the kernel delivered (playback timing):${timed:- none}" \
     "($((SECONDS - started)) s)"
cp "$W/results" "$OUT/live-corpus-results.txt" 2>/dev/null
check "the daemon is still running" kill -0 "$daemon_pid"

summary live-corpus
