#!/usr/bin/env bash
# The AssistiveTouch button with a live touchscreen (SPEC §6, §10), in the QEMU guest: a uinput
# touchscreen claimed with `cancel`, `libinput debug-events` on its clone as a compositor reads
# it. A tap on the button runs the single-tap slot and never reaches the clone; a tap elsewhere
# runs nothing and reaches it whole; a long press on the button then a drag moves it to the
# left edge, the place is kept in the state directory, and after a restart of the daemon the
# slots listen there and no longer at the old place. The daemon runs as `nobody`.
# Usage: assistive-in-guest.sh OUTDIR
set -uo pipefail
ROOT="$PWD"
BIN="${FORCETOUCH_BIN:-$ROOT/.build/debug}"
REC="$ROOT/Tests/Integration/recordings"
OUT="$1"
W="$(mktemp -d -t ftat.XXXXXX)"
RUNDIR="$(mktemp -d -p /run ftat-runtime.XXXXXX)"   # sockets cannot be bound on the 9p overlay
chmod 777 "$W" "$RUNDIR"
STATE="$W/state"
mkdir -p "$STATE" && chmod 777 "$STATE"
export FT_ACTIONS="$W/actions.log" XDG_RUNTIME_DIR="$RUNDIR" XDG_STATE_HOME="$STATE"
: > "$FT_ACTIONS" && chmod 666 "$FT_ACTIONS"
LOG="$OUT/assistive-daemon.log"
PY=/usr/bin/python3
. "$ROOT/Tests/Integration/lib.sh"
count() { grep -Ec -- "$1" "$FT_ACTIONS"; }
daemon_pid=""
cleanup() {
    [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null
    for f in "$W"/*.fifo; do [ -p "$f" ] && echo quit > "$f" & done
    sleep 0.5
    kill $(jobs -p) 2>/dev/null
    rm -rf "$W" "$RUNDIR"
}
trap cleanup EXIT

start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", MODE="0666"
KERNEL=="uinput", MODE="0666"
RULES

R="$ROOT/Tests/Integration/record-action.sh"
cat > "$W/config.toml" <<TOML
[[device]]
match-name = "forcetouch-it pressure touchscreen"
claim = "cancel"

# The button at its first place: the right edge, a third of the way down.
[assistive-touch]
single-tap = { exec = ["$R", "single"] }
long-press = { exec = ["$R", "long"] }
TOML
chmod 644 "$W/config.toml"
"$BIN/forcetouchd" --config "$W/config.toml" --check-config > "$W/check.txt" 2>&1
check "the configuration passes --check-config" grep -q ': ok' "$W/check.txt"

start_daemon() {
    "$BIN/forcetouchd" --config "$W/config.toml" --user nobody --verbose >> "$LOG" 2>&1 &
    daemon_pid=$!
    renice -n -10 -p "$daemon_pid" > /dev/null
    taskset -a -c -p 0 "$daemon_pid" > /dev/null
    wait_for "ready: " "$LOG" 60
}
stop_daemon() {
    kill -TERM "$daemon_pid" 2>/dev/null
    wait "$daemon_pid" 2>/dev/null
    daemon_pid=""
}
touchscreen() {
    mkfifo "$W/$1.fifo"
    taskset -c 0 nice -n 15 "$PY" "$ROOT/Tests/Integration/uinput-player.py" "$REC/pressure-touchscreen.desc" "$W/$1.fifo" "$W/$1.out" &
    wait_for 'created at ' "$W/$1.out" 60
    sed -n 's/^created at //p' "$W/$1.out" > "$W/$1.node"
    udevadm settle --timeout=30
}
play() {
    local from; from="$(mark "$W/$1.out")"
    echo "play $2" > "$W/$1.fifo"
    wait_for_new "$from" "^played $2\$" "$W/$1.out" 120
}
clone_of() {
    local from="${2:-0}"
    wait_for_new "$from" "device $1 .*: claimed \\(" "$LOG" 60 || return 1
    grep "device $1 .*: claimed (" "$LOG" | tail -1 | sed -n 's/.* clone \(\/dev\/input\/event[0-9]*\)$/\1/p'
}
watcher=""
watch_libinput() {
    stdbuf -oL libinput debug-events --device "$1" > "$2" 2>&1 &
    watcher=$!
    wait_for 'DEVICE_ADDED' "$2" 60
}
since() { tail -c "+$(($2 + 1))" "$1" | grep -Ec -- "$3"; }
# played LOG FILE: plays FILE, then says what libinput on the clone saw of it.
played() {
    local m; m=$(mark "$1")
    play ts "$2"
    wait_for_new "$m" 'TOUCH_(UP|CANCEL)' "$1" 3
    sleep 1.2   # a single tap is decided once the double-tap window has passed
    seen="down $(since "$1" "$m" TOUCH_DOWN) up $(since "$1" "$m" TOUCH_UP) cancel $(since "$1" "$m" TOUCH_CANCEL)"
}
seen_is() { [[ $seen =~ ^$1$ ]] || { echo "    libinput: $seen"; return 1; }; }

# Events on the 1000 x 600 test touchscreen: tap X Y, and drag X0 Y0 X1 Y1 (held 1.2 s first).
"$PY" - "$W" <<'PY'
import sys
w = sys.argv[1]
def frame(t, events):
    return "".join(f"E: {t:.6f} {ty:04x} {code:04x} {v:04d}\n" for ty, code, v in events) + f"E: {t:.6f} 0000 0000 0000\n"
def down(t, x, y):
    return frame(t, [(3, 0x2f, 0), (3, 0x39, 100), (3, 0x35, x), (3, 0x36, y), (3, 0x3a, 40)])
def up(t):
    return frame(t, [(3, 0x39, -1)])
def tap(name, x, y):
    open(f"{w}/{name}.events", "w").write(down(0, x, y) + up(0.08))
tap("tap-on-button", 940, 200)
tap("tap-elsewhere", 500, 300)
tap("tap-at-new-place", 60, 450)
s = down(0, 940, 200)
t = 1.2
for i in range(1, 21):
    t += 0.03
    x = 940 + (300 - 940) * i // 20
    y = 200 + (450 - 200) * i // 20
    s += frame(t, [(3, 0x35, x), (3, 0x36, y)])
s += up(t + 0.1)
open(f"{w}/drag.events", "w").write(s)
PY
chmod 644 "$W"/*.events

touchscreen ts
src="$(cat "$W/ts.node")"
start_daemon
clone="$(clone_of "$src")"
check "the daemon claims the touchscreen (cancel) and names its clone" test -n "$clone" -a -e "$clone"
watch_libinput "$clone" "$W/li.txt"

echo "--- a tap on the button"
played "$W/li.txt" "$W/tap-on-button.events"
check "a tap on the button runs the single-tap slot" test "$(count '^single gesture=tap')" = 1
check "... and the app beneath gets no touch: libinput on the clone sees no TOUCH_DOWN or TOUCH_UP" seen_is 'down 0 up 0 cancel 0'
echo "--- a tap elsewhere"
played "$W/li.txt" "$W/tap-elsewhere.events"
check "a tap elsewhere on the screen does not run the slot" test "$(count '^single ')" = 1
check "... and reaches the app whole: TOUCH_DOWN, TOUCH_UP" seen_is 'down 1 up 1 cancel 0'

echo "--- a long press on the button, then a drag"
m=$(mark "$W/li.txt")
play ts "$W/drag.events"
check "the drag moves the button and it settles at the left edge (0.06, 0.75)" \
    wait_for 'AssistiveTouch button moved to 0.06,0.75' "$LOG" 10
check "... the long press that picked it up ran the long-press slot" test "$(count '^long gesture=long-press')" = 1
# Nothing to wait for when the app sees nothing: a time window for a touch to reach it.
sleep 1
check "... and the app beneath saw nothing of it" test "$(since "$W/li.txt" "$m" 'TOUCH_(DOWN|UP)')" = 0
check "... its place is kept in the state directory" \
    grep -Eq '"x" ?: ?0.06.*"y" ?: ?0.75|"y" ?: ?0.75.*"x" ?: ?0.06' "$STATE/forcetouch/assistive-touch.json"
played "$W/li.txt" "$W/tap-at-new-place.events"
check "a tap at the new place runs the slot" test "$(count '^single ')" = 2
kill "$watcher" 2>/dev/null

echo "--- after a restart"
stop_daemon
m=$(mark "$LOG")
start_daemon
clone="$(clone_of "$src" "$m")"
check "restarted, the daemon claims the touchscreen again" test -n "$clone" -a -e "$clone"
watch_libinput "$clone" "$W/li2.txt"
played "$W/li2.txt" "$W/tap-on-button.events"
check "after a restart a tap at the old place runs nothing" test "$(count '^single ')" = 2
check "... and reaches the app: TOUCH_DOWN, TOUCH_UP" seen_is 'down 1 up 1 cancel 0'
played "$W/li2.txt" "$W/tap-at-new-place.events"
check "... and a tap at the place it was left runs the slot" test "$(count '^single ')" = 3
check "... and the app beneath gets no touch" seen_is 'down 0 up 0 cancel 0'
kill "$watcher" 2>/dev/null
stop_daemon

echo "--- hold: the button's touches never reach the clone either"
sed -i 's/^claim = "cancel"$/claim = "hold"/' "$W/config.toml"
m=$(mark "$LOG")
start_daemon
clone="$(clone_of "$src" "$m")"
check "hold: the daemon claims the touchscreen (hold)" \
    bash -c "tail -c +$((m + 1)) '$LOG' | grep -q 'claimed (hold)'"
watch_libinput "$clone" "$W/li3.txt"
played "$W/li3.txt" "$W/tap-at-new-place.events"
check "hold: a tap on the button runs the slot" test "$(count '^single ')" = 4
check "hold: ... and never reaches the clone" seen_is 'down 0 up 0 cancel 0'
played "$W/li3.txt" "$W/tap-elsewhere.events"
check "hold: a tap elsewhere reaches the clone whole" seen_is 'down 1 up 1 cancel 0'
check "hold: ... and runs nothing" test "$(count '^single ')" = 4
kill "$watcher" 2>/dev/null
stop_daemon
summary assistive-in-guest
