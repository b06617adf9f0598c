#!/usr/bin/env bash
# Integration tests for launch and click (issue 13), run inside the QEMU guest by
# vm/run-tests.sh, with the daemon as `nobody` and no user manager (so `launch` takes its
# detached path; systemd-user-in-guest.sh covers the transient unit).
# Usage: actions-in-guest.sh OUTDIR
set -uo pipefail
ROOT="$PWD"
BIN="$ROOT/.build/debug"
REC="$ROOT/Tests/Integration/recordings"
OUT="$1"
W="$(mktemp -d -t fta.XXXXXX)"
RUNDIR="$(mktemp -d -p /run fta-runtime.XXXXXX)"
mkdir -p "$W/state" && chmod -R 777 "$W" "$RUNDIR"
export FT_APPS="$W/apps.log" XDG_RUNTIME_DIR="$RUNDIR" XDG_STATE_HOME="$W/state"
: > "$FT_APPS" && chmod 666 "$FT_APPS"
LOG="$OUT/actions-daemon.log"
. "$ROOT/Tests/Integration/lib.sh"
APP="$ROOT/Tests/Integration/app.sh"
play() { play_through pressure-touchscreen.desc "$1"; }
daemon_pid=""
start_daemon() {
    local from; from=$(mark "$LOG")
    "$BIN/forcetouchd" --config "$W/config.toml" --user nobody --verbose >> "$LOG" 2>&1 &
    daemon_pid=$!
    wait_for_new "$from" "ready: " "$LOG" 30
}
stop_daemon() { kill -TERM "$daemon_pid" 2>/dev/null; wait "$daemon_pid" 2>/dev/null; daemon_pid=""; }
pid_of() { awk -v n="$1" '$1 == n { print $2 }' "$FT_APPS" | tail -1; }
alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }
cleanup() {
    [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null
    for p in $(awk '{ print $2 }' "$FT_APPS" 2>/dev/null); do kill "$p" 2>/dev/null; done
    kill $(jobs -p) 2>/dev/null; rm -rf "$W" "$RUNDIR"
}
trap cleanup EXIT

start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", MODE="0666"
KERNEL=="uinput", MODE="0666"
RULES

# 1. launch against exec: the launched app outlives the action timeout, SIGTERM and a
# restart of the daemon; supervised commands do not.
cat > "$W/config.toml" <<TOML
[general]
action-timeout = 2.0

[[binding]]
gesture = "long-press"
launch = ["$APP", "launched"]

[[binding]]
gesture = "deep-press"
stage = "peek"
exec = ["$APP", "supervised-short"]

[[binding]]
gesture = "tap"
timeout = 120.0
exec = ["$APP", "supervised-long"]
TOML
chmod 644 "$W/config.toml"
start_daemon
daemon_sid=$(ps -o sid= -p "$daemon_pid" | tr -d ' ')
play "$REC/long-press.events"
play "$REC/deep-press.events"
play "$REC/tap.events"
wait_for '^supervised-long ' "$FT_APPS" 20
launched=$(pid_of launched); short=$(pid_of supervised-short); long=$(pid_of supervised-long)
check "the long press launched the app, the deep press and the tap ran their commands" \
    bash -c "[ -n '$launched' ] && [ -n '$short' ] && [ -n '$long' ]"
check "the launched app has a session of its own" \
    bash -c "[ \"\$(awk '\$1 == \"launched\" { print \$3 }' '$FT_APPS' | tail -1)\" = '$launched' ] && [ '$launched' != '$daemon_sid' ]"
check "the launch is reported: started, detached" \
    wait_for 'action binding\[1\] .*: success: started .*app.sh, detached' "$LOG" 10
gone() { ! kill -0 "$1" 2>/dev/null; }
check "after action-timeout (2 s) the supervised command is killed" wait_until 10 gone "$short"
check "... and the launched app still runs" alive "$launched"
check "the command with its own timeout (120 s) still runs" alive "$long"
stop_daemon
check "SIGTERM to the daemon ends its supervised command" wait_until 5 gone "$long"
check "... but not the launched app" alive "$launched"
start_daemon
check "the app outlives a restart of the daemon" alive "$launched"
stop_daemon
kill "$launched" 2>/dev/null

# 2. click = "right" at the gesture, for each rotation: BTN_RIGHT pressed and released at the
# tap's position on the virtual pointer, read back through libevdev (evemu-record).
pointer_node() {
    grep -A5 'Name="forcetouch virtual pointer"' /proc/bus/input/devices \
        | sed -n 's/.*Handlers=.*\(event[0-9]*\).*/\/dev\/input\/\1/p' | head -1
}
# The tap is at (0.3, 1/3) of the device (forcetest replay of tap.events says so); rotated, at
# (1 - y, x), (1 - x, 1 - y) and (y, 1 - x); the axes run 0..32767.
for case in "0 9830 10922" "90 21845 9830" "180 22937 21845" "270 10922 22937"; do
    set -- $case
    rotation=$1 ex=$2 ey=$3
    cat > "$W/config.toml" <<TOML
[[device]]
match-name = "forcetouch-it pressure touchscreen"
rotation = $rotation

[[binding]]
gesture = "tap"
click = "right"
TOML
    start_daemon
    node=$(pointer_node)
    check "rotation $rotation: the daemon created its virtual pointer" test -n "$node"
    [ -n "$node" ] || { stop_daemon; continue; }
    rec="$W/click-$rotation.evemu"
    timeout 30 evemu-record "$node" > "$rec" 2>/dev/null &
    recorder=$!
    wait_for '^N: ' "$rec" 30
    play "$REC/tap.events"
    wait_for '^E: .* 0001 0111 0000' "$rec" 20
    kill "$recorder" 2>/dev/null; wait "$recorder" 2>/dev/null
    # Lines: E: time type code value. ABS_X then ABS_Y, then BTN_RIGHT 1 and 0.
    got=$(awk '$1 == "E:" && ($3 == "0003" || $3 == "0001") { printf "%s:%s:%s ", $3, $4, $5 }' "$rec")
    x=$(echo "$got" | grep -o '0003:0000:[0-9]*' | tail -1 | cut -d: -f3)
    y=$(echo "$got" | grep -o '0003:0001:[0-9]*' | tail -1 | cut -d: -f3)
    check "rotation $rotation: BTN_RIGHT pressed then released" bash -c "echo '$got' | grep -q '0001:0111:0001 0001:0111:0000'"
    check "rotation $rotation: at ($ex, $ey) of 32767 (got $x, $y)" \
        bash -c "[ -n '$x' ] && [ -n '$y' ] && [ \$(( $x - $ex )) -ge -2 ] && [ \$(( $x - $ex )) -le 2 ] && [ \$(( $y - $ey )) -ge -2 ] && [ \$(( $y - $ey )) -le 2 ]"
    stop_daemon
done

summary actions-integration
