#!/usr/bin/env bash
# The intent window's buttons tapped with a finger, in the QEMU guest: a uinput touchscreen
# read by sway 1.7 through libinput (WLR_BACKENDS=headless,libinput; no logind, so libseat's
# builtin seat with SEATD_VTBOUND=0: sway as nobody opens the nodes the udev rule below opens to
# it; libseat's noop backend never enables the seat under wlroots 0.15, which waits for it),
# forcetouch-overlay on a layer-shell surface there, forcetouchd running an intent that needs
# confirming. A tap on the window's Next (a touch down and up at its middle, written into the
# touchscreen) confirms the run: the success window with its check mark, success for the run's
# caller; a tap on Cancel stops the next run, not confirmed. Then the seeds' example from a live
# long press (config/examples/screenshot-search.toml): screenshot, search, the result's window.
# Then Haptic Touch on a touchscreen without pressure, and a GTK app with its own long press
# (below); FORCETOUCH_HAPTIC_RUNS=N presses the link N times for the latency's figure.
# Everything but udev runs as `nobody`, with a session dbus-daemon of its own. Usage: intent-tap-in-guest.sh OUTDIR
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

# Stand-in for logind's uaccess ACLs and seat: the user may open touchscreens, and uinput (a
# claimed touchscreen's clone, below).
start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", MODE="0666"
KERNEL=="uinput", MODE="0666"
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
daemon_pid=$last_pid
check "the daemon starts" wait_for 'ready: ' "$LOG" 60
# The touchscreen first: sway's libinput finds it at start.
device ts pressure-touchscreen.desc
cat > "$W/sway.cfg" <<'CFG'
output HEADLESS-1 resolution 1024x768 position 0 0 bg #505050 solid_color
default_border none
CFG
chmod 644 "$W/sway.cfg"
bg_nobody "$SWAY_LOG" env WLR_BACKENDS=headless,libinput WLR_RENDERER=pixman LIBSEAT_BACKEND=builtin SEATD_VTBOUND=0 sway -c "$W/sway.cfg"
sway_pid=$last_pid
for _ in $(seq 200); do ls "$RUNDIR"/wayland-? > /dev/null 2>&1 && break; sleep 0.1; done
WAYLAND="$(basename "$(ls "$RUNDIR"/wayland-? 2>/dev/null | head -1)")"
check "sway runs headless with libinput ($WAYLAND)" test -n "$WAYLAND" ||
    { grep -E 'ERROR|seat|session' "$SWAY_LOG" | head -20; summary intent-tap-in-guest; exit 1; }
# Waited for, not slept on: under TCG on a busy host sway's libinput may open it 15 s late.
for _ in $(seq 120); do
    as_nobody env "WAYLAND_DISPLAY=$WAYLAND" "SWAYSOCK=$(ls "$RUNDIR"/sway-ipc.* 2>/dev/null | head -1)" swaymsg -t get_inputs > "$W/inputs.txt" 2>&1
    grep -q 'forcetouch-it pressure touchscreen' "$W/inputs.txt" && break; sleep 0.5
done
check "sway reads the touchscreen through libinput" grep -q 'forcetouch-it pressure touchscreen' "$W/inputs.txt"
bg_nobody "$OVERLAY_LOG" env "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
check "the overlay takes its name on the bus" wait_for 'Overlay1 on the session bus' "$OVERLAY_LOG" 60
# run: greet through the bus, the reply in $W/run.txt when the run ends.
run() {
    rm -f "$W/run.txt"
    bg_nobody "$W/run.txt" timeout 90 gdbus call --session --timeout 90 --dest io.github.forcetouch.Daemon1 \
        --object-path /io/github/forcetouch/Daemon1 --method io.github.forcetouch.Daemon1.RunIntent "'greet'" "''" false
}
# on_screen KIND: grim until the overlay's last KIND window is on the screen (its light card's
# left edge), at most 30 s: under TCG a frame reaches the screen late.
on_screen() {
    local x y w h
    read -r x y w h < <(grep -E "^intent-window [0-9]+ $1 " "$OVERLAY_LOG" | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }')
    for _ in $(seq 60); do
        as_nobody env "WAYLAND_DISPLAY=$WAYLAND" grim "$W/on-screen.png" 2> /dev/null
        [ "$(convert "$W/on-screen.png" -format "%[fx:int(255*p{$(( ${x:-0} + 8 )),$(( ${y:-0} + ${h:-0} / 2 ))}.r)]" info: 2> /dev/null || echo 0)" -gt 200 ] &&
            return 0
        sleep 0.5
    done
    return 1
}
# tap BUTTON: a finger down and up at the middle of the window's BUTTON (the overlay's last
# rectangle for it, in screen pixels), written into the touchscreen (1000 x 600 over 1024 x 768).
tap() {
    local bx by bw bh
    read -r bx by bw bh < <(grep -E "^intent-button [0-9]+ $1 " "$OVERLAY_LOG" | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }')
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
    inject ts "$W/tap.events"
}

m="$(mark "$OVERLAY_LOG")"
run
check "a run that needs confirming shows the confirmation window" \
    wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$OVERLAY_LOG" 60
id="$(grep -E '^intent-window [0-9]+ confirm ' "$OVERLAY_LOG" | tail -1 | awk '{ print $2 }')"
# On screen before it is tapped; the run has answered nothing by then.
on_screen confirm
check "... and the run waits for an answer" bash -c "! grep -q . '$W/run.txt'"
m="$(mark "$OVERLAY_LOG")"
tap next
check "a tap on Next ($tx, $ty of the touchscreen) reaches the window's button" \
    wait_for_new "$m" "^intent $id: next$" "$OVERLAY_LOG" 30
check "... confirms: the success window shows" wait_for_new "$m" "^intent-window $id response success " "$OVERLAY_LOG" 30
check "... and the run's caller is told success" wait_for "'success'.*Sent: hello" "$W/run.txt" 30
as_nobody env "WAYLAND_DISPLAY=$WAYLAND" grim "$OUT/intent-tap-success.png"
read -r x y w h < <(grep -E "^intent-window $id response success " "$OVERLAY_LOG" | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }')
c="$(convert "$OUT/intent-tap-success.png" -format "%[fx:int(255*p{$(( x + w - 32 )),$(( y + 36 ))}.g)]" info: 2>/dev/null)"
check "... with its check mark on the screen (green $c)" test "${c:-0}" -gt 140
wait_for_new "$m" "^intent-window $id hidden" "$OVERLAY_LOG" 20

m="$(mark "$OVERLAY_LOG")"
run
wait_for_new "$m" '^intent-window [0-9]+ confirm ' "$OVERLAY_LOG" 60
id="$(grep -E '^intent-window [0-9]+ confirm ' "$OVERLAY_LOG" | tail -1 | awk '{ print $2 }')"
on_screen confirm
tap cancel
check "a tap on Cancel ($tx, $ty) closes the window" wait_for_new "$m" "^intent-window $id hidden: cancelled" "$OVERLAY_LOG" 30
check "... and the run is not confirmed" wait_for "'failure'.*not confirmed" "$W/run.txt" 30

# The seeds' example from a live long press: config/examples/screenshot-search.toml as shipped
# (after this touchscreen's block), its forcetouch-screenshot on the PATH, a search program that
# answers with the image's size; forcetouchd restarted inside sway's session, as a user's is.
mkdir -p "$W/bin"
install -m 755 "$ROOT/config/examples/forcetouch-screenshot" "$W/bin/forcetouch-screenshot"
cat > "$W/bin/my-image-search" <<SEARCH
#!/bin/sh
printf '%s\n' "\$FORCETOUCH_PARAM_PATH" > "$W/search-path"
size="\$(identify -format '%wx%h' "\$FORCETOUCH_PARAM_PATH")" || exit 1
printf '{"code": "success", "output": "Found: a %s screenshot"}\n' "\$size"
SEARCH
chmod 755 "$W/bin/my-image-search"
{ sed -n '1,3p' "$W/config.toml"; echo; cat "$ROOT/config/examples/screenshot-search.toml"; } > "$W/search.toml"
chmod 644 "$W/search.toml"
kill "$daemon_pid"; for _ in $(seq 50); do kill -0 "$daemon_pid" 2>/dev/null || break; sleep 0.1; done
m="$(mark "$LOG")"
bg_nobody "$LOG" env "PATH=$W/bin:$BIN:/usr/bin:/bin" "WAYLAND_DISPLAY=$WAYLAND" "$BIN/forcetouchd" --config "$W/search.toml"
daemon_pid=$last_pid
check "forcetouchd restarts with the example and opens the touchscreen" \
    wait_for_new "$m" "device $(cat "$W/ts.node") .*found" "$LOG" 60
m="$(mark "$OVERLAY_LOG")"
inject ts "$REC/long-press.events"
check "a live long press runs the chain: its window shows the search's result" \
    wait_for_new "$m" '^intent-window [0-9]+ response success [0-9 ]+$' "$OVERLAY_LOG" 60
as_nobody env "WAYLAND_DISPLAY=$WAYLAND" grim "$OUT/intent-tap-search.png"
read -r x y w h < <(grep -E '^intent-window [0-9]+ response success [0-9 ]+$' "$OVERLAY_LOG" | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }')
c="$(convert "$OUT/intent-tap-search.png" -format "%[fx:int(255*p{$(( x + w - 32 )),$(( y + 36 ))}.g)]" info: 2>/dev/null)"
check "... with its check mark on the screen (green $c)" test "${c:-0}" -gt 140
check "... after a first window showing the screenshot (the first step's image output)" \
    bash -c "tail -c +$((m + 1)) '$OVERLAY_LOG' | grep -Eq '^intent-window [0-9]+ response success [0-9 ]+ image$'"
shotfile="$(cat "$W/search-path" 2>/dev/null)"
check "the search was given the screenshot's path ($shotfile)" \
    bash -c "case '$shotfile' in '$RUNDIR'/screenshot-*.png) test -s '$shotfile' ;; *) exit 1 ;; esac"
check "... a PNG of sway's 1024x768 output ($(identify -format '%m %wx%h' "$shotfile" 2>&1))" \
    test "$(identify -format '%m %wx%h' "$shotfile" 2>/dev/null)" = "PNG 1024x768"
c="$(convert "$shotfile" -format '%[fx:int(255*p{1000,10}.r)] %[fx:int(255*p{1000,10}.g)] %[fx:int(255*p{1000,10}.b)]' info: 2>/dev/null)"
# The finger is still down when the screenshot is taken, and grim shoots what is on screen. No
# deep press is bound here, so the overlay shows no press preview and nothing dims the output's
# grey (it did: 80 became 67 at this pressure, for a preview of nothing).
check "... grim's, with the output's grey in its corner, undimmed: no deep press is bound ($c)" \
    test "$c" = "80 80 80"
check "the daemon's long press ran search-screenshot to success" \
    wait_for 'long-press began: success' "$LOG" 20
# Haptic Touch (SPEC §4, §10) on a touchscreen WITHOUT pressure, which sway reads through libinput
# as it reads the one above: forcetouchd restarted with the deep press's quick-actions menu bound,
# the touchscreen played into through uinput (uinput-player.py: the daemon grabs it, and sway reads
# its clone; `auto` holds on sway), and a GTK 3 app with a long press of its own on its whole window
# (long-press-window.py), found under the finger through sway's tree and the accessibility bus. A
# still press on its link: forcetouch's menu for the link, and the app's long press never fires; on
# its plain content: no menu, and the app's own long press fires as without forcetouch.
bg_nobody "$W/a11y.log" /usr/libexec/at-spi-bus-launcher --launch-immediately
a11y_on() {
    as_nobody timeout 10 gdbus call --session -d org.a11y.Bus -o /org/a11y/bus \
        -m org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled "<true>" > /dev/null 2>&1
}
for _ in $(seq 50); do a11y_on && break; sleep 0.2; done
check "haptic touch: the accessibility bus runs, accessibility on" a11y_on
cat > "$W/haptic.toml" <<'TOML'
[[device]]
match-name = "forcetouch-it pressure touchscreen"
claim = "off"

[gestures]
haptic-touch-time = HAPTIC_TIME

[quick-actions]
menu-timeout = 2

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
# 1 s, not "fast" (0.38 s): under TCG on a busy host the lookup, which starts at half the time,
# takes 270 ms where a real machine's takes tens (Benchmarks/overlay/haptic-touch-latency.sh
# sets FORCETOUCH_HAPTIC_TIME to measure "fast").
sed -i "s/HAPTIC_TIME/${FORCETOUCH_HAPTIC_TIME:-1.0}/" "$W/haptic.toml"
chmod 644 "$W/haptic.toml"
kill "$daemon_pid" 2>/dev/null; for _ in $(seq 50); do kill -0 "$daemon_pid" 2>/dev/null || break; sleep 0.1; done
mkfifo "$W/plain.fifo"
PLAYER_TIMES="$W/plain.times" python3 "$ROOT/Tests/Integration/uinput-player.py" "$REC/plain-touchscreen.desc" "$W/plain.fifo" "$W/plain.out" &
pids+=("$!")
wait_for 'created at ' "$W/plain.out" 60
plain_node="$(sed -n 's/^created at //p' "$W/plain.out")"
udevadm settle --timeout=30
m="$(mark "$LOG")"
bg_nobody "$LOG" env "WAYLAND_DISPLAY=$WAYLAND" "$BIN/forcetouchd" --config "$W/haptic.toml" --verbose
daemon_pid=$last_pid
check "haptic touch: the touchscreen without pressure is claimed (hold, under sway)" \
    wait_for_new "$m" "device $plain_node .*: claimed \\(hold\\)" "$LOG" 60
SWAYSOCK="$(ls "$RUNDIR"/sway-ipc.* 2>/dev/null | head -1)"
for _ in $(seq 50); do
    as_nobody env "WAYLAND_DISPLAY=$WAYLAND" "SWAYSOCK=$SWAYSOCK" swaymsg -t get_inputs > "$W/inputs.txt" 2>&1
    [ "$(grep -c 'forcetouch-it plain touchscreen' "$W/inputs.txt")" -ge 2 ] && break; sleep 0.2
done
check "haptic touch: sway reads the clone through libinput" \
    test "$(grep -c 'forcetouch-it plain touchscreen' "$W/inputs.txt")" -ge 2
# The overlay again, with sway's socket and its frames stamped: the lookup finds windows in sway's tree.
kill "$overlay_pid" 2>/dev/null; for _ in $(seq 100); do kill -0 "$overlay_pid" 2>/dev/null || break; sleep 0.1; done
bg_nobody "$OVERLAY_LOG" env "WAYLAND_DISPLAY=$WAYLAND" "SWAYSOCK=$SWAYSOCK" GDK_BACKEND=wayland \
    "FORCETOUCH_OVERLAY_FRAME_LOG=$W/frames.log" "$BIN/forcetouch-overlay" --verbose
m="$(mark "$OVERLAY_LOG")"
wait_for_new "$m" 'Overlay1 on the session bus' "$OVERLAY_LOG" 60
APP_LOG="$OUT/intent-tap-long-press-app.log"; : > "$APP_LOG"; chmod 666 "$APP_LOG"
bg_nobody "$APP_LOG" env "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland python3 "$ROOT/Tests/Integration/long-press-window.py"
check "haptic touch: the GTK app with its own long press is on screen" wait_for '^plain ' "$APP_LOG" 60
# hold NAME: a finger down at the centre of the app's NAME, held still 2.5 s, lifted; written
# through uinput (1000 x 600 over 1024 x 768). Returns once played; its touch-down's
# CLOCK_MONOTONIC time in $down.
hold() {
    local px py; read -r px py < <(grep -E "^$1 [0-9]+ [0-9]+$" "$APP_LOG" | tail -1 | awk '{ print $2, $3 }')
    tx=$(( px * 1000 / 1024 )) ty=$(( py * 600 / 768 ))
    python3 - "$W/hold.events" "$tx" "$ty" <<'PY'
import sys
out = open(sys.argv[1], "w")
tx, ty = int(sys.argv[2]), int(sys.argv[3])
def frame(t, *events):
    for typ, code, value in events:
        out.write("E: %.6f %04x %04x %04d\n" % (t, typ, code, value))
    out.write("E: %.6f 0000 0000 0000\n" % t)
frame(0.0, (3, 0x2f, 0), (3, 0x39, 300), (3, 0x35, tx), (3, 0x36, ty), (1, 0x14a, 1), (3, 0, tx), (3, 1, ty))
frame(2.5, (3, 0x39, -1), (1, 0x14a, 0))
PY
    local from; from="$(mark "$W/plain.out")"
    : > "$W/plain.times"
    echo "play $W/hold.events" > "$W/plain.fifo"
    wait_for_new "$from" "^played " "$W/plain.out" 60
    down="$(head -1 "$W/plain.times")"
}
# latency MENU: touch-down to the overlay's MenuShown and to the menu's first frame, in ms.
latency() {
    local stamps; stamps="$(awk -v id="$1" '$1 == "menu" && $2 == id { print $4, $6 }' "$W/frames.log" | tail -1)"
    [ -n "$stamps" ] && python3 -c "import sys; print(*(round((int(v) / 1e6 - $down) * 1000) for v in sys.argv[1:]))" $stamps
}
# Plain content first: its lookup is also the overlay's and the app's first over the
# accessibility bus, which under TCG takes longer than the overlay's budget for one. Kept: a
# second for the app's accessible tree (without it the link's lookup, next, came back once
# without its address under a loaded host); the app says nothing when it is built.
sleep 1
mo="$(mark "$OVERLAY_LOG")" ma="$(mark "$APP_LOG")" ml="$(mark "$LOG")"
hold plain
check "haptic touch on plain content: the app's own long press fires" \
    wait_for_new "$ma" '^long-press ' "$APP_LOG" 30
check "... and forcetouch shows no menu" bash -c "! tail -c +$((mo + 1)) '$OVERLAY_LOG' | grep -Eq '^menu [0-9]+ shown'"
check "... the daemon says why: no menu of its own there" \
    wait_for_new "$ml" "haptic touch on (window|nothing).*no menu of its own: the touch is the app's" "$LOG" 30
wait_for_new "$ma" "^long-press " "$APP_LOG" 5 > /dev/null; sleep 1
# Under TCG the lookup of one press can run past its own budget (270 ms; tens of ms on a real
# machine), which the overlay logs as such: only then is the press made again, at most twice, and
# the check says how many it took.
for tries in 1 2 3; do
    mo="$(mark "$OVERLAY_LOG")" ma="$(mark "$APP_LOG")"
    hold link
    wait_for_new "$mo" '^menu [0-9]+ shown: .* for link' "$OVERLAY_LOG" 15 && break
    tail -c +$((mo + 1)) "$OVERLAY_LOG" | grep -Eq 'took longer than [0-9]+ ms|no answer within [0-9]+ ms' || break
    echo "haptic touch on the link: press $tries's lookup ran out of its budget under TCG: pressing again"
    wait_for_new "$ma" "^long-press " "$APP_LOG" 5 > /dev/null; sleep 1
done
check "haptic touch on the link: forcetouch's menu for the link (press $tries)" \
    wait_for_new "$mo" '^menu [0-9]+ shown: .* for link' "$OVERLAY_LOG" 5
id="$(tail -c +$((mo + 1)) "$OVERLAY_LOG" | grep -E '^menu [0-9]+ shown: ' | tail -1 | awk '{ print $2 }')"
# Nothing to wait for when the app gets nothing: a time window (TCG delivers late).
sleep 1
check "... and the app's own long press never fires, nor does the touch reach it" \
    bash -c "! tail -c +$((ma + 1)) '$APP_LOG' | grep -Eq '^(long-press|touch-begin|link clicked)'"
wait_for_new "$mo" "^menu $id dismissed" "$OVERLAY_LOG" 30 > /dev/null
# Figures only: touch-down (the player's write) to the overlay's MenuShown and to the menu's
# first frame, on CLOCK_MONOTONIC; FORCETOUCH_HAPTIC_RUNS presses in all (Benchmarks/overlay/
# haptic-touch-latency.sh), the menu dismissed at its 2 s timeout between them.
figures=("$(latency "$id")")
for _ in $(seq 2 "${FORCETOUCH_HAPTIC_RUNS:-1}"); do
    mo="$(mark "$OVERLAY_LOG")"
    hold link
    wait_for_new "$mo" '^menu [0-9]+ shown: .* for link' "$OVERLAY_LOG" 30 > /dev/null || continue
    id="$(tail -c +$((mo + 1)) "$OVERLAY_LOG" | grep -E '^menu [0-9]+ shown: ' | tail -1 | awk '{ print $2 }')"
    wait_for_new "$mo" "^menu $id dismissed" "$OVERLAY_LOG" 30 > /dev/null
    figures+=("$(latency "$id")")
done
printf '%s\n' "${figures[@]}" | python3 -c 'import statistics, sys
rows = [tuple(map(int, l.split())) for l in sys.stdin if len(l.split()) == 2]
if rows:
    s, f = [r[0] for r in rows], [r[1] for r in rows]
    print("figure: haptic touch on a link (haptic-touch-time %s), touch-down to MenuShown: median %d ms, worst %d ms;"
          " to the menu'"'"'s first frame: median %d ms, worst %d ms (%d press(es))"
          % (sys.argv[1], statistics.median(s), max(s), statistics.median(f), max(f), len(rows)))' "${FORCETOUCH_HAPTIC_TIME:-1.0}"
echo quit > "$W/plain.fifo"
unplug ts
summary intent-tap-in-guest
