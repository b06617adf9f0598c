#!/usr/bin/env bash
# The seeds' example end to end from a long press (issue 35): config/examples/screenshot-search.toml
# as shipped, its forcetouch-screenshot handler on the user's PATH and a search program the user
# wrote (my-image-search: it answers with the image's size), on real display servers — Xvfb with
# openbox, and sway 1.7's headless backend with the pixman renderer — each with a real
# dbus-daemon and forcetouch-overlay. `forcetouchd --replay` plays the demo recording, whose
# long press runs the chain: the screenshot (a PNG the display server made, import under X11,
# grim under sway), then the search with the screenshot's path, then the intent window with the
# search's result and the check mark, checked pixel by pixel on a screenshot of the display
# against the rectangles the overlay logs (--verbose).
# Everything runs as an ordinary user (nobody when run as root: sway refuses root), every wait
# is bounded, and every process started here is stopped by its pid.
# Usage: Tests/Documented/screenshot-search-on-host.sh   (FORCETOUCH_BIN: the binaries, default
#        .build/debug; SAVE_IMAGES=1 copies the sway screenshot to docs/images/)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup screenshot-search-on-host search
host_requires Xvfb openbox sway grim import identify convert dbus-daemon
host_binaries
# The search program the example names is the user's own, found on their PATH first.
HOST_PATH="$W/home/.local/bin"
host_home .local/bin
USERBIN="$HOST_PATH"

# What the user does: the example as their configuration, its screenshot handler on their PATH.
cp config/examples/screenshot-search.toml "$CONFIG"
install -m 755 config/examples/forcetouch-screenshot "$USERBIN/forcetouch-screenshot"
# ... and their search program: it notes what it was given and answers with the image's size.
cat > "$USERBIN/my-image-search" <<SEARCH
#!/bin/sh
printf '%s\n' "\$FORCETOUCH_PARAM_PATH" > "$W/search-path"
cat > "$W/search-stdin"
size="\$(identify -format '%wx%h' "\$FORCETOUCH_PARAM_PATH")" || exit 1
printf '{"code": "success", "output": "Found: a %s screenshot"}\n' "\$size"
SEARCH
chmod 755 "$USERBIN/my-image-search"
cp demo/touchscreen-gestures.evemu "$W/demo.evemu"
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"
chmod 777 "$W"
chmod 644 "$W/demo.evemu"
check "the shipped example passes forcetouchd --check-config" as_user "$BIN/forcetouchd" --check-config --config "$CONFIG"
# A replay, unlike the daemon a user runs, ends once its actions have, and what an overlay shows
# for it goes with it (issue 48: the daemon gone): a second action on the same long press keeps
# it on the bus while the final response's window is shot, as a running daemon would be.
printf '\n[[binding]]\ngesture = "long-press"\nexec = ["sleep", "6"]\n' >> "$CONFIG"

start_session_bus
# Each display server's programs get this and their display alone.
base_env=("${user_env[@]}")

# scenario NAME SHOT BACKGROUND: the overlay and a replaying forcetouchd in user_env's display;
# SHOT FILE screenshots the display, whose empty screen is the colour BACKGROUND ("r g b").
scenario() {
    local s="$1" shot="$2" background="$3" log="$W/$1-overlay.log" replay shotfile c box b
    rm -f "$W/search-path" "$W/search-stdin" "$RUNTIME"/screenshot-*.png
    bg_user "$log" "$BIN/forcetouch-overlay" --verbose
    local overlay_pid=$last_pid
    check "$s: the overlay takes its name" wait_for 'Overlay1 on the session bus' "$log" 10
    bg_user "$W/$s-replay.log" "$BIN/forcetouchd" --config "$CONFIG" --replay "$W/demo.evemu"
    replay=$last_pid
    check "$s: the replayed long press runs the chain" \
        wait_for 'long-press began → intent search-screenshot' "$W/$s-replay.log" 30
    # The window first: it goes 4 s after the final answer.
    check "$s: the intent window shows the search's result" \
        wait_for "^intent-window [0-9]+ response success [0-9 ]+$" "$log" 30
    box="$(window_box 'response success' "$log")" b=($box)
    shoot "$W/$s-result.png" "$box" "$shot"
    check "$s: ... drawn where the overlay says ($(card_box "$W/$s-result.png") vs $box)" near "$(card_box "$W/$s-result.png")" "$box"
    check "$s: ... for the chain the long press started, beside the finger" \
        grep -Eq "^intent [0-9]+ started: search-screenshot at [0-9.]+,[0-9.]+ \(touch\)$" "$log"
    check "$s: ... as its final response" wait_for "^intent [0-9]+: success \(final\)$" "$log" 5
    c="$(rgb "$W/$s-result.png" $(( b[0] + b[2] - 18 - 14 )) $(( b[1] + 18 + 12 + 6 )))"
    check "$s: ... with a green check mark ($c)" is_green "$c"
    c="$(convert "$W/$s-result.png" -crop "$(( b[2] - 36 ))x30+$(( b[0] + 18 ))+$(( b[1] + 50 ))" -colorspace gray \
        -threshold 50% -negate -format '%[fx:int(mean*w*h)]' info:)"
    check "$s: ... and the search's text in the middle ($c dark pixels)" test "$c" -gt 20 -a "$c" -lt 2000
    check "$s: before it, the screenshot step's window showed the screenshot (an image output)" \
        grep -Eq "^intent-window [0-9]+ response success [0-9 ]+ image$" "$log"
    shotfile="$(cat "$W/search-path" 2>/dev/null)"
    check "$s: the search program was run with the path of the screenshot the first step wrote ($shotfile)" \
        bash -c "case '$shotfile' in '$RUNTIME'/screenshot-*.png) test -s '$shotfile' ;; *) exit 1 ;; esac"
    check "$s: ... on stdin too" grep -q "\"path\":\"$shotfile\"" "$W/search-stdin"
    check "$s: ... from steps.1.output (forcetouchd's log)" \
        grep -qF "search-image step 2: path success \"$shotfile\" [steps.1.output]" "$W/$s-replay.log"
    check "$s: the screenshot is a PNG of the whole 1024x768 screen ($(identify -format '%m %wx%h' "$shotfile" 2>&1))" \
        test "$(identify -format '%m %wx%h' "$shotfile" 2>/dev/null)" = "PNG 1024x768"
    c="$(rgb "$shotfile" 1000 10)"
    check "$s: ... taken from the display server: its corner is the screen's background ($c)" test "$c" = "$background"
    check "$s: the run ends in success" wait_for 'action binding\[1\] .*long-press began: success' "$W/$s-replay.log" 10
    for _ in $(seq 100); do kill -0 "$replay" 2>/dev/null || break; sleep 0.1; done
    check "$s: the replay ends" bash -c "! kill -0 $replay 2>/dev/null"
    stop "$replay"; stop "$overlay_pid"
}

# ---------------------------------------------------------------- X11: Xvfb and openbox
user_env=("${base_env[@]}")
start_x11
scenario x11 shot_x11 "0 0 0"
stop "$openbox_pid"; stop "$xvfb_pid"

# ---------------------------------------------------------------- Wayland: sway, headless
user_env=("${base_env[@]}")
start_sway '#505050'
user_env=("${base_env[@]}" "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland)
scenario sway shot_sway "80 80 80"
stop "$sway_pid"

if [ -n "${SAVE_IMAGES:-}" ]; then
    # Cut to the window, with a margin of the output's grey.
    convert "$W/sway-result.png" -trim +repage -bordercolor '#505050' -border 24 docs/images/intent-search-screenshot.png
    echo "screenshot copied to docs/images/"
fi
summary screenshot-search-on-host
