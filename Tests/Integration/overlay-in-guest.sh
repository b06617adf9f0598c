#!/usr/bin/env bash
# The quick-action menu at the finger with a live touchscreen (SPEC §11), in the QEMU guest: a
# uinput touchscreen pressed through peek and pop, the daemon sending the press's progress and
# its menu to forcetouch-overlay (under Xvfb), then the same finger sliding onto an item and
# lifting there: the overlay chooses it and `forcectl events` shows the perform. Everything
# but udev runs as `nobody`, with a session dbus-daemon of its own. Usage: overlay-in-guest.sh OUTDIR
set -uo pipefail
ROOT="$PWD"
BIN="${FORCETOUCH_BIN:-$ROOT/.build/debug}"
REC="$ROOT/Tests/Integration/recordings"
OUT="$1"
W="$(mktemp -d -t ftov.XXXXXX)"
RUNDIR="$(mktemp -d -p /run ftov-runtime.XXXXXX)"   # sockets cannot be bound on the 9p overlay
chmod 777 "$W"
chown 65534:65534 "$RUNDIR" && chmod 700 "$RUNDIR"
LOG="$OUT/overlay-daemon.log"
OVERLAY_LOG="$OUT/overlay.log"
: > "$LOG"; : > "$OVERLAY_LOG"; chmod 666 "$LOG" "$OVERLAY_LOG"
. "$ROOT/Tests/Integration/lib.sh"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    [ -f "$W/ts.pid" ] && kill "$(cat "$W/ts.pid")" 2>/dev/null
    sleep 0.3
    rm -rf "$W" "$RUNDIR"
}
trap cleanup EXIT
user_env=(env -i HOME="$W" USER=nobody "PATH=$BIN:/usr/bin:/bin" "XDG_RUNTIME_DIR=$RUNDIR" LANG=C.UTF-8)
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "${user_env[@]}" "$@"; }
bg_nobody() {
    local log="$1"; shift
    ( exec setpriv --reuid=65534 --regid=65534 --clear-groups "${user_env[@]}" "$@" ) >> "$log" 2>&1 &
    last_pid=$!
    pids+=("$last_pid")
}

# Stand-in for logind's uaccess ACLs: the daemon's user may open touchscreens.
start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", MODE="0666"
RULES

cat > "$W/config.toml" <<'TOML'
[[device]]
match-name = "forcetouch-it pressure touchscreen"
claim = "off"

[[quick-action]]
type = "compose"
title = "New message"
subtitle = "To Ann"
icon-type = "compose"
exec = ["true"]

[[quick-action]]
type = "search"
title = "Search"
icon-type = "search"
exec = ["true"]

[[quick-action]]
type = "timer"
title = "Start timer"
icon-type = "alarm"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
chmod 644 "$W/config.toml"

as_nobody timeout 10 dbus-daemon --session --fork --print-address=1 --print-pid=1 \
    --address="unix:path=$RUNDIR/bus" > "$W/bus.txt" 2> "$W/bus.err"
ADDRESS="$(sed -n 1p "$W/bus.txt")"
pids+=("$(sed -n 2p "$W/bus.txt")")
check "a session dbus-daemon runs for nobody" test -n "$ADDRESS"
# A display number free here: the guest's /tmp shows the host's beneath its own writes.
D=7
while [ -e "/tmp/.X$D-lock" ] || [ -e "/tmp/.X11-unix/X$D" ]; do D=$(( D + 1 )); done
user_env+=("DBUS_SESSION_BUS_ADDRESS=$ADDRESS" "DISPLAY=:$D")
bg_nobody "$W/xvfb.log" Xvfb ":$D" -screen 0 1024x768x24 -br -nolisten tcp
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$D" ] && break; sleep 0.1; done
check "Xvfb runs (:$D)" test -e "/tmp/.X11-unix/X$D"
bg_nobody "$OVERLAY_LOG" "$BIN/forcetouch-overlay" --verbose
check "the overlay takes its name on the bus" wait_for 'Overlay1 on the session bus' "$OVERLAY_LOG" 60
bg_nobody "$LOG" "$BIN/forcetouchd" --config "$W/config.toml"
daemon_pid=$last_pid
check "the daemon starts and sees the overlay" wait_for 'quick-action menus show at the finger' "$LOG" 60
wait_for 'ready: ' "$LOG" 60
bg_nobody "$W/events.jsonl" "$BIN/forcectl" events
check "forcectl events subscribes" wait_until 20 subscribed as_nobody "$BIN/forcectl"

# A finger comes down at (700, 400) of 1000 x 600, presses at 200 frames a second through peek
# (force 2, raw 77) and pop (force 5, raw 191), holds still.
python3 - "$W/press.events" <<'PY'
import sys
out = open(sys.argv[1], "w")
def frame(t, *events):
    for code, value in events:
        out.write("E: %.6f 0003 %04x %04d\n" % (t, code, value))
    out.write("E: %.6f 0000 0000 0000\n" % t)
frame(0.0, (0x2f, 0), (0x39, 100), (0x35, 700), (0x36, 400), (0x3a, 20))
t, p = 0.0, 20
while p < 110:                      # towards peek, and past it
    t += 0.005; p += 2; frame(t, (0x3a, p))
for i in range(60):                  # held (0.3 s): peek is deliberate after 0.2 s
    t += 0.005; frame(t, (0x3a, p + (i % 2)))
while p < 230:                       # through pop
    t += 0.005; p += 3; frame(t, (0x3a, p))
for i in range(20):
    t += 0.005; frame(t, (0x3a, p + (i % 2)))
PY
device ts pressure-touchscreen.desc
m="$(mark "$OVERLAY_LOG")"
inject ts "$W/press.events"
# (Whether the overlay draws the card growing before the menu comes is the emulator's timing
# here: overlay-on-host.sh shoots it at each step. Here the progress itself is judged, below.)
check "at peek the daemon's menu is shown at the finger" \
    wait_for_new "$m" '^menu [0-9]+ shown: 3 item\(s\) at 0\.700,0\.667 \(touch\)' "$OVERLAY_LOG" 30
check "... and at pop it is full size" wait_for_new "$m" '^menu [0-9]+ scale 1\.000 ' "$OVERLAY_LOG" 30
read -r ix iy iw ih < <(tail -c "+$((m + 1))" "$OVERLAY_LOG" | grep '^item 1 "Search"' | tail -1 |
    sed -E 's/.* (-?[0-9]+) (-?[0-9]+) (-?[0-9]+) (-?[0-9]+)$/\1 \2 \3 \4/')
# The same finger slides onto "Search" and lifts there.
tx=$(( (ix + iw / 2) * 1000 / 1024 )) ty=$(( (iy + ih / 2) * 600 / 768 ))
python3 - "$W/slide.events" "$tx" "$ty" <<'PY'
import sys
out = open(sys.argv[1], "w")
tx, ty = int(sys.argv[2]), int(sys.argv[3])
def frame(t, *events):
    for code, value in events:
        out.write("E: %.6f 0003 %04x %04d\n" % (t, code, value))
    out.write("E: %.6f 0000 0000 0000\n" % t)
t = 0.0
for i in range(1, 31):
    t += 0.01
    frame(t, (0x2f, 0), (0x35, 700 + (tx - 700) * i // 30), (0x36, 400 + (ty - 400) * i // 30), (0x3a, 120))
t += 0.2; frame(t, (0x3a, 60))
t += 0.05; frame(t, (0x39, -1))
PY
m2="$(mark "$OVERLAY_LOG")"
inject ts "$W/slide.events"
check "sliding onto \"Search\" ($tx, $ty) highlights it" wait_for_new "$m2" '^menu [0-9]+ scale .* highlight 1 ' "$OVERLAY_LOG" 30
check "lifting there chooses it" wait_for_new "$m2" '^choose 1 "Search"' "$OVERLAY_LOG" 30
check "... which the daemon performs: success" wait_for_new "$m2" '^chose search: success' "$OVERLAY_LOG" 30
check "forcectl events shows the menu shown (menu-shown, its items)" \
    wait_for '"event":"menu-shown".*"title":"Search"' "$W/events.jsonl" 10
check "... and the perform of search" wait_for '"event":"perform".*"type":"search"' "$W/events.jsonl" 10
check "... and the press's progress" grep -q '"event":"press-progress"' "$W/events.jsonl"
# Sampled after each read: the force rising towards peek, before the menu (as the events show it).
rising="$(sed '/"event":"menu-shown"/q' "$W/events.jsonl" | grep '"event":"press-progress"' |
    sed -n 's/.*"transitionProgress":\([0-9.]*\).*/\1/p' | tr '\n' ' ')"
check "the press's progress rises towards peek before the menu comes ($rising)" \
    bash -c "echo '$rising' | awk '{ if (NF < 3) exit 1; for (i = 2; i <= NF; i++) if (\$i < \$(i-1)) exit 1 }'"
frames="$(grep -c '0000 0000 0000' "$W/press.events" "$W/slide.events" | awk -F: '{ n += $2 } END { print n }')"
n="$(grep -c '"event":"press-progress"' "$W/events.jsonl")"
echo "figure: $n press-progress events for $frames frames played in 1.4 s (200, then 100 frames a second)"
check "progress is rate-limited: fewer events ($n) than frames ($frames)" test "$n" -lt "$frames"
unplug ts
cp "$W/events.jsonl" "$OUT/overlay-events.jsonl" 2>/dev/null
summary overlay-in-guest
