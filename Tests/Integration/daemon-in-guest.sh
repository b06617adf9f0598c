#!/usr/bin/env bash
# Integration tests, run inside the QEMU guest by vm/run-tests.sh: forcetouchd, started as
# root and dropping to `nobody`, follows uinput devices that `forcetest replay --uinput`
# creates and plays recordings into, and runs the bound actions; it ticks at peek and pop on
# a uinput vibration motor (ff-motor.py). Usage: daemon-in-guest.sh OUTDIR
set -uo pipefail
ROOT="$PWD"
BIN="$ROOT/.build/debug"
REC="$ROOT/Tests/Integration/recordings"
OUT="$1"
W="$(mktemp -d -t ft.XXXXXX)" && chmod 777 "$W"   # the daemon's user, nobody, writes here
export FT_ACTIONS="$W/actions.log"
: > "$FT_ACTIONS" && chmod 666 "$FT_ACTIONS"
LOG="$OUT/daemon.log"
. "$ROOT/Tests/Integration/lib.sh"
count() { grep -Ec -- "$1" "$FT_ACTIONS"; }
# Plays an events file into a new uinput device: play DESC EVENTS [forcetest options].
play() {
    local desc="$1" events="$2"; shift 2
    "$BIN/forcetest" replay --uinput --desc "$REC/$desc" "$events" "$@"
}
# Waits until the daemon has logged the end of every action it dispatched: a count of
# $FT_ACTIONS after that is final, since each action writes its line before it exits.
settled() {
    local i
    for ((i = 0; i < 300; i++)); do
        [ "$(grep -c '] dispatch ' "$LOG")" -eq "$(grep -Ec '] action .*: (success|failure|cancelled)' "$LOG")" ] && return 0
        sleep 0.1
    done
    return 1
}
daemon_pid=""
cleanup() { [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null; kill $(jobs -p) 2>/dev/null; rm -rf "$W"; }
trap cleanup EXIT

# --- udev: the project's rule, plus a stand-in for logind's uaccess ACL (no logind here):
# the daemon's user may open the nodes the rule marked (FORCETOUCH_DEVICE=1, where it tags
# uaccess), except the one whose name says forbidden, and the vibration motor (feedbackd's
# rule tags a phone's uaccess).
start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{FORCETOUCH_DEVICE}=="1", ATTRS{name}!="*forbidden*", MODE="0666"
SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="forcetouch-it vibration motor", MODE="0666"
RULES

config() {
    cat > "$W/config.toml.new"
    mv "$W/config.toml.new" "$W/config.toml"
    chmod 644 "$W/config.toml"
}
config <<TOML
[general]
action-timeout = 5.0

[[binding]]
gesture = "tap"
exec = ["$ROOT/Tests/Integration/record-action.sh", "tapA"]

[[binding]]
gesture = "long-press"
exec = ["$ROOT/Tests/Integration/record-action.sh", "long"]

[[binding]]
gesture = "deep-press"
exec = ["$ROOT/Tests/Integration/record-action.sh", "deep"]
TOML

# --- the daemon starts first; every device below is hot-plugged
"$BIN/forcetouchd" --config "$W/config.toml" --user nobody --verbose > "$LOG" 2>&1 &
daemon_pid=$!
check "daemon is ready" wait_for "ready: " "$LOG"
check "daemon runs as nobody, not root" \
    grep -Eq "^Uid:[[:space:]]+65534[[:space:]]" "/proc/$daemon_pid/status"

# 1. Hot-plug, capability, tap.
play_through pressure-touchscreen.desc "$REC/tap.events"
check "hot-plugged pressure touchscreen is found as available" \
    wait_for 'pressure touchscreen.*found, capability available.*maximumPossibleForce 6.666667' "$LOG"
check "a tap runs its action" wait_for '^tapA gesture=tap phase=ended fingers=1 device=forcetouch-it pressure touchscreen ' "$FT_ACTIONS"
settled
check "the tap action ran exactly once" test "$(count '^tapA')" -eq 1

# 2. Long press with a still finger: no event between down and lift, fired at the deadline.
# The finger is held between the recording's touch and its lift (evemu-play does not wait out
# such a gap), then lifted: the lift is when the last inject returns.
device p2 pressure-touchscreen.desc
inject p2 <(head -n 6 "$REC/long-press.events")
# Real time is what is tested: the finger held still 1.5 s, past the long press's deadline.
sleep 1.5
inject p2 <(tail -n 2 "$REC/long-press.events")
read -r lifted _ < /proc/uptime
unplug p2
check "a long press runs its action" wait_for '^long gesture=long-press phase=began fingers=1 ' "$FT_ACTIONS" 30
settled
long_at="$(grep '^long ' "$FT_ACTIONS" | head -1 | sed 's/.*uptime=//')"
check "the long press fired while the finger was still down" \
    awk -v a="$long_at" -v b="$lifted" 'BEGIN { exit !(a != "" && a < b) }'
check "the long press ran exactly once" test "$(count '^long ')" -eq 1
check "the long press was not also a tap" test "$(count '^tapA')" -eq 1

# 3. Deep press.
play_through pressure-touchscreen.desc "$REC/deep-press.events"
check "a deep press runs its action with its force" \
    wait_for '^deep gesture=deep-press phase=began fingers=1 .*force=2\.[0-9]+ .*stage=peek' "$FT_ACTIONS" 30
settled
check "the deep press ran exactly once" test "$(count '^deep ')" -eq 1

# 3b. Haptics (issue 51): a tick at peek and at pop on a vibration motor's force feedback. The
# motor is a uinput device with FF_RUMBLE (ff-motor.py: the side of uinput that answers the
# daemon's effect uploads and sees its plays); nothing else here has force feedback, and there
# is no session bus, so no feedbackd.
check "with nothing to play ticks on, the daemon says so, once" \
    test "$(grep -c 'haptics: none: no feedbackd on the bus and no device with force feedback' "$LOG")" -eq 1
# The same deep press, pressed on to its pop.
{ awk '$2 + 0 <= 0.34' "$REC/deep-press.events"
  for i in 1 2 3 4 5; do printf 'E: 0.%02d0000 0003 003a %04d\nE: 0.%02d0000 0000 0000 0000\n' $((34 + 2 * i)) $((100 + 30 * i)) $((34 + 2 * i)); done
  printf 'E: 0.480000 0003 0039 -001\nE: 0.480000 0000 0000 0000\n'; } > "$W/pop.events"
# motor_has N WHAT: waits (10 s at most) until the motor has seen N requests matching ^WHAT.
# A play is `value=1`; `value=0` is the kernel stopping an effect it erases.
motor_has() {
    local i
    for ((i = 0; i < 100; i++)); do [ "$(grep -c "^$2" "$W/motor.out")" -eq "$1" ] && return 0; sleep 0.1; done
    return 1
}
from="$(mark "$LOG")"
/usr/bin/python3 "$ROOT/Tests/Integration/ff-motor.py" "forcetouch-it vibration motor" "$W/motor.out" &
motor_pid=$!
wait_for '^created at ' "$W/motor.out" 20
motor="$(node_of "$W/motor.out")"
check "a hot-plugged vibration motor is chosen for the ticks" \
    wait_for_new "$from" "haptics: force feedback on $motor \(FF_RUMBLE\)" "$LOG" 30
check "... its two effects uploaded once: a light one for the peek, a firm one for the pop" \
    bash -c "$(declare -f motor_has); W='$W'; motor_has 2 'upload ' &&
             grep -q '^upload .* type=0x50 length=15 strength=50$' '$W/motor.out' &&
             grep -q '^upload .* type=0x50 length=25 strength=100$' '$W/motor.out'"
peek_id="$(sed -n 's/^upload id=\([0-9]*\) .*strength=50$/\1/p' "$W/motor.out")"
pop_id="$(sed -n 's/^upload id=\([0-9]*\) .*strength=100$/\1/p' "$W/motor.out")"
before_deep="$(count '^deep ')"
play_through pressure-touchscreen.desc "$W/pop.events"
settled
check "a deep press to its pop ticks twice: the peek's effect, then the pop's" \
    bash -c "$(declare -f motor_has); W='$W'; motor_has 2 'play .* value=1 ' &&
             [ \"\$(grep '^play ' '$W/motor.out' | cut -d' ' -f2,3 | tr '\n' '|')\" = 'id=$peek_id value=1|id=$pop_id value=1|' ]"
sed '/^\[general\]$/a haptics = "off"' "$W/config.toml" | config
from="$(mark "$LOG")"
kill -HUP "$daemon_pid"
check "haptics = \"off\" on SIGHUP: the daemon says so" wait_for_new "$from" 'haptics: off' "$LOG" 30
check "... and gives the motor's effects back" motor_has 2 'erase '
play_through pressure-touchscreen.desc "$W/pop.events"
settled
check "... and the deep press still runs its action" test "$(count '^deep ')" -eq $((before_deep + 2))
sed '/^haptics = /d' "$W/config.toml" | config
from="$(mark "$LOG")"
kill -HUP "$daemon_pid"
check "haptics back to auto on SIGHUP: the motor again, its effects uploaded anew" \
    bash -c "$(declare -f wait_for_new motor_has); W='$W'
             wait_for_new $from 'haptics: force feedback on $motor \\(FF_RUMBLE\\)' '$LOG' 30 && motor_has 4 'upload '"
play_through pressure-touchscreen.desc "$W/pop.events"
settled
# The motor sees its requests in order: a play while haptics were off would sit between the
# erases and the second uploads.
check "... with haptics off nothing was played; on again, the next deep press ticks twice" \
    bash -c "$(declare -f motor_has); W='$W'; motor_has 4 'play .* value=1 ' &&
             [ \"\$(grep -v ' value=0 ' '$W/motor.out' | cut -d' ' -f1 | tr '\n' ' ')\" = 'created upload upload play play erase erase upload upload play play ' ]" \
    || sed 's/^/    /' "$W/motor.out"
from="$(mark "$LOG")"
kill "$motor_pid"; wait "$motor_pid" 2>/dev/null
check "the motor unplugged: no ticks, said once more" \
    wait_for_new "$from" 'haptics: none: no feedbackd on the bus and no device with force feedback' "$LOG" 30

# 4. A device without pressure is unavailable; one the daemon's user may not open is unknown.
# Both devices stay while they are checked (a long linger), and are unplugged after.
play plain-touchscreen.desc "$REC/tap.events" --linger 30 > "$W/p4a.out" &
plain_player=$!
play forbidden-touchscreen.desc "$REC/tap.events" --linger 30 > "$W/p4b.out" &
forbidden_player=$!
wait_for '^played ' "$W/p4a.out" 20
wait_for '^played ' "$W/p4b.out" 20
plain="$(node_of "$W/p4a.out")"
forbidden="$(node_of "$W/p4b.out")"
udevadm settle --timeout=10
udevadm info --query=property --name="$plain" > "$W/plain.props" 2>&1
udevadm info --query=property --name="$forbidden" > "$W/forbidden.props" 2>&1
check "the udev rule marks the touchscreen with pressure for forcetouch, with the uaccess tag" \
    bash -c "grep -qx FORCETOUCH_DEVICE=1 '$W/forbidden.props' && grep -Eq '^TAGS=.*:uaccess:' '$W/forbidden.props'" \
    || sed 's/^/    /' "$W/forbidden.props"
check "the udev rule marks the touchscreen without pressure for forcetouch too, with the uaccess tag" \
    bash -c "grep -qx ID_INPUT_TOUCHSCREEN=1 '$W/plain.props' && grep -qx FORCETOUCH_DEVICE=1 '$W/plain.props' &&
             grep -Eq '^TAGS=.*:uaccess:' '$W/plain.props'" \
    || sed 's/^/    /' "$W/plain.props"
check "touchscreen without pressure axis is unavailable" \
    wait_for "device $plain \"forcetouch-it plain touchscreen\".*found, capability unavailable \(no pressure axis\)" "$LOG" 30
check "device the daemon may not open is unknown, with the reason" \
    wait_for "device $forbidden: capability unknown: .*permission denied" "$LOG" 30
kill "$plain_player" "$forbidden_player" 2>/dev/null
wait "$plain_player" "$forbidden_player"

# 5. Unplugged in the middle of a long press: cancelled, no action; a second device is served.
before_long="$(count '^long ')"
before_tap="$(count '^tapA')"
device second second-touchscreen.desc
# The unplug must come within the long-press deadline (0.5 s) of the touch: the player makes
# it follow 0.1 s after, which a shell could not promise on a slow guest.
from="$(mark "$LOG")"
play pressure-touchscreen.desc "$REC/held-then-unplugged.events" --settle 1.5 --linger 0.1 > "$W/held.out"
check "the unplugged device is reported lost" \
    wait_for_new "$from" "device $(node_of "$W/held.out") \"[^\"]*\": lost" "$LOG" 30
inject second "$REC/tap.events"
unplug second
settled
check "unplugging mid-long-press runs no action" test "$(count '^long ')" -eq "$before_long"
check "the second device is still served" test "$(count '^tapA .*device=forcetouch-it second touchscreen')" -eq 1
check "nothing else ran" test "$(count '^tapA')" -eq $((before_tap + 1))
check "the daemon is still running" kill -0 "$daemon_pid"

# 6. Overflowing the kernel's buffer: a resync, no phantom gesture, correct gestures after.
# The overflow is made certain, however fast the daemon reads: the device is created idle and
# kept, the daemon is stopped (SIGSTOP) once it has opened it, the whole flood is written into
# the device's node meanwhile (evemu-play), and only then does the daemon go on. Its buffer in
# the kernel holds a few hundred events, not the 12000 written: the kernel drops them and says
# so (SYN_DROPPED). The flood is a finger held within the slop for 0.3 s in 4000 frames: had
# the daemon seen it all, it would be a tap.
/usr/bin/python3 - "$W/flood.events" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("E: 0.000000 0003 002f 0000\nE: 0.000000 0003 0039 0777\nE: 0.000000 0003 0035 0400\n"
            "E: 0.000000 0003 0036 0300\nE: 0.000000 0003 003a 0040\nE: 0.000000 0000 0000 0000\n")
    for i in range(1, 4001):
        t = i * 0.000075
        f.write(f"E: {t:.6f} 0003 0035 {400 + i % 2:04d}\nE: {t:.6f} 0003 003a {40 + i % 3:04d}\nE: {t:.6f} 0000 0000 0000\n")
    f.write("E: 0.310000 0003 0039 -001\nE: 0.310000 0000 0000 0000\n")
PY
before="$(wc -l < "$FT_ACTIONS")"
device flood pressure-touchscreen.desc
flood_node="$(cat "$W/flood.node")"
from="$(mark "$LOG")"
kill -STOP "$daemon_pid"
check "the flood is written while the daemon is stopped" \
    bash -c "for _ in \$(seq 100); do grep -q '^State:.*stopped' /proc/$daemon_pid/status && break; sleep 0.1; done
             grep -q '^State:.*stopped' /proc/$daemon_pid/status && evemu-play '$flood_node' < '$W/flood.events'"
kill -CONT "$daemon_pid"
check "the overflow is noticed and resynchronized, the touch in progress cancelled" \
    wait_for_new "$from" "device $flood_node: events dropped by the kernel, resynchronizing; touches in progress are cancelled" "$LOG" 30
unplug flood
settled
check "the lost touch became no gesture" test "$(wc -l < "$FT_ACTIONS")" -eq "$before"
play_through pressure-touchscreen.desc "$REC/tap.events"
settled
check "a tap after the overflow runs its action once" test "$(wc -l < "$FT_ACTIONS")" -eq $((before + 1))

# 7. SIGHUP: a broken file is refused and the old bindings keep working; a fixed one applies.
printf '[[binding]]\ngesture = "tap"\nexec = ["%s", "tapB"\n' "$ROOT/Tests/Integration/record-action.sh" | config
kill -HUP "$daemon_pid"
check "a broken configuration is refused on SIGHUP" wait_for 'reload refused' "$LOG" 30
check "the refusal names file and line" wait_for "$W/config.toml:[0-9]+:" "$LOG" 1
play_through pressure-touchscreen.desc "$REC/tap.events"
settled
check "the old binding still runs after the refused reload" test "$(count '^tapA')" -eq $((before_tap + 3))
config <<TOML
[[binding]]
gesture = "tap"
exec = ["$ROOT/Tests/Integration/record-action.sh", "tapB"]
TOML
kill -HUP "$daemon_pid"
check "a fixed configuration is loaded on SIGHUP" wait_for 'reloaded .*1 binding' "$LOG" 30
play_through pressure-touchscreen.desc "$REC/tap.events"
check "the new binding runs" wait_for '^tapB gesture=tap' "$FT_ACTIONS" 30

# 8. An action that hangs is killed at its timeout, and gestures go on meanwhile. The timeout
# leaves the deep press, played right after the tap, ample time on a slow guest.
config <<TOML
[[binding]]
gesture = "tap"
exec = ["sleep", "60"]
timeout = 10.0

[[binding]]
gesture = "deep-press"
exec = ["$ROOT/Tests/Integration/record-action.sh", "deepDuringHang"]
TOML
kill -HUP "$daemon_pid"
wait_for 'reloaded .*2 binding' "$LOG" 30
device hang pressure-touchscreen.desc
device during pressure-touchscreen.desc
inject hang "$REC/tap.events"
inject during "$REC/deep-press.events"
check "the hanging action started" wait_for 'tap ended: sleep 60 started, pid' "$LOG" 30
check "a deep press during the hang runs its action" wait_for '^deepDuringHang ' "$FT_ACTIONS" 30
check "the hanging action is still running then" bash -c "pgrep -u 65534 -x sleep > /dev/null"
check "the hanging action is killed at its timeout" wait_for 'tap ended: failure: killed after its timeout' "$LOG" 30
check "no hanging child is left" bash -c '! pgrep -u 65534 -x sleep > /dev/null'
unplug hang
unplug during

# 9. SIGTERM stops the daemon cleanly, and its supervised children with it: a tap starts
# `sleep 60` again (10 s timeout), and the daemon is stopped while it runs.
device last pressure-touchscreen.desc
from="$(mark "$LOG")"
inject last "$REC/tap.events"
check "an action is running when the daemon is stopped" wait_for_new "$from" 'tap ended: sleep 60 started, pid' "$LOG" 30
kill -TERM "$daemon_pid"
for _ in $(seq 300); do kill -0 "$daemon_pid" 2>/dev/null || break; sleep 0.1; done
check "SIGTERM stops the daemon" bash -c "! kill -0 $daemon_pid 2>/dev/null"
check "the daemon ended its running action as it stopped" grep -q 'ending 1 running action' "$LOG"
check "no supervised child outlives the daemon" bash -c '! pgrep -u 65534 -x sleep > /dev/null'
kill "$(cat "$W/last.pid")" 2>/dev/null
daemon_pid=""

summary integration
