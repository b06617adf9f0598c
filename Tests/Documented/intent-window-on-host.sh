#!/usr/bin/env bash
# The intent's floating window in forcetouch-overlay (docs/SPEC.md §11, "The intent window", README "The intent
# window"), on real display servers: Xvfb with openbox (X11: clicks through xdotool are the
# taps) and sway 1.7's headless backend with the pixman renderer (Wayland: a layer-shell
# surface; the answers go through the bus methods), each with a real dbus-daemon, forcetouchd
# running the intents of the config below, and `forcectl events` following the runs.
# Screenshots (import under X, grim under sway) are checked pixel by pixel against the
# rectangles the overlay logs (--verbose): the confirmation with Next and Cancel, the success
# window with its check mark after Next, Cancel stopping the run ("not confirmed"), three choices
# of which the second runs the intent with it, an image output, continue-in-app opening the app
# and showing no window, a failure's message and badge. An image output that is a FIFO or
# whose header claims 16384×16384 pixels neither hangs nor swells the overlay. Signals sent
# with no daemon running come from a stand-in owning its name (bus-peer.sh). When the daemon
# goes while a window shows (stopped as systemctl stops it, or killed), the window goes at once;
# a prompt with a newline is logged escaped, on its own line.
# Everything runs as an ordinary user (nobody when run as root: sway refuses root), every wait
# is bounded, and every process started here is stopped by its pid.
# Usage: Tests/Documented/intent-window-on-host.sh   (FORCETOUCH_BIN: the binaries, default
#        .build/debug; SAVE_IMAGES=1 copies the screenshots to docs/images/)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup intent-window-on-host intent
host_requires Xvfb openbox sway grim import xdotool convert dbus-daemon gdbus busctl
host_binaries
host_home .local/share/applications
. Tests/Documented/bus-peer.sh

# The image a handler answers with: magenta, so that its pixels are told from the window's.
convert -size 480x300 xc:'#c02890' -fill white -draw 'rectangle 40,40 200,120' "$W/shot.png"
chmod 644 "$W/shot.png"
# Images no handler should name, but one may: a FIFO, and a 206-byte PNG whose header claims
# 16384×16384 pixels (1 GiB decoded).
mkfifo -m 644 "$W/fifo.png"
cp Tests/Documented/images/claims-16384x16384.png "$W/huge.png" && chmod 644 "$W/huge.png"
# The intents' app: a desktop entry whose program leaves a mark.
cat > "$HOMEDIR/.local/share/applications/ft-notes.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Notes
Exec=touch $W/app-opened
DESKTOP
cat > "$CONFIG" <<TOML
[[intent]]
name = "greet"
title = "Send greeting"
prompt = "Send “{text}” to Alice?"
app = "ft-notes.desktop"
handler = ["sh", "-c", "printf 'Sent: %s' \"\$FORCETOUCH_PARAM_TEXT\""]

[intent.parameters.text]
type = "string"
value = "hello"
confirm = true

[[intent]]
name = "pick"
title = "Pick a colour"
handler = ["sh", "-c", "printf 'picked %s' \"\$FORCETOUCH_PARAM_COLOUR\""]

[intent.parameters.colour]
type = "string"
required = true
choices = ["red", "green", "blue"]

[[intent]]
name = "show-shot"
title = "Screenshot"
handler = ["printf", "%s", "$W/shot.png"]

[[intent]]
name = "show-fifo"
title = "FIFO"
handler = ["printf", "%s", "$W/fifo.png"]

[[intent]]
name = "show-huge"
title = "Huge"
handler = ["printf", "%s", "$W/huge.png"]

[[intent]]
name = "notes"
title = "Notes"
app = "ft-notes.desktop"
handler = ["printf", "%s", "{\"code\": \"continue-in-app\"}"]

[[intent]]
name = "sync"
title = "Sync notes"
app = "ft-notes.desktop"
handler = ["printf", "%s", "{\"code\": \"failure-requiring-app-launch\", \"message\": \"Sign in to Notes first\"}"]

[[intent]]
name = "count"
title = "Count"
prompt = "How many?"
handler = ["sh", "-c", "printf 'counted %s' \"\$FORCETOUCH_PARAM_N\""]

[intent.parameters.n]
type = "number"
required = true

[[intent]]
name = "upload-start"
handler = ["printf", "%s", "{\"code\": \"in-progress\", \"output\": \"Uploading 3 photos\"}"]

[[intent]]
name = "upload-finish"
handler = ["sh", "-c", "sleep 3; printf 'Uploaded 3 photos'"]

[[intent]]
name = "upload-photos"
title = "Upload photos"
steps = ["upload-start", "upload-finish"]

[[intent]]
name = "upload"
title = "Upload"
handler = ["printf", "%s", "{\"code\": \"failure\", \"message\": \"The server refused the file\"}"]
TOML
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"
chmod 777 "$W"
check "the test config passes forcetouchd --check-config" as_user "$BIN/forcetouchd" --check-config --config "$CONFIG"

start_session_bus
DAEMON=io.github.forcetouch.Daemon1 ROOT_PATH=/io/github/forcetouch/Daemon1

# run NAME: the intent NAME run through the bus (its window shows), the method's reply in
# $W/run-NAME.txt when the run ends.
run() {
    rm -f "$W/run-$1.txt"
    bg_user "$W/run-$1.txt" timeout 60 gdbus call --session --timeout 60 --dest "$DAEMON" --object-path "$ROOT_PATH" \
        --method "$DAEMON.RunIntent" "'$1'" "''" false
}
# The id of the window the overlay logged last for KIND (window_box, in lib.sh, its rectangle).
window_id() { grep -E "^intent-window [0-9]+ $1" "$2" | tail -1 | awk '{ print $2 }'; }
button_box() { grep -E "^intent-button [0-9]+ $1 " "$2" | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }'; }
is_blue() { local c=($1); [ "${c[2]}" -gt 180 ] && [ "${c[0]}" -lt 90 ]; }
not_green() { ! is_green "$1"; }
is_red() { local c=($1); [ "${c[0]}" -gt 180 ] && [ "${c[1]}" -lt 90 ]; }
is_light() { local c=($1); [ "${c[0]}" -gt 200 ] && [ "${c[1]}" -gt 200 ] && [ "${c[2]}" -gt 200 ]; }
is_magenta() { local c=($1); [ "${c[0]}" -gt 160 ] && [ "${c[1]}" -lt 80 ] && [ "${c[2]}" -gt 110 ]; }
centre() { local r=($1); echo "$(( r[0] + r[2] / 2 )) $(( r[1] + r[3] / 2 ))"; }
# suite NAME LOG SHOT TAP: the windows, shot with SHOT; TAP BUTTON-ID-AND-NAME answers as a
# tap on that button would (a click under X11, the bus method under sway).
suite() {
    local s="$1" log="$2" shot="$3" tap="$4" m box id b c
    # ---- confirmation, then Next: success with the handler's text
    m="$(mark "$log")"
    run greet
    check "$s: a run that needs confirming shows the confirmation window" \
        wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$log" 20
    id="$(window_id confirm "$log")" box="$(window_box confirm "$log")"
    shoot "$W/$s-confirm.png" "$box" "$shot"
    check "$s: ... drawn where the overlay says ($(card_box "$W/$s-confirm.png") vs $box)" near "$(card_box "$W/$s-confirm.png")" "$box"
    b=($box)
    check "$s: ... centred, as the run had no gesture (${b[*]} on 1024x768)" \
        test $(( (1024 - b[2]) / 2 - b[0] )) -le 2 -a $(( b[0] - (1024 - b[2]) / 2 )) -le 2
    # Beside the label, which is white on blue and dark on grey.
    b=($(button_box next "$log"))
    c="$(rgb "$W/$s-confirm.png" $(( b[0] + 10 )) $(( b[1] + b[3] / 2 )))"
    check "$s: ... with a blue Next button ($c)" is_blue "$c"
    b=($(button_box cancel "$log"))
    c="$(rgb "$W/$s-confirm.png" $(( b[0] + 10 )) $(( b[1] + b[3] / 2 )))"
    check "$s: ... and a light Cancel button beside it ($c)" is_light "$c"
    check "$s: ... asking the prompt with the value filled in" grep -q "^intent $id asks: Send “hello” to Alice?" "$log"
    check "$s: forcectl events shows the question" wait_for "\"event\":\"intent-confirm\".*\"id\":$id" "$W/$s-events.log" 5
    m="$(mark "$log")"
    $tap "$id" next
    check "$s: after Next the success window shows" wait_for_new "$m" "^intent-window $id response success" "$log" 20
    box="$(window_box 'response success' "$log")"
    shoot "$W/$s-success.png" "$box" "$shot"
    b=($box)
    c="$(rgb "$W/$s-success.png" $(( b[0] + b[2] - 18 - 14 )) $(( b[1] + 18 + 12 + 6 )))"
    check "$s: ... with a green check mark ($c)" is_green "$c"
    c="$(convert "$W/$s-success.png" -crop "$(( b[2] - 36 ))x30+$(( b[0] + 18 ))+$(( b[1] + 50 ))" -colorspace gray \
        -threshold 50% -negate -format '%[fx:int(mean*w*h)]' info:)"
    check "$s: ... and the handler's text in the middle ($c dark pixels)" test "$c" -gt 20
    check "$s: the run answered the bus: success, Sent: hello" wait_for "'success'.*Sent: hello" "$W/run-greet.txt" 10
    check "$s: left alone, the window dismisses itself" wait_for_new "$m" "^intent-window $id hidden: timed out" "$log" 10

    # ---- Cancel: not confirmed
    m="$(mark "$log")"
    run greet
    wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$log" 20
    id="$(window_id confirm "$log")"
    shoot "$W/$s-tap.png" "$(window_box confirm "$log")" "$shot"
    $tap "$id" cancel
    check "$s: Cancel closes the window" wait_for_new "$m" "^intent-window $id hidden: cancelled" "$log" 10
    check "$s: ... and the run is not confirmed (forcectl events)" \
        wait_for '"event":"intent-outcome".*was not confirmed \(cancelled in the intent window\)' "$W/$s-events.log" 10
    check "$s: ... the bus's caller is told failure" wait_for "'failure'.*not confirmed" "$W/run-greet.txt" 10
    shoot "$W/$s-cancelled.png" "" "$shot"
    check "$s: ... and no window is left on screen" test -z "$(card_box "$W/$s-cancelled.png")"

    # ---- disambiguation: three choices, the second
    m="$(mark "$log")"
    run pick
    check "$s: a parameter with choices and no value shows them" wait_for_new "$m" '^intent-window [0-9]+ choose ' "$log" 20
    id="$(window_id choose "$log")"
    check "$s: ... three of them" test "$(tail -c +$((m + 1)) "$log" | grep -c "^intent-button $id choice-")" = 3
    shoot "$W/$s-choose.png" "$(window_box choose "$log")" "$shot"
    check "$s: ... drawn ($(card_box "$W/$s-choose.png"))" near "$(card_box "$W/$s-choose.png")" "$(window_box choose "$log")"
    $tap "$id" choice-1
    check "$s: choosing the second (green) runs the intent with it" wait_for "'success'.*picked green" "$W/run-pick.txt" 20
    [ "$s" = x11 ] && check "$s: ... the overlay answered green" grep -q "^intent $id: answered \"green\"" "$log"
    wait_for_new "$m" "^intent-window $id response success" "$log" 10

    # ---- an image output
    m="$(mark "$log")"
    run show-shot
    check "$s: an output naming an image file shows the image" \
        wait_for_new "$m" '^intent-window [0-9]+ response success .* image$' "$log" 20
    box="$(window_box 'response success' "$log")"
    shoot "$W/$s-image.png" "$box" "$shot"
    b=($box)
    c="$(rgb "$W/$s-image.png" $(( b[0] + b[2] / 2 + 60 )) $(( b[1] + b[3] - 40 )))"
    check "$s: ... its pixels in the middle of the window ($c)" is_magenta "$c"
    check "$s: ... scaled to fit the window's width" test "${b[2]}" -le 340

    # ---- continue-in-app: no window, the app opens
    m="$(mark "$log")"
    rm -f "$W/app-opened"
    run notes
    check "$s: continue-in-app opens the intent's app" bash -c "for i in \$(seq 100); do [ -e '$W/app-opened' ] && exit 0; sleep 0.1; done; exit 1"
    check "$s: ... and shows no window" bash -c "! tail -c +$((m + 1)) '$log' | grep -q '^intent-window [0-9]* response'"
    shoot "$W/$s-continue.png" "" "$shot"
    check "$s: ... nothing on screen" test -z "$(card_box "$W/$s-continue.png")"

    # ---- failure: its message, a red badge
    m="$(mark "$log")"
    run upload
    check "$s: a failure shows its window" wait_for_new "$m" '^intent-window [0-9]+ response failure ' "$log" 20
    box="$(window_box 'response failure' "$log")"
    shoot "$W/$s-failure.png" "$box" "$shot"
    b=($box)
    c="$(rgb "$W/$s-failure.png" $(( b[0] + b[2] - 18 - 14 )) $(( b[1] + 18 + 12 + 8 )))"
    check "$s: ... with a red badge ($c)" is_red "$c"
    c="$(convert "$W/$s-failure.png" -crop "$(( b[2] - 36 ))x16+$(( b[0] + 18 ))+$(( b[1] + 52 ))" \
        -fx '(r>0.5 && g<0.4) ? 1 : 0' -format '%[fx:int(mean*w*h)]' info:)"
    check "$s: ... and the message in red below the title ($c red pixels)" test "$c" -gt 20
    check "$s: ... the run's failure is the handler's message" wait_for "'failure'.*The server refused the file" "$W/run-upload.txt" 10

    # ---- in-progress: a spinner, then the chain's final state
    m="$(mark "$log")"
    run upload-photos
    check "$s: a step answering in-progress shows the spinner" \
        wait_for_new "$m" '^intent-window [0-9]+ response in-progress ' "$log" 20
    id="$(window_id 'response in-progress' "$log")" box="$(window_box 'response in-progress' "$log")"
    shoot "$W/$s-progress.png" "$box" "$shot"
    b=($box)
    c="$(rgb "$W/$s-progress.png" $(( b[0] + b[2] - 18 - 14 )) $(( b[1] + 18 + 12 )))"
    check "$s: ... no check mark yet (badge centre $c)" not_green "$c"
    c="$(convert "$W/$s-progress.png" -crop "30x30+$(( b[0] + b[2] - 18 - 29 ))+$(( b[1] + 18 - 3 ))" -colorspace gray \
        -threshold 75% -negate -format '%[fx:int(mean*w*h)]' info:)"
    check "$s: ... but the spinner's strokes ($c grey pixels)" test "$c" -gt 20
    check "$s: the next step's success turns it into the check mark" \
        wait_for_new "$m" "^intent-window $id response success " "$log" 20
    box="$(window_box 'response success' "$log")" b=($box)
    shoot "$W/$s-progress-done.png" "$box" "$shot"
    c="$(rgb "$W/$s-progress-done.png" $(( b[0] + b[2] - 18 - 14 )) $(( b[1] + 18 + 12 + 6 )))"
    check "$s: ... green ($c)" is_green "$c"
    check "$s: ... and the run's output is the last step's" wait_for "'success'.*Uploaded 3 photos" "$W/run-upload-photos.txt" 10

    # ---- failure-requiring-app-launch: an Open button into the app
    m="$(mark "$log")"
    rm -f "$W/app-opened"
    run sync
    check "$s: failure-requiring-app-launch shows an Open button" \
        wait_for_new "$m" '^intent-button [0-9]+ open "Open" ' "$log" 20
    id="$(window_id 'response failure-requiring-app-launch' "$log")"
    shoot "$W/$s-open.png" "$(window_box 'response failure-requiring-app-launch' "$log")" "$shot"
    b=($(button_box open "$log"))
    c="$(rgb "$W/$s-open.png" $(( b[0] + 10 )) $(( b[1] + b[3] / 2 )))"
    check "$s: ... a blue one ($c)" is_blue "$c"
    $tap "$id" open
    check "$s: ... which opens the intent's app" bash -c "for i in \$(seq 100); do [ -e '$W/app-opened' ] && exit 0; sleep 0.1; done; exit 1"

    # ---- a tap on a response opens the app
    m="$(mark "$log")"
    rm -f "$W/app-opened"
    run greet
    wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$log" 20
    id="$(window_id confirm "$log")"
    shoot "$W/$s-tap.png" "$(window_box confirm "$log")" "$shot"
    $tap "$id" next
    wait_for_new "$m" "^intent-window $id response success" "$log" 20
    shoot "$W/$s-tap.png" "$(window_box 'response success' "$log")" "$shot"
    $tap "$id" window
    check "$s: a tap on the success window opens the intent's app" \
        bash -c "for i in \$(seq 100); do [ -e '$W/app-opened' ] && exit 0; sleep 0.1; done; exit 1"
    [ "$s" = x11 ] && check "$s: ... and closes the window" wait_for_new "$m" "^intent-window $id hidden: app opened" "$log" 10

    # ---- needs-value: a text field
    m="$(mark "$log")"
    run count
    check "$s: a required value with no choices asks for it in a text field" \
        wait_for_new "$m" '^intent-window [0-9]+ value ' "$log" 20
    id="$(window_id value "$log")"
    shoot "$W/$s-value.png" "$(window_box value "$log")" "$shot"
    check "$s: ... with OK and Cancel" bash -c "grep -q '^intent-button $id ok \"OK\"' '$log' && grep -q '^intent-button $id cancel ' '$log'"
    $tap "$id" type-7
    check "$s: what is typed runs the intent with it" wait_for "'success'.*counted 7" "$W/run-count.txt" 20
}

# ---------------------------------------------------------------- X11: Xvfb and openbox
start_x11
bg_user "$W/x11-overlay.log" "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
check "x11: the overlay takes its name" wait_for 'Overlay1 on the session bus' "$W/x11-overlay.log" 10
bg_user "$W/x11-daemon.log" "$BIN/forcetouchd" --config "$CONFIG"
daemon_pid=$last_pid
check "x11: forcetouchd runs and sees the overlay" wait_for 'quick-action menus show at the finger' "$W/x11-daemon.log" 20
doc_runner=(as_user)
doc --bg <<'CMD'
forcectl events
CMD
events_pid=$doc_pid
pids+=("$events_pid")
ln -sf "$DOC_OUT" "$W/x11-events.log"
wait_until 10 subscribed as_user "$BIN/forcectl"
# A click on the button's middle, as a tap would be.
tap_x11() {
    local r
    case "$2" in
    window) r=($(window_box 'response' "$W/x11-overlay.log"))
            as_user xdotool mousemove $(( r[0] + r[2] / 2 )) $(( r[1] + r[3] - 12 )) click 1 ;;
    type-*) as_user xdotool type --delay 50 "${2#type-}"; as_user xdotool key Return ;;
    *) r=($(button_box "$2" "$W/x11-overlay.log"))
       as_user xdotool mousemove $(( r[0] + r[2] / 2 )) $(( r[1] + r[3] / 2 )) click 1 ;;
    esac
}
suite x11 "$W/x11-overlay.log" shot_x11 tap_x11
# A FIFO named as the image is no image (the daemon checks for a regular file): its path is
# the text, and the overlay never opens it (it would wait there for a writer, frozen).
m="$(mark "$W/x11-overlay.log")"
run show-fifo
check "x11: an output naming a FIFO shows as text, at once" \
    wait_for_new "$m" '^intent-window [0-9]+ response success [0-9 ]+$' "$W/x11-overlay.log" 20
# A header claiming 16384×16384 pixels is refused before decoding: the path is shown instead.
m="$(mark "$W/x11-overlay.log")"
run show-huge
check "x11: an image whose header claims 16384×16384 pixels is refused from its header" \
    wait_for_new "$m" "^intent [0-9]+: cannot show $W/huge.png: its header says 16384×16384 pixels" "$W/x11-overlay.log" 20
check "x11: ... and its window shows, without the image" \
    wait_for_new "$m" '^intent-window [0-9]+ response success [0-9 ]+$' "$W/x11-overlay.log" 10
overlay_hwm="$(awk '/^VmHWM/ { print $2 }' "/proc/$overlay_pid/status")"
check "x11: ... the overlay's peak memory stays under 200 MB ($overlay_hwm kB)" test "${overlay_hwm:-999999}" -lt 200000
# forcectl intent --window: a run from the terminal shows too.
m="$(mark "$W/x11-overlay.log")"
doc --bg <<'CMD'
forcectl intent greet --window
CMD
cli_pid=$doc_pid
check "x11: forcectl intent --window shows the confirmation" wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$W/x11-overlay.log" 20
shoot "$W/x11-cli.png" "$(window_box confirm "$W/x11-overlay.log")" shot_x11
tap_x11 "$(window_id confirm "$W/x11-overlay.log")" next
for _ in $(seq 100); do kill -0 "$cli_pid" 2>/dev/null || break; sleep 0.1; done
check "x11: ... and after Next it prints the success ($(head -1 "$DOC_OUT"))" grep -q '^greet: success' "$DOC_OUT"

# Left unanswered, a question times out (30 s) as Cancel would: not confirmed, window gone.
m="$(mark "$W/x11-overlay.log")" e="$(mark "$W/x11-events.log")"
run greet
wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$W/x11-overlay.log" 20
id="$(window_id confirm "$W/x11-overlay.log")"
check "x11: an unanswered confirmation times out after 30 s: not confirmed (forcectl events)" \
    wait_for_new "$e" "\"event\":\"intent-window\",\"final\":true,\"id\":$id,.*was not confirmed" "$W/x11-events.log" 40
check "x11: ... and its window closes" wait_for_new "$m" "^intent-window $id hidden: cancelled" "$W/x11-overlay.log" 5
# The daemon stopped as `systemctl --user restart` stops it (SIGTERM) while its question shows:
# the window goes at once (issue 48: it stayed on screen, dead, over the apps), as the menu does
# (overlay-on-host.sh). Below, the stand-in killed (SIGKILL) under sway.
m="$(mark "$W/x11-overlay.log")"
run greet
wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$W/x11-overlay.log" 20
id="$(window_id confirm "$W/x11-overlay.log")"
shoot "$W/x11-before-stopped.png" "$(window_box confirm "$W/x11-overlay.log")" shot_x11
check "x11: a confirmation on screen ($(card_box "$W/x11-before-stopped.png"))" test -n "$(card_box "$W/x11-before-stopped.png")"
kill -TERM "$daemon_pid"
check "x11: the daemon stopped (SIGTERM), its window closes" \
    wait_for_new "$m" "^intent-window $id hidden: daemon gone" "$W/x11-overlay.log" 10
shoot "$W/x11-daemon-stopped.png" "" shot_x11
check "x11: ... and is no longer on screen ($(card_box "$W/x11-daemon-stopped.png"))" \
    test -z "$(card_box "$W/x11-daemon-stopped.png")"
stop "$events_pid"; stop "$daemon_pid"

# A replayed deep press at (0.3, 0.667) of the demo touchscreen runs greet: its window opens
# beside the finger, 14 px right of and below it, as the menu would.
cp "$CONFIG" "$W/gesture.toml"
printf '\n[[binding]]\ngesture = "deep-press"\nintent = "greet"\n' >> "$W/gesture.toml"
chmod 644 "$W/gesture.toml"
cp demo/touchscreen-gestures.evemu "$W/demo.evemu" && chmod 644 "$W/demo.evemu"
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/replay.log" "$BIN/forcetouchd" --config "$W/gesture.toml" --replay "$W/demo.evemu"
replay_pid=$last_pid
check "x11: a replayed deep press bound to the intent shows its confirmation" \
    wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$W/x11-overlay.log" 30
pos="$(grep -E '^intent-window [0-9]+ confirm' "$W/x11-overlay.log" | tail -1 | awk '{ print $4, $5 }')"
check "x11: ... placed beside the finger (307,512 + 14 px: $pos)" test "$pos" = "321 526"
shoot "$W/x11-gesture.png" "$(window_box confirm "$W/x11-overlay.log")" shot_x11
check "x11: ... drawn there ($(card_box "$W/x11-gesture.png"))" near "$(card_box "$W/x11-gesture.png")" "$(window_box confirm "$W/x11-overlay.log")"
check "x11: the replay waits for the answer" kill -0 "$replay_pid"
tap_x11 "$(window_id confirm "$W/x11-overlay.log")" next
check "x11: after Next the replay's run succeeds" wait_for 'action .*: success: ' "$W/replay.log" 20
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
check "x11: ... and the replay ends" bash -c "! kill -0 $replay_pid 2>/dev/null"
stop "$overlay_pid"

# With no overlay on the bus, a run goes as it always did: nothing asks, the run stops.
bg_user "$W/alone.log" "$BIN/forcetouchd" --config "$CONFIG"
alone_pid=$last_pid
wait_for 'D-Bus: io.github.forcetouch.Daemon1 on the session bus' "$W/alone.log" 20
run greet
check "without an overlay, a run needing confirmation stops at once as before" \
    wait_for "'failure'.*requires confirmation of .*hello.*, and nothing confirmed it" "$W/run-greet.txt" 10
run pick
check "... and a disambiguation too" wait_for "'failure'.*needs a value|'failure'.*ambiguous" "$W/run-pick.txt" 10
check "... nothing asked a window" bash -c "! grep -q 'asks the intent window' '$W/alone.log'"
stop "$alone_pid"; stop "$openbox_pid"; stop "$xvfb_pid"

# ---------------------------------------------------------------- Wayland: sway, headless
start_sway '#505050'
bg_user "$W/sway-overlay.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
check "sway: the overlay takes its name" wait_for 'Overlay1 on the session bus' "$W/sway-overlay.log" 10
bg_user "$W/sway-daemon.log" "$BIN/forcetouchd" --config "$CONFIG"
daemon_pid=$last_pid
check "sway: forcetouchd runs and sees the overlay" wait_for 'quick-action menus show at the finger' "$W/sway-daemon.log" 20
bg_user "$W/sway-events.log" "$BIN/forcectl" events
events_pid=$last_pid
wait_until 10 subscribed as_user "$BIN/forcectl"
# The README's answer to the first run (id 1 on a fresh daemon), as written there.
confirm_first_run() {
doc <<'CMD'
busctl --user call io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 ConfirmIntent ub 1 true
CMD
documented=$doc_status
}
# The window's answers, through the bus as the overlay sends them.
tap_sway() {
    case "$2" in
    # The README's command answers the first run; later ones by their id.
    next) if [ "$1" = 1 ]; then confirm_first_run
          else as_user busctl --user call "$DAEMON" "$ROOT_PATH" "$DAEMON" ConfirmIntent ub "$1" true; fi ;;
    cancel) as_user busctl --user call "$DAEMON" "$ROOT_PATH" "$DAEMON" ConfirmIntent ub "$1" false ;;
    open|window) as_user busctl --user call "$DAEMON" "$ROOT_PATH" "$DAEMON" OpenIntentApp u "$1" > /dev/null ;;
    type-*) as_user busctl --user call "$DAEMON" "$ROOT_PATH" "$DAEMON" AnswerIntent us "$1" "${2#type-}" ;;
    choice-*) as_user busctl --user call "$DAEMON" "$ROOT_PATH" "$DAEMON" AnswerIntent us "$1" \
                  "$(grep -E "^intent-button $1 $2 " "$W/sway-overlay.log" | tail -1 | sed -E 's/.*"(.*)".*/\1/')" ;;
    esac
}
suite sway "$W/sway-overlay.log" shot_sway tap_sway
check "sway: the documented ConfirmIntent answered run 1" test "${documented:-1}" = 0
stop "$events_pid"; stop "$daemon_pid"
peer_start
# A question for a run the overlay did not see start (it came onto the bus later) shows,
# centred; the run's end before any answer (a timeout, an answer from elsewhere) closes it.
m="$(mark "$W/sway-overlay.log")"
# From another client than the daemon, it is nothing (issue 40: a forger could ask anything).
overlay_unique="$(as_user timeout 10 gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus \
    -m org.freedesktop.DBus.GetNameOwner io.github.forcetouch.Overlay1 | sed -n "s/^('\(.*\)',)$/\1/p")"
as_user timeout 10 gdbus emit --session --dest "$overlay_unique" --object-path "$ROOT_PATH" \
    --signal "$DAEMON.IntentConfirm" "uint32 98" "'greet'" "'Send greeting'" "'Send it?'" "'text'" 30.0 > /dev/null
peer_emit IntentConfirm "uint32 99" "'greet'" "'Send greeting'" "'Send it?'" "'text'" 30.0
check "sway: a question of a run not seen starting shows, centred" \
    wait_for_new "$m" '^intent-window 99 confirm 342 ' "$W/sway-overlay.log" 10
check "sway: ... one from a client not owning the daemon's name does not" \
    bash -c "! tail -c +$((m + 1)) '$W/sway-overlay.log' | grep -q '^intent-window 98 '"
peer_emit IntentResponse "uint32 99" "'greet'" "'Send greeting'" "'failure'" "'not confirmed'" "''" "''" "''" true
check "sway: ... and the run's failure before an answer closes it" \
    wait_for_new "$m" '^intent-window 99 hidden: cancelled' "$W/sway-overlay.log" 10
# A prompt is an app's words: a newline in it is logged escaped, on the prompt's line, never as
# a line of its own that a reader would take for the overlay's (issue 48).
m="$(mark "$W/sway-overlay.log")"
peer_emit IntentConfirm "uint32 100" "'greet'" "'Send greeting'" "'Send it?\\nerror: FORGED LOG LINE'" "'text'" 30.0
check "sway: a prompt with a newline is logged escaped, on its line" \
    wait_for_new "$m" '^intent 100 asks: Send it\?\\nerror: FORGED LOG LINE$' "$W/sway-overlay.log" 10
check "sway: ... not as a line of its own" bash -c "! tail -c +$((m + 1)) '$W/sway-overlay.log' | grep -aq '^error: FORGED'"
# The daemon killed (SIGKILL) while its question shows: the window goes at once.
wait_for_new "$m" '^intent-window 100 confirm ' "$W/sway-overlay.log" 10
shoot "$W/sway-before-killed.png" "$(window_box confirm "$W/sway-overlay.log")" shot_sway
check "sway: a question on screen ($(card_box "$W/sway-before-killed.png"))" test -n "$(card_box "$W/sway-before-killed.png")"
# Reaped here, quietly: bash would report the kill.
{ kill -KILL "$PEER"; wait "$PEER"; } 2> /dev/null
check "sway: the daemon killed (SIGKILL), its window closes" \
    wait_for_new "$m" '^intent-window 100 hidden: daemon gone' "$W/sway-overlay.log" 10
shoot "$W/sway-daemon-killed.png" "" shot_sway
check "sway: ... and is no longer on screen ($(card_box "$W/sway-daemon-killed.png"))" \
    test -z "$(card_box "$W/sway-daemon-killed.png")"
peer_stop
peer_start
stop "$overlay_pid"
# Dark: with the GTK theme's dark variant the window is dark where the light one is light.
bg_user "$W/sway-dark.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland GTK_THEME=Adwaita:dark \
    "$BIN/forcetouch-overlay" --verbose
dark_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/sway-dark.log" 10
m="$(mark "$W/sway-dark.log")"
peer_emit IntentConfirm "uint32 7" "'greet'" "'Send greeting'" "'Send it?'" "'text'" 30.0
wait_for_new "$m" '^intent-window 7 confirm ' "$W/sway-dark.log" 10
box="$(window_box confirm "$W/sway-dark.log")" b=($box)
# Not card_box's light card: taken again until the window's dark edge is on screen.
for _ in $(seq 25); do
    shot_sway "$W/sway-dark.png"
    c="$(rgb "$W/sway-dark.png" $(( b[0] + 8 )) $(( b[1] + b[3] / 2 )))"
    set -- $c; [ "$1" -lt 80 ] && [ "$2" -lt 80 ] && break
    sleep 0.2
done
check "sway: with a dark GTK theme the window is dark ($c)" bash -c "set -- $c; [ \$1 -lt 80 ] && [ \$2 -lt 80 ]"
stop "$dark_pid"; stop "$sway_pid"; peer_stop

if [ -n "${SAVE_IMAGES:-}" ]; then
    # Cut to the window, with a margin of the output's grey.
    for s in confirm success choose image failure open value; do
        convert "$W/sway-$s.png" -trim +repage -bordercolor '#505050' -border 24 "docs/images/intent-$s.png"
    done
    echo "screenshots copied to docs/images/"
fi
summary intent-window-on-host
