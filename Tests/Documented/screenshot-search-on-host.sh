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
BIN="${FORCETOUCH_BIN:-$ROOT/.build/debug}"
case "$BIN" in /*) ;; *) BIN="$ROOT/$BIN" ;; esac
W="$(mktemp -d "${TMPDIR:-/tmp}/forcetouch-search.XXXXXX")"
chmod 755 "$W"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    [ -n "${KEEP:-}" ] && echo "kept $W" || rm -rf "$W"
}
trap cleanup EXIT

for tool in Xvfb openbox sway grim import identify convert dbus-daemon; do
    command -v "$tool" > /dev/null || { bad "$tool is installed (scripts/install-deps.sh)"; summary screenshot-search-on-host; exit 1; }
done
[ -x "$BIN/forcetouch-overlay" ] && [ -e "$BIN/forcetouch-overlay-gtk.so" ] ||
    { bad "$BIN/forcetouch-overlay and its GTK part are built"; summary screenshot-search-on-host; exit 1; }

if [ "$(id -u)" = 0 ]; then USERNAME=nobody; else USERNAME="$(id -un)"; fi
U="$(id -u "$USERNAME")" G="$(id -g "$USERNAME")"
if [ "$(id -u)" = 0 ] && ! setpriv --reuid="$U" --regid="$G" --clear-groups test -x "$W"; then
    echo "screenshot-search-on-host: $USERNAME cannot reach $W: TMPDIR=${TMPDIR:-/tmp} is private; run with TMPDIR=/tmp" >&2
    exit 1
fi
if [ "$(id -u)" = 0 ] && ! setpriv --reuid="$U" --regid="$G" --clear-groups test -x "$BIN/forcetouch-overlay"; then
    mkdir -p "$W/bin"
    cp "$BIN/forcetouchd" "$BIN/forcetouch-overlay-gtk.so" "$W/bin/"
    for name in forcetouch-overlay forcectl; do ln -sf forcetouchd "$W/bin/$name"; done
    chmod -R a+rX "$W/bin"
    BIN="$W/bin"
fi
HOMEDIR="$W/home" RUNTIME="$W/run" USERBIN="$W/home/.local/bin"
mkdir -p "$HOMEDIR/.config/forcetouch" "$USERBIN" "$RUNTIME"
chmod 700 "$RUNTIME"
base_env=(env -i "HOME=$HOMEDIR" "USER=$USERNAME" "PATH=$USERBIN:$BIN:/usr/bin:/bin" "XDG_RUNTIME_DIR=$RUNTIME" LANG=C.UTF-8)
user_env=("${base_env[@]}")
as_user() {
    if [ "$(id -u)" = 0 ]; then setpriv --reuid="$U" --regid="$G" --clear-groups "${user_env[@]}" "$@"
    else "${user_env[@]}" "$@"; fi
}
bg_user() {
    local log="$1"; shift
    ( if [ "$(id -u)" = 0 ]; then exec setpriv --reuid="$U" --regid="$G" --clear-groups "${user_env[@]}" "$@"
      else exec "${user_env[@]}" "$@"; fi ) > "$log" 2>&1 &
    last_pid=$!
    pids+=("$last_pid")
}
stop() { kill "$1" 2>/dev/null; for _ in $(seq 30); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done; kill -9 "$1" 2>/dev/null; }

# What the user does: the example as their configuration, its screenshot handler on their PATH.
CONFIG="$HOMEDIR/.config/forcetouch/forcetouch.toml"
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

as_user timeout 10 dbus-daemon --session --fork --print-address=1 --print-pid=1 \
    --address="unix:path=$RUNTIME/bus" > "$W/bus.txt" 2> "$W/bus.err"
ADDRESS="$(sed -n 1p "$W/bus.txt")"
pids+=("$(sed -n 2p "$W/bus.txt")")
check "a session dbus-daemon runs for $USERNAME" test -n "$ADDRESS"
base_env+=("DBUS_SESSION_BUS_ADDRESS=$ADDRESS")

window_box() { grep -E "^intent-window [0-9]+ $1" "$2" | tail -1 | awk '{ n = NF; if ($n == "image") n--; print $(n-3), $(n-2), $(n-1), $n }'; }
card_box() {
    convert "$1" -colorspace gray -threshold 85% -format '%@' info: 2>/dev/null |
        sed -n 's/^\([1-9][0-9]*\)x\([1-9][0-9]*\)+\([0-9]*\)+\([0-9]*\)$/\3 \4 \1 \2/p'
}
near() {
    local a=($1) b=($2) i
    [ ${#a[@]} -eq 4 ] && [ ${#b[@]} -eq 4 ] || return 1
    for i in 0 1 2 3; do [ $(( ${a[i]} - ${b[i]} )) -le 3 ] && [ $(( ${b[i]} - ${a[i]} )) -le 3 ] || return 1; done
}
rgb() { convert "$1" -format "%[fx:int(255*p{$2,$3}.r)] %[fx:int(255*p{$2,$3}.g)] %[fx:int(255*p{$2,$3}.b)]" info:; }
is_green() { local c=($1); [ "${c[1]}" -gt 140 ] && [ "${c[0]}" -lt 90 ] && [ "${c[2]}" -lt 120 ]; }
shoot() {
    local file="$1" want="$2" box; shift 2
    for _ in $(seq 25); do
        "$@" "$file"
        box="$(card_box "$file")"
        near "$box" "$want" && return 0
        sleep 0.2
    done
}

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
    check "$s: the run ends in success" wait_for 'action binding.*long-press began: success' "$W/$s-replay.log" 10
    for _ in $(seq 100); do kill -0 "$replay" 2>/dev/null || break; sleep 0.1; done
    check "$s: the replay ends" bash -c "! kill -0 $replay 2>/dev/null"
    stop "$replay"; stop "$overlay_pid"
}

# ---------------------------------------------------------------- X11: Xvfb and openbox
DISPLAY_NUM=$(( 90 + RANDOM % 100 ))
while [ -e "/tmp/.X$DISPLAY_NUM-lock" ] || [ -e "/tmp/.X11-unix/X$DISPLAY_NUM" ]; do DISPLAY_NUM=$(( DISPLAY_NUM + 1 )); done
user_env=("${base_env[@]}" "DISPLAY=:$DISPLAY_NUM")
bg_user "$W/xvfb.log" Xvfb ":$DISPLAY_NUM" -screen 0 1024x768x24 -br -nolisten tcp
xvfb_pid=$last_pid
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$DISPLAY_NUM" ] && break; sleep 0.1; done
bg_user "$W/openbox.log" openbox
openbox_pid=$last_pid
sleep 0.5
check "Xvfb and openbox run" kill -0 "$xvfb_pid" "$openbox_pid"
shot_x11() { as_user import -window root "$1"; }
scenario x11 shot_x11 "0 0 0"
stop "$openbox_pid"; stop "$xvfb_pid"

# ---------------------------------------------------------------- Wayland: sway, headless
cat > "$W/sway.cfg" <<'CFG'
output HEADLESS-1 resolution 1024x768 position 0 0 bg #505050 solid_color
default_border none
CFG
chmod 644 "$W/sway.cfg"
user_env=("${base_env[@]}")
bg_user "$W/sway.log" env WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 sway -c "$W/sway.cfg"
sway_pid=$last_pid
for _ in $(seq 100); do ls "$RUNTIME"/wayland-? > /dev/null 2>&1 && break; sleep 0.1; done
WAYLAND="$(basename "$(ls "$RUNTIME"/wayland-? 2>/dev/null | head -1)")"
check "sway runs headless ($WAYLAND)" test -n "$WAYLAND"
sleep 1
user_env=("${base_env[@]}" "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland)
shot_sway() { as_user grim "$1"; }
scenario sway shot_sway "80 80 80"
stop "$sway_pid"

if [ -n "${SAVE_IMAGES:-}" ]; then
    # Cut to the window, with a margin of the output's grey.
    convert "$W/sway-result.png" -trim +repage -bordercolor '#505050' -border 24 docs/images/intent-search-screenshot.png
    echo "screenshot copied to docs/images/"
fi
summary screenshot-search-on-host
