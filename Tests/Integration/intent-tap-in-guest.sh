#!/usr/bin/env bash
# The intent window's Next tapped with a finger, in the QEMU guest: a uinput touchscreen read
# by sway through libinput (WLR_BACKENDS=headless,libinput, LIBSEAT_BACKEND=noop: no logind,
# sway as nobody opening the nodes the udev rule below opens to it), forcetouch-overlay on a
# layer-shell surface there, forcetouchd running an intent that needs confirming. A tap on the
# window's Next button (a touch down and up at its middle, written into the touchscreen) confirms
# the run: the success window shows and the run's caller is told success. Everything but udev
# runs as `nobody`, with a session dbus-daemon of its own. Usage: intent-tap-in-guest.sh OUTDIR
set -uo pipefail
ROOT="$PWD"
BIN="${FORCETOUCH_BIN:-$ROOT/.build/debug}"
REC="$ROOT/Tests/Integration/recordings"
OUT="$1"
W="$(mktemp -d -t ftit.XXXXXX)"
RUNDIR="$(mktemp -d -p /run ftit-runtime.XXXXXX)"   # sockets cannot be bound on the 9p overlay
chmod 777 "$W"
chown 65534:65534 "$RUNDIR" && chmod 700 "$RUNDIR"
LOG="$OUT/intent-tap-daemon.log"
OVERLAY_LOG="$OUT/intent-tap-overlay.log"
SWAY_LOG="$OUT/intent-tap-sway.log"
: > "$LOG"; : > "$OVERLAY_LOG"; : > "$SWAY_LOG"; chmod 666 "$LOG" "$OVERLAY_LOG" "$SWAY_LOG"
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

# Stand-in for logind's uaccess ACLs and seat: the user may open touchscreens.
start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", MODE="0666"
RULES

cat > "$W/config.toml" <<'TOML'
[[device]]
match-name = "forcetouch-it pressure touchscreen"
claim = "off"

[[intent]]
name = "greet"
title = "Send greeting"
prompt = "Send “{text}” to Alice?"
handler = ["printf", "Sent: hello"]

[intent.parameters.text]
type = "string"
value = "hello"
confirm = true
TOML
chmod 644 "$W/config.toml"

as_nobody timeout 10 dbus-daemon --session --fork --print-address=1 --print-pid=1 \
    --address="unix:path=$RUNDIR/bus" > "$W/bus.txt" 2> "$W/bus.err"
ADDRESS="$(sed -n 1p "$W/bus.txt")"
pids+=("$(sed -n 2p "$W/bus.txt")")
check "a session dbus-daemon runs for nobody" test -n "$ADDRESS"
user_env+=("DBUS_SESSION_BUS_ADDRESS=$ADDRESS")
bg_nobody "$LOG" "$BIN/forcetouchd" --config "$W/config.toml"
check "the daemon starts" wait_for 'ready: ' "$LOG" 60
# The touchscreen first: sway's libinput finds it at start.
device ts pressure-touchscreen.desc
ls -l "$(cat "$W/ts.node")"
cat > "$W/sway.cfg" <<'CFG'
output HEADLESS-1 resolution 1024x768 position 0 0 bg #505050 solid_color
default_border none
CFG
chmod 644 "$W/sway.cfg"
bg_nobody "$SWAY_LOG" env WLR_BACKENDS=headless,libinput WLR_RENDERER=pixman LIBSEAT_BACKEND="${SEAT_BACKEND:-builtin}" SEATD_VTBOUND=0 sway -d -c "$W/sway.cfg"
sway_pid=$last_pid
for _ in $(seq 200); do ls "$RUNDIR"/wayland-? > /dev/null 2>&1 && break; sleep 0.1; done
WAYLAND="$(basename "$(ls "$RUNDIR"/wayland-? 2>/dev/null | head -1)")"
check "sway runs headless with libinput ($WAYLAND)" test -n "$WAYLAND" ||
    { grep -E 'ERROR|seat|session' "$SWAY_LOG" | head -20; summary intent-tap-in-guest; exit 1; }
sleep 2
as_nobody env "WAYLAND_DISPLAY=$WAYLAND" "SWAYSOCK=$(ls "$RUNDIR"/sway-ipc.* 2>/dev/null | head -1)" swaymsg -t get_inputs > "$W/inputs.txt" 2>&1
cat "$W/inputs.txt"
check "sway reads the touchscreen through libinput" grep -q 'forcetouch-it pressure touchscreen' "$W/inputs.txt"
bg_nobody "$OVERLAY_LOG" env "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland "$BIN/forcetouch-overlay" --verbose
check "the overlay takes its name on the bus" wait_for 'Overlay1 on the session bus' "$OVERLAY_LOG" 60
sleep 1
bg_nobody "$W/run.txt" timeout 90 gdbus call --session --timeout 90 --dest io.github.forcetouch.Daemon1 \
    --object-path /io/github/forcetouch/Daemon1 --method io.github.forcetouch.Daemon1.RunIntent "'greet'" "''" false
check "a run that needs confirming shows the confirmation window" \
    wait_for '^intent-window [0-9]+ confirm ' "$OVERLAY_LOG" 60
read -r bx by bw bh < <(grep -E '^intent-button [0-9]+ next ' "$OVERLAY_LOG" | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }')
tx=$(( (bx + bw / 2) * 1000 / 1024 )) ty=$(( (by + bh / 2) * 600 / 768 ))
python3 - "$W/tap.events" "$tx" "$ty" <<'PY'
import sys
out = open(sys.argv[1], "w")
tx, ty = int(sys.argv[2]), int(sys.argv[3])
def frame(t, *events):
    for typ, code, value in events:
        out.write("E: %.6f %04x %04x %04d\n" % (t, typ, code, value))
    out.write("E: %.6f 0000 0000 0000\n" % t)
frame(0.0, (3, 0x2f, 0), (3, 0x39, 200), (3, 0x35, tx), (3, 0x36, ty), (3, 0x3a, 40), (1, 0x14a, 1), (3, 0, tx), (3, 1, ty))
frame(0.05, (3, 0x3a, 42))
frame(0.10, (3, 0x39, -1), (1, 0x14a, 0))
PY
cat "$W/tap.events"
sleep 1
inject ts "$W/tap.events"
check "a tap on Next ($tx, $ty of the touchscreen) confirms: the success window shows" \
    wait_for '^intent-window [0-9]+ response success ' "$OVERLAY_LOG" 30
check "... and the run's caller is told success" wait_for "'success'.*Sent: hello" "$W/run.txt" 30
grep -i "touch\|libinput\|input" "$SWAY_LOG" | head -40
unplug ts
summary intent-tap-in-guest
