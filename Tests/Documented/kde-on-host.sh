#!/usr/bin/env bash
# forcetouch-overlay under KDE Plasma's compositor (README "The menu at the finger", issue 42):
# Debian 12's KWin 5.27 headless (`kwin_wayland --virtual`, OpenGL on Mesa's llvmpipe), a real
# dbus-daemon, and forcetouchd. KWin offers wlr-layer-shell: the overlay's menu is a layer
# surface on the overlay layer, at the finger. KWin has no wlr-screencopy (grim cannot shoot it):
# the screenshots come from KWin's own org.kde.KWin.ScreenShot2 (kwin-screenshot.py), whose
# permission check is off in this test's KWin. The press's steps come as the daemon's signals
# from the stand-in owning its name (bus-peer.sh); the shots at the press, at peek and at pop are
# checked on their pixels: the card where the overlay says, its corner at the finger, growing.
# Then a real forcetouchd replays a deep press: it says the menu is drawn at the finger by
# forcetouch-overlay (mode layer-shell), and the menu is on KWin's screen where the overlay says;
# a stand-in for the GNOME Shell extension then takes the overlay's name: the overlay gives way
# (exit 0) and the daemon dismisses the menu it had shown there (overlay-gone).
# Everything runs as an ordinary user (nobody when run as root), every wait is bounded, and
# every process started here is stopped by its pid.
# Usage: Tests/Documented/kde-on-host.sh   (FORCETOUCH_BIN: the binaries, default .build/debug;
#        SAVE_IMAGES=1 copies the menu at pop to docs/images/menu-kde.png)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup kde-on-host kde
host_requires kwin_wayland dbus-daemon gdbus busctl convert
check "forcetouch-overlay and its GTK part are built (swift build; make overlay-gtk)" \
    test -e "$BIN/forcetouch-overlay" -a -e "$BIN/forcetouch-overlay-gtk.so" || { summary kde-on-host; exit 1; }
host_binaries
host_home
. Tests/Documented/bus-peer.sh
PY=/usr/bin/python3
check "$PY has GObject introspection (python3-gi), for KWin's screenshot call" "$PY" -c 'import gi'
cp Tests/Documented/kwin-screenshot.py "$W/kwin-screenshot.py" && chmod 644 "$W/kwin-screenshot.py"
cp demo/touchscreen-gestures.evemu "$W/demo.evemu" && chmod 644 "$W/demo.evemu"
cat > "$CONFIG" <<TOML
[[quick-action]]
type = "compose"
title = "New message"
subtitle = "To the last person you wrote to"
icon-type = "compose"
exec = ["true"]

[[quick-action]]
type = "search"
title = "Search"
icon-type = "search"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"
chmod 777 "$W"
start_session_bus
# The AT-SPI bus is not activated for KWin or the overlay: nothing here reads it.
user_env+=(NO_AT_BRIDGE=1)

# ---------------------------------------------------------------- KWin, headless
# Debian installs kwin_wayland with a file capability (cap_sys_resource). Where the bounding set
# lacks it (a container), the kernel refuses to run the file at all: a copy without the
# capability runs, under the same name (KWin loads its own Qt platform only as kwin_wayland).
KWIN="$(command -v kwin_wayland)"
if ! as_user "$KWIN" --version > "$W/kwin-version.txt" 2>&1; then
    mkdir -p "$W/kwin" && cp "$KWIN" "$W/kwin/kwin_wayland" && chmod 755 "$W/kwin" "$W/kwin/kwin_wayland"
    echo "kde-on-host: $KWIN does not run here ($(head -1 "$W/kwin-version.txt")): its file capability is not in this bounding set; running a copy without it"
    KWIN="$W/kwin/kwin_wayland"
    as_user "$KWIN" --version > "$W/kwin-version.txt" 2>&1
fi
check "kwin_wayland runs ($(head -1 "$W/kwin-version.txt"))" grep -q '^kwin 5\.' "$W/kwin-version.txt"
bg_user "$W/kwin.log" env KWIN_COMPOSE=O2 LIBGL_ALWAYS_SOFTWARE=1 KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1 \
    "$KWIN" --virtual --width 1024 --height 768 --socket wayland-kde --no-lockscreen --no-global-shortcuts --no-kactivities
kwin_pid=$last_pid
screenshot_ready() {
    as_user timeout 5 gdbus introspect --session -d org.kde.KWin -o /org/kde/KWin/ScreenShot2 2>/dev/null |
        grep -q 'interface org.kde.KWin.ScreenShot2'
}
for _ in $(seq 100); do [ -S "$RUNTIME/wayland-kde" ] && screenshot_ready && break; sleep 0.2; done
check "KWin runs headless (wayland-kde) and offers org.kde.KWin.ScreenShot2" screenshot_ready ||
    { cat "$W/kwin.log"; summary kde-on-host; exit 1; }
shot_kwin() { as_user "$PY" "$W/kwin-screenshot.py" 0 0 1024 768 "$1"; }
shot_kwin "$W/empty.png"
check "a screenshot through ScreenShot2 shows KWin's empty screen: nothing light on it" \
    test -s "$W/empty.png" -a -z "$(card_box "$W/empty.png")"

# ---------------------------------------------------------------- the menu at the finger
bg_user "$W/overlay.log" env -u DISPLAY WAYLAND_DISPLAY=wayland-kde GDK_BACKEND=wayland "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
check "the overlay takes io.github.forcetouch.Overlay1" wait_for 'Overlay1 on the session bus' "$W/overlay.log" 15
mode() { as_user timeout 10 busctl --user get-property io.github.forcetouch.Overlay1 /io/github/forcetouch/Overlay1 \
             io.github.forcetouch.Overlay1 Mode AtFinger 2>&1 | tr '\n' ' '; }
check "KWin offers layer-shell: the overlay's Mode is layer-shell, at the finger ($(mode))" \
    test "$(mode)" = 's "layer-shell" b true '
check "... said once in its log" test "$(grep -c 'layer-shell' "$W/overlay.log")" = 1
peer_start
ITEMS="[{'type': <'compose'>, 'title': <'New message'>, 'subtitle': <'To the last person you wrote to'>, 'icon': <'document-edit'>}, {'type': <'search'>, 'title': <'Search'>, 'icon': <'edit-find'>}, {'type': <'timer'>, 'title': <'Start timer'>, 'subtitle': <'5 minutes'>, 'icon': <'alarm'>}]"
progress() { peer_emit PressProgress "'$1'" "'$2'" "$3" "$4" 0.3 0.4 "'touch'" "''" true; }
logged_box() { grep -E '^menu [0-9]+ scale' "$1" | tail -1 | awk '{ print $5, $6, $7, $8 }'; }
# drawn OFFSET: the overlay logged a frame past OFFSET; shot_logged and shoot then wait for it on screen.
drawn() { wait_for_new "$1" '^(menu [0-9]+ scale|hidden)' "$W/overlay.log" 10; }
# shot_logged FILE: screenshots until the card on KWin's screen is where the overlay last logged
# one (a frame reaches the screen after its line, later still on a busy machine), at most 8.
shot_logged() {
    local want
    for _ in $(seq 8); do
        want="$(logged_box "$W/overlay.log")"
        shot_kwin "$1"
        near "$(card_box "$1")" "$want" && return 0
        sleep 0.2
    done
}
# The finger at (0.3, 0.4) of the 1024×768 output: the card's corner 14 px right of and below it.
fx=307 fy=307
at_finger() { local b=($1); [ ${#b[@]} -eq 4 ] && [ $(( b[0] - fx )) -ge 10 ] && [ $(( b[0] - fx )) -le 18 ] &&
                  [ $(( b[1] - fy )) -ge 10 ] && [ $(( b[1] - fy )) -le 18 ]; }
m="$(mark "$W/overlay.log")"
progress began '' 0.2 0.0
progress changed '' 0.6 0.0
drawn "$m"
shot_logged "$W/kde-press.png"
box="$(card_box "$W/kde-press.png")"
check "kde: towards peek, a card grows under the finger where the overlay says ($box; logged $(logged_box "$W/overlay.log"))" \
    near "$box" "$(logged_box "$W/overlay.log")"
m="$(mark "$W/overlay.log")"
peer_emit MenuShown "uint32 7" "$ITEMS" 0.3 0.4 "'touch'" "''" "@a{sv} {}"
progress changed peek 1.0 0.0
drawn "$m"
shot_logged "$W/kde-peek.png"
box="$(card_box "$W/kde-peek.png")"
check "kde: at peek the menu is on KWin's screen where the overlay says ($box)" near "$box" "$(logged_box "$W/overlay.log")"
check "kde: ... its corner at the finger ($fx,$fy), opening right and down" at_finger "$box"
w_peek="$(echo "$box" | awk '{ print $3 }')"
m="$(mark "$W/overlay.log")"
progress changed pop 1.0 1.0
drawn "$m"
shot_logged "$W/kde-pop.png"
box="$(card_box "$W/kde-pop.png")"
w_pop="$(echo "$box" | awk '{ print $3 }')"
check "kde: at pop it is full size where the overlay says ($box)" near "$box" "$(logged_box "$W/overlay.log")"
check "kde: ... grown from peek ($w_peek < $w_pop px wide), its corner still at the finger" \
    bash -c "[ '${w_peek:-0}' -gt 0 ] && [ '${w_peek:-0}' -lt '${w_pop:-0}' ]" && at_finger "$box"
# The items as drawn: each title's row, light, inside the card.
read -r ix iy iw ih < <(grep '^item 2 "Start timer"' "$W/overlay.log" | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }')
check "kde: the third item's row is inside the card on screen (${ix:-?} ${iy:-?} ${iw:-?} ${ih:-?})" \
    test "$(pixel "$W/kde-pop.png" $(( ix + iw - 4 )) $(( iy + ih / 2 )))" -gt 200
m="$(mark "$W/overlay.log")"
progress ended pop 1.0 1.0
peer_emit MenuDismissed "uint32 7" "'dismissed'"
drawn "$m"
shoot "$W/kde-gone.png" "" shot_kwin
check "kde: dismissed, nothing is left on screen" test -z "$(card_box "$W/kde-gone.png")"
peer_stop

# ---------------------------------------------------------------- a real daemon's deep press
m="$(mark "$W/overlay.log")"
bg_user "$W/replay.log" "$BIN/forcetouchd" --replay "$W/demo.evemu"
replay_pid=$last_pid
check "kde: forcetouchd sees the overlay: menus at the finger, drawn by forcetouch-overlay (mode layer-shell)" \
    wait_for 'quick-action menus show at the finger, drawn by forcetouch-overlay \(:[0-9.]+, mode layer-shell\)' "$W/replay.log" 20
check "kde: a replayed deep press shows the daemon's menu" \
    wait_for_new "$m" '^menu [0-9]+ shown: 2 item\(s\) at ' "$W/overlay.log" 30
wait_for_new "$m" '^menu [1-9][0-9]* scale 1\.000 ' "$W/overlay.log" 10 > /dev/null
shot_logged "$W/kde-replay.png"
box="$(card_box "$W/kde-replay.png")"
check "kde: ... on KWin's screen where the overlay says ($box; logged $(logged_box "$W/overlay.log"))" \
    near "$box" "$(logged_box "$W/overlay.log")"
# While the menu is up, another client takes Overlay1 as the GNOME Shell extension does (its
# stand-in, REPLACE): the overlay gives way and exits 0, and the daemon dismisses the menu the
# overlay was shown (overlay-gone), ending the replay, as when an overlay leaves the bus.
cp Tests/Documented/extension-stand-in.py "$W/extension-stand-in.py" && chmod 644 "$W/extension-stand-in.py"
bg_user "$W/extension.log" "$PY" "$W/extension-stand-in.py"
extension_pid=$last_pid
check "kde: the GNOME Shell extension's stand-in takes Overlay1 from the overlay" \
    wait_for 'taken by the GNOME Shell extension \(:[0-9.]+, mode gnome-shell\): drawing nothing here' "$W/overlay.log" 15
for _ in $(seq 50); do kill -0 "$overlay_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$overlay_pid" 2>/dev/null; then status="still running"; else wait "$overlay_pid"; status=$?; fi
check "kde: ... the overlay exits, status 0 ($status)" test "$status" = 0
check "kde: ... the daemon dismisses the menu it had shown there: MenuDismissed, overlay-gone" \
    wait_for '^MenuDismissed [0-9]+ overlay-gone$' "$W/extension.log" 10
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
check "kde: ... and the replay ends" bash -c "! kill -0 $replay_pid 2>/dev/null"
shoot "$W/kde-yielded.png" "" shot_kwin
check "kde: nothing of the overlay is left on KWin's screen" test -z "$(card_box "$W/kde-yielded.png")"
stop "$replay_pid"; stop "$extension_pid"; stop "$overlay_pid"; stop "$kwin_pid"

if [ -n "${SAVE_IMAGES:-}" ]; then
    cp "$W/kde-pop.png" docs/images/menu-kde.png
    echo "screenshot copied to docs/images/menu-kde.png"
fi
summary kde-on-host
