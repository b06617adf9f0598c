#!/usr/bin/env bash
# Integration tests for quick actions, key strokes, the control socket and forcectl, run
# inside the QEMU guest by vm/run-tests.sh. The daemon runs as `nobody`, as forcectl does.
# Usage: control-in-guest.sh OUTDIR
set -uo pipefail
ROOT="$PWD"
BIN="$ROOT/.build/debug"
REC="$ROOT/Tests/Integration/recordings"
OUT="$1"
W="$(mktemp -d -t ftc.XXXXXX)"
# The runtime directory lives on /run (tmpfs), as /run/user/UID does: the guest's /tmp is an
# overlay on 9p, where Unix sockets cannot be bound.
RUNDIR="$(mktemp -d -p /run ftc-runtime.XXXXXX)"
mkdir -p "$W/state" && chmod -R 777 "$W" "$RUNDIR"   # the daemon's user, nobody, writes in both
export FT_ACTIONS="$W/actions.log" FT_MENU_SHOWN="$W/menu.txt"
export XDG_RUNTIME_DIR="$RUNDIR" XDG_STATE_HOME="$W/state"
: > "$FT_ACTIONS" && chmod 666 "$FT_ACTIONS"
LOG="$OUT/control-daemon.log"
SOCK="$RUNDIR/forcetouch/control.sock"
. "$ROOT/Tests/Integration/lib.sh"
count() { grep -Ec -- "$1" "$FT_ACTIONS"; }
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
forcectl() { as_nobody "$BIN/forcectl" "$@" --socket "$SOCK"; }
daemon_pid=""
start_daemon() {
    "$BIN/forcetouchd" --config "$W/config.toml" --user nobody --verbose >> "$LOG" 2>&1 &
    daemon_pid=$!
    wait_for "ready: " "$LOG" 30
    for _ in $(seq 100); do [ -S "$SOCK" ] && break; sleep 0.1; done
}
stop_daemon() {
    kill -TERM "$daemon_pid" 2>/dev/null
    wait "$daemon_pid" 2>/dev/null
    daemon_pid=""
    : >> "$LOG"
}
cleanup() { [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null; kill $(jobs -p) 2>/dev/null; rm -rf "$W" "$RUNDIR"; }
trap cleanup EXIT

# Stand-in for logind's uaccess ACLs: the daemon's user may open touch devices and uinput.
start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", MODE="0666"
KERNEL=="uinput", MODE="0666"
RULES

R="$ROOT/Tests/Integration/record-action.sh"
cat > "$W/config.toml" <<TOML
[quick-actions]
menu = ["$ROOT/Tests/Integration/pick-second.sh"]

[[quick-action]]
type = "compose"
title = "New Message"
icon-type = "compose"
exec = ["$R", "qa-compose"]

[[quick-action]]
type = "search"
title = "Search"
subtitle = "Find anything"
icon-type = "search"
exec = ["$R", "qa-search"]

[[binding]]
gesture = "deep-press"
quick-actions = true

[[binding]]
gesture = "long-press"
keys = "KEY_LEFTCTRL+KEY_A"

[[binding]]
gesture = "tap"
exec = ["$R", "tap"]
TOML
chmod 644 "$W/config.toml"
start_daemon
check "daemon is ready with its control socket (mode 0600)" \
    bash -c "[ \"\$(stat -c %a '$SOCK')\" = 600 ] && [ \"\$(stat -c %U '$SOCK')\" = nobody ]"

# 1. A deep press presents the menu; the stub menu program picks the second title.
play_through pressure-touchscreen.desc "$REC/deep-press.events"
check "a deep press presents the menu with the titles" wait_for '^Search$' "$FT_MENU_SHOWN" 5
check "the menu shows static items in order" bash -c "[ \"\$(head -1 '$FT_MENU_SHOWN')\" = 'New Message' ]"
check "the chosen (second) item's action runs" wait_for '^qa-search ' "$FT_ACTIONS" 5
check "the other item's action does not" test "$(count '^qa-compose')" -eq 0

# 2. forcectl shortcuts add, a restart, and list shows the item.
forcectl shortcuts add --type share --title "Share Screen" --icon-type share --user-info room=42 > "$W/add.out" 2>&1
check "forcectl shortcuts add succeeds" grep -q "share: added" "$W/add.out"
forcectl shortcuts list > "$W/list1.out" 2>&1
check "the menu lists the dynamic item after the static ones" \
    bash -c "grep -q '^3\\. Share Screen  \\[share\\]  dynamic' '$W/list1.out' && grep -q '^1\\. New Message  \\[compose\\]  static' '$W/list1.out'"
check "the dynamic item is persisted" test -s "$W/state/forcetouch/shortcuts.json"
stop_daemon
start_daemon
forcectl shortcuts list > "$W/list2.out" 2>&1
check "after a restart the dynamic item is still listed" grep -q '^3\. Share Screen  \[share\]  dynamic' "$W/list2.out"
forcectl shortcuts update share --title "Share This Screen" > /dev/null 2>&1
forcectl shortcuts list --json > "$W/list3.json" 2>&1
check "update by type changes the title and keeps the rest" \
    bash -c "grep -q '\"title\":\"Share This Screen\"' '$W/list3.json' && grep -q '\"room\":42' '$W/list3.json'"
for i in 1 2 3; do forcectl shortcuts add --type "extra$i" --title "Extra $i" > /dev/null 2>&1; done
forcectl shortcuts list > "$W/list4.out" 2>&1
check "the menu shows at most 4 items" test "$(grep -c '^[0-9]\.' "$W/list4.out")" -eq 4
forcectl perform compose > "$W/perform.out" 2>&1
check "forcectl perform runs the item and reports success" \
    bash -c "grep -q 'compose: success' '$W/perform.out' && grep -q '^qa-compose ' '$FT_ACTIONS'"
forcectl perform nonexistent > "$W/perform2.out" 2>&1
check "performing an unknown type reports failure" grep -q 'no quick action of type' "$W/perform2.out"

# 3. A keys action types on the virtual keyboard; read back through libevdev (evemu-record).
kbd="$(grep -B1 -A5 'Name="forcetouch virtual keyboard"' /proc/bus/input/devices | sed -n 's/.*Handlers=.*\(event[0-9]*\).*/\1/p' | head -1)"
check "the virtual keyboard exists" test -n "$kbd"
timeout 20 evemu-record "/dev/input/$kbd" > "$W/keys.evemu" 2>/dev/null &
recorder=$!
# The recorder is reading once it has written the device's description; the combination is
# complete once KEY_LEFTCTRL (001d) is released.
wait_for '^N: ' "$W/keys.evemu" 30
play_through pressure-touchscreen.desc "$REC/long-press.events"
wait_for '^E: .* 0001 001d 0000' "$W/keys.evemu" 30
kill "$recorder" 2>/dev/null; wait "$recorder" 2>/dev/null
check "KEY_LEFTCTRL+KEY_A pressed in order and released in reverse" bash -c "
    grep -E '^E: .* 0001 00(1d|1e) ' '$W/keys.evemu' | awk '{print \$4, \$5}' | tr '\n' ' ' | grep -q '^001d 0001 001e 0001 001e 0000 001d 0000 '"

# 4. Another user's forcectl is refused.
setpriv --reuid=4242 --regid=4242 --clear-groups "$BIN/forcectl" status --socket "$SOCK" > "$W/other.out" 2>&1
check "another user's forcectl is refused" bash -c "grep -q 'permission denied' '$W/other.out' || grep -q 'Permission denied' '$W/other.out'"
forcectl status > "$W/status.out" 2>&1
check "the daemon's own user is served" grep -q '^capability: available\|^capability: unknown\|^capability: ' "$W/status.out"

# 5. A subscriber sees gesture, dispatch and result events, in order.
forcectl events --count 40 > "$W/events.out" 2>&1 &
sub=$!
# The subscriber must be registered before the device appears, or its capability event is
# missed: wait until the daemon counts it rather than for a fixed second.
for _ in $(seq 300); do forcectl status 2>/dev/null | grep -q '^subscribers: [1-9]' && break; sleep 0.1; done
play_through pressure-touchscreen.desc "$REC/tap.events"
wait_for '"event":"result".*"label":"binding\[3\]' "$W/events.out" 30
kill "$sub" 2>/dev/null
g=$(grep -n '"event":"gesture",.*"gesture":"tap"' "$W/events.out" | head -1 | cut -d: -f1)
d=$(grep -n '"event":"dispatch".*binding\[3\]' "$W/events.out" | head -1 | cut -d: -f1)
r=$(grep -n '"event":"result".*binding\[3\].*"result":"success"' "$W/events.out" | head -1 | cut -d: -f1)
check "the subscriber saw the gesture, then the dispatch, then the result" \
    bash -c "[ -n '$g' ] && [ -n '$d' ] && [ -n '$r' ] && [ '$g' -lt '$d' ] && [ '$d' -lt '$r' ]"
check "the dispatch carries its gesture's time and when it was dispatched, on the same clock, not before it" \
    /usr/bin/python3 - "$W/events.out" <<'PY'
import json, sys, time
lines = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
tap = next(m for m in lines if m.get("event") == "gesture" and m["gesture"] == "tap")
d = next(m for m in lines if m.get("event") == "dispatch" and "binding[3]" in m["label"])
now = time.clock_gettime(time.CLOCK_MONOTONIC)
sys.exit(0 if d["time"] == tap["time"] and d["time"] <= d["dispatched"] <= now else 1)
PY
check "the subscriber saw the capability of the new device" grep -q '"capability":"available",.*"event":"capability"' "$W/events.out"

# 6. Garbage on the socket: errors and dropped clients, while gestures and dispatch go on.
as_nobody /usr/bin/python3 - "$SOCK" > "$W/garbage.out" 2>&1 <<'PY'
import socket, sys, os
path = sys.argv[1]
replies = 0
for i in range(20):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    s.settimeout(5)
    try:
        if i % 4 == 0:
            s.sendall(os.urandom(200000))            # binary noise, no newline: too long
        elif i % 4 == 1:
            s.sendall(b"{not json}\n[1,2]\n{\"op\":42}\n{\"op\":\"nope\"}\n")
        elif i % 4 == 2:
            s.sendall(b"{\"op\":\"subscribe\"}\n")     # a subscriber that never reads
            continue
        else:
            s.sendall(b"\xff\xfe\n" * 1000)
        data = s.recv(65536)
        replies += data.count(b'"ok":false')
    except Exception as e:
        pass
    s.close()
print("error replies", replies)
PY
check "malformed requests get error replies" grep -Eq 'error replies [1-9]' "$W/garbage.out"
before="$(count '^tap ')"
play_through pressure-touchscreen.desc "$REC/tap.events"
check "after the garbage, a tap still runs its action" wait_for "^tap " "$FT_ACTIONS" 30
# Nothing to wait for when no second action runs: a time window for one.
sleep 0.5
check "exactly once" test "$(count '^tap ')" -eq $((before + 1))
check "forcectl still works after the garbage" forcectl status
check "the daemon is still running" kill -0 "$daemon_pid"

# 7. Auto-calibration: the daemon learns the average touch from ordinary touches, keeps it
# across a restart, and forgets it on request.
python3 - "$W/touches.events" <<'PY'
import sys
f = open(sys.argv[1], "w")
def e(t, typ, code, value):
    f.write("E: %.6f %04x %04x %d\n" % (t, typ, code, value))
t = 0.0
for i in range(22):
    # Down at half the level, held at 100/101 for 60 ms, lifted: an ordinary tap whose
    # level is past peek (76.5) but far shorter than the dwell.
    for c, v in ((0x2f, 0), (0x39, 500 + i), (0x35, 300 + 20 * (i % 5)), (0x36, 300), (0x3a, 50)):
        e(t, 3, c, v)
    e(t, 0, 0, 0)
    for k in range(1, 7):
        e(t + 0.01 * k, 3, 0x3a, 100 + k % 2); e(t + 0.01 * k, 0, 0, 0)
    e(t + 0.08, 3, 0x39, -1); e(t + 0.08, 0, 0, 0)
    t += 0.4
PY
logmark="$(mark "$LOG")"
device touches pressure-touchscreen.desc
inject touches "$W/touches.events" &
touches_inject=$!
check "the daemon learns an average touch from ordinary touches" \
    wait_for 'learned average touch 100(\.5)? raw from 2[0-9] touches' "$LOG" 90
forcectl devices > "$W/devices-learned.out" 2>&1
check "forcectl devices shows the learned calibration" \
    grep -Eq 'calibration learned from 2[0-9] touches, average touch 100(\.5)? raw' "$W/devices-learned.out"
check "none of those touches was a deep press" bash -c "! tail -c +$((logmark + 1)) '$LOG' | grep -q 'deep-press began'"
wait "$touches_inject"
stop_daemon
check "the learned calibration is in \$XDG_STATE_HOME/forcetouch/calibration.json" \
    grep -q '"forcetouch-it pressure touchscreen"' "$W/state/forcetouch/calibration.json"
start_daemon
forcectl devices > "$W/devices-restarted.out" 2>&1
check "after a restart the device starts from what was learned" \
    grep -Eq 'calibration learned from 2[0-9] touches, average touch 100(\.5)? raw' "$W/devices-restarted.out"
forcectl calibration reset "forcetouch-it pressure touchscreen" > "$W/reset.out" 2>&1
check "forcectl calibration reset forgets it" \
    grep -q 'forcetouch-it pressure touchscreen: learned calibration forgotten' "$W/reset.out"
forcectl devices > "$W/devices-reset.out" 2>&1
check "the device is back on the default calibration" \
    grep -Eq 'calibration default, average touch 38.25 raw' "$W/devices-reset.out"
unplug touches
check "and the file no longer holds it" \
    bash -c "! grep -q 'forcetouch-it pressure touchscreen' '$W/state/forcetouch/calibration.json'"
if forcectl calibration reset "no such device" > "$W/reset-none.out" 2>&1; then rc=0; else rc=$?; fi
check "resetting an unknown device fails" test "$rc" -eq 1
check "and says why" grep -q 'no device "no such device"' "$W/reset-none.out"

# A state directory the daemon cannot write: each failed save is reported with the file,
# and the next is tried when a made one would be (the first average, a minute later, the
# device gone), not at every read of the device.
stop_daemon
chmod 555 "$W/state/forcetouch"
start_daemon
logmark="$(mark "$LOG")"
device touches pressure-touchscreen.desc
inject touches "$W/touches.events"
unplug touches
tail -c +$((logmark + 1)) "$LOG" | grep 'cannot save the learned calibration' > "$W/save-failed.txt" || true
check "a calibration file that cannot be written is reported, with its path" \
    grep -q "$W/state/forcetouch/calibration.json: cannot save the learned calibration" "$W/save-failed.txt"
check "and tried again at the first average and when the device goes, not after each of the 22" \
    test "$(wc -l < "$W/save-failed.txt")" -le 3
check "the daemon goes on" kill -0 "$daemon_pid"
chmod 755 "$W/state/forcetouch"

stop_daemon

# 8. forcectl doctor (issue 51): a configuration that claims touches and types keys but shows
# no menu; a uinput touchscreen the daemon's user may read and /dev/uinput it may open (all
# it needs: exit 0), then a node it may not read (the udev rule's fix) and /dev/uinput it may
# not open (exit 1 each); without the daemon, the same node from udev's database.
cat > "$W/doctor.toml" <<TOML
[[binding]]
gesture = "long-press"
keys = "KEY_LEFTCTRL+KEY_A"

[[binding]]
gesture = "tap"
exec = ["$R", "tap"]
TOML
chmod 644 "$W/doctor.toml"
cp "$W/config.toml" "$W/config-menus.toml" && cp "$W/doctor.toml" "$W/config.toml"
start_daemon
device doctor pressure-touchscreen.desc
doctor_node="$(cat "$W/doctor.node")"
if forcectl doctor > "$W/doctor-healthy.out" 2>&1; then rc=0; else rc=$?; fi
check "forcectl doctor: the touchscreen readable with force, uinput, 2 bindings, no menu needed: exit 0 ($rc)" \
    bash -c "[ $rc = 0 ] && grep -qx 'ok       $doctor_node \"forcetouch-it pressure touchscreen\" (touchscreen): force available (.*)' '$W/doctor-healthy.out' &&
             grep -q '^ok       touches can be claimed' '$W/doctor-healthy.out' && grep -q '^ok       2 binding(s): $W/config.toml\$' '$W/doctor-healthy.out'"
check "... nobody draws menus: a warning, since no binding shows one" grep -q '^warning  nobody draws menus at the finger' "$W/doctor-healthy.out"
check "... the haptics path the daemon chose: none here (no feedbackd, no force feedback), a warning with the fix" \
    bash -c "grep -qx 'warning  haptics: none: no feedbackd on the bus and no device with force feedback' '$W/doctor-healthy.out' &&
             grep -q '^         fix: a tick needs feedbackd' '$W/doctor-healthy.out'"
chmod 600 /dev/uinput
if forcectl doctor > "$W/doctor-uinput.out" 2>&1; then rc=0; else rc=$?; fi
chmod 666 /dev/uinput
check "forcectl doctor: /dev/uinput the daemon may not open is a problem (a binding claims), with the fix; exit 1 ($rc)" \
    bash -c "[ $rc = 1 ] && grep -q '^problem  touches cannot be claimed, nor keys and clicks injected: /dev/uinput: Permission denied' '$W/doctor-uinput.out' &&
             grep -q '^         fix: sudo modprobe uinput' '$W/doctor-uinput.out'"
stop_daemon
chmod 600 "$doctor_node"
start_daemon
if forcectl doctor > "$W/doctor-denied.out" 2>&1; then rc=0; else rc=$?; fi
check "forcectl doctor: a touchscreen the daemon may not read is a problem, the installed udev rule the fix; exit 1 ($rc)" \
    bash -c "[ $rc = 1 ] && grep -qx 'problem  $doctor_node \"forcetouch-it pressure touchscreen\": the daemon may not read it (permission denied)' '$W/doctor-denied.out' &&
             grep -q '^         fix: the udev rule /etc/udev/rules.d/70-forcetouch.rules is installed: apply it' '$W/doctor-denied.out'"
as_nobody "$BIN/forcetest" list > "$W/list-doctor.out" 2>&1
check "forcetest list points to forcectl doctor" grep -q 'forcectl doctor' "$W/list-doctor.out"
stop_daemon
if forcectl doctor > "$W/doctor-nodaemon.out" 2>&1; then rc=0; else rc=$?; fi
check "forcectl doctor without the daemon: not running, how to start it, and the node it may not read; exit 1 ($rc)" \
    bash -c "[ $rc = 1 ] && grep -q '^problem  the daemon is not running' '$W/doctor-nodaemon.out' &&
             grep -q '^         fix: systemctl --user start forcetouchd' '$W/doctor-nodaemon.out' &&
             grep -qx 'problem  $doctor_node \"forcetouch-it pressure touchscreen\" (touchscreen): you may not read it (permission denied)' '$W/doctor-nodaemon.out'"
chmod 666 "$doctor_node"
if forcectl doctor > "$W/doctor-nodaemon-readable.out" 2>&1; then rc=0; else rc=$?; fi
check "... the node readable again: ok" \
    grep -qx "ok       $doctor_node \"forcetouch-it pressure touchscreen\" (touchscreen): you may read it" "$W/doctor-nodaemon-readable.out"
# No daemon to see it go: the device's process ended alone.
kill "$(cat "$W/doctor.pid")"; wait "$(cat "$W/doctor.pid")" 2>/dev/null
cp "$W/config-menus.toml" "$W/config.toml"
# What the checks read, kept beside the daemon log for whoever reads a failure.
mkdir -p "$OUT/control" && cp "$W"/*.out "$W"/*.json "$W"/*.txt "$OUT/control/" 2>/dev/null
summary control-integration
