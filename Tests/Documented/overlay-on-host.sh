#!/usr/bin/env bash
# forcetouch-overlay, the quick-action menu at the finger (docs/SPEC.md §11, README "The menu at
# the finger"), on real display servers: Xvfb with openbox (X11: an override-redirect popup) and
# sway 1.7's headless backend with the pixman renderer (Wayland: a layer-shell surface), and
# weston's headless one for a compositor without layer-shell (GNOME's case), each
# with a real dbus-daemon and forcetouchd. The press's steps come as the daemon's bus signals;
# screenshots (import under X, grim under sway) at peek, mid-way to pop and at pop are checked
# pixel by pixel: the menu's card at the finger, growing, opening the other way near the edges,
# gone once dismissed. A replayed deep press shows the daemon's own menu, and a click on an item
# performs it; without an overlay on the bus the menu program gets the menu, as before.
# The signals come from a stand-in owning the daemon's name (bus-peer.sh): the same signals from
# any other client are ignored. What a menu names is bounded: an icon-file that is a FIFO or
# whose header claims 16384×16384 pixels, and a 10 MB title, neither hang nor swell the overlay,
# and an icon is read once per menu, not at every redraw. When the daemon goes while its menu
# shows (killed, stopped as systemctl stops it, or its name passed to another process), the menu
# goes from the screen at once; names with a newline or an escape sequence are logged escaped.
# Everything runs as an ordinary user (nobody when run as root: sway refuses root), every wait
# is bounded, and every process started here is stopped by its pid. A plain long press at an
# ordinary force, replayed by the daemon, shows no card and dims nothing while it is held.
# Usage: Tests/Documented/overlay-on-host.sh   (FORCETOUCH_BIN: the binaries, default .build/debug;
#        SAVE_IMAGES=1 copies the screenshots to docs/images/)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup overlay-on-host overlay
host_requires Xvfb openbox sway weston grim import xdotool convert dbus-daemon gdbus dbus-monitor busctl
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

[[quick-action]]
type = "compose"
title = "New message"
subtitle = "To the last person you wrote to, with a subtitle long enough to wrap onto a second line and then some more"
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
subtitle = "5 minutes"
icon-type = "alarm"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
# A plain long press on the same device, held while its action runs.
cat > "$W/long-press.toml" <<TOML
[[quick-action]]
type = "search"
title = "Search"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true

[[binding]]
gesture = "long-press"
exec = ["sleep", "4"]
TOML
# The finger down at (0.3, 0.4) of the demo touchscreen at an ordinary force (pressure 40 of
# 255: about 1.05, half way to peek), trembling by a unit as a real one does, for 2 s; it
# lifts after the recording, while the long press's action still runs.
{
    sed -n '/^E:/q;p' demo/touchscreen-gestures.evemu
    printf 'E: 0.500000 0003 002f 0000\nE: 0.500000 0003 0039 0100\nE: 0.500000 0003 0035 0300\n'
    printf 'E: 0.500000 0003 0036 0240\nE: 0.500000 0003 003a 0040\nE: 0.500000 0000 0000 0000\n'
    for k in $(seq 1 30); do
        printf 'E: %d.%06d 0003 003a %04d\nE: %d.%06d 0000 0000 0000\n' \
            $(( (500000 + k * 50000) / 1000000 )) $(( (500000 + k * 50000) % 1000000 )) $(( 40 + k % 2 )) \
            $(( (500000 + k * 50000) / 1000000 )) $(( (500000 + k * 50000) % 1000000 ))
    done
} > "$W/long-press.evemu"
chmod 644 "$W/long-press.toml" "$W/long-press.evemu"
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"
cp demo/touchscreen-gestures.evemu "$W/demo.evemu" && chmod 644 "$W/demo.evemu"

start_session_bus
user_env+=("FAKE_MENU_LOG=$W/fake-menu.log")
chmod 777 "$W"
ROOT_PATH=/io/github/forcetouch/Daemon1
IFACE=io.github.forcetouch.Daemon1

# ---------------------------------------------------------------- no overlay: the menu program
as_user timeout 60 "$BIN/forcetouchd" --replay "$W/demo.evemu" > "$W/no-overlay.log" 2>&1
check "without an overlay, a replayed deep press hands the titles to the menu program" \
    bash -c "[ \"\$(head -3 '$W/fake-menu.log' | tr '\n' '|')\" = 'New message|Search|Start timer|' ]"
check "... and performs what it chose (search)" grep -q 'search.*success' "$W/no-overlay.log"
check "... and says nothing of an overlay" bash -c "! grep -q 'menus show at the finger' '$W/no-overlay.log'"

# The signals, as the daemon sends them, from the test's stand-in owning its name.
emit() { peer_emit "$@"; }
# The same from a client of its own (a forger), broadcast or, with --dest, to the overlay alone.
forged() { as_user timeout 10 gdbus emit --session "$@" --object-path "$ROOT_PATH" > /dev/null; }
# The overlay's unique name, to which a forger sends a signal for it alone.
overlay_unique() {
    as_user timeout 10 gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus \
        -m org.freedesktop.DBus.GetNameOwner io.github.forcetouch.Overlay1 | sed -n "s/^('\(.*\)',)$/\1/p"
}
# progress PHASE STAGE TRANSITION COMMIT X Y; shown ID X Y; dismissed ID
progress() { emit PressProgress "'$1'" "'$2'" "$3" "$4" "$5" "$6" "'touch'" "''" "${7:-true}"; }
shown() { emit MenuShown "uint32 $1" "$ITEMS" "$2" "$3" "'touch'" "''" "@a{sv} {}"; }
dismissed() { emit MenuDismissed "uint32 $1" "'dismissed'"; }
ITEMS="[{'type': <'compose'>, 'title': <'New message'>, 'subtitle': <'To the last person you wrote to, with a subtitle long enough to wrap onto a second line and then some more'>, 'icon': <'document-edit'>}, {'type': <'search'>, 'title': <'Search'>, 'icon': <'edit-find'>}, {'type': <'timer'>, 'title': <'Start timer'>, 'subtitle': <'5 minutes'>, 'icon': <'alarm'>}]"

# The rectangle at the end of an `item N "Title" x y w h` line.
# The last `menu` rectangle the overlay logged: x y w h.
logged_box() { grep -E '^menu [0-9]+ scale' "$1" | tail -1 | awk '{ print $5, $6, $7, $8 }'; }
# wait_drawn LOG OFFSET: waits for a `menu` line after byte OFFSET (the overlay logs a frame as
# it draws it); `shoot` then waits for it on the screen.
wait_drawn() { wait_for_new "$2" '^(menu [0-9]+ scale|hidden)' "$1" 10; }

# stages SUITE LOG SHOT-COMMAND…: a press at (0.3, 0.4) of a WxH screen, shot at each stage.
stages() {
    local suite="$1" log="$2" width="$3" height="$4"; shift 4
    local fx=$(( width * 3 / 10 )) fy=$(( height * 4 / 10 )) m box logged w_peek w_mid w_pop
    m="$(mark "$log")"
    progress began '' 0.2 0.0 0.3 0.4
    progress changed '' 0.6 0.0 0.3 0.4
    # The frame of 0.6 itself (MenuGrowth: 0.35 + 0.4 × 0.6), not the first drawn: 0.2's frame
    # may come first, and the shot is checked against the last box logged.
    wait_for_new "$m" '^menu [0-9]+ scale 0\.590 ' "$log" 10
    shoot "$W/$suite-growing.png" "$(logged_box "$log")" "$@"
    box="$(card_box "$W/$suite-growing.png")"
    check "$suite: towards peek, a card grows under the finger ($box, finger $fx,$fy)" near "$box" "$(logged_box "$log")"
    m="$(mark "$log")"
    shown 7 0.3 0.4
    progress changed peek 1.0 0.0 0.3 0.4
    # Peek's own frame (0.75): the menu's first may be drawn at the card's scale as it comes.
    wait_for_new "$m" '^menu [0-9]+ scale 0\.750 ' "$log" 10
    shoot "$W/$suite-peek.png" "$(logged_box "$log")" "$@"
    box="$(card_box "$W/$suite-peek.png")" logged="$(logged_box "$log")"
    check "$suite: at peek the menu is on screen where the overlay says ($box)" near "$box" "$logged"
    local b=($box)
    check "$suite: ... its corner at the finger, opening right and down (${b[0]},${b[1]} vs $fx,$fy)" \
        test $(( b[0] - fx )) -ge 10 -a $(( b[0] - fx )) -le 18 -a $(( b[1] - fy )) -ge 10 -a $(( b[1] - fy )) -le 18
    w_peek=${b[2]}
    m="$(mark "$log")"
    progress changed peek 1.0 0.5 0.3 0.4
    wait_for_new "$m" '^menu [0-9]+ scale 0\.875 ' "$log" 10
    shoot "$W/$suite-mid.png" "$(logged_box "$log")" "$@"
    b=($(card_box "$W/$suite-mid.png")) w_mid=${b[2]}
    m="$(mark "$log")"
    progress changed pop 1.0 1.0 0.3 0.4
    wait_for_new "$m" '^menu [0-9]+ scale 1\.000 ' "$log" 10
    shoot "$W/$suite-pop.png" "$(logged_box "$log")" "$@"
    b=($(card_box "$W/$suite-pop.png")) w_pop=${b[2]:-0}
    check "$suite: it grows from peek to mid-way to pop ($w_peek < $w_mid < $w_pop px wide)" \
        test "${w_peek:-0}" -gt 0 -a "${w_peek:-0}" -lt "${w_mid:-0}" -a "${w_mid:-0}" -lt "$w_pop"
    check "$suite: ... its corner still at the finger at pop (${b[0]},${b[1]})" \
        test $(( b[0] - fx )) -ge 10 -a $(( b[0] - fx )) -le 18 -a $(( b[1] - fy )) -ge 10 -a $(( b[1] - fy )) -le 18
    check "$suite: the items' rectangles are logged with their titles" \
        bash -c "grep -q '^item 0 \"New message\" ' '$log' && grep -q '^item 2 \"Start timer\" ' '$log'"
    # Lifted: the menu stays for a tap.
    m="$(mark "$log")"
    progress ended pop 1.0 1.0 0.9 0.9
    # Nothing to wait for when the menu stays: a time window for the lift to take it away.
    sleep 0.3
    shoot "$W/$suite-lifted.png" "$(logged_box "$log")" "$@"
    check "$suite: lifted off the menu, it stays open" test -n "$(card_box "$W/$suite-lifted.png")"
    # Dismissed by the daemon: gone.
    m="$(mark "$log")"
    dismissed 7
    wait_drawn "$log" "$m"
    shoot "$W/$suite-gone.png" "" "$@"
    check "$suite: dismissed, nothing is left on screen" test -z "$(card_box "$W/$suite-gone.png")"
    # Near the bottom-right corner it opens up and to the left.
    fx=$(( width * 95 / 100 )) fy=$(( height * 95 / 100 ))
    m="$(mark "$log")"
    shown 8 0.95 0.95
    wait_drawn "$log" "$m"
    shoot "$W/$suite-edge.png" "$(logged_box "$log")" "$@"
    b=($(card_box "$W/$suite-edge.png"))
    check "$suite: near the bottom-right corner it opens above and to the left (${b[*]}, finger $fx,$fy)" \
        test -n "${b[0]:-}" -a $(( fx - (b[0] + b[2]) )) -ge 10 -a $(( fx - (b[0] + b[2]) )) -le 18 \
             -a $(( fy - (b[1] + b[3]) )) -ge 10 -a $(( fy - (b[1] + b[3]) )) -le 18
    m="$(mark "$log")"
    dismissed 8
    wait_drawn "$log" "$m"
    # A press released before peek leaves nothing behind.
    m="$(mark "$log")"
    progress began '' 0.5 0.0 0.5 0.5
    wait_drawn "$log" "$m"
    m="$(mark "$log")"
    progress ended '' 0.5 0.0 0.5 0.5
    wait_drawn "$log" "$m"
    shoot "$W/$suite-released.png" "" "$@"
    check "$suite: a press released before peek leaves nothing behind" test -z "$(card_box "$W/$suite-released.png")"
    # Slide to select: the finger that opened the menu, still down after pop, slides onto an
    # item and lifts there. (The host has no device to press: the finger's path comes as the
    # PressProgress the daemon sends for a live press.)
    m="$(mark "$log")"
    progress began '' 0.3 0.0 0.3 0.4
    shown 12 0.3 0.4
    progress changed pop 1.0 1.0 0.3 0.4
    wait_for_new "$m" '^menu 12 scale 1.000' "$log" 10
    local ix iy iw ih sx sy
    read -r ix iy iw ih < <(tail -c "+$((m + 1))" "$log" | grep '^item 2 "Start timer"' | tail -1 | rect)
    sx="$(awk -v v=$(( ix + iw / 2 )) -v s="$width" 'BEGIN { printf "%.4f", v / s }')"
    sy="$(awk -v v=$(( iy + ih / 2 )) -v s="$height" 'BEGIN { printf "%.4f", v / s }')"
    m="$(mark "$log")"
    progress changed pop 1.0 1.0 "$sx" "$sy"
    check "$suite: slide: the finger over \"Start timer\" ($sx, $sy) highlights it" \
        wait_for_new "$m" '^menu 12 scale .* highlight 2 ' "$log" 5
    wait_drawn "$log" "$m"
    shoot "$W/$suite-slide.png" "$(logged_box "$log")" "$@"
    progress ended pop 1.0 1.0 "$sx" "$sy"
    check "$suite: slide: lifting there chooses it" wait_for_new "$m" '^choose 2 "Start timer"' "$log" 5
    # A tap after that, on the same spot, is the overlay's own (no menu left): nothing more.
    progress began '' 0.1 0.0 "$sx" "$sy"
    progress ended '' 0.1 0.0 "$sx" "$sy"
    # Nothing to wait for when nothing more is chosen: a time window for a second choice.
    sleep 0.3
    check "$suite: slide: chosen once" test "$(tail -c "+$((m + 1))" "$log" | grep -c '^choose ')" = 1
}

# plain_long_press SUITE LOG SHOT-COMMAND BACKGROUND: a long press at an ordinary force on a
# device with a deep-press binding, replayed by the daemon as a live device is read, held while
# its action runs. It previews nothing (issue 41: it dimmed the screen by 15% and showed an
# empty 168x36 card at the finger for the whole hold): no card, the screen's BACKGROUND grey
# undimmed, and nothing drawn in the overlay's log. The stand-in must have let go of the name.
plain_long_press() {
    local suite="$1" log="$2" shot="$3" background="$4" m replay box grey
    # wc, not mark: the X11 overlay's log is a link to the doc block's output, and mark's
    # stat gives the link's own size.
    m="$(wc -c < "$log")"
    bg_user "$W/$suite-long-press.log" "$BIN/forcetouchd" --config "$W/long-press.toml" --replay "$W/long-press.evemu"
    replay=$last_pid
    check "$suite: a plain long press at ordinary force runs its action" \
        wait_for 'dispatch .* → exec sleep' "$W/$suite-long-press.log" 30
    # Nothing to wait for when nothing is drawn: a time window for a card the press might bring.
    sleep 0.5
    "$shot" "$W/$suite-long-press.png"
    box="$(card_box "$W/$suite-long-press.png")" grey="$(pixel "$W/$suite-long-press.png" 5 5)"
    check "$suite: ... while it is held, no card is on screen (${box:-none})" test -z "$box"
    check "$suite: ... nor is the screen dimmed ($grey, undimmed $background)" test "$grey" = "$background"
    check "$suite: ... and the overlay drew nothing for it" \
        bash -c "! tail -c +$((m + 1)) '$log' | grep -Eq '^menu [0-9]+ scale'"
    stop "$replay"
}

# ---------------------------------------------------------------- X11: Xvfb and openbox
start_x11
doc_runner=(as_user)
# This overlay stamps each menu's first frame (FORCETOUCH_OVERLAY_FRAME_LOG), as `make bench` has it.
user_env+=("FORCETOUCH_OVERLAY_FRAME_LOG=$W/x11-frames.log")
doc --bg <<'CMD'
forcetouch-overlay --verbose
CMD
unset 'user_env[-1]'
overlay_pid=$doc_pid
pids+=("$overlay_pid")
ln -sf "$DOC_OUT" "$W/x11-overlay.log"
check "forcetouch-overlay --verbose takes io.github.forcetouch.Overlay1 on the bus" \
    wait_for 'Overlay1 on the session bus' "$W/x11-overlay.log" 10
# Idle, with no menu, the overlay sleeps in poll() on the bus: not one context switch in 3 s.
switches() { awk '/^(voluntary|nonvoluntary)_ctxt_switches/ { n += $2 } END { print n }' "/proc/$1/status"; }
# The overlay itself, below the doc block's shell and setpriv.
overlay_of() {
    local p c
    for p in $(pgrep -P "$1"); do
        [ "$(cat "/proc/$p/comm" 2>/dev/null)" = forcetouch-over ] && { echo "$p"; return; }
        c="$(overlay_of "$p")" && [ -n "$c" ] && { echo "$c"; return; }
    done
}
overlay_main="$(overlay_of "$overlay_pid")"
check "the overlay runs (pid $overlay_main)" test -n "$overlay_main"
[ -n "$overlay_main" ] && overlay_pid="$overlay_main" && pids+=("$overlay_pid")
# Idle is after its start: a second for what GTK does once, then the 3 s measured.
sleep 1
before="$(switches "$overlay_main")"; sleep 3; after="$(switches "$overlay_main")"
check "idle, the overlay does not wake up in 3 s (context switches $before -> $after)" test "$before" = "$after"
echo "figure: the idle overlay's resident memory: $(awk '/^VmRSS/ { print $2, $3 }' "/proc/$overlay_main/status")"
# The overlay says on the bus how it shows the menu.
mode() { as_user timeout 10 busctl --user get-property io.github.forcetouch.Overlay1 /io/github/forcetouch/Overlay1 \
             io.github.forcetouch.Overlay1 Mode AtFinger 2>&1 | tr '\n' ' '; }
check "x11: on the bus its Mode is popup, at the finger ($(mode))" test "$(mode)" = 's "popup" b true '
# The daemon on the bus, for the signals and what the overlay asks (ChooseQuickAction, DismissMenu):
# the stand-in, which answers as the daemon would. (The real one shows its menu below.)
peer_start
# Forged: MenuShown from a client that does not own the daemon's name opens nothing, broadcast
# or addressed to the overlay (issue 40); the stand-in's, sent after them, does.
m="$(mark "$W/x11-overlay.log")"
forged --signal "$IFACE.MenuShown" "uint32 41" "$ITEMS" 0.3 0.4 "'touch'" "''" "@a{sv} {}"
forged --dest "$(overlay_unique)" --signal "$IFACE.MenuShown" "uint32 42" "$ITEMS" 0.3 0.4 "'touch'" "''" "@a{sv} {}"
shown 43 0.3 0.4
check "x11: the daemon's MenuShown opens its menu" wait_for_new "$m" '^menu 43 shown' "$W/x11-overlay.log" 10
check "x11: ... one from another client does not, broadcast or sent to the overlay" \
    bash -c "! tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -Eq '^menu 4[12] shown'"
m="$(mark "$W/x11-overlay.log")"
forged --dest "$(overlay_unique)" --signal "$IFACE.MenuDismissed" "uint32 43" "'dismissed'"
dismissed 99
# GDBus drops it itself (the subscription's sender is the daemon's name), so there is no line
# to wait for: a round trip to the overlay's main loop, queued after it, says it was handled.
mode > /dev/null
check "x11: ... nor does a forged MenuDismissed close it" bash -c "! tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -q '^menu 43 dismissed'"
# Only the bus says who owns the daemon's name: a NameOwnerChanged a client addresses to the
# overlay, saying the daemon left, takes nothing away, and the daemon is still believed after it.
m2="$(mark "$W/x11-overlay.log")"
as_user timeout 10 gdbus emit --session --dest "$(overlay_unique)" --object-path /org/freedesktop/DBus \
    --signal org.freedesktop.DBus.NameOwnerChanged "'$IFACE'" "'$PEER_UNIQUE'" "''" > /dev/null
dismissed 43
check "x11: ... nor a NameOwnerChanged forged to the overlay (the daemon gone): the daemon's MenuDismissed after it closes the menu" \
    wait_for_new "$m2" '^menu 43 dismissed' "$W/x11-overlay.log" 10
check "x11: ... and the forgery was not taken for the daemon leaving" \
    bash -c "! tail -c +$((m2 + 1)) '$W/x11-overlay.log' | grep -q 'Daemon1: it left the bus'"
wait_drawn "$W/x11-overlay.log" "$m"
shoot "$W/x11-dismissed.png" "" shot_x11
stages x11 "$W/x11-overlay.log" 1024 768 shot_x11
# A menu that comes while the card is on screen is drawn as its MenuShown comes, not a tick of the
# frame clock later, which can be a whole frame (16.7 ms) after the card's last (issue 52, item 5).
check "x11: the menu that came over the card was drawn at once, no frame clock tick between ($(grep '^menu 7 ' "$W/x11-frames.log"))" \
    grep -Eq '^menu 7 signal [0-9]+ frame [0-9]+ ticks 0$' "$W/x11-frames.log"
check "x11: slide: the overlay asked the daemon to perform the item chosen" grep -q "^call ChooseQuickAction ('timer',)" "$PEER_LOG"
check "x11: ... and showed its answer: success" wait_for '^chose timer: success' "$W/x11-overlay.log" 10
check "x11: an override-redirect popup (no compositing manager: not dimmed), said once" \
    test "$(grep -c 'override-redirect popup' "$W/x11-overlay.log")" = 1

# Escape and a tap outside dismiss; a click on an item of the daemon's own menu performs it.
m="$(mark "$W/x11-overlay.log")"
shown 9 0.3 0.4
wait_drawn "$W/x11-overlay.log" "$m"
shoot "$W/x11-escape.png" "$(logged_box "$W/x11-overlay.log")" shot_x11
as_user xdotool key Escape
check "x11: Escape dismisses the menu" wait_for_new "$m" '^dismiss 9' "$W/x11-overlay.log" 5
m="$(mark "$W/x11-overlay.log")"
shown 10 0.3 0.4
wait_drawn "$W/x11-overlay.log" "$m"
shoot "$W/x11-outside.png" "$(logged_box "$W/x11-overlay.log")" shot_x11
as_user xdotool mousemove 1000 20 click 1
check "x11: a tap outside the menu dismisses it" wait_for_new "$m" '^dismiss 10' "$W/x11-overlay.log" 5
# The outputs are logged by the names a device's `output` key matches; an unknown one falls back.
check "x11: the overlay names the outputs it knows (output screen 1024x768+0+0)" \
    grep -q '^overlay: output screen 1024x768+0+0 scale 1$' "$W/x11-overlay.log"
m="$(mark "$W/x11-overlay.log")"
emit MenuShown "uint32 15" "$ITEMS" 0.3 0.4 "'touch'" "'HDMI-A-9'" "@a{sv} {}"
check "x11: a menu for an output there is not shows on the primary one, and says so" \
    wait_for_new "$m" '^no output named HDMI-A-9: the menu shows on the primary one' "$W/x11-overlay.log" 5
dismissed 15
# At the pointer (a touchpad's or a pen's menu): the pointer's place on the screen, not the device's.
as_user xdotool mousemove 500 300
m="$(mark "$W/x11-overlay.log")"
emit MenuShown "uint32 16" "$ITEMS" 0.9 0.9 "'pointer'" "''" "@a{sv} {}"
check "x11: a touchpad's menu opens at the pointer (corner 514,314)" \
    wait_for_new "$m" '^menu 16 scale 1\.000 514 314 300 192 ' "$W/x11-overlay.log" 5
dismissed 16
# A new deep press elsewhere dismisses an open menu: a touch alone does not, its peek does.
m="$(mark "$W/x11-overlay.log")"
shown 14 0.3 0.4
wait_drawn "$W/x11-overlay.log" "$m"
progress began '' 0.3 0.0 0.8 0.2
progress changed '' 0.7 0.0 0.8 0.2
# Nothing to wait for when the menu stays: a time window for the touch to dismiss it.
sleep 0.3
check "x11: a touch elsewhere leaves the menu open" bash -c "! tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -q '^dismiss 14'"
progress changed peek 1.0 0.0 0.8 0.2
check "x11: a new press reaching peek elsewhere dismisses it" wait_for_new "$m" '^dismiss 14' "$W/x11-overlay.log" 5
progress ended peek 1.0 0.0 0.8 0.2

# What a menu names is bounded (SPEC §11, "Limits"). An icon-file that is a FIFO is not opened
# for reading (that would wait for a writer, the overlay frozen); one whose header claims
# 16384×16384 pixels (1 GiB decoded) is refused before any pixel is; a 10 MB title is cut
# before Pango lays it out (it took 5 s and 470 MB).
mkfifo -m 644 "$W/icon.fifo"
cp Tests/Documented/images/claims-16384x16384.png "$W/huge.png" && chmod 644 "$W/huge.png"
title="$(head -c 10000000 /dev/zero | tr '\0' x)"
m="$(mark "$W/x11-overlay.log")"
emit MenuShown "uint32 44" "[{'type': <'a'>, 'title': <'$title'>, 'icon-file': <'$W/icon.fifo'>}, {'type': <'b'>, 'title': <'Huge'>, 'icon-file': <'$W/huge.png'>}]" 0.3 0.4 "'touch'" "''" "@a{sv} {}"
unset title
check "x11: a menu whose icon-file is a FIFO is drawn at once" wait_for_new "$m" '^menu 44 scale' "$W/x11-overlay.log" 10
check "x11: ... the FIFO refused, not read" wait_for_new "$m" "^menu 44: icon $W/icon.fifo not shown: not a regular file" "$W/x11-overlay.log" 5
check "x11: ... an icon whose header claims 16384×16384 pixels refused from it" \
    wait_for_new "$m" "^menu 44: icon $W/huge.png not shown: its header says 16384×16384 pixels" "$W/x11-overlay.log" 5
drawn_title="$(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a '^item 0 "' | tail -1 | sed -E 's/^item 0 "(.*)" [-0-9]+ [-0-9]+ [-0-9]+ [-0-9]+$/\1/')"
check "x11: ... and the 10 MB title cut to 500 characters, the last an ellipsis (${#drawn_title})" \
    test "${#drawn_title}" = 500 -a "${drawn_title: -1}" = "…"
hwm() { awk '/^VmHWM/ { print $2 }' "/proc/$overlay_pid/status"; }
check "x11: ... the overlay's peak memory stays under 200 MB ($(hwm) kB)" test "$(hwm)" -lt 200000
echo "figure: the overlay's peak resident memory after the FIFO, the 16384×16384 header and the 10 MB title: $(hwm) kB"
dismissed 44
wait_drawn "$W/x11-overlay.log" "$m"
# An icon is read once per menu: a menu redrawn ten times as the finger slides reads its 4 MB
# icon file once (it was read at every redraw: 600 MB in one menu of a 100 MB icon).
head -c 4000000 /dev/urandom | convert -size 1000x1000 -depth 8 rgba:- "$W/big-icon.png" && chmod 644 "$W/big-icon.png"
size="$(stat -c %s "$W/big-icon.png")"
rchar() { awk '/^rchar/ { print $2 }' "/proc/$overlay_pid/io"; }
m="$(mark "$W/x11-overlay.log")"
progress began '' 0.3 0.0 0.3 0.4
emit MenuShown "uint32 45" "[{'type': <'c'>, 'title': <'Big icon'>, 'icon-file': <'$W/big-icon.png'>}]" 0.3 0.4 "'touch'" "''" "@a{sv} {}"
progress changed pop 1.0 1.0 0.3 0.4
wait_for_new "$m" '^menu 45 scale 1.000' "$W/x11-overlay.log" 10 > /dev/null
before="$(rchar)"
# Paced as a finger slides, a redraw each (signals in a burst would be drawn as one frame).
for i in 1 2 3 4 5 6 7 8 9 10; do progress changed pop 1.0 1.0 0.3$i 0.4; sleep 0.1; done
# The last redraw's reads: nothing logs them, a time window.
sleep 0.3
read_bytes=$(( $(rchar) - before ))
check "x11: a menu redrawn 10 times reads its $size-byte icon once ($read_bytes bytes read)" test "$read_bytes" -lt $(( size * 2 ))
progress ended pop 1.0 1.0 0.9 0.9
dismissed 45
wait_drawn "$W/x11-overlay.log" "$m"

# What a menu names is other applications' words (an app's name, a title): a newline and an
# escape sequence in them are written escaped in the overlay's log, never as a line of their
# own that a reader would take for the overlay's (issue 48).
forged_line='error: FORGED LOG LINE'
# wc, not mark: the X11 overlay's log is a link to the doc block's output.
m="$(wc -c < "$W/x11-overlay.log")"
emit MenuShown "uint32 46" "[{'type': <'search'>, 'title': <'Search\\n$forged_line'>}]" 0.3 0.4 "'touch'" "''" \
    "@a{sv} {'kind': <'app-icon'>, 'name': <'Notes\\n\\u001b[31m$forged_line'>}"
wait_drawn "$W/x11-overlay.log" "$m"
check "x11: a name with a newline and an escape sequence is logged escaped, on the menu's line" \
    wait_for_new "$m" '^menu 46 shown: .* for app-icon "Notes\\n\\e\[31merror: FORGED LOG LINE"$' "$W/x11-overlay.log" 5
check "x11: ... and so is such a title, on its item's line" \
    wait_for_new "$m" '^item 0 "Search\\nerror: FORGED LOG LINE" ' "$W/x11-overlay.log" 5
check "x11: ... neither starts a line of its own, nor writes an escape character" \
    bash -c "! tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -aq -e '^error: FORGED' -e \$'\\x1b'"
# The daemon gone while its menu shows (issue 48: killed, restarted or upgraded, it left the card
# on screen, dead, over the apps): when its name loses its owner the card goes at once. Here the
# stand-in, killed (SIGKILL); below, the real daemon stopped as systemctl stops it (SIGTERM).
shoot "$W/x11-before-killed.png" "$(logged_box "$W/x11-overlay.log")" shot_x11
check "x11: a menu on screen ($(card_box "$W/x11-before-killed.png"))" test -n "$(card_box "$W/x11-before-killed.png")"
m="$(wc -c < "$W/x11-overlay.log")"
# Reaped here, quietly: bash would report the kill.
killed_at="$(date +%s%N)"
{ kill -KILL "$PEER"; wait "$PEER"; } 2> /dev/null
check "x11: the daemon killed (SIGKILL), the overlay sees it gone" \
    wait_for_new "$m" 'Daemon1: it left the bus: what it showed goes' "$W/x11-overlay.log" 10
shoot "$W/x11-daemon-killed.png" "" shot_x11
echo "figure: the daemon killed -> its menu $([ -z "$(card_box "$W/x11-daemon-killed.png")" ] && echo "off the screen in" || echo "still on the screen after") $(( ($(date +%s%N) - killed_at) / 1000000 )) ms (screenshots every 0.2 s)"
check "x11: ... and its menu is no longer on screen ($(card_box "$W/x11-daemon-killed.png"))" \
    test -z "$(card_box "$W/x11-daemon-killed.png")"
# Killed while a second one waits in the bus's queue for its name (started meanwhile): the name
# passes to it at once, never without an owner, and the menu, which the new owner never sent,
# goes all the same.
peer_start
peer_queue
m="$(wc -c < "$W/x11-overlay.log")"
shown 47 0.3 0.4
wait_drawn "$W/x11-overlay.log" "$m"
shoot "$W/x11-before-taken.png" "$(logged_box "$W/x11-overlay.log")" shot_x11
check "x11: a menu on screen, and another process queued for the daemon's name ($(card_box "$W/x11-before-taken.png"))" \
    test -n "$(card_box "$W/x11-before-taken.png")" -a "$(cat "$W/queued.log")" = queued
{ kill -KILL "$PEER"; wait "$PEER"; } 2> /dev/null
check "x11: the daemon killed, its name passed to the one queued: the overlay sees it taken" \
    wait_for_new "$m" 'Daemon1: another process took its name: what it showed goes' "$W/x11-overlay.log" 10
shoot "$W/x11-daemon-replaced.png" "" shot_x11
check "x11: ... and the menu is no longer on screen ($(card_box "$W/x11-daemon-replaced.png"))" \
    test -z "$(card_box "$W/x11-daemon-replaced.png")"
stop "$QUEUED"

peer_stop
bg_user "$W/monitor.txt" dbus-monitor --address "$ADDRESS" "type='signal',interface='$IFACE'"
monitor_pid=$last_pid
# A monitor once the bus has taken its names away (NameLost, its first lines).
wait_for 'member=NameLost' "$W/monitor.txt" 10 > /dev/null
m="$(mark "$W/x11-overlay.log")"
rm -f "$W/fake-menu.log"
bg_user "$W/replay.log" "$BIN/forcetouchd" --replay "$W/demo.evemu"
replay_pid=$last_pid
check "the daemon sees the overlay and shows it its menu" wait_for 'quick-action menus show at the finger' "$W/replay.log" 20
check "a replayed deep press shows the daemon's menu in the overlay" \
    wait_for_new "$m" '^menu [0-9]+ shown: 3 item\(s\) at ' "$W/x11-overlay.log" 30
# dbus-monitor may write the signal a moment after the overlay has drawn it: waited for.
check "... sent as MenuShown with the items as aa{sv}" \
    bash -c "for _ in \$(seq 50); do grep -A40 'member=MenuShown' '$W/monitor.txt' | grep -q 'string \"New message\"' && exit 0; sleep 0.1; done; exit 1"
wait_drawn "$W/x11-overlay.log" "$m"
shoot "$W/x11-demo-menu.png" "$(logged_box "$W/x11-overlay.log")" shot_x11
read -r ix iy iw ih < <(grep '^item 1 "Search"' "$W/x11-overlay.log" | tail -1 | rect)
as_user xdotool mousemove $(( ix + iw / 2 )) $(( iy + ih / 2 )) click 1
check "a click on \"Search\" chooses it through the daemon: performed, success" \
    wait_for '^chose search: success' "$W/x11-overlay.log" 10
check "... QuickActionPerformed says so on the bus" \
    bash -c "grep -A3 'member=QuickActionPerformed' '$W/monitor.txt' | grep -q 'string \"search\"'"
check "... and the menu program was not run" test ! -e "$W/fake-menu.log"
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
check "the replay ends once its menu is answered" bash -c "! kill -0 $replay_pid 2>/dev/null"
# The real daemon stopped as `systemctl --user restart` stops it (SIGTERM) while its menu shows.
m="$(wc -c < "$W/x11-overlay.log")"
bg_user "$W/replay-term.log" "$BIN/forcetouchd" --replay "$W/demo.evemu"
replay_pid=$last_pid
wait_for_new "$m" '^menu [0-9]+ shown: 3 item\(s\) at ' "$W/x11-overlay.log" 30
wait_drawn "$W/x11-overlay.log" "$m"
shoot "$W/x11-before-term.png" "$(logged_box "$W/x11-overlay.log")" shot_x11
check "x11: the real daemon's menu on screen ($(card_box "$W/x11-before-term.png"))" \
    test -n "$(card_box "$W/x11-before-term.png")"
m="$(wc -c < "$W/x11-overlay.log")"
kill -TERM "$replay_pid"
check "x11: the daemon stopped (SIGTERM), the overlay sees it gone" \
    wait_for_new "$m" 'Daemon1: it left the bus: what it showed goes' "$W/x11-overlay.log" 10
shoot "$W/x11-daemon-stopped.png" "" shot_x11
check "x11: ... and its menu is no longer on screen ($(card_box "$W/x11-daemon-stopped.png"))" \
    test -z "$(card_box "$W/x11-daemon-stopped.png")"
stop "$replay_pid"
plain_long_press x11 "$W/x11-overlay.log" shot_x11 0

stop "$overlay_pid"; stop "$openbox_pid"; stop "$xvfb_pid"
# The stand-in again, for the rest (a replay that failed to end would keep the name).
stop "$replay_pid"
peer_start

# ---------------------------------------------------------------- Wayland: sway, headless
start_sway '#808080'
bg_user "$W/sway-overlay.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland \
    "FORCETOUCH_OVERLAY_FRAME_LOG=$W/sway-frames.log" "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
check "sway: the overlay takes its name" wait_for 'Overlay1 on the session bus' "$W/sway-overlay.log" 10
check "sway: on the bus its Mode is layer-shell, at the finger ($(mode))" test "$(mode)" = 's "layer-shell" b true '
stages sway "$W/sway-overlay.log" 1024 768 shot_sway
check "sway: a layer-shell surface, said once" test "$(grep -c 'layer-shell' "$W/sway-overlay.log")" = 1
grey() { convert "$1" -format '%[fx:int(255*p{5,5}.r)]' info:; }
check "sway: the rest of the output is dimmed at pop ($(grey "$W/sway-gone.png") -> $(grey "$W/sway-pop.png"))" \
    test "$(grey "$W/sway-pop.png")" -lt $(( $(grey "$W/sway-gone.png") * 7 / 10 ))
# A press lifted after peek before its menu came (a fast press: the daemon holds the menu for
# what is under the finger) keeps its window, drawn empty, rather than unmapping it and mapping a
# new surface for the menu, whose first frame then waited for the frame clock's tick; so the
# menu's first frame is committed as its MenuShown comes (issue 52, item 5).
m="$(mark "$W/sway-overlay.log")"
progress began '' 0.3 0.0 0.3 0.4
wait_for_new "$m" '^menu 0 scale ' "$W/sway-overlay.log" 10 > /dev/null
progress changed peek 1.0 0.0 0.3 0.4
progress ended peek 1.0 0.0 0.3 0.4
wait_for_new "$m" 'previewing\(peek\) -> hidden \(lifted\)' "$W/sway-overlay.log" 10 > /dev/null
shown 61 0.3 0.4
check "sway: the menu that came after its press lifted is drawn" wait_for_new "$m" '^menu 61 scale ' "$W/sway-overlay.log" 10
check "sway: ... into the window kept for it, never hidden between the lift and the menu" \
    bash -c "! tail -c +$((m + 1)) '$W/sway-overlay.log' | grep -q '^hidden'"
check "sway: ... its first frame committed at once, no frame clock tick between ($(grep '^menu 61 ' "$W/sway-frames.log"))" \
    grep -Eq '^menu 61 signal [0-9]+ frame [0-9]+ ticks 0$' "$W/sway-frames.log"
m="$(mark "$W/sway-overlay.log")"
dismissed 61
wait_for_new "$m" '^hidden' "$W/sway-overlay.log" 10 > /dev/null
# A press whose card is never drawn (the daemon's `preview` false: nothing known to open before
# its menu) maps a new surface at its MenuShown: the menu's first frame is committed as soon as
# layer-shell has configured that surface, not at the frame clock's first tick.
m="$(mark "$W/sway-overlay.log")"
progress began '' 0.3 0.0 0.3 0.4 false
progress changed peek 1.0 0.0 0.3 0.4 false
shown 62 0.3 0.4
check "sway: a menu whose press drew no card is drawn" wait_for_new "$m" '^menu 62 scale ' "$W/sway-overlay.log" 10
check "sway: ... in a surface mapped for it (no card drawn before its MenuShown, the last menu's window hidden)" \
    bash -c "tail -c +$((m + 1)) '$W/sway-overlay.log' | sed '/^menu 62 shown/q' | grep -q '^menu 62 shown' && ! tail -c +$((m + 1)) '$W/sway-overlay.log' | sed '/^menu 62 shown/q' | grep -q '^menu 0 scale'"
wait_for '^menu 62 ' "$W/sway-frames.log" 10 > /dev/null
check "sway: ... its first frame committed once the surface is configured, no frame clock tick between ($(grep '^menu 62 ' "$W/sway-frames.log"))" \
    grep -Eq '^menu 62 signal [0-9]+ frame [0-9]+ ticks 0$' "$W/sway-frames.log"
m="$(mark "$W/sway-overlay.log")"
dismissed 62
wait_for_new "$m" '^hidden' "$W/sway-overlay.log" 10 > /dev/null
progress ended '' 0.0 0.0 0.3 0.4 false
peer_stop
plain_long_press sway "$W/sway-overlay.log" shot_sway 128
peer_start
stop "$overlay_pid"
# Dark: the GTK theme's dark variant draws a dark card where the light one is light.
bg_user "$W/sway-dark.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland GTK_THEME=Adwaita:dark \
    "FORCETOUCH_OVERLAY_FRAME_LOG=$W/sway-dark-frames.log" "$BIN/forcetouch-overlay" --verbose
dark_pid=$last_pid
check "sway: with a dark GTK theme the overlay says so" wait_for 'dark theme' "$W/sway-dark.log" 10
wait_for 'Overlay1 on the session bus' "$W/sway-dark.log" 10
m="$(mark "$W/sway-dark.log")"
shown 11 0.3 0.4
wait_drawn "$W/sway-dark.log" "$m"
# Its window made for this menu, no press before: mapped at the output's size, it is drawn as
# layer-shell configures it, not once GTK has laid it out again at the next tick.
wait_for '^menu 11 ' "$W/sway-dark-frames.log" 10 > /dev/null
check "sway: an overlay's first menu, no card before it, committed as its new surface is configured ($(grep '^menu 11 ' "$W/sway-dark-frames.log"))" \
    grep -Eq '^menu 11 signal [0-9]+ frame [0-9]+ ticks 0$' "$W/sway-dark-frames.log"
read -r cx cy cw ch < <(logged_box "$W/sway-dark.log")
# Not card_box's light card: taken again until the dark card's edge is on screen.
for _ in $(seq 25); do
    shot_sway "$W/sway-dark.png"
    [ "$(pixel "$W/sway-dark.png" $(( cx + 6 )) $(( cy + ch / 2 )))" -lt 80 ] && break
    sleep 0.2
done
px=$(( cx + 6 )) py=$(( cy + ch / 2 ))
light="$(pixel "$W/sway-pop.png" "$px" "$py")" dark="$(pixel "$W/sway-dark.png" "$px" "$py")"
check "sway: the card is light with the light theme ($light) and dark with the dark one ($dark)" \
    test "$light" -gt 200 -a "$dark" -lt 80
stop "$dark_pid"; stop "$sway_pid"

# ---------------------------------------------------------------- Wayland without layer-shell
# GNOME's session offers no layer-shell and no way to place a window; weston's headless backend
# stands in for it here (it has no layer-shell either).
bg_user "$W/weston.log" weston --backend=headless-backend.so --socket=wayland-ft --idle-time=0
weston_pid=$last_pid
for _ in $(seq 100); do [ -S "$RUNTIME/wayland-ft" ] && break; sleep 0.1; done
check "weston runs headless" test -S "$RUNTIME/wayland-ft"
bg_user "$W/weston-overlay.log" env -u DISPLAY WAYLAND_DISPLAY=wayland-ft GDK_BACKEND=wayland XDG_CURRENT_DESKTOP=GNOME \
    "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
check "weston: the overlay takes its name" wait_for 'Overlay1 on the session bus' "$W/weston-overlay.log" 10
m="$(mark "$W/weston-overlay.log")"
shown 13 0.3 0.4
check "weston: the whole menu is drawn in its window" \
    wait_for_new "$m" '^menu 13 scale 1\.000 0 0 300 192 ' "$W/weston-overlay.log" 10
check "weston: without layer-shell, an ordinary window the compositor places, said once" \
    test "$(grep -c 'no layer-shell' "$W/weston-overlay.log")" = 1
check "weston: ... and said on the bus: Mode placed-window, not at the finger ($(mode))" \
    test "$(mode)" = 's "placed-window" b false '
m="$(mark "$W/weston-overlay.log")"
dismissed 13
check "weston: dismissed, the window goes" wait_for_new "$m" '^hidden' "$W/weston-overlay.log" 10
check "weston: under GNOME (XDG_CURRENT_DESKTOP) it says once that the extension draws at the finger" \
    test "$(grep -c 'gnome-extensions enable forcetouch@forcetouch.github.io' "$W/weston-overlay.log")" = 1
peer_stop

# ---------------------------------------------------------------- who draws (SPEC §11)
# Under GNOME the GNOME Shell extension draws the menu at the finger, where the overlay can only
# place a window (weston stands in for mutter: no layer-shell). The extension takes Overlay1 with
# REPLACE: the overlay gives way, says who took the name and exits 0 (its unit restarts it only
# on failure); started while the extension has the name, it draws nothing. The daemon says which
# of them draws. The extension is a stand-in here (extension-stand-in.py: Mode gnome-shell), which
# records the menus the daemon sends it and dismisses each.
bg_user "$W/who-daemon.log" "$BIN/forcetouchd"
who_daemon=$last_pid
check "who draws: the daemon names forcetouch-overlay, in a placed window, not at the finger" \
    wait_for 'Overlay1 on the bus: quick-action menus show in a window the compositor places, not at the finger: forcetouch-overlay \(:[0-9.]+, mode placed-window\)' \
    "$W/who-daemon.log" 20
drawer() { as_user timeout 10 "$BIN/forcectl" status 2>&1 | sed -n 's/^overlay: //p'; }
check "... and forcectl status says so (overlay: $(drawer))" test "$(drawer)" = placed-window
# forcectl doctor (issue 51) says the same in plain words, with the session; and accessibility
# off (the overlay's GTK has started the accessibility bus by now), then on, then no
# accessibility bus at all (a session bus of its own, where doctor does not start one).
a11y() {
    as_user timeout 10 gdbus call --session -d org.a11y.Bus -o /org/a11y/bus \
        -m org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled "<$1>" > /dev/null
}
bg_user "$W/a11y.log" /usr/libexec/at-spi-bus-launcher --launch-immediately
a11y_pid=$last_pid
for _ in $(seq 50); do a11y false 2> /dev/null && break; sleep 0.2; done
doc_runner=(as_user)
doc <<'CMD'
forcectl doctor
CMD
check "forcectl doctor: drawn by forcetouch-overlay (placed-window) on the X11 session, not at the finger" \
    doc_says '^warning  menus are drawn by forcetouch-overlay \(placed-window\) on x11 \(DISPLAY=:[0-9]+\), in a window the desktop places, not at the finger$'
check "... accessibility off: a problem (a binding shows a menu), with GNOME's gsettings and Firefox's fixes; exit 1 ($doc_status)" \
    bash -c "grep -Eq '^problem  accessibility is off( \(toolkit-accessibility (true|false)\))?: links and app icons under the finger are not found$' '$DOC_OUT' &&
             grep -q '^         fix: gsettings set org.gnome.desktop.interface toolkit-accessibility true; Firefox: restart it' '$DOC_OUT' &&
             [ '$doc_status' = 1 ]"
check "... and the configuration's bindings counted" doc_says "^ok       1 binding\(s\): $CONFIG\$"
a11y true
started="$(date +%s%N)"
as_user timeout 20 "$BIN/forcectl" doctor > "$W/doctor-a11y-on.txt" 2>&1
echo "figure: forcectl doctor with the daemon, the overlay and the accessibility bus took $(( ($(date +%s%N) - started) / 1000000 )) ms"
check "... accessibility on: ok" grep -Eq '^ok       accessibility is on' "$W/doctor-a11y-on.txt"
as_user timeout 20 dbus-run-session -- "$BIN/forcectl" doctor > "$W/doctor-no-a11y-bus.txt" 2>&1
check "... no accessibility bus: a problem, at-spi2-core the fix" \
    bash -c "grep -qx 'problem  links and app icons under the finger cannot be found: no accessibility bus: org.a11y.Bus is not on the session bus' '$W/doctor-no-a11y-bus.txt' &&
             grep -q '^         fix: install at-spi2-core' '$W/doctor-no-a11y-bus.txt'"
cp Tests/Documented/extension-stand-in.py "$W/extension-stand-in.py" && chmod 644 "$W/extension-stand-in.py"
m="$(mark "$W/weston-overlay.log")"
bg_user "$W/extension.log" /usr/bin/python3 "$W/extension-stand-in.py"
extension_pid=$last_pid
check "who draws: the stand-in extension takes Overlay1 (REPLACE)" wait_for '^owned :' "$W/extension.log" 15
extension="$(awk '/^owned / { print $2 }' "$W/extension.log")"
check "... the overlay says the GNOME Shell extension ($extension) took it, and draws nothing" \
    wait_for_new "$m" "^overlay: io.github.forcetouch.Overlay1 taken by the GNOME Shell extension \\($extension, mode gnome-shell\\): drawing nothing here\$" \
    "$W/weston-overlay.log" 10
for _ in $(seq 50); do kill -0 "$overlay_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$overlay_pid" 2>/dev/null; then status="still running"; else wait "$overlay_pid"; status=$?; fi
check "... and exits, status 0: its unit (Restart=on-failure) does not restart it ($status)" test "$status" = 0
check "who draws: the daemon names the GNOME Shell extension, at the finger" \
    wait_for "Overlay1 on the bus: quick-action menus show at the finger, drawn by the GNOME Shell extension \\($extension, mode gnome-shell\\)" \
    "$W/who-daemon.log" 10
check "... and forcectl status says so (overlay: $(drawer))" test "$(drawer)" = gnome-shell
as_user env XDG_CURRENT_DESKTOP=GNOME timeout 20 "$BIN/forcectl" doctor > "$W/doctor-extension.txt" 2>&1
check "forcectl doctor: drawn by the GNOME Shell extension on the GNOME session" \
    grep -Eqx 'ok       menus are drawn by the GNOME Shell extension on x11 GNOME \(DISPLAY=:[0-9]+\)' "$W/doctor-extension.txt"
stop "$who_daemon"
# The next menu goes to the extension: a replayed deep press's MenuShown reaches it.
rm -f "$W/fake-menu.log"
as_user timeout 60 "$BIN/forcetouchd" --replay "$W/demo.evemu" > "$W/who-replay.log" 2>&1
check "who draws: a replayed deep press's menu goes to the extension (MenuShown, 3 items)" \
    grep -Eq '^MenuShown [0-9]+ 3 item\(s\) from :' "$W/extension.log"
check "... the replay's daemon said the extension draws it, and ran no menu program" \
    bash -c "grep -q 'drawn by the GNOME Shell extension ($extension, mode gnome-shell)' '$W/who-replay.log' && [ ! -e '$W/fake-menu.log' ]"
# Started while the extension has the name, the overlay opens no display and maps nothing.
started="$(date +%s%N)"
as_user env -u DISPLAY WAYLAND_DISPLAY=wayland-ft GDK_BACKEND=wayland timeout 20 "$BIN/forcetouch-overlay" --verbose \
    > "$W/late-overlay.log" 2>&1
status=$? took=$(( ($(date +%s%N) - started) / 1000000 ))
check "who draws: an overlay started while the extension has the name exits, status 0, at once ($status, $took ms)" \
    test "$status" = 0 -a "$took" -lt 5000
check "... saying the extension draws the menus" \
    grep -q "^overlay: io.github.forcetouch.Overlay1 is owned by the GNOME Shell extension ($extension, mode gnome-shell), which shows the menus at the finger: drawing nothing here$" \
    "$W/late-overlay.log"
check "... having opened no display and made no window (no output, no window mode in its log)" \
    bash -c "! grep -Eq '^overlay: (output|Wayland|X11|this Wayland)' '$W/late-overlay.log'"
stop "$extension_pid"; stop "$weston_pid"

# Nobody draws: the daemon alone, its configuration showing a menu. forcectl doctor says so and
# what to start; under GNOME, that the extension is not installed and how to install it.
bg_user "$W/alone-daemon.log" "$BIN/forcetouchd"
alone_daemon=$last_pid
wait_for 'ready: ' "$W/alone-daemon.log" 20 > /dev/null
as_user timeout 20 "$BIN/forcectl" doctor > "$W/doctor-nobody.txt" 2>&1
nobody=$?
check "forcectl doctor without an overlay: nobody draws, a problem (exit $nobody), forcetouch-overlay's unit the fix" \
    bash -c "grep -Eqx 'problem  nobody draws menus at the finger \(no overlay on the session bus\) on x11 \(DISPLAY=:[0-9]+\); a binding shows a menu' '$W/doctor-nobody.txt' &&
             grep -q '^         fix: systemctl --user enable --now forcetouch-overlay' '$W/doctor-nobody.txt' && [ $nobody = 1 ]"
as_user env XDG_CURRENT_DESKTOP=GNOME timeout 20 "$BIN/forcectl" doctor > "$W/doctor-no-extension.txt" 2>&1
check "... under GNOME: the extension is not installed, and how to install and enable it" \
    bash -c "grep -Eq '^problem  nobody draws menus .*; the GNOME Shell extension is not installed; a binding shows a menu$' '$W/doctor-no-extension.txt' &&
             grep -q '^         fix: install forcetouch.s GNOME Shell extension .* gnome-extensions enable forcetouch@forcetouch.github.io' '$W/doctor-no-extension.txt'"
stop "$alone_daemon"; stop "$a11y_pid"

# The user unit, as make install writes it, is one systemd accepts.
sed "s|@BINDIR@|$BIN|" systemd/forcetouch-overlay.service > "$W/forcetouch-overlay.service"
systemd-analyze verify "$W/forcetouch-overlay.service" > "$W/verify.txt" 2>&1
verified=$?
check "systemd-analyze verify accepts forcetouch-overlay.service ($(tr '\n' ' ' < "$W/verify.txt"))" \
    test "$verified" -eq 0 -a ! -s "$W/verify.txt"
check "... a part of graphical-session.target, owning the overlay's bus name" \
    bash -c "grep -qx 'PartOf=graphical-session.target' systemd/forcetouch-overlay.service &&
             grep -qx 'BusName=io.github.forcetouch.Overlay1' systemd/forcetouch-overlay.service"

if [ -n "${SAVE_IMAGES:-}" ]; then
    for s in peek mid pop edge; do cp "$W/sway-$s.png" "docs/images/menu-$s.png"; done
    cp "$W/x11-pop.png" docs/images/menu-x11.png
    cp "$W/sway-dark.png" docs/images/menu-dark.png
    echo "screenshots copied to docs/images/"
fi
summary overlay-on-host
