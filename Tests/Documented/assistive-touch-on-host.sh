#!/usr/bin/env bash
# The AssistiveTouch button (docs/SPEC.md §6, README "The AssistiveTouch button") through the
# built programs on this machine: forcetouchd's replays of a tap on the button and a tap
# elsewhere, the menu of the other slots when single-tap is unset, the AssistiveButton signal
# and the control socket's assistive-button event, and forcetouch-overlay drawing the button
# where the signal says on real display servers: Xvfb with openbox (an override-redirect popup
# cut to a circle) and sway 1.7 headless with the pixman renderer (a layer-shell surface,
# translucent while idle). Screenshots (import, grim) are checked pixel by pixel.
# Everything runs as an ordinary user (nobody when run as root: sway refuses root), every wait
# is bounded, and every process started here is stopped by its pid.
# Usage: Tests/Documented/assistive-touch-on-host.sh   (FORCETOUCH_BIN: the binaries, default
#        .build/debug; SAVE_IMAGES=1 copies the screenshots to docs/images/)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup assistive-touch-on-host assistive
host_requires Xvfb openbox sway grim import convert xdotool dbus-daemon gdbus dbus-monitor
host_binaries
host_home
. Tests/Documented/bus-peer.sh

# A fake menu program: it records the titles it was given and picks the second.
cat > "$W/fake-menu" <<'SH'
#!/bin/sh
cat > "$FAKE_MENU_LOG"
sed -n 2p "$FAKE_MENU_LOG"
SH
chmod 755 "$W/fake-menu"
cat > "$CONFIG" <<TOML
[quick-actions]
menu = ["$W/fake-menu"]

# The button, at its default place: the right edge, a third of the way down.
[assistive-touch]
single-tap = { exec = ["touch", "$W/single-tap-ran"] }
long-press = { exec = ["touch", "$W/long-press-ran"] }
TOML
# Single-tap unset: a tap on the button opens the menu of the others.
cat > "$W/menu.toml" <<TOML
[quick-actions]
menu = ["$W/fake-menu"]

[assistive-touch]
double-tap = { notify = "double" }
long-press = { exec = ["touch", "$W/menu-long-press-ran"] }
deep-press = { notify = "3D Touch" }
TOML
chmod 644 "$W/menu.toml"

# Recordings on the demo touchscreen (1000 x 600): one tap at (X, Y).
tap_recording() {
    sed -n '/^E:/q;p' demo/touchscreen-gestures.evemu
    printf 'E: 0.500000 0003 002f 0000\nE: 0.500000 0003 0039 0100\nE: 0.500000 0003 0035 %04d\n' "$2"
    printf 'E: 0.500000 0003 0036 %04d\nE: 0.500000 0003 003a 0040\nE: 0.500000 0000 0000 0000\n' "$3"
    printf 'E: 0.570000 0003 0039 -001\nE: 0.570000 0000 0000 0000\n'
    printf 'E: 2.000000 0000 0000 0000\n'
} 
# The button's centre is (0.94, 1/3): (940, 200) on the device.
tap_recording on 940 200 > "$W/on-button.evemu"
tap_recording elsewhere 500 300 > "$W/elsewhere.evemu"
chmod 644 "$W"/*.evemu
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"

start_session_bus
user_env+=("FAKE_MENU_LOG=$W/fake-menu.log")
chmod 777 "$W"
ROOT_PATH=/io/github/forcetouch/Daemon1
IFACE=io.github.forcetouch.Daemon1

doc_runner=(as_user)
doc <<'CMD'
forcetouchd --check-config
CMD
check "the button's configuration passes --check-config" test "$doc_status" = 0

# ---------------------------------------------------------------- the slots listen on the button
as_user timeout 60 "$BIN/forcetouchd" --replay "$W/elsewhere.evemu" > "$W/elsewhere.log" 2>&1
check "a tap elsewhere on the screen does not run the single-tap slot" \
    bash -c "! grep -q 'dispatch assistive-touch' '$W/elsewhere.log' && test ! -e '$W/single-tap-ran'"
as_user timeout 60 "$BIN/forcetouchd" --replay "$W/on-button.evemu" > "$W/on-button.log" 2>&1
check "a tap on the button runs the single-tap slot" grep -q 'dispatch assistive-touch single-tap → exec touch' "$W/on-button.log"
check "... and its command ran" test -e "$W/single-tap-ran"
check "... and nothing else did" test ! -e "$W/long-press-ran"

# Single-tap unset: the menu of the other slots, to the menu program (no overlay on the bus).
as_user timeout 60 "$BIN/forcetouchd" --config "$W/menu.toml" --replay "$W/on-button.evemu" > "$W/menu.log" 2>&1
check "single-tap unset: a tap on the button hands the other slots to the menu (Double-Tap, Long Press, 3D Touch)" \
    bash -c "[ \"\$(tr '\n' '|' < '$W/fake-menu.log')\" = 'Double-Tap|Long Press|3D Touch|' ]"
check "... and the slot chosen (Long Press) runs" test -e "$W/menu-long-press-ran"
rm -f "$W/fake-menu.log"
as_user timeout 60 "$BIN/forcetouchd" --config "$W/menu.toml" --replay "$W/elsewhere.evemu" > "$W/menu-elsewhere.log" 2>&1
check "... a tap elsewhere opens no menu" test ! -e "$W/fake-menu.log"

# ---------------------------------------------------------------- the signal and the socket
bg_user "$W/monitor.txt" dbus-monitor --address "$ADDRESS" "type='signal',interface='$IFACE',member='AssistiveButton'"
monitor_pid=$last_pid
# A monitor once the bus has taken its names away (NameLost, its first lines).
wait_for 'member=NameLost' "$W/monitor.txt" 10 > /dev/null
bg_user "$W/daemon.log" "$BIN/forcetouchd"
daemon_pid=$last_pid
wait_for 'control socket' "$W/daemon.log" 20 > /dev/null
doc --bg <<'CMD'
forcectl events
CMD
events_pid=$doc_pid
pids+=("$events_pid")
EVENTS="$DOC_OUT"
wait_until 10 subscribed as_user "$BIN/forcectl"
as_user "$BIN/forcectl" reload > /dev/null 2>&1
check "forcectl events: a reload tells subscribers where the button is" \
    wait_for '"event":"assistive-button"' "$EVENTS" 10
check "... at its default place, idle" \
    grep -Eq '"event":"assistive-button".*"state":"idle"' "$EVENTS"
check "... and the bus's AssistiveButton signal says the same (0.94, 1/3, 0.12, idle)" \
    bash -c "grep -A6 'member=AssistiveButton' '$W/monitor.txt' | tr -s ' \n' ' ' | grep -q 'double 0.94 double 0.333333 double 0.12 string \"\" string \"idle\"'"
stop "$events_pid"

# ---------------------------------------------------------------- X11: Xvfb and openbox
# The daemon's signals, from the test's stand-in owning its name (bus-peer.sh): the overlay
# believes no one else.
emit() { peer_emit "$@"; }
# button X Y SIZE STATE
button() { emit AssistiveButton "$1" "$2" "$3" "''" "'$4'"; }
# shot_until FILE SHOT X Y TEST VALUE: SHOT FILE again until the pixel at X, Y is TEST (-gt,
# -lt, -eq) VALUE, at most 5 s: the overlay logs a frame as it hands it to the display server.
shot_until() {
    for _ in $(seq 25); do
        "$2" "$1"
        [ "$(pixel "$1" "$3" "$4")" "$5" "$6" ] && return 0
        sleep 0.2
    done
    return 1
}
# The last `button X Y D state` the overlay logged.
logged_button() { grep -E '^button [0-9]+ [0-9]+ [0-9]+ ' "$1" | tail -1 | awk '{ print $2, $3, $4 }'; }

start_x11
stop "$daemon_pid"
bg_user "$W/x11-overlay.log" "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
check "x11: the overlay takes its name" wait_for 'Overlay1 on the session bus' "$W/x11-overlay.log" 10
# Single-tap unset, with the overlay on the bus: the menu of the slots opens there, beside the
# button (anchored at its inner edge, 0.88), and Escape dismisses it.
bg_user "$W/menu-overlay.log" "$BIN/forcetouchd" --config "$W/menu.toml" --replay "$W/on-button.evemu"
replay_pid=$last_pid
check "x11: a tap on the button with single-tap unset opens the menu of the slots in the overlay, beside the button" \
    wait_for '^menu [0-9]+ shown: 3 item\(s\) at 0\.880,0\.333' "$W/x11-overlay.log" 30
# The items are logged after the menu's line: wait for the last one.
check "x11: ... its items are the slots that are set" \
    bash -c "$(declare -f wait_for); wait_for '^item 2 \"3D Touch\" ' '$W/x11-overlay.log' 5 && grep -q '^item 0 \"Double-Tap\" ' '$W/x11-overlay.log'"
# On screen, then Escape: the card's light left edge, half-way down.
read -r mx my mw mh < <(grep -E '^menu [0-9]+ scale' "$W/x11-overlay.log" | tail -1 | awk '{ print $5, $6, $7, $8 }')
shot_until "$W/x11-slots.png" shot_x11 $(( ${mx:-0} + 6 )) $(( ${my:-0} + ${mh:-0} / 2 )) -gt 200
as_user xdotool key Escape
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
check "x11: ... Escape dismisses it and the replay ends" bash -c "! kill -0 $replay_pid 2>/dev/null"
# The daemon sees the overlay come and tells it where the button is.
bg_user "$W/daemon2.log" "$BIN/forcetouchd"
daemon_pid=$last_pid
# 0.12 of 768 is 92 px; its centre at (0.94 x 1024, 768 / 3) = (962.56, 256).
check "x11: the daemon tells the overlay, which draws the button at its default place (917 210 92)" \
    wait_for '^button 917 210 92 idle' "$W/x11-overlay.log" 20
read -r bx by bd < <(logged_button "$W/x11-overlay.log")
cx=$(( bx + bd / 2 )) cy=$(( by + bd / 2 ))
shot_until "$W/x11-button.png" shot_x11 $cx $cy -gt 220
centre="$(pixel "$W/x11-button.png" $cx $cy)"
disc="$(pixel "$W/x11-button.png" $(( cx + bd * 4 / 10 )) $cy)"
ring="$(pixel "$W/x11-button.png" $(( cx + bd * 31 / 100 )) $cy)"
corner="$(pixel "$W/x11-button.png" $(( bx + 2 )) $(( by + 2 )))"
away="$(pixel "$W/x11-button.png" 500 400)"
check "x11: the screenshot shows the button there: a light centre ($centre), a grey ring ($ring), a dark disc ($disc)" \
    test "$centre" -gt 220 -a "$ring" -gt 120 -a "$ring" -lt 230 -a "$disc" -gt 15 -a "$disc" -lt 60
check "x11: ... round: its square's corner is the screen behind ($corner), as is the rest ($away)" \
    test "$corner" -lt 10 -a "$away" -lt 10
stop "$daemon_pid"
check "x11: the daemon stopped, the button goes with it" \
    wait_for '^button hidden: forcetouchd left the bus' "$W/x11-overlay.log" 10
peer_start
# Moved (as a drop would): it is drawn at its new place, the old one left empty.
button 0.06 0.75 0.12 idle
check "x11: moved to the left edge (0.06, 0.75), it is drawn there (15 530 92)" \
    wait_for '^button 15 530 92 idle' "$W/x11-overlay.log" 10
shot_until "$W/x11-moved.png" shot_x11 61 576 -gt 220
check "x11: ... the screenshot shows it there ($(pixel "$W/x11-moved.png" 61 576)) and not at the old place ($(pixel "$W/x11-moved.png" $cx $cy))" \
    test "$(pixel "$W/x11-moved.png" 61 576)" -gt 220 -a "$(pixel "$W/x11-moved.png" $cx $cy)" -lt 10
button 0.0 0.0 0.0 hidden
check "x11: hidden when the configuration has no button" wait_for '^button hidden$' "$W/x11-overlay.log" 10
# Killed while another process waits in the bus's queue for its name, which passes to it at once
# (no moment without an owner, issue 48): the button, which the new owner never showed, goes.
m="$(wc -c < "$W/x11-overlay.log")"
button 0.06 0.75 0.12 idle
wait_for_new "$m" '^button 15 530 92 idle' "$W/x11-overlay.log" 10
peer_queue
{ kill -KILL "$PEER"; wait "$PEER"; } 2> /dev/null
check "x11: the daemon killed, its name passed to a process queued for it: the button goes" \
    wait_for_new "$m" '^button hidden: forcetouchd left the bus' "$W/x11-overlay.log" 10
shot_until "$W/x11-replaced.png" shot_x11 61 576 -lt 10
check "x11: ... the screenshot shows it no longer ($(pixel "$W/x11-replaced.png" 61 576))" \
    test "$(pixel "$W/x11-replaced.png" 61 576)" -lt 10
stop "$QUEUED"
peer_stop
stop "$overlay_pid"; stop "$openbox_pid"; stop "$xvfb_pid"

# ---------------------------------------------------------------- Wayland: sway, headless
start_sway '#808080'
bg_user "$W/sway-overlay.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
check "sway: the overlay takes its name" wait_for 'Overlay1 on the session bus' "$W/sway-overlay.log" 10
peer_start
button 0.94 0.3333333 0.12 idle
check "sway: the button is drawn at its place (917 210 92)" wait_for '^button 917 210 92 idle' "$W/sway-overlay.log" 10
cx=963 cy=256
shot_until "$W/sway-idle.png" shot_sway $cx $cy -gt 160
idle_centre="$(pixel "$W/sway-idle.png" $cx $cy)" idle_disc="$(pixel "$W/sway-idle.png" $(( cx + 37 )) $cy)"
check "sway: idle, the button is translucent: its dark disc shows the grey behind ($idle_disc, the screen 128)" \
    test "$idle_disc" -gt 50 -a "$idle_disc" -lt 110
check "sway: ... its centre is light ($idle_centre)" test "$idle_centre" -gt 160
check "sway: ... round: its square's corner is the screen behind ($(pixel "$W/sway-idle.png" 919 212))" \
    test "$(pixel "$W/sway-idle.png" 919 212)" = 128
button 0.5 0.5 0.12 dragging
check "sway: dragged, it follows the finger (466 338 92)" wait_for '^button 466 338 92 dragging' "$W/sway-overlay.log" 10
shot_until "$W/sway-dragging.png" shot_sway 512 384 -gt 160
drag_disc="$(pixel "$W/sway-dragging.png" $(( 512 + 37 )) 384)"
check "sway: ... and is opaque while dragged (disc $drag_disc)" test "$drag_disc" -lt 45
check "sway: ... and gone from its old place ($(pixel "$W/sway-dragging.png" $cx $cy))" \
    test "$(pixel "$W/sway-dragging.png" $cx $cy)" = 128
# Dropped at the right edge again, with the menu of the slots open beside it, for the README.
button 0.94 0.3333333 0.12 idle
ITEMS="[{'type': <'assistive-touch.double-tap'>, 'title': <'Double-Tap'>, 'subtitle': <'keys'>}, {'type': <'assistive-touch.long-press'>, 'title': <'Long Press'>, 'subtitle': <'exec'>}, {'type': <'assistive-touch.deep-press'>, 'title': <'3D Touch'>, 'subtitle': <'quick-actions'>}]"
# Where the daemon anchors it: the button's inner edge, at its height.
emit MenuShown "uint32 3" "$ITEMS" 0.88 0.3333333 "'touch'" "''" "@a{sv} {}"
check "sway: the menu of the slots opens beside the button" wait_for '^menu 3 scale 1.000' "$W/sway-overlay.log" 10
# On screen once the rest of the output is dimmed.
shot_until "$W/sway-menu.png" shot_sway 100 100 -lt 120
check "sway: ... the button still shows beside it, dimmed as the rest ($(pixel "$W/sway-menu.png" $cx $cy) against $(pixel "$W/sway-menu.png" 100 100))" \
    test "$(pixel "$W/sway-menu.png" $cx $cy)" -gt $(( $(pixel "$W/sway-menu.png" 100 100) + 10 ))
if [ -n "${SAVE_IMAGES:-}" ]; then
    cp "$W/sway-idle.png" docs/images/assistive-touch.png
    cp "$W/sway-menu.png" docs/images/assistive-touch-menu.png
fi
stop "$overlay_pid"; stop "$sway_pid"; stop "$monitor_pid"; peer_stop
summary assistive-touch-on-host
