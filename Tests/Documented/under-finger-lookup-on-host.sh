#!/usr/bin/env bash
# What is under the finger (docs/SPEC.md §11, "What is under the finger"; issue 43): the overlay's
# lookup of the window and the accessible object at a press's point, on real display servers and
# a real accessibility bus (at-spi-bus-launcher, accessibility on). Under Xvfb with openbox:
# Debian's xfce4-panel, given a launcher for an application whose .desktop file this test writes,
# is found as a `push button` named after the application in a `dock` window; a GTK link button
# (GtkLinkButton, in a small python3-gi window) gives its address, and so does a link in Firefox ESR
# on a local page; the empty desktop gives `why`.
# Under sway's headless backend: the same link button, found through sway's tree (IPC
# `get_tree`); Debian's xfce4-panel through XWayland (its launcher, in a dock sway floats);
# waybar, a layer-shell bar placed by its exclusive zone (its clock, and its wlr/taskbar button
# standing for the Notes window's app); end to end, a real replay on the launcher and on the
# taskbar button shows that app's Desktop Action, which, chosen, runs. The bus (under X11): a
# stand-in for the daemon (bus-peer.sh) sends PressProgress `began` at the launcher's point and
# records the PressTarget the overlay sends, its press-x and press-y
# echoed; on an application that does not answer, the daemon is told why at the deadline; with
# accessibility off the overlay says why in one line and answers at once. End to end, the real
# daemon replays a deep press at the recording's pace (`--paced`, as a hand's press comes: the
# lookup has the time it has live): on the launcher, that app's menu (it stays though the press
# went past pop); on the link button, past pop, the overlay pops the link's menu and the link is
# opened (a recording URL handler gets the address); on the link in Firefox, lifted at peek, the
# link's preview with the target page's title, and Copy Link puts the address on the clipboard,
# and past pop the link is opened. The
# lookups' times (first, warm, nothing found) are printed, not asserted.
# What other programs give is bounded (issue 48): an X window's _NET_WM_PID of one byte (format 8)
# is no process, not read past its end (the overlay's C under AddressSanitizer, here and in the
# running X11 overlay up to Firefox); accessible names with a newline and ANSI codes, of 10 MB, of
# a letter and 100,000 combining accents, and a 20 MB link address (fixtures/strange-names.py)
# are cut to the daemon's bounds as they are read, printed, sent and logged on one escaped line;
# a compositor's reply trickling a byte every 0.2 s (a stand-in in front of the real sway,
# fixtures/sway-ipc-stand-in.py, and one for Hyprland) costs its lookup's budget only; a get_tree
# of 160,000 windows is refused past 8 MiB, one of 36,000 searched (fixtures/sway-tree.py).
# Everything runs as an ordinary user; every wait is bounded; every process started here is
# stopped by its pid.
# Usage: Tests/Documented/under-finger-lookup-on-host.sh   (FORCETOUCH_BIN: the binaries, default .build/debug,
#        forcetouch-overlay-gtk-asan.so among them: `make overlay-gtk overlay-gtk-asan CONFIGURATION=debug`;
#        SAVE_IMAGES=1 copies the screenshots of the app icon menu, of the preview over Firefox and of a word's and a
#        phone number's menus to docs/images/)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup under-finger-lookup-on-host under-finger-lookup
host_requires Xvfb openbox sway swaymsg grim Xwayland waybar xfce4-panel firefox-esr /usr/libexec/at-spi-bus-launcher /usr/bin/python3 dbus-daemon gdbus xdotool
ASAN_GTK="$BIN/forcetouch-overlay-gtk-asan.so"
host_binaries
host_home .config/xfce4/xfconf/xfce-perchannel-xml .config/xfce4/panel/launcher-1 .local/share/applications
. Tests/Documented/bus-peer.sh
# The overlay's C built with AddressSanitizer (`make overlay-gtk-asan`), beside a copy of the
# executable, which opens the GTK part beside itself; libasan preloaded, as the executable is not
# instrumented. A read past a buffer stops that overlay with a report instead of passing unseen.
mkdir -p "$W/asan" && cp "$BIN/forcetouchd" "$W/asan/" && ln -s forcetouchd "$W/asan/forcetouch-overlay"
cp "$ASAN_GTK" "$W/asan/forcetouch-overlay-gtk.so" 2> /dev/null
check "the overlay's C built with AddressSanitizer is there (make overlay-gtk-asan)" test -e "$W/asan/forcetouch-overlay-gtk.so"
asan_overlay=(env "LD_PRELOAD=$(gcc -print-file-name=libasan.so)" ASAN_OPTIONS=detect_leaks=0 "$W/asan/forcetouch-overlay")

# The application the panel's launcher starts: its .desktop, where the launcher and the menu find it.
cat > "$HOMEDIR/.local/share/applications/forcetouch-notes.desktop" <<INI
[Desktop Entry]
Type=Application
Name=Forcetouch Notes
Comment=Notes written by a test
Exec=true
Icon=text-x-generic
Actions=new-note;

[Desktop Action new-note]
Name=New Note
Exec=touch $HOMEDIR/new-note-ran
INI
cp "$HOMEDIR/.local/share/applications/forcetouch-notes.desktop" "$HOMEDIR/.config/xfce4/panel/launcher-1/"
# One panel at the bottom, centred, 48 px high, holding the one launcher: at 488..536 × 720..768.
cp Tests/Documented/fixtures/xfce4-panel-one-launcher.xml "$HOMEDIR/.config/xfce4/xfconf/xfce-perchannel-xml/xfce4-panel.xml"
# A GTK 3 window with a link button; it prints the button's centre once it is on screen (screen
# pixels under X11, its window's under Wayland).
cp Tests/Documented/fixtures/link-window.py "$W/links.py"
chmod -R a+rX "$W/links.py"
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"
start_session_bus

# The accessibility bus, and accessibility on (what `gsettings set org.gnome.desktop.interface
# toolkit-accessibility true` does through the launcher).
a11y() {
    as_user timeout 10 gdbus call --session -d org.a11y.Bus -o /org/a11y/bus \
        -m org.freedesktop.DBus.Properties.Set org.a11y.Status IsEnabled "<$1>" > /dev/null
}
bg_user "$W/a11y.log" /usr/libexec/at-spi-bus-launcher --launch-immediately
for _ in $(seq 50); do a11y true 2> /dev/null && break; sleep 0.2; done
check "the accessibility bus runs (org.a11y.Bus), accessibility on" a11y true

# json_field FILE KEY: KEY of the JSON line in FILE (what --what-is-at printed).
json_field() { /usr/bin/python3 -c 'import json, sys
line = next(l for l in open(sys.argv[1]) if l.startswith("{"))
print(json.loads(line).get(sys.argv[2], ""))' "$1" "$2" 2> /dev/null; }
# lookup_ms FILE: the time of the last `under-finger` line logged.
lookup_ms() { grep -a '^under-finger [-0-9]* [-0-9]*: ' "$1" | tail -1 | sed -E 's/.*\(([0-9.]+) ms\)$/\1/'; }
# gone PID: the process has ended.
gone() { ! kill -0 "$1" 2> /dev/null; }
# found_at X Y KEY VALUE [ENV…]: --what-is-at X Y (run with ENV…) finds KEY = VALUE: what a
# freshly mapped window's accessible objects are waited for by (an application registers them
# on the accessibility bus after its window shows).
found_at() {
    as_user env "${@:5}" "$BIN/forcetouch-overlay" --what-is-at "$1" "$2" > "$W/found-at.json" 2>&1
    [ "$(json_field "$W/found-at.json" "$3")" = "$4" ]
}

# ---------------------------------------------------------------- X11: Xvfb, openbox, xfce4-panel
start_x11
bg_user "$W/panel.log" xfce4-panel
panel_pid=$last_pid
bg_user "$W/links-x11.log" /usr/bin/python3 "$W/links.py"
links_pid=$last_pid
wait_for '^link ' "$W/links-x11.log" 20 > /dev/null
read -r _ lx ly < <(grep '^link ' "$W/links-x11.log")
wait_until 20 found_at 512 744 name "Forcetouch Notes"
wait_until 10 found_at "${lx:-0}" "${ly:-0}" address "https://example.org/forcetouch"
check "xfce4-panel and the link window run (link at ${lx:-?},${ly:-?})" test -n "${lx:-}"

doc_runner=(as_user)
doc <<'CMD'
forcetouch-overlay --what-is-at 512 744
CMD
cp "$DOC_OUT" "$W/x11-launcher.json"
check "x11: --what-is-at on the panel's launcher: a push button ($(json_field "$W/x11-launcher.json" role))" \
    test "$(json_field "$W/x11-launcher.json" role)" = "push button"
check "x11: ... named after the application ($(json_field "$W/x11-launcher.json" name))" \
    test "$(json_field "$W/x11-launcher.json" name)" = "Forcetouch Notes"
check "x11: ... in a dock window of xfce4-panel's ($(json_field "$W/x11-launcher.json" window-type), $(json_field "$W/x11-launcher.json" window-app-id))" \
    test "$(json_field "$W/x11-launcher.json" window-type)" = dock -a \
         "$(json_field "$W/x11-launcher.json" window-pid)" = "$panel_pid"
check "x11: ... found from the X server (source x11)" test "$(json_field "$W/x11-launcher.json" source)" = x11
# The display's windows, which PressTarget carries for an app icon's menu to switch to: their titles, a line each.
launcher_windows="$(/usr/bin/python3 -c 'import json, sys
line = next(l for l in open(sys.argv[1]) if l.startswith("{"))
print("\n".join(w["title"] for w in json.loads(line).get("windows", [])))' "$W/x11-launcher.json" 2> /dev/null)"
check "x11: ... with the display's windows, the link window's among them ($(paste -sd, <<< "$launcher_windows"))" \
    grep -qx Links <<< "$launcher_windows"

as_user "$BIN/forcetouch-overlay" --verbose --what-is-at "${lx:-0}" "${ly:-0}" > "$W/x11-link.json" 2>&1
check "x11: on the GTK link button, its address ($(json_field "$W/x11-link.json" address))" \
    test "$(json_field "$W/x11-link.json" address)" = "https://example.org/forcetouch"
check "x11: ... in the window titled Links ($(json_field "$W/x11-link.json" window-title))" \
    test "$(json_field "$W/x11-link.json" window-title)" = Links
echo "figure: x11: --what-is-at on a link, a new process's first lookup: $(lookup_ms "$W/x11-link.json") ms"

as_user "$BIN/forcetouch-overlay" --what-is-at 900 300 > "$W/x11-empty.json" 2>&1
check "x11: on the empty desktop, nothing, and why ($(json_field "$W/x11-empty.json" why))" \
    test -z "$(json_field "$W/x11-empty.json" role)" -a "$(json_field "$W/x11-empty.json" why)" = "no window at 900,300"
as_user "$BIN/forcetouch-overlay" --what-is-at 1 > "$W/bad.txt" 2>&1
check "--what-is-at with one number is refused, saying why" \
    bash -c "grep -q 'two numbers' '$W/bad.txt' && ! grep -q '^{' '$W/bad.txt'"

# The bus: the overlay told of a press by the daemon's stand-in sends what is under it.
peer_start
# Under AddressSanitizer until Firefox's link (WebKit's web process, which a link's preview starts,
# does not run with libasan preloaded): this overlay also draws the menus and the heading below.
bg_user "$W/x11-overlay.log" "${asan_overlay[@]}" --verbose
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/x11-overlay.log" 10 > /dev/null
progress() { peer_emit PressProgress "'$1'" "''" 0.3 0.0 "$2" "$3" "'touch'" "''" false; }
# press_target N: waits for the Nth PressTarget the stand-in records; prints it.
press_target() {
    for _ in $(seq 50); do [ "$(grep -c '^call PressTarget ' "$PEER_LOG")" -ge "$1" ] && break; sleep 0.1; done
    grep '^call PressTarget ' "$PEER_LOG" | sed -n "${1}p"
}
progress began 0.5 0.96875
call="$(press_target 1)"
echo "  | $call"
check "bus: PressProgress began on the launcher → PressTarget with its facts" \
    bash -c "grep -q \"'role': <'push button'>\" <<< \"\$1\" && grep -q \"'name': <'Forcetouch Notes'>\" <<< \"\$1\" &&
             grep -q \"'window-type': <'dock'>\" <<< \"\$1\"" _ "$call"
check "bus: ... press-x and press-y echoed (0.5, 0.96875)" \
    bash -c "grep -q \"'press-x': <0.5>\" <<< \"\$1\" && grep -q \"'press-y': <0.96875>\" <<< \"\$1\"" _ "$call"
first="$(lookup_ms "$W/x11-overlay.log")"
progress ended 0.5 0.96875
progress began 0.5 0.96875
press_target 2 > /dev/null
warm="$(lookup_ms "$W/x11-overlay.log")"
progress ended 0.5 0.96875
progress began 0.879 0.39
call="$(press_target 3)"
nothing="$(lookup_ms "$W/x11-overlay.log")"
progress ended 0.879 0.39
check "bus: on the empty desktop, PressTarget says why" bash -c "grep -q \"'why': <'no window at \" <<< \"\$1\"" _ "$call"
check "bus: the overlay logs each lookup (under-finger 512 744: push button \"Forcetouch Notes\" (N ms))" \
    grep -q '^under-finger 512 744: push button "Forcetouch Notes" (' "$W/x11-overlay.log"
echo "figure: x11 lookups in the running overlay: first $first ms, warm $warm ms, nothing found $nothing ms"

# An application that does not answer: the daemon is told why at the deadline, not later.
# (Stopped: atk-bridge answers from a thread of its own even while an application's main loop
# is busy.)
bg_user "$W/frozen.log" /usr/bin/python3 "$W/links.py"
frozen_pid=$last_pid
wait_for '^link ' "$W/frozen.log" 20 > /dev/null
read -r _ fx fy < <(grep '^link ' "$W/frozen.log")
kill -STOP "$frozen_pid"
fpx="$(awk -v v="${fx:-0}" 'BEGIN { printf "%.6f", (v + 0.5) / 1024 }')" fpy="$(awk -v v="${fy:-0}" 'BEGIN { printf "%.6f", (v + 0.5) / 768 }')"
start_ns="$(date +%s%N)"
progress began "$fpx" "$fpy"
call="$(press_target 4)"
waited=$(( ($(date +%s%N) - start_ns) / 1000000 ))
progress ended "$fpx" "$fpy"
check "x11: on a window whose application does not answer, PressTarget says it took too long ($(grep -o "'why': <'[^']*'>" <<< "$call"))" \
    bash -c "grep -Eq \"'why': <'(the lookup took longer than 270 ms|no answer within 300 ms)'>\" <<< \"\$1\"" _ "$call"
check "x11: ... at the deadline, not later (${waited} ms from began to the stand-in's record)" \
    test "$waited" -ge 250 -a "$waited" -lt 1500
kill -CONT "$frozen_pid"
stop "$frozen_pid"

# Accessibility off: one line says why, and the answer comes at once.
m="$(mark "$W/x11-overlay.log")"
a11y false
progress began 0.5 0.96875
call="$(press_target 5)"
progress ended 0.5 0.96875
off="$(lookup_ms "$W/x11-overlay.log")"
check "a11y off: PressTarget says why, and only that" \
    bash -c "grep -q \"'why': <'accessibility is off\" <<< \"\$1\" && ! grep -q \"'role'\" <<< \"\$1\"" _ "$call"
check "a11y off: the overlay says so in one line" \
    test "$(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -c '^under-finger: accessibility is off')" = 1
check "a11y off: ... and answers at once, not at the 300 ms deadline ($off ms)" \
    awk -v t="${off:-999}" 'BEGIN { exit !(t < 300) }'
progress began 0.5 0.96875
press_target 6 > /dev/null
progress ended 0.5 0.96875
check "a11y off: said once, not at every press" \
    test "$(grep -c '^under-finger: accessibility is off' "$W/x11-overlay.log")" = 1
echo "figure: x11: a press with accessibility off answered in $off ms"
a11y true

# What other programs give is bounded and escaped (issue 48). X11 properties are read in the
# format they are in: the link window's _NET_WM_PID set as one byte (format 8) is no process, not
# four bytes read past its end (under AddressSanitizer).
lwin="$(as_user xdotool search --name '^Links$' | head -1)"
as_user xprop -id "${lwin:-0}" -f _NET_WM_PID 8c -set _NET_WM_PID 5
as_user "${asan_overlay[@]}" --what-is-at "${lx:-0}" "${ly:-0}" > "$W/x11-pid8.json" 2>&1
check "x11: a window whose _NET_WM_PID is one byte of format 8 names no process; nothing read past it (ASan) ($(json_field "$W/x11-pid8.json" why))" \
    test "$(json_field "$W/x11-pid8.json" why)" = "the window names no process (_NET_WM_PID)"
grep -a -A3 'AddressSanitizer' "$W/x11-pid8.json" | sed 's/^/  | /'
as_user xprop -id "${lwin:-0}" -f _NET_WM_PID 32c -set _NET_WM_PID "$links_pid"
# Names no application should give (fixtures/strange-names.py): with a newline and ANSI codes,
# 10 MB, a letter and 100,000 combining accents; a link whose address is 20 MB. Each is cut to
# the daemon's bounds (500 characters, an address of at most 8 KiB) as it is read, and written
# to the log escaped, on its one line.
cp Tests/Documented/fixtures/strange-names.py "$W/strange-names.py" && chmod 644 "$W/strange-names.py"
bg_user "$W/strange.log" /usr/bin/python3 "$W/strange-names.py"
strange_pid=$last_pid
wait_for '^biglink ' "$W/strange.log" 30 > /dev/null
read -r _ bx by < <(grep "^biglink " "$W/strange.log")
wait_until 20 found_at "${bx:-0}" "${by:-0}" name "Big link"
# strange NAME: --verbose --what-is-at on the button NAME (ASan); its JSON in $W/NAME.json, its log in $W/NAME.log.
strange() {
    local x y
    read -r _ x y < <(grep "^$1 " "$W/strange.log")
    as_user "${asan_overlay[@]}" --verbose --what-is-at "${x:-0}" "${y:-0}" > "$W/$1.json" 2> "$W/$1.log"
    sed 's/^/  | /' "$W/$1.log" | cut -c 1-200 | grep -v '^  | under-finger: the accessibility' | head -5
}
# py_field FILE EXPRESSION: EXPRESSION of the JSON line in FILE as `f` (python).
py_field() { /usr/bin/python3 -c 'import json, sys
f = json.loads(next(l for l in open(sys.argv[1]) if l.startswith("{")))
print(eval(sys.argv[2]))' "$1" "$2" 2> /dev/null; }
strange forged
check "x11: a name with a newline and ANSI codes: --what-is-at prints it as JSON ($(py_field "$W/forged.json" 'repr(f.get("name"))'))" \
    test "$(py_field "$W/forged.json" 'f.get("name") == "Forged\n\x1b[31merror: FORGED LOG LINE\x1b[0m"')" = True
check "x11: ... and the log line escapes it, forging no line of its own" \
    bash -c 'grep -qF "push button \"Forged\n\e[31merror: FORGED LOG LINE\e[0m\" (" "$1" && ! grep -aqP "^(\e\[[0-9;]*m)?error: FORGED" "$1"' _ "$W/forged.log"
strange huge
check "x11: a 10 MB name is cut to 500 characters, the last an ellipsis ($(py_field "$W/huge.json" 'len(f.get("name", ""))'))" \
    test "$(py_field "$W/huge.json" 'len(f["name"]) == 500 and f["name"].endswith("N…")')" = True
check "x11: ... and logged in one line of less than 1 KiB ($(grep -a '^under-finger ' "$W/huge.log" | wc -c) bytes)" \
    test "$(grep -a '^under-finger ' "$W/huge.log" | wc -c)" -lt 1024 -a "$(grep -ac '^under-finger [0-9]' "$W/huge.log")" = 1
strange accents
check "x11: a letter and 100,000 combining accents: at most 500 characters (Unicode scalars, not one grapheme) ($(py_field "$W/accents.json" 'len(f.get("name", ""))'))" \
    test "$(py_field "$W/accents.json" '0 < len(f["name"]) <= 500')" = True
strange biglink
check "x11: a link whose address is 20 MB: no address, too long to be one; the link's button still found ($(py_field "$W/biglink.json" 'len(f.get("address", ""))') bytes, $(json_field "$W/biglink.json" role) \"$(json_field "$W/biglink.json" name)\")" \
    test "$(py_field "$W/biglink.json" '"address" not in f')" = True -a "$(json_field "$W/biglink.json" name)" = "Big link"
for b in huge biglink; do
    read -r _ bx by < <(grep "^$b " "$W/strange.log")
    as_user /usr/bin/time -f 'peak %M kB' "$BIN/forcetouch-overlay" --what-is-at "${bx:-0}" "${by:-0}" > /dev/null 2> "$W/$b.time"
    echo "figure: x11: --what-is-at on the $b button: $(grep -a '^peak ' "$W/$b.time")"
done
# The running overlay sends them bounded: the daemon's stand-in records each PressTarget.
for b in forged huge biglink; do
    read -r _ bx by < <(grep "^$b " "$W/strange.log")
    n=$(( $(grep -c '^call PressTarget ' "$PEER_LOG") + 1 ))
    progress began "$(awk -v v="${bx:-0}" 'BEGIN { printf "%.6f", (v + 0.5) / 1024 }')" "$(awk -v v="${by:-0}" 'BEGIN { printf "%.6f", (v + 0.5) / 768 }')"
    press_target "$n" > "$W/$b.call"
    progress ended 0.5 0.5
done
check "bus: PressTarget carries the 10 MB name cut to 500 characters ($(wc -c < "$W/huge.call") bytes recorded)" \
    bash -c 'grep -q "'"'name': <'N*…'>"'" "$1" && [ "$(wc -c < "$1")" -lt 4096 ]' _ "$W/huge.call"
check "bus: ... the 20 MB link without its address ($(wc -c < "$W/biglink.call") bytes recorded)" \
    bash -c 'grep -q "'"'name': <'Big link'>"'" "$1" && ! grep -q "'"'address'"'" "$1"' _ "$W/biglink.call"
check "bus: ... and the overlay's log has no forged line" bash -c '! grep -aqP "^(\e\[[0-9;]*m)?error: FORGED" "$1"' _ "$W/x11-overlay.log"
stop "$strange_pid"

# press_evemu FILE X Y [peek]: a deep press at screen pixel X, Y (the demo touchscreen spans the
# screen: 0..1000 × 0..600, the nearest unit), past pop (pressure 210 of 255) or with `peek`
# eased off at peek (95 at most), lifted at 1.25 s.
press_evemu() {
    local pressures="40:500000 60:550000 90:600000 130:950000 170:1000000 210:1050000 120:1100000 40:1150000"
    [ "${4:-}" = peek ] && pressures="40:500000 60:550000 90:600000 95:950000 95:1000000 95:1050000 90:1100000 40:1150000"
    {
        sed -n '/^E:/q;p' demo/touchscreen-gestures.evemu
        printf 'E: 0.500000 0003 002f 0000\nE: 0.500000 0003 0039 0100\nE: 0.500000 0003 0035 %04d\nE: 0.500000 0003 0036 %04d\n' \
            $(( ($2 * 1000 + 512) / 1024 )) $(( ($3 * 600 + 384) / 768 ))
        for p in $pressures; do
            printf 'E: %d.%06d 0003 003a %04d\nE: %d.%06d 0000 0000 0000\n' $(( ${p#*:} / 1000000 )) $(( ${p#*:} % 1000000 )) "${p%%:*}" \
                $(( ${p#*:} / 1000000 )) $(( ${p#*:} % 1000000 ))
        done
        printf 'E: 1.250000 0003 0039 -001\nE: 1.250000 0000 0000 0000\n'
    } > "$1"
    chmod 644 "$1"
}

# End to end: the real daemon replays a deep press on the launcher (512, 744 on the screen) at the
# recording's pace (`--paced`: its frames come as a hand's would, so the overlay's lookup, started
# at `began`, has the dwell before peek as it has live, not a burst's instant); the overlay looks
# it up, the daemon shows that application's Desktop Actions with its name, and a click on one
# launches it.
peer_stop
# The Firefox page below is a local file: its file: link opens only where the user lists the
# scheme (SPEC §11, `open-schemes`, http and https by default).
cat > "$CONFIG" <<'TOML'
[quick-actions]
open-schemes = ["http", "https", "file"]

[[quick-action]]
type = "search"
title = "Search"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
press_evemu "$W/launcher.evemu" 512 744
chmod 644 "$CONFIG"
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/replay.log" "$BIN/forcetouchd" --replay "$W/launcher.evemu" --paced
replay_pid=$last_pid
check "end to end: a replayed deep press on the launcher shows that application's menu, its name on top" \
    wait_for_new "$m" '^menu [0-9]+ shown: .* for app-icon "Forcetouch Notes"' "$W/x11-overlay.log" 30
check "end to end: ... its Desktop Action, New Note" wait_for_new "$m" '^item 0 "New Note" ' "$W/x11-overlay.log" 10
# The press went past pop (force 210 of 255, as the demo's) and lifted beside the menu: on an
# app's icon that is no pop (iOS's quick actions have none), the menu stays open for the click,
# full size, as it is measured below.
wait_for_new "$m" '^menu state: sliding\(pop\) -> open ' "$W/x11-overlay.log" 10 > /dev/null
check "end to end: ... an app icon's menu has no pop: past pop and lifted, it stayed open, nothing chosen" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -q '^menu state: sliding(pop) -> open ' &&
             ! tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -Eq '^(choose|dismiss)' && ! grep -q 'popped during the hold' '$W/replay.log'"
read -r ix iy iw ih < <(logged_rect "$m" '^item 0 "New Note" ' "$W/x11-overlay.log")
# The heading (iOS heads an app's quick actions with its icon and name): a band of its own at the
# card's top, the item under it; on the screenshot the band is shaded apart from the rows and
# holds the icon (at its left, where a row has none) and the name; a click on it chooses nothing.
read -r hx hy hw hh < <(logged_rect "$m" '^heading [0-9]* "Forcetouch Notes" ' "$W/x11-overlay.log")
check "end to end: ... headed by the app's name, the items under it (heading ${hx:-?} ${hy:-?} ${hw:-?} ${hh:-?}, item 0 at y ${iy:-?})" \
    test -n "${hh:-}" -a "${iy:-0}" = "$(( ${hy:-0} + ${hh:-0} ))" -a "${hw:-0}" = "${iw:-1}"
ink() { convert "$1" -crop "$2" -colorspace gray -threshold 60% -format '%[fx:int(1000*(1-mean))]' info: 2>/dev/null || echo 0; }
# The icon (a light page) by how its pixels vary, against the band's empty right end.
spread() { convert "$1" -crop "$2" -colorspace gray -format '%[fx:int(1000*standard_deviation)]' info: 2>/dev/null || echo 0; }
# Written by this script: the test user cannot write to $W. Taken again until the menu's heading
# shows its icon, at most 5 s: the overlay logs a frame as it hands it to the X server.
for _ in $(seq 25); do
    as_user import -window root png:- > "$W/x11-app-icon-menu.png"
    icon_ink="$(spread "$W/x11-app-icon-menu.png" 28x28+$(( ${hx:-0} + 14 ))+$(( ${hy:-0} + 10 )))"
    [ "${icon_ink:-0}" -ge 30 ] && break
    sleep 0.2
done
band="$(pixel "$W/x11-app-icon-menu.png" $(( ${hx:-0} + ${hw:-0} - 6 )) $(( ${hy:-0} + ${hh:-0} / 2 )))"
row="$(pixel "$W/x11-app-icon-menu.png" $(( ${ix:-0} + ${iw:-0} - 6 )) $(( ${iy:-0} + 4 )))"
check "end to end: ... the heading's band is shaded apart from an item's row (red $band, the row's $row)" \
    test $(( ${row:-0} - ${band:-0} )) -ge 6
empty_ink="$(spread "$W/x11-app-icon-menu.png" 28x28+$(( ${hx:-0} + ${hw:-0} - 40 ))+$(( ${hy:-0} + 10 )))"
row_ink="$(ink "$W/x11-app-icon-menu.png" 28x28+$(( ${ix:-0} + ${iw:-0} - 90 ))+$(( ${iy:-0} + 36 )))"
name_ink="$(ink "$W/x11-app-icon-menu.png" 150x20+$(( ${hx:-0} + 52 ))+$(( ${hy:-0} + 14 )))"
check "end to end: ... and holds the app's icon and its name in bold; the row's subtitle does not repeat the name (‰: the icon's spread $icon_ink, the band's empty end's $empty_ink; ink: name $name_ink, the row's subtitle $row_ink)" \
    test "${icon_ink:-0}" -ge 30 -a "${empty_ink:-1000}" -le 5 -a "${name_ink:-0}" -ge 50 -a "${row_ink:-1000}" -le 5
if [ -n "${SAVE_IMAGES:-}" ]; then
    convert "$W/x11-app-icon-menu.png" -crop $(( ${hw:-0} + 80 ))x$(( 768 - ${hy:-0} + 40 ))+$(( ${hx:-0} - 40 ))+$(( ${hy:-0} - 40 )) +repage \
        docs/images/app-icon-menu-x11.png
fi
# A click on the heading, then one on the item: the X server hands the overlay the clicks in
# that order, so when the item's is taken the heading's was, and the first thing the overlay
# did after it is choosing the item: no time window needed to see the heading's chose nothing.
m2="$(mark "$W/x11-overlay.log")"
as_user xdotool mousemove $(( ${hx:-0} + ${hw:-0} / 2 )) $(( ${hy:-0} + ${hh:-0} / 2 )) click 1
as_user xdotool mousemove $(( ${ix:-0} + ${iw:-0} / 2 )) $(( ${iy:-0} + ${ih:-0} / 2 )) click 1
wait_for_new "$m2" '^choose ' "$W/x11-overlay.log" 10 > /dev/null
check "end to end: ... a click on the heading chooses nothing and leaves the menu open" \
    bash -c "tail -c +$((m2 + 1)) '$W/x11-overlay.log' | grep -E '^(choose|dismiss|hidden)' | head -1 | grep -q '^choose 0 \"New Note\"'"
check "end to end: ... and a click on it launches it (its Exec ran)" \
    bash -c "for _ in \$(seq 50); do [ -e '$HOMEDIR/new-note-ran' ] && exit 0; sleep 0.2; done; exit 1"
stop "$replay_pid"

# Pop on a link, end to end: the same press replayed at its pace on the GTK link button: the
# lookup answers before peek, as with a hand's press, the link's menu shows at peek, and the
# overlay, which sees the press go on to pop, pops it: it chooses Open, and `gio open` hands the
# address to the default browser, here a recording URL handler. (The daemon's own pop of a menu
# held while the press popped and lifted, a fast hard press, is link-preview-on-host.sh's.)
cat > "$W/record-url" <<SH
#!/bin/sh
echo "\$1" >> "$HOMEDIR/opened.txt"
SH
chmod 755 "$W/record-url"
cat > "$HOMEDIR/.local/share/applications/recorder.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Recorder
Exec=$W/record-url %u
MimeType=x-scheme-handler/https;
DESKTOP
printf '[Default Applications]\nx-scheme-handler/https=recorder.desktop\n' > "$HOMEDIR/.config/mimeapps.list"
chown "$U:$G" "$HOMEDIR/.local/share/applications/recorder.desktop" "$HOMEDIR/.config/mimeapps.list"
press_evemu "$W/link-pop.evemu" "${lx:-0}" "${ly:-0}"
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/link-replay.log" "$BIN/forcetouchd" --verbose --replay "$W/link-pop.evemu" --paced
replay_pid=$last_pid
check "pop on a link: a replayed deep press on the GTK link button shows the link's menu (MenuShown still sent)" \
    wait_for_new "$m" '^menu [0-9]+ shown: .* for link ' "$W/x11-overlay.log" 30
wait_for "https://example.org/forcetouch" "$HOMEDIR/opened.txt" 10 > /dev/null
# Opened once: the replaying daemon, which opens it, has ended (its replay played out).
wait_until 10 gone "$replay_pid"
check "pop on a link: ... and having gone past pop before it, opens it: the recording URL handler got $(cat "$HOMEDIR/opened.txt" 2> /dev/null)" \
    grep -qx "https://example.org/forcetouch" "$HOMEDIR/opened.txt"
check "pop on a link: ... once, by the overlay's pop choosing Open (link.open), not the daemon's" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -q '^menu state: sliding([a-z ]*) -> popped ' &&
             tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -q '^chose link.open: success' &&
             ! grep -q 'popped during the hold' '$W/link-replay.log' && [ \"\$(wc -l < '$HOMEDIR/opened.txt')\" = 1 ]"
stop "$replay_pid"

# Force Click on text (issue 54), end to end with the real daemon and the running overlay (under
# AddressSanitizer): Debian's dictd with WordNet (dict-wn) on loopback, where Look Up asks
# (127.0.0.1:2628; a server already there is used as it is). A GTK text view and a password field
# (fixtures/text-window.py). A replayed deep press, lifted at peek, on a word: the daemon's
# MenuShown says it is a `word` and carries the word's WordNet definition, its items Look Up,
# Copy and Search the Web; on an email address, a phone number and a date in the same text: their
# kinds and actions; on the password field, which holds a word, nothing is read: its target is
# no text, and the overlay sent no text.
cp Tests/Documented/fixtures/text-window.py "$W/text.py" && chmod a+r "$W/text.py"
dict_up() { (exec 3<> /dev/tcp/127.0.0.1/2628) 2> /dev/null; }
if ! dict_up; then
    bg_user "$W/dictd.log" /usr/sbin/dictd --config /etc/dictd/dictd.conf --listen-to 127.0.0.1 --port 2628 \
        -d nodetach --pid-file "$W/dictd.pid"
    dictd_pid=$last_pid
    wait_until 10 dict_up
fi
check "text: a dictionary server answers on 127.0.0.1:2628 (dictd with dict-wn)" dict_up
bg_user "$W/text-x11.log" /usr/bin/python3 "$W/text.py"
text_pid=$last_pid
wait_for '^password ' "$W/text-x11.log" 20 > /dev/null
read -r _ px py < <(grep '^password ' "$W/text-x11.log")
read -r _ sx_ sy_ < <(grep '^secret ' "$W/text-x11.log")
word_at() { grep "^word $1 " "$W/text-x11.log" | cut -d' ' -f3-; }
cat > "$W/menu-watch.py" <<'PY'
#!/usr/bin/python3
# Prints each MenuShown the daemon sends: its target (a{sv}) and its items' types, as JSON.
import json
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
def on_signal(_c, _sender, _path, _iface, _member, parameters):
    v = parameters.unpack()
    print(json.dumps({"target": v[6], "items": [i.get("type") for i in v[1]],
                      "titles": [i.get("title") for i in v[1]]}), flush=True)
bus.signal_subscribe(None, "io.github.forcetouch.Daemon1", "MenuShown", "/io/github/forcetouch/Daemon1", None,
                     Gio.DBusSignalFlags.NONE, on_signal)
print("ready", flush=True)
GLib.MainLoop().run()
PY
bg_user "$W/menus.log" /usr/bin/python3 "$W/menu-watch.py"
menus_pid=$last_pid
wait_for '^ready' "$W/menus.log" 10 > /dev/null
# Text is looked up where the configuration lists its kinds (app icons and links only by default);
# an item of its own, so that a press on no text still shows a menu, its target saying why.
cat > "$W/text.toml" <<'TOML'
[quick-actions]
under-finger = ["app-icon", "link", "word", "email", "phone", "date", "url"]

[[quick-action]]
type = "search"
title = "Search"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
chmod 644 "$W/text.toml"
# text_press NAME X Y: a deep press lifted at peek replayed at X, Y; its MenuShown in $W/NAME.menu.
text_press() {
    press_evemu "$W/$1.evemu" "$2" "$3" peek
    local m om
    m="$(mark "$W/menus.log")"
    om="$(mark "$W/x11-overlay.log")"
    bg_user "$W/$1-replay.log" "$BIN/forcetouchd" --verbose --config "$W/text.toml" --replay "$W/$1.evemu" --paced
    local pid=$last_pid
    wait_for_new "$m" '^\{' "$W/menus.log" 30
    tail -c "+$((m + 1))" "$W/menus.log" | grep -m1 '^{' > "$W/$1.menu"
    # The word's menu (its Look Up card, checked below) and, with SAVE_IMAGES=1, the phone
    # number's, shot as they are on screen once drawn full size.
    if [ "$1" = word ] || { [ -n "${SAVE_IMAGES:-}" ] && [ "$1" = phone ]; }; then
        wait_for_new "$om" '^menu [0-9]+ scale 1\.000 ' "$W/x11-overlay.log" 5 > /dev/null
        # The word's highlight comes as the text view answers where the word is.
        [ "$1" = word ] && wait_for_new "$om" '^highlight ' "$W/x11-overlay.log" 5 > /dev/null
        as_user import -window root png:- > "$W/$1-menu.png"
    fi
    if [ -n "${SAVE_IMAGES:-}" ] && [ "$1" = phone ]; then
        local cx=$(( $2 - 260 )) cy=$(( $3 - 60 ))
        cx=$(( cx < 0 ? 0 : cx > 464 ? 464 : cx )) cy=$(( cy < 0 ? 0 : cy > 388 ? 388 : cy ))
        convert "$W/$1-menu.png" -crop 560x380+$cx+$cy +repage "docs/images/force-click-$1-x11.png"
    fi
    wait_until 10 gone "$pid"
    stop "$pid"
}
# menu_field NAME EXPRESSION: EXPRESSION of $W/NAME.menu as `m` (python).
menu_field() { /usr/bin/python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
print(eval(sys.argv[2]))' "$W/$1.menu" "$2" 2> /dev/null; }
# The text view's objects are on the accessibility bus once --what-is-at finds its role there.
wait_until 20 found_at $(word_at force) role text
# --read-text: the text read as a press reads it where the daemon lists a kind found in text.
# read_text_at X Y: `ROLE: TEXT[TEXT-OFFSET - 2 : TEXT-OFFSET + 3] TEXT-OFFSET` (without a text: `ROLE: -`).
read_text_at() {
    as_user "$BIN/forcetouch-overlay" --read-text --what-is-at "$1" "$2" 2>&1 | /usr/bin/python3 -c 'import json, sys
f = json.loads(next(l for l in sys.stdin if l.startswith("{")))
t = f.get("text")
print(f.get("role") + ":", "-" if t is None else "%s %d" % (t[f["text-offset"] - 2:f["text-offset"] + 3], f["text-offset"]))' 2> /dev/null
}
read_force="$(read_text_at $(word_at force))" read_password="$(read_text_at "${px:-0}" "${py:-0}")"
check "text: --what-is-at --read-text on \"force\" prints the text around it, at the word's middle letter ($read_force)" \
    test "$read_force" = "text: force 18"
check "text: ... on the password field, no text ($read_password)" test "$read_password" = "password text: -"
m="$(mark "$W/x11-overlay.log")"
text_press word $(word_at force)
check "text: a replayed deep press on \"force\" in a GTK text view: MenuShown's target is the word ($(menu_field word 'm["target"].get("kind"), m["target"].get("name")'))" \
    test "$(menu_field word 'm["target"]["kind"] + " " + m["target"]["name"]')" = "word force"
check "text: ... with its WordNet definition from the local dictd ($(menu_field word 'm["target"]["definition"].split(chr(10))[1].strip()[:60]')…; $(menu_field word 'm["target"]["dictionary"][:50]'))" \
    test "$(menu_field word 'm["target"]["definition"].split(chr(10))[1].strip().startswith("n 1: a powerful effect or influence"), "WordNet" in m["target"]["dictionary"]')" = "(True, True)"
# Where the word is in the text the overlay sent (`Press with some force to look a word up.`,
# the text view's whole text): what the overlay highlights in the application while the menu shows.
check "text: ... and where the word is in the text sent, to highlight it (text-start, text-end: $(menu_field word 'm["target"].get("text-start"), m["target"].get("text-end")'))" \
    test "$(menu_field word 'm["target"]["text-start"] + " " + m["target"]["text-end"]')" = "16 21"
check "text: ... and its items Look Up, Look Up in Dictionary (GNOME's Dictionary is installed), Copy, Search the Web ($(menu_field word '", ".join(m["titles"])'))" \
    test "$(menu_field word '" ".join(m["items"]), m["titles"][1]')" = "('text.look-up text.look-up-app text.copy text.search', 'Look Up in Dictionary')"
check "text: ... the overlay drew it (its log: $(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a -m1 -o 'shown: .* for word.*'))" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -aq 'shown: .* for word '"
# The Look Up card (LookUpCard): above the word's actions as a link's preview is, the word its
# title, the dictionary named under it, the definition's first senses under that. Its place as
# the overlay logs it (`look-up MENU X Y W H "WORD" definition X Y W H`, full size), and on the
# screenshot: the word in bold in the header, the dictionary's line, and the definition's ink.
read -r kx ky kw kh < <(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a '^look-up [0-9]* ' | tail -1 | awk '{ print $3, $4, $5, $6 }')
read -r dx dy dw dh < <(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a '^look-up [0-9]* ' | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }')
read -r ax ay aw ah < <(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a '^actions [0-9]* ' | tail -1 | awk '{ print $3, $4, $5, $6 }')
check "text: ... its Look Up card, titled \"force\", above its actions, the definition under the header (card ${kx:-?} ${ky:-?} ${kw:-?} ${kh:-?}, definition ${dx:-?} ${dy:-?} ${dw:-?} ${dh:-?}, actions at y ${ay:-?})" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -aq '^look-up [0-9]* .* \"force\" definition ' &&
             [ '${ay:-0}' = '$(( ${ky:-0} + ${kh:-0} + 10 ))' ] && [ '${dy:-0}' = '$(( ${ky:-0} + 56 ))' ] &&
             [ '$(( ${dy:-0} + ${dh:-0} ))' = '$(( ${ky:-0} + ${kh:-0} ))' ] && [ '${dh:-0}' -ge 40 ] && [ '${aw:-0}' = '${kw:-1}' ]"
word_ink="$(ink "$W/word-menu.png" 120x20+$(( ${kx:-0} + 16 ))+$(( ${ky:-0} + 8 )))"
source_ink="$(ink "$W/word-menu.png" 200x14+$(( ${kx:-0} + 16 ))+$(( ${ky:-0} + 34 )))"
definition_ink="$(ink "$W/word-menu.png" $(( ${dw:-32} - 32 ))x$(( ${dh:-16} - 16 ))+$(( ${dx:-0} + 16 ))+$(( ${dy:-0} + 8 )))"
check "text: ... drawn there: the word, the dictionary's line and the definition's lines in ink (‰ ink: word $word_ink, dictionary $source_ink, definition $definition_ink)" \
    test -n "${dh:-}" -a "${word_ink:-0}" -ge 50 -a "${source_ink:-0}" -ge 20 -a "${definition_ink:-0}" -ge 40
# Each sense gets the lines Pango lays it out in (LookUpCard's linesNeeded, the overlay's measure),
# at most 3: WordNet's first sense of "force" (87 characters, 2 lines at 44 characters a line)
# needs 3 lines of Sans 10 at the body's 268 px, measured here by Pango as the card draws it; the
# overlay's log gives the lines each sense got (`senses MENU lines 3 2`).
cat > "$W/sense-lines.py" <<'PY'
#!/usr/bin/python3
# The lines Pango lays TEXT out in, Sans 10 wrapped at words 268 px wide, as look-up-card.c draws a sense.
import sys
import gi
gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo
layout = Pango.Layout.new(PangoCairo.FontMap.get_default().create_context())
layout.set_font_description(Pango.FontDescription.from_string("Sans 10"))
layout.set_width(268 * Pango.SCALE)
layout.set_wrap(Pango.WrapMode.WORD_CHAR)
layout.set_text(sys.argv[1], -1)
print(layout.get_line_count())
PY
first_sense="$(menu_field word '" ".join(" ".join(m["target"]["definition"].split(chr(10))[1:]).split()).split(" 2: ")[0]')"
pango_lines="$(/usr/bin/python3 "$W/sense-lines.py" "$first_sense" 2> /dev/null)"
sense_lines="$(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a '^senses [0-9]* lines ' | tail -1 | cut -d' ' -f4-)"
check "text: ... the definition's first sense ($(printf %s "$first_sense" | wc -m) characters) given the ${pango_lines:-?} lines Pango lays it out in, the next what is left of 5 (lines each sense got: ${sense_lines:-none}; definition $dh px high)" \
    bash -c "[ -n '$pango_lines' ] && [ '$pango_lines' -le 3 ] && [ '${sense_lines%% *}' = '$pango_lines' ] &&
             [ '${dh:-0}' = \$(( (\$(echo '$sense_lines' | tr ' ' '+')) * 17 + 16 )) ]"
# The word highlighted in the text view while its menu shows (TextHighlight): the place the text
# view gives for the daemon's range (`highlight X Y W H`, padded) holds the pressed point; Openbox
# cannot blend, so the word is ringed in the marker's yellow: on the screenshot the ring's left
# edge is yellow, the word inside it is not covered (not yellow), nor is the text beside it.
read -r wx_ wy_ < <(word_at force)
read -r gx gy gw gh < <(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a '^highlight ' | tail -1 | rect)
yellow() { local c=($1); [ "${c[0]:-0}" -gt 200 ] && [ "${c[1]:-0}" -gt 160 ] && [ "${c[2]:-255}" -lt 80 ]; }
ring="$(rgb "$W/word-menu.png" $(( ${gx:-0} + 1 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
inside="$(rgb "$W/word-menu.png" $(( ${gx:-0} + ${gw:-0} / 2 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
beside="$(rgb "$W/word-menu.png" $(( ${gx:-0} - 12 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
marked=no; yellow "$ring" && ! yellow "$inside" && ! yellow "$beside" && marked=yes
check "text: ... the word highlighted in the text view, ringed around the pressed point (${wx_:-?},${wy_:-?}) where the text view puts it (highlight ${gx:-?} ${gy:-?} ${gw:-?} ${gh:-?}; rgb: ring $ring, inside $inside, beside $beside)" \
    bash -c "[ -n '${gh:-}' ] && [ '${wx_:-0}' -gt '${gx:-0}' ] && [ '${wx_:-0}' -lt '$(( ${gx:-0} + ${gw:-0} ))' ] &&
             [ '${wy_:-0}' -gt '${gy:-0}' ] && [ '${wy_:-0}' -lt '$(( ${gy:-0} + ${gh:-0} ))' ] && [ '${gw:-0}' -lt 80 ] && [ $marked = yes ]"
if [ -n "${SAVE_IMAGES:-}" ]; then
    convert "$W/word-menu.png" -crop $(( ${kw:-0} + 80 ))x$(( ${ah:-0} + ${ay:-0} - ${ky:-0} + 80 ))+$(( ${kx:-0} > 40 ? ${kx:-0} - 40 : 0 ))+$(( ${ky:-0} > 40 ? ${ky:-0} - 40 : 0 )) +repage \
        docs/images/force-click-word-x11.png
fi
echo "figure: text: the daemon's Look Up of the word: $(grep -o 'Look Up: .*' "$W/word-replay.log" | head -1)"
echo "figure: text: the overlay's lookups of the word, text read included: $(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -aE '^under-finger [0-9]+ [0-9]+: ' | sed -E 's/.*\(([0-9.]+) ms\)$/\1 ms/' | xargs)"
# Look Up in Dictionary (issue 54): GNOME's Dictionary (gnome-dictionary), the dictionary application
# installed here, which the daemon starts with the word. Offline: its dictionary source is the dictd
# on loopback (a source file in the test's home, made its source-name in GSettings' keyfile, which
# the daemons below run with and the application they start inherits), never dict.org. Chosen from
# the word's menu (a press lifted at peek, then a click on the item), the application's window
# comes (X11: its WM_CLASS) with the word in its entry and WordNet's definition from 127.0.0.1, as
# a user reads them (AT-SPI); a press past pop on the word opens it too, chosen by the overlay's pop.
gnome_dictionary_offline
# dictionary_window: GNOME's Dictionary has a window on the X server (its WM_CLASS).
dictionary_window() { as_user xdotool search --class '^org\.gnome\.Dictionary$' > /dev/null 2>&1; }
no_dictionary_window() { ! dictionary_window; }
# dictionary_shows WORD: GNOME's Dictionary has a window whose entry holds WORD and whose definition
# is WordNet's (its first sense of "force"); what it shows is in $W/dictionary.txt.
dictionary_shows() { dictionary_window && dictionary_reads "$1"; }
# dictionary_close: GNOME's Dictionary's process is stopped (the daemon started it detached).
dictionary_close() {
    local pid
    for pid in $(as_user xdotool search --class '^org\.gnome\.Dictionary$' getwindowpid %@ 2> /dev/null | sort -u); do
        stop "$pid"
    done
    wait_until 5 no_dictionary_window || true
}
press_evemu "$W/look-up-app.evemu" $(word_at force) peek
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/look-up-app-replay.log" env GSETTINGS_BACKEND=keyfile "$BIN/forcetouchd" --verbose --config "$W/text.toml" \
    --replay "$W/look-up-app.evemu" --paced
replay_pid=$last_pid
wait_for_new "$m" '^item [0-9]+ "Look Up in Dictionary" ' "$W/x11-overlay.log" 30 > /dev/null
read -r ix iy iw ih < <(logged_rect "$m" '^item [0-9]+ "Look Up in Dictionary" ' "$W/x11-overlay.log")
check "text: the word's menu on screen has Look Up in Dictionary (item ${ix:-?} ${iy:-?} ${iw:-?} ${ih:-?})" test -n "${ih:-}"
[ -n "${ih:-}" ] && as_user xdotool mousemove $(( ix + iw / 2 )) $(( iy + ih / 2 )) click 1
start_ns="$(date +%s%N)"
[ -n "${ih:-}" ] && wait_until 15 dictionary_shows force
check "text: ... chosen, GNOME's Dictionary opens at the word: its window, \"force\" in its entry, WordNet's definition from the dictd on loopback ($(grep -v '^pid ' "$W/dictionary.txt" 2> /dev/null | head -c 160 | tr '\n' ' '))" \
    dictionary_shows force
echo "figure: text: Look Up in Dictionary, from the click to the definition in GNOME's Dictionary: $(( ($(date +%s%N) - start_ns) / 1000000 )) ms"
check "text: ... started by the daemon with the word, its result saying so ($(grep -o 'looked up “force” in [^:]*' "$W/look-up-app-replay.log" | head -1))" \
    grep -q 'looked up “force” in Dictionary: started gnome-dictionary' "$W/look-up-app-replay.log"
wait_until 10 gone "$replay_pid"
stop "$replay_pid"
dictionary_close
press_evemu "$W/look-up-pop.evemu" $(word_at force)
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/look-up-pop-replay.log" env GSETTINGS_BACKEND=keyfile "$BIN/forcetouchd" --verbose --config "$W/text.toml" \
    --replay "$W/look-up-pop.evemu" --paced
replay_pid=$last_pid
wait_until 15 dictionary_shows force
check "text: a replayed deep press past pop on the word opens GNOME's Dictionary at it ($(grep -v '^pid ' "$W/dictionary.txt" 2> /dev/null | head -c 160 | tr '\n' ' '))" \
    dictionary_shows force
check "text: ... popped by the overlay, which chose Look Up in Dictionary (text.look-up-app)" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -q '^menu state: sliding([a-z ]*) -> popped ' &&
             tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -q '^chose text.look-up-app: success'"
wait_until 10 gone "$replay_pid"
stop "$replay_pid"
dictionary_close
# With no dictionary application (the daemon reading applications from a data directory that holds
# none), the word's menu has no Look Up in …, and pop on the word opens nothing: the menu stays,
# and the daemon says why once, not at each pop (two presses past pop in one replay, one line).
mkdir -p "$W/no-dictionary-share/applications" && chmod -R a+rX "$W/no-dictionary-share"
press_evemu "$W/pop-nothing-1.evemu" $(word_at force)
{ cat "$W/pop-nothing-1.evemu"; grep '^E: ' "$W/pop-nothing-1.evemu" | awk '{ $2 = sprintf("%.6f", $2 + 2.5); print }'; } \
    > "$W/pop-nothing.evemu" && chmod 644 "$W/pop-nothing.evemu"
m="$(mark "$W/x11-overlay.log")" mm="$(mark "$W/menus.log")"
bg_user "$W/pop-nothing-replay.log" env XDG_DATA_DIRS="$W/no-dictionary-share" "$BIN/forcetouchd" --verbose \
    --config "$W/text.toml" --replay "$W/pop-nothing.evemu" --paced
replay_pid=$last_pid
pops() { tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -ac -- '-> sliding(pop) '; }
wait_until 20 bash -c "[ \$(tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -ac -- '-> sliding(pop) ') -ge 2 ]"
sleep 0.5
check "text: with no dictionary application installed, the word's menus have no Look Up in … ($(tail -c +$((mm + 1)) "$W/menus.log" | grep -c '"kind": "word"') word menu(s): $(tail -c +$((mm + 1)) "$W/menus.log" | grep '"kind": "word"' | tail -1 | /usr/bin/python3 -c 'import json, sys; print(", ".join(json.loads(sys.stdin.read())["titles"]))' 2> /dev/null))" \
    bash -c "[ \$(tail -c +$((mm + 1)) '$W/menus.log' | grep -c '\"kind\": \"word\"') = 2 ] && ! tail -c +$((mm + 1)) '$W/menus.log' | grep -q 'text.look-up-app'"
check "text: ... and pop on the word opens nothing: the overlay reached pop $(pops) times and chose nothing, the menu stayed" \
    bash -c "[ $(pops) -ge 2 ] && ! tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -aq '^chose ' && $(dictionary_window && echo false || echo true)"
check "text: ... the daemon saying why once, not at each pop ($(grep -c 'pop on a word opens nothing' "$W/pop-nothing-replay.log") line: $(grep -o 'Look Up: pop on a word opens nothing: .*' "$W/pop-nothing-replay.log" | head -1))" \
    test "$(grep -c 'Look Up: pop on a word opens nothing: no dictionary application is installed (Debian: install gnome-dictionary) (said once)$' "$W/pop-nothing-replay.log")" = 1
stop "$replay_pid"
text_press email $(word_at ada@example.org)
check "text: on an email address, New Email and Copy ($(menu_field email '" ".join([m["target"]["kind"], m["target"]["address"]] + m["titles"])'))" \
    test "$(menu_field email 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "email mailto:ada@example.org text.email text.copy"
check "text: ... the whole address is what is highlighted, not the word pressed in it (text-start, text-end: $(menu_field email 'm["target"].get("text-start"), m["target"].get("text-end")'))" \
    test "$(menu_field email 'int(m["target"]["text-end"]) - int(m["target"]["text-start"])')" = 15
text_press phone $(word_at 7946)
check "text: on a phone number, Call, Send Message and Copy ($(menu_field phone '" ".join([m["target"]["kind"], m["target"]["address"]] + m["titles"])'))" \
    test "$(menu_field phone 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "phone tel:+442079460958 text.call text.message text.copy"
text_press date $(word_at December)
check "text: on a date, Create Event and Copy ($(menu_field date '" ".join([m["target"]["kind"], m["target"]["address"]] + m["titles"])'))" \
    test "$(menu_field date 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "date 2026-12-03 text.event text.copy"
m="$(mark "$W/x11-overlay.log")"
text_press password "${px:-0}" "${py:-0}"
check "text: on a password field holding a word, nothing is read: its target is no text ($(menu_field password 'm["target"]["kind"] + ": " + m["target"]["why"]'))" \
    test "$(menu_field password 'm["target"]["kind"] + " " + str("force" in m["target"]["name"] + m["target"]["definition"])')" = "nothing False"
text_press secret "${sx_:-0}" "${sy_:-0}"
check "text: ... and on a text its application marks as secret (role password text) holding a word: no text either ($(menu_field secret 'm["target"]["kind"]'))" \
    test "$(menu_field secret 'm["target"]["kind"] + " " + str("force" in m["target"]["name"] + m["target"]["definition"])')" = "nothing False"
# What the overlay sends (the daemon's stand-in records each PressTarget). Only where the daemon's
# UnderFinger lists a kind found in text does the overlay read text: a stand-in whose UnderFinger
# is app-icon, link gets the word's object but no text. One listing the text kinds: at the word,
# the text around it and the pressed character's offset; at the password field, no text at all.
# And what reading the text costs: five lookups each of the word and of the link button, the same
# overlay.
m="$(mark "$W/x11-overlay.log")"
peer_start "app-icon,link"
wait_for_new "$m" '^under-finger: on \(the daemon.s under-finger is app-icon, link\)$' "$W/x11-overlay.log" 10 > /dev/null
# text_call X Y: the PressTarget the overlay sends for a press beginning at screen pixel X, Y.
text_call() {
    local n=$(( $(grep -c '^call PressTarget ' "$PEER_LOG") + 1 ))
    progress began "$(awk -v v="$1" 'BEGIN { printf "%.6f", (v + 0.5) / 1024 }')" "$(awk -v v="$2" 'BEGIN { printf "%.6f", (v + 0.5) / 768 }')"
    press_target "$n"
    progress ended 0.5 0.5
}
text_call $(word_at force) > "$W/word-no-text.call"
check "text: a daemon whose under-finger lists no text kind (app-icon, link): the overlay looks up the word's object but reads no text ($(grep -o "'role': <[^>]*>" "$W/word-no-text.call"), $(grep -Eo "'text(-offset)?': " "$W/word-no-text.call" | wc -l) text facts)" \
    bash -c "grep -q \"'role': <'text'>\" '$W/word-no-text.call' && ! grep -Eq \"'text(-offset)?': \" '$W/word-no-text.call'"
peer_stop
m="$(mark "$W/x11-overlay.log")"
peer_start "app-icon,link,word,email,phone,date,url"
wait_for_new "$m" '^under-finger: on \(.*\): the text under the finger is read$' "$W/x11-overlay.log" 10 > /dev/null
check "text: ... one whose under-finger lists them: the overlay says it reads text ($(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a -m1 '^under-finger: on'))" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -aq '^under-finger: on (the daemon.s under-finger is app-icon, link, word, email, phone, date, url): the text under the finger is read$'"
text_call $(word_at force) > "$W/word.call"
check "text: the overlay sends the text around the word and the offset pressed ($(grep -o "'text-offset': <[^>]*>" "$W/word.call"))" \
    bash -c "grep -q \"'text': <'Press with some force to look a word up.\" '$W/word.call' &&
             grep -Eq \"'text-offset': <uint32 (1[6-9]|20)>\" '$W/word.call'"
for f in password secret; do
    read -r _ fx fy < <(grep "^$f " "$W/text-x11.log")
    text_call "${fx:-0}" "${fy:-0}" > "$W/$f.call"
done
check "text: ... and for the password field and the text marked secret, no text: they are not read ($(grep -o "'role': <[^>]*>" "$W/password.call" "$W/secret.call" | xargs))" \
    bash -c "grep -q \"'role': <'password text'>\" '$W/password.call' && ! grep -q \"'text\" '$W/password.call' &&
             grep -q \"'role': <'password text'>\" '$W/secret.call' && ! grep -q \"'text\" '$W/secret.call'"
word_ms="" link_ms=""
for _ in 1 2 3 4 5; do
    text_call $(word_at force) > /dev/null; word_ms="$word_ms $(lookup_ms "$W/x11-overlay.log")"
    text_call "${lx:-0}" "${ly:-0}" > /dev/null; link_ms="$link_ms $(lookup_ms "$W/x11-overlay.log")"
done
# The same without AddressSanitizer: forcetouch-overlay --what-is-at (a new process each, which
# reads the text as the running overlay does, though it prints only the object's facts).
wia_word="" wia_link=""
for _ in 1 2 3; do
    as_user "$BIN/forcetouch-overlay" --verbose --what-is-at $(word_at force) > "$W/wia.json" 2>&1; wia_word="$wia_word $(lookup_ms "$W/wia.json")"
    as_user "$BIN/forcetouch-overlay" --verbose --what-is-at "${lx:-0}" "${ly:-0}" > "$W/wia.json" 2>&1; wia_link="$wia_link $(lookup_ms "$W/wia.json")"
done
echo "figure: text: --what-is-at, ms: the word, text read included:$wia_word; the link button:$wia_link"
echo "figure: text: the running overlay's (AddressSanitizer) lookups, ms: a word in a GTK text view, text read included:$word_ms; the GTK link button:$link_ms"
peer_stop
stop "$menus_pid"
stop "$text_pid"
[ -n "${dictd_pid:-}" ] && stop "$dictd_pid"

# Force Click on text, choosing an action (issue 54): what the user's handlers receive. Recording
# handlers for mailto:, tel:, sms: and text/calendar, real Desktop Entries made the defaults in
# mimeapps.list, as a mail client, GNOME Calls, a messaging app and a calendar app register; GIO's
# `gio open`, which the daemon runs, starts them. A replayed deep press past pop on the email
# address, the phone number (twice) and the date of the same GTK text view: the menu stays open
# (text has no pop), and a click on New Email, Call, Send Message and Create Event: each handler
# gets its URI exactly; the calendar app an iCalendar file of CRLF lines whose event starts on
# the date found, titled with the sentence the date is in (not the lines read around it).
cat > "$W/record-text" <<SH
#!/bin/sh
echo "\$1" >> "$HOMEDIR/text-opened.txt"
case "\$1" in /*) cp "\$1" "$HOMEDIR/event.ics" ;; esac
SH
chmod 755 "$W/record-text"
cat > "$HOMEDIR/.local/share/applications/text-recorder.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Text Recorder
Exec=$W/record-text %u
MimeType=x-scheme-handler/mailto;x-scheme-handler/tel;x-scheme-handler/sms;text/calendar;
DESKTOP
printf '[Default Applications]\nx-scheme-handler/https=recorder.desktop\n' > "$HOMEDIR/.config/mimeapps.list"
for t in x-scheme-handler/mailto x-scheme-handler/tel x-scheme-handler/sms text/calendar; do
    echo "$t=text-recorder.desktop" >> "$HOMEDIR/.config/mimeapps.list"
done
chown "$U:$G" "$HOMEDIR/.local/share/applications/text-recorder.desktop" "$HOMEDIR/.config/mimeapps.list"
rm -f "$HOMEDIR/text-opened.txt" "$HOMEDIR/event.ics"
bg_user "$W/text-x11-2.log" /usr/bin/python3 "$W/text.py"
text_pid=$last_pid
wait_for '^password ' "$W/text-x11-2.log" 20 > /dev/null
word_at() { grep "^word $1 " "$W/text-x11-2.log" | cut -d' ' -f3-; }
wait_until 20 found_at $(word_at 7946) role text
# text_choose NAME X Y TITLE: a deep press past pop replayed at X, Y, and a click on the item
# TITLE of the menu it leaves open; the handler's line is waited for.
text_choose() {
    press_evemu "$W/$1.evemu" "$2" "$3"
    local m pid n
    n=$(cat "$HOMEDIR/text-opened.txt" 2> /dev/null | wc -l)
    m="$(mark "$W/x11-overlay.log")"
    bg_user "$W/$1-replay.log" "$BIN/forcetouchd" --verbose --config "$W/text.toml" --replay "$W/$1.evemu" --paced
    pid=$last_pid
    wait_for_new "$m" '^menu state: sliding\(pop\) -> open ' "$W/x11-overlay.log" 30 > /dev/null
    read -r ix iy iw ih < <(logged_rect "$m" "^item [0-9]+ \"$4\" " "$W/x11-overlay.log")
    as_user xdotool mousemove $(( ${ix:-0} + ${iw:-0} / 2 )) $(( ${iy:-0} + ${ih:-0} / 2 )) click 1
    for _ in $(seq 50); do [ "$(cat "$HOMEDIR/text-opened.txt" 2> /dev/null | wc -l)" -gt "$n" ] && break; sleep 0.2; done
    wait_until 10 gone "$pid"
    stop "$pid"
}
# handed N: the Nth line a handler got.
handed() { sed -n "${1}p" "$HOMEDIR/text-opened.txt" 2> /dev/null; }
text_choose email-chosen $(word_at ada@example.org) "New Email"
check "text: New Email chosen on the email address: the user's mailto: handler gets $(handed 1)" test "$(handed 1)" = "mailto:ada@example.org"
text_choose call-chosen $(word_at 7946) "Call"
check "text: Call chosen on the phone number: the tel: handler gets $(handed 2)" test "$(handed 2)" = "tel:+442079460958"
text_choose message-chosen $(word_at 7946) "Send Message"
check "text: Send Message chosen on it: the sms: handler gets $(handed 3)" test "$(handed 3)" = "sms:+442079460958"
text_choose event-chosen $(word_at December) "Create Event"
check "text: Create Event chosen on the date: the calendar app is handed a file ($(handed 4))" \
    bash -c "case '$(handed 4)' in /*/forcetouch/event-*.ics) test -s '$HOMEDIR/event.ics' ;; *) exit 1 ;; esac"
cat > "$W/ics-check.py" <<'PY'
# An iCalendar file (RFC 5545) as a calendar app parses it: CRLF lines unfolded, one VEVENT in a
# VCALENDAR with VERSION 2.0; prints the event's DTSTART and SUMMARY lines, or why not.
import sys
data = open(sys.argv[1], "rb").read()
if not data.endswith(b"\r\n") or b"\n" in data.replace(b"\r\n", b""):
    sys.exit("not CRLF lines")
lines = data.decode("utf-8").replace("\r\n ", "").split("\r\n")[:-1]
if lines[0] != "BEGIN:VCALENDAR" or lines[-1] != "END:VCALENDAR" or "VERSION:2.0" not in lines:
    sys.exit("no VCALENDAR 2.0")
if lines.count("BEGIN:VEVENT") != 1 or lines.count("END:VEVENT") != 1:
    sys.exit("not one VEVENT")
event = lines[lines.index("BEGIN:VEVENT") + 1:lines.index("END:VEVENT")]
for key in ("UID", "DTSTAMP", "DTSTART"):
    if not any(l.split(":")[0].split(";")[0] == key for l in event):
        sys.exit("no " + key)
print(next(l for l in event if l.startswith("DTSTART")))
print(next((l for l in event if l.startswith("SUMMARY:")), "no SUMMARY"))
PY
/usr/bin/python3 "$W/ics-check.py" "$HOMEDIR/event.ics" > "$W/ics.txt" 2>&1
check "text: ... a valid iCalendar file (CRLF lines, one VEVENT with UID, DTSTAMP, DTSTART) whose event starts on 3 December 2026 ($(head -1 "$W/ics.txt"))" \
    test "$(head -1 "$W/ics.txt")" = "DTSTART;VALUE=DATE:20261203"
check "text: ... its title the sentence the date is in, not the text around it ($(sed -n 2p "$W/ics.txt"))" \
    test "$(sed -n 2p "$W/ics.txt")" = "SUMMARY:Write to ada@example.org or call +44 20 7946 0958 before 3 December 2026."
# A press whose lookup answers after it ended (an unpaced replay: the whole press at once, the
# overlay's answer after it): the word's menu shows all the same, the daemon waiting for the
# definition it asked (before, the replaying daemon took itself for idle and left with no menu).
press_evemu "$W/word-unpaced.evemu" $(word_at force) peek
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/word-unpaced.log" "$BIN/forcetouchd" --verbose --config "$W/text.toml" --replay "$W/word-unpaced.evemu"
replay_pid=$last_pid
wait_for_new "$m" '^menu [0-9]+ shown: .* for word ' "$W/x11-overlay.log" 10 > /dev/null
check "text: a press on a word whose lookup answers after it ended (an unpaced replay): its menu shows all the same ($(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a -m1 -o 'shown: .* for word [^ ]*'))" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -aq '^menu [0-9]* shown: .* for word '"
as_user xdotool key Escape
wait_until 5 gone "$replay_pid" || true
stop "$replay_pid"
stop "$text_pid"

# The overlay follows the daemon's `under-finger` (its UnderFinger property): a daemon whose
# configuration says `under-finger = []` takes no answer, so the running overlay asks nothing of
# anyone for its press (no lookup in its log, no PressTarget: the daemon would log it ignored).
printf '[quick-actions]\nunder-finger = []\n\n[[binding]]\ngesture = "deep-press"\nquick-actions = true\n' > "$W/no-lookup.toml"
chmod 644 "$W/no-lookup.toml"
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/no-lookup.log" "$BIN/forcetouchd" --verbose --config "$W/no-lookup.toml" --replay "$W/launcher.evemu" --paced
replay_pid=$last_pid
wait_until 10 gone "$replay_pid"
check "under-finger = [] in the daemon's configuration: the overlay says it looks nothing up ($(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a -m1 '^under-finger: off'))" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -aq '^under-finger: off (the daemon.s under-finger is \[\]): what is under the finger is not looked up$'"
check "under-finger = []: ... and for the press it replayed (the daemon's result: $(grep -o 'deep-press began: .*' "$W/no-lookup.log" | head -1)) looked nothing up and sent no PressTarget" \
    bash -c "grep -q 'deep-press began: ' '$W/no-lookup.log' && ! tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -aEq '^under-finger -?[0-9]+ -?[0-9]+: ' &&
             ! grep -q 'under the finger: answer' '$W/no-lookup.log'"
stop "$replay_pid"

check "x11: the overlay ran all along under AddressSanitizer, which reported nothing" \
    bash -c 'kill -0 "$1" && ! grep -aq AddressSanitizer "$2"' _ "$overlay_pid" "$W/x11-overlay.log"
grep -a -A12 'ERROR: AddressSanitizer' "$W/x11-overlay.log" | sed 's/^/  | /'
stop "$overlay_pid"

# The .deb as it ships (issue 51's acceptance): its programs and its configuration, made by `make
# deb` (the release build package-on-host.sh checks: built here first, it is seconds there;
# FORCETOUCH_DEB names another), unpacked with dpkg-deb -x; its /etc/forcetouch/forcetouch.toml
# unchanged (a deep press's menu of what is under the finger, no items) and its forcetouch-overlay
# running. On the empty desktop (900, 300) a replayed deep press shows nothing and leaves the touch
# to the app: every PressProgress says the press is not known to open anything (`preview` false),
# and nothing is drawn, before peek or after (screenshots all along the replay, against the screen
# before it). Replayed at its pace (`--paced`), as a hand's press comes, so that the lookup answers
# during the press as it does live. On the panel's launcher: that app's actions under its name; on
# a link in Firefox (below): its preview, Open and Copy Link.
version="$(sed -n 's/.*static let string = "\(.*\)"/\1/p' Sources/ForceTouchCommandLine/ForceTouchVersion.swift)"
DEB="${FORCETOUCH_DEB:-forcetouch_${version}_$(dpkg --print-architecture).deb}"
# Made again only when it is missing or a source is newer (make test runs package-on-host.sh first).
t=$SECONDS
if [ -z "${FORCETOUCH_DEB:-}" ] && { [ ! -e "$DEB" ] || [ -n "$(find Sources config Makefile -newer "$DEB" -print -quit)" ]; }; then
    make deb > "$W/deb.log" 2>&1 || tail -n 20 "$W/deb.log"
    echo "figure: make deb here: $((SECONDS - t)) s"
fi
deb_started=$SECONDS
mkdir -p "$W/deb-root" && dpkg-deb -x "$DEB" "$W/deb-root" && chmod -R a+rX "$W/deb-root"
DEB_BIN="$W/deb-root/usr/bin" DEB_CONFIG="$W/deb-root/etc/forcetouch/forcetouch.toml"
as_user "$DEB_BIN/forcetouchd" --check-config --config "$DEB_CONFIG" > "$W/deb-check.txt" 2>&1
check "the .deb ($DEB) unpacked: its forcetouchd, its overlay's GTK part, and its configuration, which binds the default ($(grep -m1 'binding(s)' "$W/deb-check.txt"))" \
    bash -c "[ -e '$W/deb-root/usr/lib/forcetouch/forcetouch-overlay-gtk.so' ] && grep -q ': ok, 1 binding(s), ' '$W/deb-check.txt' &&
             grep -qF 'deep-press at peek → quick-actions: ' '$W/deb-check.txt'"
bg_user "$W/deb-overlay.log" "$DEB_BIN/forcetouch-overlay" --verbose
deb_overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/deb-overlay.log" 10 > /dev/null
cat > "$W/progress-watch.py" <<'PY'
#!/usr/bin/python3
# Prints each PressProgress the daemon sends: phase, stage and preview (`-` when it has none).
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
def on_signal(_c, _sender, _path, _iface, _member, parameters):
    v = parameters.unpack()
    print("progress", v[0], v[1] or "-", str(v[8]).lower() if len(v) > 8 else "-", flush=True)
bus.signal_subscribe(None, "io.github.forcetouch.Daemon1", "PressProgress", "/io/github/forcetouch/Daemon1", None,
                     Gio.DBusSignalFlags.NONE, on_signal)
print("ready", flush=True)
GLib.MainLoop().run()
PY
chmod 755 "$W/progress-watch.py"
bg_user "$W/progress.log" /usr/bin/python3 "$W/progress-watch.py"
watch_pid=$last_pid
wait_for '^ready' "$W/progress.log" 10 > /dev/null
press_evemu "$W/empty.evemu" 900 300
# The screen before the press (the panel, the link window): each screenshot during it must be it.
as_user import -window root png:- > "$W/empty-before.png"
m="$(mark "$W/deb-overlay.log")"
bg_user "$W/empty-replay.log" "$DEB_BIN/forcetouchd" --config "$DEB_CONFIG" --replay "$W/empty.evemu" --paced
replay_pid=$last_pid
shots=0
for i in $(seq 8); do as_user import -window root png:- > "$W/empty-$i.png" 2> /dev/null && shots=$i; done
wait_until 5 gone "$replay_pid" || true
stop "$replay_pid"
# Pixels that differ from the screen before, in each screenshot.
changed="$(for i in $(seq "$shots"); do compare -metric AE "$W/empty-before.png" "$W/empty-$i.png" null: 2>&1; echo; done | xargs)"
check "the .deb as it ships: a replayed deep press on the empty desktop shows nothing, and the touch is the app's ($(grep -o 'cancelled: .*' "$W/empty-replay.log" | head -1))" \
    grep -Eq "deep-press began: cancelled: nothing to show: nothing \(no window at 900,[0-9]+\), and no \[\[quick-action\]\] items: the touch is the app's" "$W/empty-replay.log"
check "the .deb as it ships: ... every PressProgress the daemon sent for it says it opens nothing (preview false: $(grep -c ' false$' "$W/progress.log") of $(grep -c '^progress ' "$W/progress.log"))" \
    bash -c "grep -q '^progress began - false$' '$W/progress.log' && grep -q '^progress changed peek false$' '$W/progress.log' &&
             ! grep '^progress ' '$W/progress.log' | grep -qv ' false$'"
check "the .deb as it ships: ... and the overlay drew nothing: no card, no menu (pixels changed in $shots screenshots during the replay: $changed)" \
    bash -c "[ '$shots' -gt 0 ] && [ -z \"\$(tr -d ' 0' <<< '$changed')\" ] && ! tail -c +$((m + 1)) '$W/deb-overlay.log' | grep -Eq '^(menu [0-9]+ scale|menu [0-9]+ shown)'"
stop "$watch_pid"
# This overlay's first lookup of the panel through AT-SPI: at the recording's pace it has the
# press's dwell before peek, as a hand's first press has.
m="$(mark "$W/deb-overlay.log")"
bg_user "$W/shipped-replay.log" "$DEB_BIN/forcetouchd" --config "$DEB_CONFIG" --replay "$W/launcher.evemu" --paced
replay_pid=$last_pid
check "the .deb as it ships: ... on the panel's launcher, that app's menu under its name" \
    wait_for_new "$m" '^heading [0-9]+ "Forcetouch Notes" ' "$W/deb-overlay.log" 30
echo "figure: the .deb's overlay's lookups of the launcher: $(grep -aE '^under-finger 5[01][0-9] 7[0-9]{2}: ' "$W/deb-overlay.log" | sed -E 's/.*\(([0-9.]+) ms\)$/\1 ms/' | xargs)"
check "the .deb as it ships: ... its action, New Note" wait_for_new "$m" '^item 0 "New Note" ' "$W/deb-overlay.log" 10
as_user xdotool key Escape
wait_until 5 gone "$replay_pid" || true
stop "$replay_pid"
stop "$deb_overlay_pid"
echo "figure: the .deb as it ships, unpacked, on the empty desktop and the launcher: $((SECONDS - deb_started)) s"

bg_user "$W/x11-overlay.log" "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/x11-overlay.log" 10 > /dev/null

# Links in Firefox ESR, on a local page (issue 52): a big link, an image link, a link around a
# styled inline-block span (a card), a link wrapped over two lines, and a button, which is no link.
# The object at the point is often the link's content (the image, the span's section): the link
# is its nearest ancestor with the role. Firefox builds its accessible tree when it is first asked,
# and its first answers are partial (its window alone, a link without its address): the overlay asks
# again within its deadline. So the first thing asked of Firefox is a press on the image link, as a
# person presses a link once the page shows: no lookup before it.
# Each link is to another local page, whose title the link's preview shows (no network needed); the
# fragment tells the links apart. A magenta strip at the page's top says where Firefox put the page,
# found on a screenshot, not by asking Firefox: under the bar saying that the content sandbox is off
# (MOZ_DISABLE_CONTENT_SANDBOX), which comes with the page or a moment after it, and moves it down.
TARGET="file://$W/target.html"
cat > "$W/page.html" <<HTML
<!doctype html><html><head><title>Forcetouch page</title>
<style>body { margin: 0; font: 32px sans-serif } .at { position: absolute }
#big { left: 100px; top: 100px; width: 400px; height: 120px; font-size: 48px }</style>
</head><body><div class="at" style="left:0; top:0; width:100%; height:8px; background:#ff00ff"></div>
<a id="big" class="at" href="$TARGET">A big link</a>
<a class="at" style="left:600px; top:30px" href="$TARGET#image"><img alt="Forcetouch logo" width="200" height="120"
 src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='200' height='120'%3E%3Crect width='200' height='120' fill='%23c33'/%3E%3C/svg%3E"></a>
<a class="at" style="left:600px; top:200px; text-decoration:none" href="$TARGET#card"><span style="display:inline-block; width:300px; height:120px; background:#ddd">Card title</span></a>
<div class="at" style="left:100px; top:300px; width:330px; font-size:40px; line-height:60px"><a href="$TARGET#wrapped">This link wraps over two lines</a></div>
<button class="at" style="left:600px; top:400px; width:250px; height:100px">Press me</button>
<p class="at" style="left:100px; top:530px; margin:0; font:32px monospace">Light the lantern at dusk.</p>
<p class="at" style="left:100px; top:640px; margin:0; font:32px monospace">Mail ada@example.org today.</p>
<p class="at" style="left:620px; top:530px; width:24ch; margin:0; font:24px/40px monospace">Call +44 20 7946 0958 before 3 December 2026.</p>
</body></html>
HTML
cat > "$W/target.html" <<'HTML'
<!doctype html><html><head><title>Forcetouch Target</title></head>
<body style="margin:0; background:#1b9e3e; color:white; font:48px sans-serif"><h1>The target</h1></body></html>
HTML
chmod 644 "$W/page.html" "$W/target.html"
mkdir -m 700 "$W/firefox" && chown "$U:$G" "$W/firefox"
# No data-reporting notice: a bar that comes late would move the page under the presses.
echo 'user_pref("datareporting.policy.dataSubmissionPolicyBypassNotification", true);' > "$W/firefox/user.js"
chown "$U:$G" "$W/firefox/user.js"
bg_user "$W/firefox.log" env MOZ_DISABLE_CONTENT_SANDBOX=1 firefox-esr --no-remote --profile "$W/firefox" --kiosk "file://$W/page.html"
firefox_pid=$last_pid
# page_top: the screen row of the page's top (its magenta strip at x 2), or nothing yet.
page_top() { as_user import -window root png:- 2> /dev/null | convert png:- -crop 1x400+2+0 +repage txt:- 2> /dev/null |
             awk -F'[,: ]+' '/#FF00FF/ { print $2; exit }'; }
top=""
# The same row on two screenshots in a row: the bar slides in.
last=""
for _ in $(seq 120); do top="$(page_top)"; [ "${top:-0}" -gt 0 ] && [ "$top" = "$last" ] && break; last="$top"; sleep 0.25; done
check "firefox: Firefox ESR shows the page under its sandbox bar (its top at screen row ${top:-?}), nothing asked of it through AT-SPI" \
    test "${top:-0}" -gt 0
top="${top:-0}"
# A person looks at the page before pressing.
sleep 1

# The first press: PressProgress `began` on the image link, sent by the daemon's stand-in as the
# daemon sends it when a press starts; the running overlay looks it up and tells the daemon
# (PressTarget), asking again while Firefox's answers are partial (`ask N: …: asked again` in its
# log); a hand's press leaves it the lookup's 300 ms from `began`, as here. Then its menu: the
# real daemon replays a deep press there at its pace, lifted at peek.
fraction() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", a / b }'; }
peer_start
m="$(mark "$W/x11-overlay.log")"
progress began "$(fraction 700 1024)" "$(fraction $(( top + 90 )) 768)"
call="$(press_target 1)"
progress ended "$(fraction 700 1024)" "$(fraction $(( top + 90 )) 768)"
peer_stop
echo "  | $call"
check "firefox: the first press after Firefox starts, on an image link (<a><img alt></a>): the daemon is told that link with its exact address" \
    bash -c "grep -q \"'role': <'link'>\" <<< \"\$1\" && grep -q \"'name': <'Forcetouch logo'>\" <<< \"\$1\" &&
             grep -q \"'address': <'$TARGET#image'>\" <<< \"\$1\"" _ "$call"
echo "figure: x11: the first press's lookup in Firefox: $(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -ac 'asked again$') answer(s) asked again, $(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a '^under-finger [-0-9]* [-0-9]*: ' | tail -1 | sed -E 's/.*\(([0-9.]+) ms\)$/\1/') ms"
m="$(mark "$W/x11-overlay.log")"
press_evemu "$W/firefox-image.evemu" 700 $(( top + 90 )) peek
bg_user "$W/firefox-image.log" "$BIN/forcetouchd" --verbose --replay "$W/firefox-image.evemu" --paced
replay_pid=$last_pid
check "firefox: ... and a replayed deep press there shows that link's menu" \
    wait_for_new "$m" '^menu [0-9]+ shown: .* for link "Forcetouch logo"' "$W/x11-overlay.log" 30
wait_for_new "$m" "^preview [0-9]+ .* $TARGET#image\$" "$W/x11-overlay.log" 10 > /dev/null
check "firefox: ... its preview with its exact address ($(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -a '^preview [0-9]* ' | tail -1 | awk '{ print $NF }'))" \
    bash -c "tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -a '^preview [0-9]* ' | tail -1 | grep -q ' $TARGET#image\$'"
stop "$replay_pid"

# what_is_at X Y NAME: --what-is-at at page point X Y, its JSON in $W/x11-firefox-NAME.json.
what_is_at() { as_user "$BIN/forcetouch-overlay" --verbose --what-is-at "$1" $(( top + $2 )) > "$W/x11-firefox-$3.json" 2>&1; }
what_is_at 300 160 big
check "x11: on a link in Firefox ESR, its address and role link ($(json_field "$W/x11-firefox-big.json" address))" \
    test "$(json_field "$W/x11-firefox-big.json" address)" = "$TARGET" -a \
         "$(json_field "$W/x11-firefox-big.json" role)" = link -a "$(json_field "$W/x11-firefox-big.json" name)" = "A big link"
what_is_at 750 290 card
check "x11: ... on a link around a styled inline-block span, pressed below its text, that link ($(json_field "$W/x11-firefox-card.json" role) \"$(json_field "$W/x11-firefox-card.json" name)\" $(json_field "$W/x11-firefox-card.json" address))" \
    test "$(json_field "$W/x11-firefox-card.json" address)" = "$TARGET#card" -a "$(json_field "$W/x11-firefox-card.json" name)" = "Card title"
# --observe-at: the answers the rules decided from, as Tests/Documented/fixtures/under-finger holds them.
as_user "$BIN/forcetouch-overlay" --observe-at 750 $(( top + 290 )) > "$W/x11-firefox-observed.txt" 2>&1
observed="$(/usr/bin/python3 -c 'import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
path = lines[-2]["path"] if len(lines) > 1 and "path" in lines[-2] else []
print(" < ".join(n["role"] for n in path), "→", lines[-1].get("role"), lines[-1].get("address", "no address"))' "$W/x11-firefox-observed.txt" 2> /dev/null)"
check "x11: ... --observe-at prints Firefox's answer there before the facts: the span's section, its parent the link, up to the window ($observed)" \
    bash -c "[[ '$observed' == 'section < link < document web < '*' < frame → link $TARGET#card' ]]"
what_is_at 150 390 wrapped
check "x11: ... on the second line of a link wrapped over two lines, that link ($(json_field "$W/x11-firefox-wrapped.json" address))" \
    test "$(json_field "$W/x11-firefox-wrapped.json" address)" = "$TARGET#wrapped" -a \
         "$(json_field "$W/x11-firefox-wrapped.json" role)" = link
what_is_at 725 450 button
check "x11: ... a button is no link: a push button, no address ($(json_field "$W/x11-firefox-button.json" role) \"$(json_field "$W/x11-firefox-button.json" name)\")" \
    test -z "$(json_field "$W/x11-firefox-button.json" address)" -a "$(json_field "$W/x11-firefox-button.json" role)" = "push button" -a \
         "$(json_field "$W/x11-firefox-button.json" name)" = "Press me"
what_is_at 300 600 page
check "x11: ... beside the links, no address: the page's is not a link's ($(json_field "$W/x11-firefox-page.json" role))" \
    test -z "$(json_field "$W/x11-firefox-page.json" address)" -a "$(json_field "$W/x11-firefox-page.json" window-app-id)" = firefox-esr
echo "figure: x11: --what-is-at on a link in Firefox, a new process's lookup: $(lookup_ms "$W/x11-firefox-big.json") ms"

# Force Click on text in Firefox ESR's page (issue 54): ordinary paragraphs of the same page, in a
# monospace font so that a word's place is known from its characters (19.3 px each at 32 px),
# below the links and their preview's place, above and below the page's empty point (300, 600). A
# replayed deep press, lifted at peek, on a word: the running overlay reads Firefox's text around
# it (AT-SPI Text; a first answer that is partial is asked again) and the daemon's MenuShown
# carries the word's WordNet definition from the local dictd; on an email address: New Email. On
# a phone number and a date, in a paragraph of their own at the page's right (24 px: 14.45 px a
# character, lines of 40 px; `Call +44 20 7946 0958` its first line, `before 3 December 2026.` its
# second): a replayed deep press past pop, their actions, and a click on Call and on Create Event
# in the menu left open hands the GTK text view's recording handlers (above, still the defaults)
# the exact tel: address, and a valid iCalendar file of the date titled with the page's sentence.
if ! dict_up; then
    bg_user "$W/dictd-firefox.log" /usr/sbin/dictd --config /etc/dictd/dictd.conf --listen-to 127.0.0.1 --port 2628 \
        -d nodetach --pid-file "$W/dictd-firefox.pid"
    dictd_firefox_pid=$last_pid
    wait_until 10 dict_up
fi
bg_user "$W/menus.log" /usr/bin/python3 "$W/menu-watch.py"
menus_pid=$last_pid
wait_for '^ready' "$W/menus.log" 10 > /dev/null
m="$(mark "$W/x11-overlay.log")"
text_press firefox-word 360 $(( top + 552 ))
check "firefox text: a replayed deep press on \"lantern\" in a paragraph of the page: MenuShown's target is the word ($(menu_field firefox-word 'm["target"].get("kind"), m["target"].get("name"), m["target"].get("why", "")'))" \
    test "$(menu_field firefox-word 'm["target"]["kind"] + " " + m["target"]["name"]')" = "word lantern"
check "firefox text: ... with its WordNet definition from the local dictd ($(menu_field firefox-word 'm["target"]["definition"].split(chr(10))[1].strip()[:60]')…)" \
    test "$(menu_field firefox-word 'm["target"]["definition"].split(chr(10))[1].strip().startswith("n 1: light in a transparent protective case"), "WordNet" in m["target"]["dictionary"]')" = "(True, True)"
echo "figure: firefox text: the overlay's lookups of the word, text read included: $(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -aE '^under-finger [0-9]+ [0-9]+: ' | sed -E 's/.*\(([0-9.]+) ms\)$/\1 ms/' | xargs); asked again: $(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep -ac 'asked again$')"
text_press firefox-email 341 $(( top + 662 ))
check "firefox text: on an email address in a paragraph, New Email and Copy ($(menu_field firefox-email '" ".join([m["target"]["kind"], m["target"].get("address", "")] + m["titles"])'))" \
    test "$(menu_field firefox-email 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "email mailto:ada@example.org text.email text.copy"
# firefox_choose NAME X Y TITLE: text_choose, and the MenuShown of its press in $W/NAME.menu.
firefox_choose() {
    local mm
    mm="$(mark "$W/menus.log")"
    text_choose "$@"
    tail -c "+$((mm + 1))" "$W/menus.log" | grep -m1 '^{' > "$W/$1.menu"
}
kinds_started=$SECONDS
firefox_choose firefox-phone 822 $(( top + 550 )) "Call"
check "firefox text: on a phone number in a paragraph, Call, Send Message and Copy ($(menu_field firefox-phone '" ".join([m["target"]["kind"], m["target"].get("address", "")] + m["titles"])'))" \
    test "$(menu_field firefox-phone 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "phone tel:+442079460958 text.call text.message text.copy"
check "firefox text: ... Call chosen by a click: the tel: handler gets $(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)" \
    test "$(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)" = "tel:+442079460958"
rm -f "$HOMEDIR/event.ics"
firefox_choose firefox-date 808 $(( top + 590 )) "Create Event"
check "firefox text: on a date on the paragraph's second line, Create Event and Copy ($(menu_field firefox-date '" ".join([m["target"]["kind"], m["target"].get("address", "")] + m["titles"])'))" \
    test "$(menu_field firefox-date 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "date 2026-12-03 text.event text.copy"
/usr/bin/python3 "$W/ics-check.py" "$HOMEDIR/event.ics" > "$W/firefox-ics.txt" 2>&1
check "firefox text: ... Create Event chosen by a click: the calendar app is handed a valid iCalendar file of 3 December 2026 ($(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null); $(head -1 "$W/firefox-ics.txt"))" \
    bash -c "case '$(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)' in /*/forcetouch/event-*.ics) test '$(head -1 "$W/firefox-ics.txt")' = 'DTSTART;VALUE=DATE:20261203' ;; *) exit 1 ;; esac"
check "firefox text: ... titled with the page's sentence the date is in ($(sed -n 2p "$W/firefox-ics.txt"))" \
    test "$(sed -n 2p "$W/firefox-ics.txt")" = "SUMMARY:Call +44 20 7946 0958 before 3 December 2026."
echo "figure: firefox text: the phone number's and the date's presses and choices took $(( SECONDS - kinds_started )) s"
stop "$menus_pid"
[ -n "${dictd_firefox_pid:-}" ] && stop "$dictd_firefox_pid"

# End to end in Firefox: the real daemon replays the deep press on the big link's centre (300, 160
# on the page) at its pace; the running overlay looks it up in Firefox. Lifted at peek: the link's
# preview, WebKitGTK rendering the target page and its title, Open and Copy Link under it; a click
# on Copy Link puts the address on the clipboard (the daemon's xclip). Past pop: the overlay pops
# the menu, its Open opens the address with the default browser, here the recording URL handler
# (GIO gives a file's path).
cat > "$HOMEDIR/.local/share/applications/recorder.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Recorder
Exec=$W/record-url %u
MimeType=text/html;x-scheme-handler/file;x-scheme-handler/https;
DESKTOP
printf '[Default Applications]\ntext/html=recorder.desktop\nx-scheme-handler/file=recorder.desktop\nx-scheme-handler/https=recorder.desktop\n' \
    > "$HOMEDIR/.config/mimeapps.list"
rm -f "$HOMEDIR/opened.txt"
press_evemu "$W/firefox-pop.evemu" 300 $(( top + 160 ))
press_evemu "$W/firefox-peek.evemu" 300 $(( top + 160 )) peek
chown "$U:$G" "$HOMEDIR/.local/share/applications/recorder.desktop" "$HOMEDIR/.config/mimeapps.list"
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/firefox-peek.log" "$BIN/forcetouchd" --verbose --replay "$W/firefox-peek.evemu" --paced
replay_pid=$last_pid
check "firefox: a replayed deep press on the link, lifted at peek, shows the link's menu" \
    wait_for_new "$m" '^menu [0-9]+ shown: .* for link "A big link"' "$W/x11-overlay.log" 30
check "firefox: ... its preview renders the target page and shows its title" \
    wait_for_new "$m" '^link-preview [0-9]+: page rendered in [0-9]+ ms: "Forcetouch Target"$' "$W/x11-overlay.log" 20
wait_for_new "$m" '^item 1 "Copy Link" ' "$W/x11-overlay.log" 10 > /dev/null
# The press played out (the card no longer follows it) before the screen is looked at.
wait_for "played at the recording's pace" "$W/firefox-peek.log" 10 > /dev/null
# On screen over Firefox: the target page's green in the preview, where the overlay says its page
# is. Taken again until it shows, at most 5 s: the rendered page is drawn in the next frame.
read -r px py pw ph < <(logged_rect "$m" '^page [0-9]+ ' "$W/x11-overlay.log")
for _ in $(seq 25); do
    as_user import -window root png:- > "$W/firefox-preview.png"
    c="$(rgb "$W/firefox-preview.png" $(( ${px:-0} + ${pw:-0} / 2 )) $(( ${py:-0} + ${ph:-0} / 2 )))"
    is_green "$c" && break
    sleep 0.2
done
check "firefox: ... on screen over Firefox, the target page in the preview (rgb $c at the middle of ${px:-?} ${py:-?} ${pw:-?} ${ph:-?})" \
    is_green "$c"
# Openbox is no compositing manager: the overlay's window is cut to the two rounded cards, so
# that Firefox's white page shows at the preview's corner and between the preview and its actions.
read -r vx vy vw vh < <(tail -c +$((m + 1)) "$W/x11-overlay.log" | grep '^preview [0-9]* ' | tail -1 | awk '{ print $3, $4, $5, $6 }')
read -r ax ay aw ah < <(logged_rect "$m" '^actions [0-9]+ ' "$W/x11-overlay.log")
corner="$(rgb "$W/firefox-preview.png" $(( ${vx:-0} + 1 )) $(( ${vy:-0} + 1 )))"
gap="$(rgb "$W/firefox-preview.png" $(( ${vx:-0} + ${vw:-0} / 2 )) $(( (${vy:-0} + ${vh:-0} + ${ay:-0}) / 2 )))"
inside="$(rgb "$W/firefox-preview.png" $(( ${ax:-0} + 20 )) $(( ${ay:-0} + ${ah:-0} - 4 )))"
check "firefox: ... with no compositing manager, the window is cut to the rounded cards: Firefox's page at the preview's corner ($corner) and between preview and actions ($gap); the actions' card itself light ($inside)" \
    bash -c "[ '$corner' = '255 255 255' ] && [ '$gap' = '255 255 255' ] && [ ${inside%% *} -ge 240 ] && [ ${inside%% *} -lt 255 ]"
if [ -n "${SAVE_IMAGES:-}" ]; then cp "$W/firefox-preview.png" docs/images/link-preview-firefox.png; fi
read -r ix iy iw ih < <(logged_rect "$m" '^item 1 "Copy Link" ' "$W/x11-overlay.log")
as_user xdotool mousemove $(( ${ix:-0} + ${iw:-0} / 2 )) $(( ${iy:-0} + ${ih:-0} / 2 )) click 1
# The daemon answers the choice once xclip has taken the clipboard.
wait_for_new "$m" '^chose link.copy: ' "$W/x11-overlay.log" 10 > /dev/null
clip="$(as_user timeout 5 xclip -o -selection clipboard 2>&1)"
check "firefox: ... and a click on Copy Link puts the address on the clipboard ($clip)" test "$clip" = "$TARGET"
wait_until 5 gone "$replay_pid" || true
stop "$replay_pid"
echo "figure: x11: the overlay's lookup of the link in Firefox at a replayed press: $(grep -a '^under-finger [-0-9]* [-0-9]*: link ' "$W/x11-overlay.log" | tail -1 | sed -E 's/.*\(([0-9.]+) ms\)$/\1/') ms"
m="$(mark "$W/x11-overlay.log")"
bg_user "$W/firefox-pop.log" "$BIN/forcetouchd" --verbose --replay "$W/firefox-pop.evemu" --paced
replay_pid=$last_pid
wait_for_new "$m" '^menu [0-9]+ shown: .* for link "A big link"' "$W/x11-overlay.log" 30 > /dev/null
wait_for "$W/target.html" "$HOMEDIR/opened.txt" 10 > /dev/null
wait_until 10 gone "$replay_pid"
check "firefox: a replayed press past pop on the link opens it with the default browser, once: the recording URL handler got $(cat "$HOMEDIR/opened.txt" 2> /dev/null)" \
    bash -c "grep -qx -e '$TARGET' -e '$W/target.html' '$HOMEDIR/opened.txt' && [ \"\$(wc -l < '$HOMEDIR/opened.txt')\" = 1 ] &&
             tail -c +$((m + 1)) '$W/x11-overlay.log' | grep -q '^chose link.open: success' && ! grep -q 'popped during the hold' '$W/firefox-pop.log'"
stop "$replay_pid"

# The .deb as it ships (above), on the big link in Firefox, lifted at peek: its preview (the target
# page rendered by the .deb's WebKitGTK part) with Open and Copy Link under it.
deb_started=$SECONDS
stop "$overlay_pid"
bg_user "$W/deb-overlay-firefox.log" "$DEB_BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/deb-overlay-firefox.log" 10 > /dev/null
bg_user "$W/deb-firefox.log" "$DEB_BIN/forcetouchd" --config "$DEB_CONFIG" --replay "$W/firefox-peek.evemu" --paced
replay_pid=$last_pid
check "the .deb as it ships: a replayed deep press on the link in Firefox shows the link's menu" \
    wait_for_new 0 '^menu [0-9]+ shown: 2 item\(s\) .* for link "A big link"' "$W/deb-overlay-firefox.log" 30
check "the .deb as it ships: ... its preview, Open and Copy Link under it" \
    bash -c "for _ in \$(seq 100); do grep -q '^item 1 \"Copy Link\" ' '$W/deb-overlay-firefox.log' && break; sleep 0.1; done
             grep -q '^item 0 \"Open\" ' '$W/deb-overlay-firefox.log' && grep -q '^item 1 \"Copy Link\" ' '$W/deb-overlay-firefox.log' &&
             grep -q '^preview [0-9]* .* $TARGET\$' '$W/deb-overlay-firefox.log'"
wait_for_new 0 '^link-preview [0-9]+: page (rendered|not rendered)' "$W/deb-overlay-firefox.log" 20 > /dev/null
wait_for "played at the recording's pace" "$W/deb-firefox.log" 10 > /dev/null
read -r px py pw ph < <(logged_rect 0 '^page [0-9]+ ' "$W/deb-overlay-firefox.log")
for _ in $(seq 25); do
    as_user import -window root png:- > "$W/deb-firefox.png"
    c="$(rgb "$W/deb-firefox.png" $(( ${px:-0} + ${pw:-0} / 2 )) $(( ${py:-0} + ${ph:-0} / 2 )))"
    is_green "$c" && break
    sleep 0.2
done
check "the .deb as it ships: ... on screen over Firefox, the target page in the preview (rgb $c at the middle of ${px:-?} ${py:-?} ${pw:-?} ${ph:-?})" \
    is_green "$c"
as_user xdotool key Escape
wait_until 5 gone "$replay_pid" || true
stop "$replay_pid"
echo "figure: the .deb as it ships, on the link in Firefox: $((SECONDS - deb_started)) s"
stop "$overlay_pid"
# An app without Desktop Actions (Debian's firefox-esr.desktop has none) still has its menu: its
# open windows, each to switch to, as a force click on a macOS Dock icon shows them (issue 52). The
# panel's launcher made Firefox's (its item file becomes Debian's entry, which xfce4-panel
# reloads), a second Firefox window (Ctrl+N), both minimized (in kiosk mode each fills the screen,
# over the panel), and the replayed deep press on the launcher: the menu, under Firefox's name,
# lists both windows by the titles the X server has for them, in its client list's order; a click
# on the second brings it back to the front (the window manager's _NET_ACTIVE_WINDOW).
windows_started=$SECONDS
bg_user "$W/x11-windows.log" "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/x11-windows.log" 10 > /dev/null
cp /usr/share/applications/firefox-esr.desktop "$HOMEDIR/.config/xfce4/panel/launcher-1/forcetouch-notes.desktop"
chown "$U:$G" "$HOMEDIR/.config/xfce4/panel/launcher-1/forcetouch-notes.desktop"
as_user xdotool key ctrl+n
# firefox_windows: Firefox's windows in the X server's client list, oldest first: ID TITLE a line.
firefox_windows() {
    local id
    for id in $(as_user xprop -root _NET_CLIENT_LIST | sed 's/^[^#]*#//; s/,/ /g'); do
        as_user xprop -id "$id" WM_CLASS 2> /dev/null | grep -q '"firefox-esr"$' || continue
        printf '%d %s\n' "$id" "$(as_user xprop -id "$id" _NET_WM_NAME | sed -E 's/^[^"]*"(.*)"$/\1/')"
    done
}
# Two windows whose titles stay the same for half a second: the new one has loaded its page.
settled_windows() {
    firefox_windows > "$W/firefox-windows.txt"; sleep 0.5
    [ "$(wc -l < "$W/firefox-windows.txt")" = 2 ] && [ "$(firefox_windows)" = "$(cat "$W/firefox-windows.txt")" ]
}
wait_until 20 settled_windows
read -r w0 t0 < <(sed -n 1p "$W/firefox-windows.txt")
read -r w1 t1 < <(sed -n 2p "$W/firefox-windows.txt")
as_user xdotool windowminimize "${w0:-0}" windowminimize "${w1:-0}"
# What the X server lists (every client window: ID, WM_CLASS, title), kept for the recorded
# observations of Tests/Documented/fixtures/app-windows.
for id in $(as_user xprop -root _NET_CLIENT_LIST | sed 's/^[^#]*#//; s/,/ /g'); do
    echo "$(printf '%d' "$id") $(as_user xprop -id "$id" WM_CLASS _NET_WM_NAME | tr '\n' ' ')"
done > "$W/x11-client-list.txt"
wait_until 20 found_at 512 744 name "Firefox ESR"
active() { printf '%d\n' "$(as_user xprop -root _NET_ACTIVE_WINDOW | awk '{ print $NF }')"; }
before="$(active)"
m="$(mark "$W/x11-windows.log")"
bg_user "$W/firefox-windows.log" "$BIN/forcetouchd" --verbose --replay "$W/launcher.evemu" --paced
replay_pid=$last_pid
check "firefox windows: a replayed deep press on Firefox's launcher (its entry without Desktop Actions) shows Firefox's menu, under its name" \
    wait_for_new "$m" '^menu [0-9]+ shown: .* for app-icon "Firefox ESR"' "$W/x11-windows.log" 30
wait_for_new "$m" '^item 1 ' "$W/x11-windows.log" 10 > /dev/null
# item_title N: the title of item N the overlay drew last.
item_title() { tail -c +$((m + 1)) "$W/x11-windows.log" | grep -a "^item $1 \"" | tail -1 | sed -E 's/^item [0-9]+ "(.*)" [-0-9]+ [-0-9]+ [0-9]+ [0-9]+$/\1/'; }
check "firefox windows: ... its items are Firefox's two windows, by their titles (\"$(item_title 0)\", \"$(item_title 1)\"; the X server: \"${t0:-?}\", \"${t1:-?}\")" \
    test -n "${t0:-}" -a "$(item_title 0)" = "${t0:-}" -a "$(item_title 1)" = "${t1:-}" -a -z "$(item_title 2)"
k=1 wanted="${w1:-}"
read -r ix iy iw ih < <(logged_rect "$m" "^item $k " "$W/x11-windows.log")
as_user xdotool mousemove $(( ${ix:-0} + ${iw:-0} / 2 )) $(( ${iy:-0} + ${ih:-0} / 2 )) click 1
front() { [ "$(active)" = "$wanted" ]; }
wait_until 5 front || true
check "firefox windows: ... a click on the second brings that window back to the front (_NET_ACTIVE_WINDOW $(active), was $before; the window $wanted)" \
    bash -c "[ '$(active)' = '$wanted' ] && [ '$before' != '$wanted' ] &&
             tail -c +$((m + 1)) '$W/x11-windows.log' | grep -q '^window $wanted brought to the front (x11)'"
wait_until 10 gone "$replay_pid" || true
stop "$replay_pid"
echo "figure: x11: the overlay's lookup of Firefox's launcher: $(tail -c +$((m + 1)) "$W/x11-windows.log" | grep -a '^under-finger 5[01][0-9] 7[0-9]*: ' | tail -1 | sed -E 's/.*\(([0-9.]+) ms\)$/\1/') ms, of which listing the windows $(tail -c +$((m + 1)) "$W/x11-windows.log" | grep -a '^under-finger: [0-9]* window(s) listed' | tail -1 | sed -E 's/.*: ([0-9]+) .*\(([0-9.]+) ms\)$/\2 ms (\1 windows)/'); Firefox's windows took $((SECONDS - windows_started)) s"
# The launcher is the Notes app's again, for sway's panel below.
cp "$HOMEDIR/.local/share/applications/forcetouch-notes.desktop" "$HOMEDIR/.config/xfce4/panel/launcher-1/"
stop "$overlay_pid"
stop "$firefox_pid"
stop "$links_pid"; stop "$panel_pid"; stop "$openbox_pid"; stop "$xvfb_pid"

# ---------------------------------------------------------------- sway, headless
start_sway '#404040'
SWAYSOCK="$(ls "$RUNTIME"/sway-ipc.*.sock 2> /dev/null | head -1)"
user_env+=("SWAYSOCK=$SWAYSOCK")
# Floating, so that the output has empty space beside it.
as_user swaymsg 'for_window [title="Links"] floating enable' > /dev/null
bg_user "$W/links-sway.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland /usr/bin/python3 "$W/links.py"
links_pid=$last_pid
wait_for '^link ' "$W/links-sway.log" 20 > /dev/null
read -r _ wx wy < <(grep '^link ' "$W/links-sway.log")
# The window's content in sway's layout, from its tree: the link's place on the output.
read -r ox oy < <(as_user swaymsg -t get_tree | /usr/bin/python3 -c 'import json, sys
def walk(n):
    if n.get("pid") and n.get("name") == "Links":
        print(n["rect"]["x"] + n["window_rect"]["x"], n["rect"]["y"] + n["window_rect"]["y"])
    for c in n.get("nodes", []) + n.get("floating_nodes", []): walk(c)
walk(json.load(sys.stdin))')
sx=$(( ${ox:-0} + ${wx:-0} )) sy=$(( ${oy:-0} + ${wy:-0} ))
check "sway: the link window runs (link at $sx,$sy)" test -n "${wx:-}" -a -n "${ox:-}"
as_user env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" "$BIN/forcetouch-overlay" --verbose --what-is-at "$sx" "$sy" > "$W/sway-link.json" 2>&1
check "sway: --what-is-at on the GTK link button, its address ($(json_field "$W/sway-link.json" address))" \
    test "$(json_field "$W/sway-link.json" address)" = "https://example.org/forcetouch"
check "sway: ... found through sway's tree (source sway, window $(json_field "$W/sway-link.json" window-title), pid $(json_field "$W/sway-link.json" window-pid))" \
    test "$(json_field "$W/sway-link.json" source)" = sway -a "$(json_field "$W/sway-link.json" window-pid)" = "$links_pid"
echo "figure: sway: --what-is-at on a link, a new process's first lookup: $(lookup_ms "$W/sway-link.json") ms"
# The bus under sway: the press's point mapped onto the output (its layout pixels).
peer_start
bg_user "$W/sway-overlay.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/sway-overlay.log" 10 > /dev/null
px="$(awk -v v="$sx" 'BEGIN { printf "%.6f", (v + 0.5) / 1024 }')" py="$(awk -v v="$sy" 'BEGIN { printf "%.6f", (v + 0.5) / 768 }')"
progress began "$px" "$py"
call="$(press_target 1)"
progress ended "$px" "$py"
echo "  | $call"
check "sway bus: PressProgress began on the link → PressTarget with its address, source sway" \
    bash -c "grep -q \"'address': <'https://example.org/forcetouch'>\" <<< \"\$1\" && grep -q \"'source': <'sway'>\" <<< \"\$1\"" _ "$call"
progress began 0.5 0.9
call="$(press_target 2)"
progress ended 0.5 0.9
check "sway bus: on the empty output, why ($(grep -o "'why': <'[^']*'>" <<< "$call"))" \
    bash -c "grep -q \"'why': <'no window at \" <<< \"\$1\"" _ "$call"
echo "figure: sway lookups in the running overlay: nothing found $(lookup_ms "$W/sway-overlay.log") ms"
stop "$overlay_pid"; peer_stop

# A compositor's reply is read by one deadline, however slowly it comes, and up to 8 MiB (issue
# 48): sway's socket stood in for by fixtures/sway-ipc-stand-in.py, which passes every request to
# the real sway but trickles the first two get_tree replies, a byte every 0.2 s (2 minutes each).
cp Tests/Documented/fixtures/sway-ipc-stand-in.py Tests/Documented/fixtures/sway-tree.py "$W/" && chmod 644 "$W/sway-ipc-stand-in.py" "$W/sway-tree.py"
# stand_in NAME ARG…: a stand-in socket $RUNTIME/NAME.sock in front of sway; $stand_in_pid.
stand_in() {
    bg_user "$W/$1.log" /usr/bin/python3 "$W/sway-ipc-stand-in.py" "$RUNTIME/$1.sock" "$SWAYSOCK" "${@:2}"
    stand_in_pid=$last_pid
    for _ in $(seq 50); do [ -S "$RUNTIME/$1.sock" ] && break; sleep 0.1; done
}
# ms_since NS: the milliseconds since NS (date +%s%N).
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
stand_in trickle --trickle 2
t0="$(date +%s%N)"
as_user env "SWAYSOCK=$RUNTIME/trickle.sock" timeout 30 "$BIN/forcetouch-overlay" --what-is-at "$sx" "$sy" > "$W/sway-trickle.json" 2>&1
trickled="$(ms_since "$t0")"
check "sway, a reply trickling a byte every 0.2 s: --what-is-at answers at its 1 s budget, saying why ($(json_field "$W/sway-trickle.json" why))" \
    test "$(json_field "$W/sway-trickle.json" why)" = "the lookup took longer than 1000 ms: sway's IPC answer did not come in time"
echo "figure: sway: --what-is-at against a trickling get_tree answered in $trickled ms"
# In the running overlay, the trickle costs its own press only: the next one, sway answering, finds the link.
peer_start
bg_user "$W/sway-stalled.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland "SWAYSOCK=$RUNTIME/trickle.sock" "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/sway-stalled.log" 10 > /dev/null
progress began "$px" "$py"
call="$(press_target 1)"
progress ended "$px" "$py"
check "sway bus, a trickling get_tree: that press's PressTarget says why ($(grep -o "'why': <[^>]*>" <<< "$call"))" \
    bash -c "grep -Eq \"'why': <.(the lookup took longer than 270 ms: sway.s IPC answer did not come in time|no answer within 300 ms).>\" <<< \"\$1\"" _ "$call"
progress began "$px" "$py"
call="$(press_target 2)"
progress ended "$px" "$py"
check "sway bus: ... and the next press, sway answering again, finds the link ($(grep -o "'address': <'[^']*'>\|'why': <'[^']*'>" <<< "$call"))" \
    bash -c "grep -q \"'address': <'https://example.org/forcetouch'>\" <<< \"\$1\"" _ "$call"
stop "$overlay_pid"; peer_stop
stop "$stand_in_pid"
# A get_tree of 160,000 windows (34 MB) is refused unread, past the 8 MiB a reply may have
# (before, it was read and searched for minutes); one of 36,000 (7.7 MB) is read and searched in
# linear time, the Links window found in it where sway has it.
/usr/bin/python3 "$W/sway-tree.py" 160000 > "$W/tree-160k.json"
stand_in huge --tree "$W/tree-160k.json"
t0="$(date +%s%N)"
as_user env "SWAYSOCK=$RUNTIME/huge.sock" /usr/bin/time -f 'peak %M kB' timeout 120 "$BIN/forcetouch-overlay" --what-is-at "$sx" "$sy" > "$W/sway-huge.json" 2> "$W/sway-huge.time"
huge_ms="$(ms_since "$t0")"
check "sway, a get_tree of 160,000 windows ($(wc -c < "$W/tree-160k.json") bytes): refused as larger than a reply may be ($(json_field "$W/sway-huge.json" why))" \
    test "$(json_field "$W/sway-huge.json" why)" = "sway's IPC answer is larger than the 8 MiB read"
echo "figure: sway: --what-is-at against a get_tree of 160,000 windows: $huge_ms ms, $(grep -a '^peak ' "$W/sway-huge.time")"
stop "$stand_in_pid"
read -r lrx lry lrw lrh < <(as_user swaymsg -t get_tree | /usr/bin/python3 -c 'import json, sys
def walk(n):
    if n.get("pid") and n.get("name") == "Links":
        r, w = n["rect"], n["window_rect"]
        print(r["x"] + w["x"], r["y"] + w["y"], w["width"], w["height"])
    for c in n.get("nodes", []) + n.get("floating_nodes", []): walk(c)
walk(json.load(sys.stdin))')
/usr/bin/python3 "$W/sway-tree.py" 36000 --window "$links_pid" Links "${lrx:-0}" "${lry:-0}" "${lrw:-0}" "${lrh:-0}" > "$W/tree-36k.json"
stand_in big --tree "$W/tree-36k.json"
t0="$(date +%s%N)"
as_user env "SWAYSOCK=$RUNTIME/big.sock" /usr/bin/time -f 'peak %M kB' timeout 120 "$BIN/forcetouch-overlay" --what-is-at "$sx" "$sy" > "$W/sway-big.json" 2> "$W/sway-big.time"
big_ms="$(ms_since "$t0")"
check "sway, a get_tree of 36,000 windows ($(wc -c < "$W/tree-36k.json") bytes): the Links window found in it ($(json_field "$W/sway-big.json" window-title), pid $(json_field "$W/sway-big.json" window-pid))" \
    test "$(json_field "$W/sway-big.json" window-title)" = Links -a "$(json_field "$W/sway-big.json" window-pid)" = "$links_pid"
echo "figure: sway: --what-is-at against a get_tree of 36,000 windows: $big_ms ms, $(grep -a '^peak ' "$W/sway-big.time") ($(json_field "$W/sway-big.json" address)$(json_field "$W/sway-big.json" why))"
stop "$stand_in_pid"
stop "$links_pid"

# ---------------------------------------------------------------- sway: panels from Debian
panels_started=$SECONDS
# xfce4-panel is an X11 program: under sway it runs through XWayland, whose DISPLAY sway gives
# the programs it starts. sway floats the panel's dock window where it likes (centred) and tells
# its place in its tree, with its X11 id; the X server tells its type (dock).
# tree_rect PID: the content rect (x y w h) of the window of process PID in sway's tree.
tree_rect() { as_user swaymsg -t get_tree | /usr/bin/python3 -c 'import json, sys
def walk(n):
    if n.get("pid") == int(sys.argv[1]) and n.get("window_rect"):
        r, w = n["rect"], n["window_rect"]
        print(r["x"] + w["x"], r["y"] + w["y"], w["width"], w["height"], n.get("shell", ""))
    for c in n.get("nodes", []) + n.get("floating_nodes", []): walk(c)
walk(json.load(sys.stdin))' "$1" | head -1; }
# The application's own window (app_id forcetouch-notes, titled Notes), for waybar's taskbar below.
cat > "$W/notes.py" <<'PY'
import gi
from gi.repository import GLib
GLib.set_prgname("forcetouch-notes")
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk
w = Gtk.Window(title="Notes")
w.add(Gtk.Label(label="Notes"))
w.connect("destroy", Gtk.main_quit)
w.show_all()
Gtk.main()
PY
chmod 644 "$W/notes.py"
# Floating in a corner, so that the output has empty space and the panels stay clear of it.
as_user swaymsg 'for_window [app_id="forcetouch-notes"] floating enable, move position 20 20' > /dev/null
bg_user "$W/notes.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland /usr/bin/python3 "$W/notes.py"
notes_pid=$last_pid
# Mapped before the panel: the first button of waybar's taskbar below is its.
for _ in $(seq 100); do [ -n "$(tree_rect "$notes_pid")" ] && break; sleep 0.1; done
as_user swaymsg exec "echo \$DISPLAY > $RUNTIME/sway-display" > /dev/null
for _ in $(seq 50); do [ -s "$RUNTIME/sway-display" ] && break; sleep 0.1; done
XDISPLAY="$(cat "$RUNTIME/sway-display" 2> /dev/null)"
bg_user "$W/panel-sway.log" env "DISPLAY=$XDISPLAY" GDK_BACKEND=x11 xfce4-panel
panel_pid=$last_pid
# panel_found: the panel is in sway's tree, and its launcher (its first item, 48 px square at its
# corner) is on the accessibility bus where the tree puts it.
panel_found() {
    read -r dx dy dw dh dshell < <(tree_rect "$panel_pid")
    [ -n "${dx:-}" ] && found_at $(( dx + 25 )) $(( dy + 25 )) name "Forcetouch Notes" "DISPLAY=$XDISPLAY"
}
wait_until 30 panel_found
read -r dx dy dw dh dshell < <(tree_rect "$panel_pid")
check "sway: xfce4-panel runs through XWayland ($XDISPLAY), sway floats it at ${dx:-?},${dy:-?} ${dw:-?}×${dh:-?} (shell ${dshell:-?})" \
    test "${dshell:-}" = xwayland
# The launcher is the panel's first item, 48 px square at its corner.
lx=$(( ${dx:-0} + 25 )) ly=$(( ${dy:-0} + 25 ))
as_user env "DISPLAY=$XDISPLAY" "$BIN/forcetouch-overlay" --verbose --what-is-at "$lx" "$ly" > "$W/sway-launcher.json" 2>&1
check "sway: --what-is-at on xfce4-panel's launcher through XWayland: a push button named after the application ($(json_field "$W/sway-launcher.json" role), $(json_field "$W/sway-launcher.json" name))" \
    test "$(json_field "$W/sway-launcher.json" role)" = "push button" -a "$(json_field "$W/sway-launcher.json" name)" = "Forcetouch Notes"
check "sway: ... in a dock window of xfce4-panel's, from sway's tree ($(json_field "$W/sway-launcher.json" window-type), $(json_field "$W/sway-launcher.json" source), pid $(json_field "$W/sway-launcher.json" window-pid))" \
    test "$(json_field "$W/sway-launcher.json" window-type)" = dock -a "$(json_field "$W/sway-launcher.json" source)" = sway -a \
         "$(json_field "$W/sway-launcher.json" window-pid)" = "$panel_pid"

# waybar, a layer-shell bar: sway's tree does not place it and GTK gives its extents from its
# own corner; its exclusive zone leaves a strip out of the workspace's usable area, and the frame
# as wide as that strip is placed there. Its wlr/taskbar has a button for each window: AT-SPI
# gives a push button with no name, the window's title as its description (the tooltip): the
# app of the window with that title in sway's tree.
mkdir -p "$HOMEDIR/.config/waybar"
cat > "$HOMEDIR/.config/waybar/config" <<'JSON'
{ "layer": "top", "position": "bottom", "height": 40,
  "modules-left": ["wlr/taskbar"], "modules-right": ["clock"],
  "clock": { "format": "{:%H:%M}" },
  "wlr/taskbar": { "format": "{icon} {title}", "icon-size": 24, "tooltip-format": "{title}" } }
JSON
chown -R "$U:$G" "$HOMEDIR/.config/waybar"
bg_user "$W/waybar.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland waybar
waybar_pid=$last_pid
usable() { as_user swaymsg -t get_workspaces | /usr/bin/python3 -c 'import json, sys
print(*[w["rect"]["height"] for w in json.load(sys.stdin) if w.get("visible")][:1])'; }
for _ in $(seq 100); do [ "$(usable)" = 728 ] && break; sleep 0.2; done
# waybar's clock is on the accessibility bus once drawn.
wait_until 10 found_at 1000 748 role label -u DISPLAY
check "sway: waybar's 40 px exclusive zone leaves the workspace 728 px of 768 ($(usable))" test "$(usable)" = 728
as_user env -u DISPLAY "$BIN/forcetouch-overlay" --verbose --what-is-at 1000 748 > "$W/sway-clock.json" 2>&1
check "sway: --what-is-at on waybar's clock, placed in the strip: a label reading the time ($(json_field "$W/sway-clock.json" role) \"$(json_field "$W/sway-clock.json" name)\", $(json_field "$W/sway-clock.json" window-type))" \
    bash -c '[ "$1" = label ] && [[ "$2" =~ ^[0-9]{2}:[0-9]{2}$ ]] && [ "$3" = panel ] && [ "$4" = "$5" ]' _ \
    "$(json_field "$W/sway-clock.json" role)" "$(json_field "$W/sway-clock.json" name)" \
    "$(json_field "$W/sway-clock.json" window-type)" "$(json_field "$W/sway-clock.json" window-pid)" "$waybar_pid"
# The taskbar's buttons, one per window (the Notes window's and XWayland's xfce4-panel's), in
# an order of waybar's: the Notes one is looked for along the bar.
for tx in $(seq 20 40 400); do
    as_user env -u DISPLAY "$BIN/forcetouch-overlay" --verbose --what-is-at "$tx" 748 > "$W/sway-task.json" 2>&1
    [ "$(json_field "$W/sway-task.json" description)" = Notes ] && break
done
echo "  | waybar's taskbar button at $tx,748: $(grep '^{' "$W/sway-task.json")"
check "sway: ... on a wlr/taskbar button: a push button whose description is its window's title ($(json_field "$W/sway-task.json" role), \"$(json_field "$W/sway-task.json" description)\")" \
    test "$(json_field "$W/sway-task.json" role)" = "push button" -a "$(json_field "$W/sway-task.json" description)" = Notes
check "sway: ... and that window's app ($(json_field "$W/sway-task.json" app-id))" \
    test "$(json_field "$W/sway-task.json" app-id)" = forcetouch-notes
as_user env -u DISPLAY "$BIN/forcetouch-overlay" --verbose --what-is-at 600 700 > "$W/sway-above.json" 2>&1
check "sway: ... above the strip, nothing ($(json_field "$W/sway-above.json" why))" \
    test "$(json_field "$W/sway-above.json" why)" = "no window at 600,700"
echo "figure: sway: --what-is-at on waybar, a new process's first lookup: $(lookup_ms "$W/sway-clock.json") ms"

# Hyprland (not in Debian 12): its request socket stood in for by a small server that answers
# j/clients, j/monitors and j/layers in Hyprland's documented shape, telling where sway put the
# Notes window and waybar; the applications asked through AT-SPI are the real ones. This holds
# the overlay's reading of the socket and its use of the places; Hyprland itself is untried.
read -r nx ny nw nh _ < <(tree_rect "$notes_pid")
mkdir -p "$W/hypr" && cat > "$W/hypr/serve.py" <<'PY'
import os, socket, sys
path, folder = sys.argv[1], sys.argv[2]
os.makedirs(os.path.dirname(path), exist_ok=True)
server = socket.socket(socket.AF_UNIX)
server.bind(path)
server.listen(8)
replies = {"j/clients": "clients.json", "j/monitors": "monitors.json", "j/layers": "layers.json"}
while True:
    c, _ = server.accept()
    name = replies.get(c.recv(4096).decode())
    c.sendall(open(os.path.join(folder, name), "rb").read() if name else b"unknown request")
    c.close()
PY
cat > "$W/hypr/clients.json" <<JSON
[{"address": "0x1", "mapped": true, "hidden": false, "at": [${nx:-0}, ${ny:-0}], "size": [${nw:-0}, ${nh:-0}],
  "workspace": {"id": 1, "name": "1"}, "floating": true, "monitor": 0, "class": "forcetouch-notes",
  "title": "Notes", "pid": $notes_pid, "xwayland": false, "focusHistoryID": 0}]
JSON
cat > "$W/hypr/monitors.json" <<'JSON'
[{"id": 0, "name": "HEADLESS-1", "width": 1024, "height": 768, "x": 0, "y": 0, "activeWorkspace": {"id": 1, "name": "1"},
  "specialWorkspace": {"id": 0, "name": ""}, "reserved": [0, 0, 0, 40], "scale": 1.0, "focused": true}]
JSON
cat > "$W/hypr/layers.json" <<JSON
{"HEADLESS-1": {"levels": {"0": [], "1": [], "2": [{"address": "0x2", "x": 0, "y": 728, "w": 1024, "h": 40,
  "namespace": "waybar", "pid": $waybar_pid}], "3": []}}}
JSON
chmod -R a+rX "$W/hypr"
bg_user "$W/hypr.log" /usr/bin/python3 "$W/hypr/serve.py" "$RUNTIME/hypr/forcetouch-test/.socket.sock" "$W/hypr"
hypr_pid=$last_pid
for _ in $(seq 50); do [ -S "$RUNTIME/hypr/forcetouch-test/.socket.sock" ] && break; sleep 0.1; done
hypr_at() { as_user env -u DISPLAY -u SWAYSOCK HYPRLAND_INSTANCE_SIGNATURE=forcetouch-test "$BIN/forcetouch-overlay" --what-is-at "$@" 2>&1; }
hypr_at $(( ${nx:-0} + ${nw:-0} / 2 )) $(( ${ny:-0} + ${nh:-0} / 2 )) > "$W/hypr-notes.json"
hypr_at 1000 748 > "$W/hypr-clock.json"
check "hyprland (a stand-in socket): the Notes window's label, asked in its window's coordinates ($(json_field "$W/hypr-notes.json" source), $(json_field "$W/hypr-notes.json" role) \"$(json_field "$W/hypr-notes.json" name)\", $(json_field "$W/hypr-notes.json" window-app-id))" \
    test "$(json_field "$W/hypr-notes.json" source)" = hyprland -a "$(json_field "$W/hypr-notes.json" name)" = Notes -a \
         "$(json_field "$W/hypr-notes.json" window-app-id)" = forcetouch-notes
check "hyprland (a stand-in socket): ... waybar's clock, placed by j/layers ($(json_field "$W/hypr-clock.json" role), $(json_field "$W/hypr-clock.json" window-type))" \
    test "$(json_field "$W/hypr-clock.json" role)" = label -a "$(json_field "$W/hypr-clock.json" window-type)" = panel -a \
         "$(json_field "$W/hypr-clock.json" window-pid)" = "$waybar_pid"
stop "$hypr_pid"
# A Hyprland socket trickling its reply, a byte every 0.2 s, never closing: read by one deadline.
cat > "$W/hypr/trickle.py" <<'PY'
import os, socket, sys, threading, time
path = sys.argv[1]
os.makedirs(os.path.dirname(path), exist_ok=True)
server = socket.socket(socket.AF_UNIX)
server.bind(path)
server.listen(8)
def serve(c):
    try:
        c.recv(4096)
        for _ in range(600):
            c.sendall(b" ")
            time.sleep(0.2)
    except OSError:
        pass
    c.close()
while True:
    c, _ = server.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
PY
chmod 644 "$W/hypr/trickle.py"
bg_user "$W/hypr-trickle.log" /usr/bin/python3 "$W/hypr/trickle.py" "$RUNTIME/hypr/forcetouch-slow/.socket.sock"
hypr_pid=$last_pid
for _ in $(seq 50); do [ -S "$RUNTIME/hypr/forcetouch-slow/.socket.sock" ] && break; sleep 0.1; done
t0="$(date +%s%N)"
as_user env -u DISPLAY -u SWAYSOCK HYPRLAND_INSTANCE_SIGNATURE=forcetouch-slow timeout 30 "$BIN/forcetouch-overlay" --what-is-at 100 100 > "$W/hypr-trickle.json" 2>&1
trickled="$(ms_since "$t0")"
check "hyprland, a reply trickling a byte every 0.2 s: --what-is-at answers at its 1 s budget, saying why ($(json_field "$W/hypr-trickle.json" why))" \
    test "$(json_field "$W/hypr-trickle.json" why)" = "the lookup took longer than 1000 ms: Hyprland's IPC answer did not come in time"
echo "figure: hyprland: --what-is-at against a trickling reply answered in $trickled ms"
stop "$hypr_pid"

# End to end under sway: the real daemon replays a deep press on xfce4-panel's launcher at its pace; the
# overlay (a layer surface; its lookup asks sway and, for the dock's type, XWayland) finds it,
# the daemon shows that application's Desktop Action, and choosing it launches it. The host has
# no pointer to tap with under headless sway: the test makes the call a tap on the row makes
# (ChooseQuickAction with the row's type, the action's id).
bg_user "$W/sway-e2e.log" env "DISPLAY=$XDISPLAY" "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland "$BIN/forcetouch-overlay" --verbose
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/sway-e2e.log" 10 > /dev/null
rm -f "$HOMEDIR/new-note-ran"
press_evemu "$W/sway-launcher.evemu" "$lx" "$ly"
m="$(mark "$W/sway-e2e.log")"
bg_user "$W/sway-replay.log" "$BIN/forcetouchd" --replay "$W/sway-launcher.evemu" --paced
replay_pid=$last_pid
check "sway end to end: a replayed deep press on xfce4-panel's launcher shows that application's menu, its name on top" \
    wait_for_new "$m" '^menu [0-9]+ shown: .* for app-icon "Forcetouch Notes"' "$W/sway-e2e.log" 30
check "sway end to end: ... its Desktop Action, New Note" wait_for_new "$m" '^item 0 "New Note" ' "$W/sway-e2e.log" 10
[ -n "${KEEP:-}" ] && sleep 0.5 && shot_sway "$RUNTIME/sway-app-menu.png"
check "sway end to end: ... nothing launched yet" test ! -e "$HOMEDIR/new-note-ran"
chose="$(as_user gdbus call --session -d io.github.forcetouch.Daemon1 -o /io/github/forcetouch/Daemon1 \
    -m io.github.forcetouch.Daemon1.ChooseQuickAction new-note 2>&1)"
check "sway end to end: ... choosing New Note (as a tap on its row does: $chose) launches it (its Exec ran)" \
    bash -c "for _ in \$(seq 50); do [ -e '$HOMEDIR/new-note-ran' ] && exit 0; sleep 0.2; done; exit 1"
check "sway end to end: ... and the menu goes" wait_for_new "$m" '^menu [0-9]+ dismissed: chosen' "$W/sway-e2e.log" 5
wait_until 5 gone "$replay_pid" || true
stop "$replay_pid"
# The same on waybar's taskbar button for the Notes window.
press_evemu "$W/sway-task.evemu" "$tx" 748
m="$(mark "$W/sway-e2e.log")"
bg_user "$W/sway-replay3.log" "$BIN/forcetouchd" --replay "$W/sway-task.evemu" --paced
replay_pid=$last_pid
check "sway end to end: a replayed deep press on waybar's taskbar button for the Notes window shows its app's menu" \
    wait_for_new "$m" '^menu [0-9]+ shown: .* for app-icon "Forcetouch Notes"' "$W/sway-e2e.log" 30
as_user gdbus call --session -d io.github.forcetouch.Daemon1 -o /io/github/forcetouch/Daemon1 \
    -m io.github.forcetouch.Daemon1.DismissMenu 0 > /dev/null 2>&1
wait_until 5 gone "$replay_pid" || true
stop "$replay_pid"

# An app without Desktop Actions under sway (issue 52): Firefox ESR through XWayland with two
# windows (its page opens the second: its profile lets a page open one), and waybar's taskbar
# button for the first, which stands for Firefox's app: the menu, under Firefox's name, lists both
# windows by sway's titles in its tree's order; choosing the one not focused (the call a tap on its
# row makes: ChooseQuickAction with the row's type) focuses it in sway's tree.
windows_started=$SECONDS
mkdir -m 700 "$W/firefox-sway" && chown "$U:$G" "$W/firefox-sway"
printf '%s\n' 'user_pref("datareporting.policy.dataSubmissionPolicyBypassNotification", true);' \
    'user_pref("dom.disable_open_during_load", false);' > "$W/firefox-sway/user.js"
chown "$U:$G" "$W/firefox-sway/user.js"
cat > "$W/first.html" <<'HTML'
<!doctype html><html><head><title>Forcetouch first</title></head>
<body><script>window.open("second.html", "second", "width=500,height=300")</script></body></html>
HTML
echo '<!doctype html><html><head><title>Forcetouch second</title></head><body>Second</body></html>' > "$W/second.html"
chmod 644 "$W/first.html" "$W/second.html"
bg_user "$W/firefox-sway.log" env -u WAYLAND_DISPLAY "DISPLAY=$XDISPLAY" MOZ_DISABLE_CONTENT_SANDBOX=1 \
    firefox-esr --no-remote --profile "$W/firefox-sway" "file://$W/first.html"
firefox_pid=$last_pid
# sway_firefox: Firefox's windows in sway's tree, in its order: CON_ID TITLE a line.
sway_firefox() { as_user swaymsg -t get_tree | /usr/bin/python3 -c 'import json, sys
def walk(n):
    if n.get("pid") and "firefox-esr" in (n.get("app_id"), (n.get("window_properties") or {}).get("class")):
        print(n["id"], n.get("name") or "")
    for c in n.get("nodes", []) + n.get("floating_nodes", []): walk(c)
walk(json.load(sys.stdin))'; }
sway_focused() { as_user swaymsg -t get_tree | /usr/bin/python3 -c 'import json, sys
def walk(n):
    if n.get("focused"): print(n["id"])
    for c in n.get("nodes", []) + n.get("floating_nodes", []): walk(c)
walk(json.load(sys.stdin))'; }
sway_two() { sway_firefox > "$W/sway-firefox.txt"; grep -q ' Forcetouch first' "$W/sway-firefox.txt" && grep -q ' Forcetouch second' "$W/sway-firefox.txt"; }
wait_until 30 sway_two
read -r s0 st0 < <(sed -n 1p "$W/sway-firefox.txt")
read -r s1 st1 < <(sed -n 2p "$W/sway-firefox.txt")
for tx in $(seq 20 40 1000); do
    as_user env -u DISPLAY "$BIN/forcetouch-overlay" --what-is-at "$tx" 748 > "$W/sway-ff-task.json" 2>&1
    [[ "$(json_field "$W/sway-ff-task.json" description)" == "Forcetouch first"* ]] && break
done
check "sway firefox windows: Firefox's two windows in sway's tree (\"${st0:-?}\", \"${st1:-?}\"), waybar's taskbar button for the first at $tx,748 stands for Firefox ($(json_field "$W/sway-ff-task.json" app-id))" \
    test "$(json_field "$W/sway-ff-task.json" app-id)" = firefox-esr -a -n "${st1:-}"
before="$(sway_focused)"
as_user swaymsg -t get_tree > "$W/sway-firefox-tree.json"
press_evemu "$W/sway-ff.evemu" "$tx" 748
m="$(mark "$W/sway-e2e.log")"
bg_user "$W/sway-replay-ff.log" "$BIN/forcetouchd" --replay "$W/sway-ff.evemu" --paced
replay_pid=$last_pid
check "sway firefox windows: a replayed deep press on it shows Firefox's menu, under its name (Debian's entry, no Desktop Actions)" \
    wait_for_new "$m" '^menu [0-9]+ shown: .* for app-icon "Firefox ESR"' "$W/sway-e2e.log" 30
wait_for_new "$m" '^item 1 ' "$W/sway-e2e.log" 10 > /dev/null
sway_item() { tail -c +$((m + 1)) "$W/sway-e2e.log" | grep -a "^item $1 \"" | tail -1 | sed -E 's/^item [0-9]+ "(.*)" [-0-9]+ [-0-9]+ [0-9]+ [0-9]+$/\1/'; }
check "sway firefox windows: ... its items are the two windows by sway's titles (\"$(sway_item 0)\", \"$(sway_item 1)\")" \
    test -n "${st0:-}" -a "$(sway_item 0)" = "${st0:-}" -a "$(sway_item 1)" = "${st1:-}" -a -z "$(sway_item 2)"
wanted="$s1"; [ "$before" = "${s1:-}" ] && wanted="$s0"
chose="$(as_user gdbus call --session -d io.github.forcetouch.Daemon1 -o /io/github/forcetouch/Daemon1 \
    -m io.github.forcetouch.Daemon1.ChooseQuickAction "window.switch.$wanted" 2>&1)"
sway_front() { [ "$(sway_focused)" = "$wanted" ]; }
wait_until 5 sway_front || true
check "sway firefox windows: ... choosing the window not focused ($chose) focuses it in sway's tree (focused $(sway_focused), was $before; the window $wanted)" \
    bash -c "[ '$(sway_focused)' = '$wanted' ] && [ '$before' != '$wanted' ] &&
             tail -c +$((m + 1)) '$W/sway-e2e.log' | grep -q '^window $wanted brought to the front (sway)'"
wait_until 5 gone "$replay_pid" || true
stop "$replay_pid"
stop "$firefox_pid"
# Links in Firefox ESR under sway (issue 52): the X11 section's page, Firefox through XWayland in
# kiosk mode (fullscreen on sway's output), its top found by its magenta strip on grim's shot. The
# first thing asked of this new Firefox is the image link: its first answers are partial, and
# --what-is-at asks again within its second. Each is found through sway's tree, then AT-SPI.
sway_links_started=$SECONDS
mkdir -m 700 "$W/firefox-sway-links" && chown "$U:$G" "$W/firefox-sway-links"
cp "$W/firefox/user.js" "$W/firefox-sway-links/user.js" && chown "$U:$G" "$W/firefox-sway-links/user.js"
bg_user "$W/firefox-sway-links.log" env -u WAYLAND_DISPLAY "DISPLAY=$XDISPLAY" MOZ_DISABLE_CONTENT_SANDBOX=1 \
    firefox-esr --no-remote --profile "$W/firefox-sway-links" --kiosk "file://$W/page.html"
firefox_pid=$last_pid
sway_page_top() { as_user env "WAYLAND_DISPLAY=$WAYLAND" grim - 2> /dev/null | convert png:- -crop 1x400+2+0 +repage txt:- 2> /dev/null |
                  awk -F'[,: ]+' '/#FF00FF/ { print $2; exit }'; }
stop_top=""; last=""
for _ in $(seq 120); do stop_top="$(sway_page_top)"; [ "${stop_top:-0}" -gt 0 ] && [ "$stop_top" = "$last" ] && break; last="$stop_top"; sleep 0.25; done
check "sway firefox links: Firefox ESR shows the page fullscreen on sway's output (its top at row ${stop_top:-?})" \
    test "${stop_top:-0}" -gt 0
stop_top="${stop_top:-0}"
sleep 1
sway_what_is_at() { as_user env -u DISPLAY "$BIN/forcetouch-overlay" --verbose --what-is-at "$1" $(( stop_top + $2 )) > "$W/sway-firefox-$3.json" 2>&1; }
sway_what_is_at 700 90 image
check "sway firefox links: the first thing asked of it, an image link (<a><img alt></a>), is that link with its exact address, through sway's tree ($(json_field "$W/sway-firefox-image.json" source) $(json_field "$W/sway-firefox-image.json" role) \"$(json_field "$W/sway-firefox-image.json" name)\" $(json_field "$W/sway-firefox-image.json" address))" \
    test "$(json_field "$W/sway-firefox-image.json" address)" = "$TARGET#image" -a \
         "$(json_field "$W/sway-firefox-image.json" role)" = link -a "$(json_field "$W/sway-firefox-image.json" source)" = sway
sway_what_is_at 750 290 card
check "sway firefox links: ... a link around a styled inline-block span, pressed below its text, that link ($(json_field "$W/sway-firefox-card.json" address))" \
    test "$(json_field "$W/sway-firefox-card.json" address)" = "$TARGET#card" -a "$(json_field "$W/sway-firefox-card.json" name)" = "Card title"
sway_what_is_at 150 390 wrapped
check "sway firefox links: ... the second line of a link wrapped over two lines, that link ($(json_field "$W/sway-firefox-wrapped.json" address))" \
    test "$(json_field "$W/sway-firefox-wrapped.json" address)" = "$TARGET#wrapped" -a \
         "$(json_field "$W/sway-firefox-wrapped.json" role)" = link
sway_what_is_at 725 450 button
check "sway firefox links: ... a button is no link: a push button, no address ($(json_field "$W/sway-firefox-button.json" role) \"$(json_field "$W/sway-firefox-button.json" name)\")" \
    test -z "$(json_field "$W/sway-firefox-button.json" address)" -a "$(json_field "$W/sway-firefox-button.json" role)" = "push button"
# Force Click on text in Firefox ESR's page under sway (issue 54): the X11 section's paragraphs,
# Firefox through XWayland; the running overlay finds it through sway's tree and reads its text in
# its window's coordinates. Debian's dictd with WordNet on loopback, the MenuShown watcher and the
# recording handlers (the defaults again, as for the X11 choices: the Firefox sections since made
# a recorder of file: addresses the user's, which a calendar file would go to) serve the GTK text
# view below too. On the email address, the phone number and the date, Firefox fullscreen: their
# actions; Send Message chosen on the phone number (the call a tap on its row makes) hands the
# sms: handler the exact address. Then Firefox's window off the output's corner (floating, 800 ×
# 680 at 120, 40; its page's top found again by its magenta strip), and a replayed deep press,
# lifted at peek, on "lantern": MenuShown carries its WordNet definition, the overlay draws its
# Look Up card (`look-up` in its log) and highlights the word over Firefox: the box Firefox gives
# in its window's coordinates, placed from the window's corner in sway's tree, lies over the
# word's characters (10 to 16 of its line, 19.26 px each from the page's x 100), tinted on
# grim's shot.
if ! dict_up; then
    bg_user "$W/dictd-sway.log" /usr/sbin/dictd --config /etc/dictd/dictd.conf --listen-to 127.0.0.1 --port 2628 \
        -d nodetach --pid-file "$W/dictd-sway.pid"
    dictd_sway_pid=$last_pid
    wait_until 10 dict_up
fi
printf '[Default Applications]\nx-scheme-handler/https=recorder.desktop\n' > "$HOMEDIR/.config/mimeapps.list"
for t in x-scheme-handler/mailto x-scheme-handler/tel x-scheme-handler/sms text/calendar; do
    echo "$t=text-recorder.desktop" >> "$HOMEDIR/.config/mimeapps.list"
done
bg_user "$W/menus-sway.log" /usr/bin/python3 "$W/menu-watch.py"
menus_pid=$last_pid
wait_for '^ready' "$W/menus-sway.log" 10 > /dev/null
# tinted RGB: a colour the highlight's translucent yellow was blended into.
tinted() { local c=($1); [ $(( ${c[0]:-0} - ${c[2]:-0} )) -gt 60 ] && [ $(( ${c[1]:-0} - ${c[2]:-0} )) -gt 40 ]; }
# sway_page_text NAME X Y [ITEM]: a deep press lifted at peek at page point X, Y (the page's corner
# is at page_x, page_y on the output); its MenuShown in $W/sway-NAME.menu; then ITEM chosen and
# the handler's line waited for, or else the menu dismissed, as a tap outside it does (the
# replaying daemon waits while it shows). On the word, grim's shot once the highlight is drawn,
# in $W/sway-NAME.png.
sway_page_text() {
    local m om n pid
    press_evemu "$W/sway-$1.evemu" $(( page_x + $2 )) $(( page_y + $3 )) peek
    m="$(mark "$W/menus-sway.log")" om="$(mark "$W/sway-e2e.log")"
    n=$(cat "$HOMEDIR/text-opened.txt" 2> /dev/null | wc -l)
    bg_user "$W/sway-$1-replay.log" "$BIN/forcetouchd" --verbose --config "$W/text.toml" --replay "$W/sway-$1.evemu" --paced
    pid=$last_pid
    wait_for_new "$m" '^\{' "$W/menus-sway.log" 30 > /dev/null
    tail -c "+$((m + 1))" "$W/menus-sway.log" | grep -m1 '^{' > "$W/sway-$1.menu"
    wait_for_new "$om" '^menu state: .* -> open ' "$W/sway-e2e.log" 5 > /dev/null
    if [ "$1" = firefox-word ]; then
        wait_for_new "$om" '^menu [0-9]+ scale 1\.000 ' "$W/sway-e2e.log" 5 > /dev/null
        wait_for_new "$om" '^highlight ' "$W/sway-e2e.log" 5 > /dev/null
        as_user env "WAYLAND_DISPLAY=$WAYLAND" grim - > "$W/sway-$1.png" 2> /dev/null
    fi
    if [ -n "${4:-}" ]; then
        as_user gdbus call --session -d io.github.forcetouch.Daemon1 -o /io/github/forcetouch/Daemon1 \
            -m io.github.forcetouch.Daemon1.ChooseQuickAction "$4" > "$W/sway-$1.chose" 2>&1
        for _ in $(seq 50); do [ "$(cat "$HOMEDIR/text-opened.txt" 2> /dev/null | wc -l)" -gt "$n" ] && break; sleep 0.2; done
    else
        as_user gdbus call --session -d io.github.forcetouch.Daemon1 -o /io/github/forcetouch/Daemon1 \
            -m io.github.forcetouch.Daemon1.DismissMenu 0 > /dev/null 2>&1
    fi
    wait_until 10 gone "$pid" || true
    stop "$pid"
}
page_text_started=$SECONDS
pm="$(mark "$W/sway-e2e.log")"
page_x=0 page_y=$stop_top
sway_page_text firefox-email 341 662
check "sway firefox text: on the email address, New Email and Copy ($(menu_field sway-firefox-email '" ".join([m["target"]["kind"], m["target"].get("address", "")] + m["titles"])'))" \
    test "$(menu_field sway-firefox-email 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "email mailto:ada@example.org text.email text.copy"
sway_page_text firefox-phone 822 550 text.message
check "sway firefox text: on the phone number, Call, Send Message and Copy ($(menu_field sway-firefox-phone '" ".join([m["target"]["kind"], m["target"].get("address", "")] + m["titles"])'))" \
    test "$(menu_field sway-firefox-phone 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "phone tel:+442079460958 text.call text.message text.copy"
check "sway firefox text: ... Send Message chosen ($(cat "$W/sway-firefox-phone.chose")): the sms: handler gets $(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)" \
    test "$(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)" = "sms:+442079460958"
sway_page_text firefox-date 808 590
check "sway firefox text: on the date, Create Event and Copy ($(menu_field sway-firefox-date '" ".join([m["target"]["kind"], m["target"].get("address", "")] + m["titles"])'))" \
    test "$(menu_field sway-firefox-date 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "date 2026-12-03 text.event text.copy"
# Firefox's window off the output's corner, so that its window's coordinates are not the output's.
as_user swaymsg "[pid=$firefox_pid] fullscreen disable, floating enable, resize set 800 680, move position 120 40" > /dev/null
for _ in $(seq 50); do [ "$(tree_rect "$firefox_pid" | cut -d' ' -f1-2)" = "120 40" ] && break; sleep 0.1; done
read -r page_x _ < <(tree_rect "$firefox_pid")
page_x="${page_x:-0}" page_y="" last=""
for _ in $(seq 40); do
    page_y="$(as_user env "WAYLAND_DISPLAY=$WAYLAND" grim - 2> /dev/null | convert png:- -crop 1x400+$(( page_x + 2 ))+0 +repage txt:- 2> /dev/null |
              awk -F'[,: ]+' '/#FF00FF/ { print $2; exit }')"
    [ "${page_y:-0}" -gt 0 ] && [ "$page_y" = "$last" ] && break; last="$page_y"; sleep 0.25
done
check "sway firefox text: Firefox's window moved off the output's corner ($(tree_rect "$firefox_pid" | cut -d' ' -f1-4)), its page's top at ${page_x},${page_y:-?}" \
    test "$page_x" = 120 -a "${page_y:-0}" -gt 40
page_y="${page_y:-0}"
om="$(mark "$W/sway-e2e.log")"
sway_page_text firefox-word 360 552
check "sway firefox text: a replayed deep press on \"lantern\" in a paragraph of the page: MenuShown's target is the word ($(menu_field sway-firefox-word 'm["target"].get("kind"), m["target"].get("name"), m["target"].get("why", "")'))" \
    test "$(menu_field sway-firefox-word 'm["target"]["kind"] + " " + m["target"]["name"]')" = "word lantern"
check "sway firefox text: ... with its WordNet definition from the local dictd ($(menu_field sway-firefox-word 'm["target"]["definition"].split(chr(10))[1].strip()[:60]')…)" \
    test "$(menu_field sway-firefox-word 'm["target"]["definition"].split(chr(10))[1].strip().startswith("n 1: light in a transparent protective case"), "WordNet" in m["target"]["dictionary"]')" = "(True, True)"
check "sway firefox text: ... the overlay drew its Look Up card ($(tail -c +$((om + 1)) "$W/sway-e2e.log" | grep -a '^look-up [0-9]* ' | tail -1 | cut -d' ' -f3-8))" \
    bash -c "tail -c +$((om + 1)) '$W/sway-e2e.log' | grep -aq '^look-up [0-9]* .* \"lantern\" definition '"
read -r gx gy gw gh < <(tail -c +$((om + 1)) "$W/sway-e2e.log" | grep -a '^highlight ' | tail -1 | rect)
edge="$(rgb "$W/sway-firefox-word.png" $(( ${gx:-0} + 1 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
beside="$(rgb "$W/sway-firefox-word.png" $(( ${gx:-0} - 12 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
ink="$(convert "$W/sway-firefox-word.png" -crop ${gw:-1}x${gh:-1}+${gx:-0}+${gy:-0} -colorspace gray -format '%[fx:int(255*minima)]' info: 2> /dev/null)"
marked=no; tinted "$edge" && ! tinted "$beside" && [ "${ink:-255}" -lt 140 ] && marked=yes
check "sway firefox text: ... the word highlighted over Firefox (an XWayland window), its box over the word's characters, x $(( page_x + 293 ))..$(( page_x + 427 )), around the pressed point ($(( page_x + 360 )),$(( page_y + 552 ))) (highlight ${gx:-?} ${gy:-?} ${gw:-?} ${gh:-?}; rgb: edge $edge, beside $beside; darkest glyph $ink)" \
    bash -c "[ -n '${gh:-}' ] && [ \$(( ${gx:-0} - $page_x - 291 )) -le 6 ] && [ \$(( $page_x + 291 - ${gx:-0} )) -le 6 ] &&
             [ \$(( ${gx:-0} + ${gw:-0} - $page_x - 429 )) -le 6 ] && [ \$(( $page_x + 429 - ${gx:-0} - ${gw:-0} )) -le 6 ] &&
             [ '${gy:-0}' -lt '$(( page_y + 552 ))' ] && [ '$(( ${gy:-0} + ${gh:-0} ))' -gt '$(( page_y + 552 ))' ] && [ '${gh:-0}' -lt 60 ] && [ $marked = yes ]"
echo "figure: sway firefox text: the overlay's lookups, text read included (the email address, the phone number, the date, the word): $(tail -c +$((pm + 1)) "$W/sway-e2e.log" | grep -aE '^under-finger [0-9]+ [0-9]+: ' | sed -E 's/.*\(([0-9.]+) ms\)$/\1 ms/' | xargs); asked again: $(tail -c +$((pm + 1)) "$W/sway-e2e.log" | grep -ac 'asked again$'); the word's $(tail -c +$((om + 1)) "$W/sway-e2e.log" | grep -a -m1 -o 'menu [0-9]*: its text highlighted .*')"
echo "figure: sway firefox text: the email address's, the phone number's and the date's presses, Firefox's window moved and the word's press took $(( SECONDS - page_text_started )) s"
stop "$firefox_pid"
echo "figure: sway: Firefox's links took $((SECONDS - sway_links_started)) s"
echo "figure: sway: the overlay's listing of the windows from sway's tree: $(tail -c +$((m + 1)) "$W/sway-e2e.log" | grep -a '^under-finger: [0-9]* window(s) listed' | tail -1 | sed -E 's/.*: ([0-9]+) .*\(([0-9.]+) ms\)$/\2 ms (\1 windows)/'); Firefox's windows took $((SECONDS - windows_started)) s"
# Force Click on text under sway (issue 54): the same GTK text view, a Wayland client sway floats,
# and Debian's dictd with WordNet on loopback. A replayed deep press, lifted at peek, on a word:
# the running overlay finds the text view through sway's tree and AT-SPI and reads the text
# around the word; the daemon's MenuShown carries the word and its WordNet definition (the dictd
# and the MenuShown watcher are Firefox's text's, above).
as_user swaymsg 'for_window [title="^Text$"] floating enable' > /dev/null
bg_user "$W/text-sway.log" env -u DISPLAY "WAYLAND_DISPLAY=$WAYLAND" GDK_BACKEND=wayland /usr/bin/python3 "$W/text.py"
text_pid=$last_pid
wait_for '^password ' "$W/text-sway.log" 20 > /dev/null
for _ in $(seq 50); do [ -n "$(tree_rect "$text_pid")" ] && break; sleep 0.1; done
# Above the centre, clear of the panel sway centres and of the Notes window in its corner.
as_user swaymsg "[pid=$text_pid] move position 160 90" > /dev/null
for _ in $(seq 50); do [ "$(tree_rect "$text_pid" | cut -d' ' -f1-2)" = "160 90" ] && break; sleep 0.1; done
read -r tx0 ty0 _ < <(tree_rect "$text_pid")
read -r _ _ wx wy < <(grep '^word force ' "$W/text-sway.log")
fx=$(( ${tx0:-0} + ${wx:-0} )) fy=$(( ${ty0:-0} + ${wy:-0} ))
wait_until 20 found_at "$fx" "$fy" role text "DISPLAY=$XDISPLAY" "WAYLAND_DISPLAY=$WAYLAND"
press_evemu "$W/sway-word.evemu" "$fx" "$fy" peek
m="$(mark "$W/menus-sway.log")"
om="$(mark "$W/sway-e2e.log")"
bg_user "$W/sway-word-replay.log" "$BIN/forcetouchd" --verbose --config "$W/text.toml" --replay "$W/sway-word.evemu" --paced
replay_pid=$last_pid
wait_for_new "$m" '^\{' "$W/menus-sway.log" 30 > /dev/null
tail -c "+$((m + 1))" "$W/menus-sway.log" | grep -m1 '^{' > "$W/sway-word.menu"
check "sway text: a replayed deep press on \"force\" in the GTK text view (at $fx,$fy): MenuShown's target is the word ($(menu_field sway-word 'm["target"].get("kind"), m["target"].get("name")'))" \
    test "$(menu_field sway-word 'm["target"]["kind"] + " " + m["target"]["name"]')" = "word force"
check "sway text: ... with its WordNet definition from the local dictd ($(menu_field sway-word 'm["target"]["definition"].split(chr(10))[1].strip()[:60]')…)" \
    test "$(menu_field sway-word 'm["target"]["definition"].split(chr(10))[1].strip().startswith("n 1: a powerful effect or influence"), "WordNet" in m["target"]["dictionary"]')" = "(True, True)"
# The word highlighted under sway (SPEC §11, "The text found is marked"): the text view was read in
# its window's coordinates, so the box it gives for the daemon's range is placed from the window's
# corner in sway's tree; the overlay's layer surface tints it in the marker's yellow, which sway
# blends (`highlight X Y W H`, layout pixels, padded): on grim's shot the box holds the pressed
# point, its edge is yellow-tinted, the word's glyphs show through it darker than the tint (its
# grey is about 170), and the text beside it is not tinted.
wait_for_new "$om" '^menu [0-9]+ scale 1\.000 ' "$W/sway-e2e.log" 5 > /dev/null
wait_for_new "$om" '^highlight ' "$W/sway-e2e.log" 5 > /dev/null
as_user env "WAYLAND_DISPLAY=$WAYLAND" grim - > "$W/sway-word-menu.png" 2> /dev/null
read -r gx gy gw gh < <(tail -c +$((om + 1)) "$W/sway-e2e.log" | grep -a '^highlight ' | tail -1 | rect)
edge="$(rgb "$W/sway-word-menu.png" $(( ${gx:-0} + 1 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
beside="$(rgb "$W/sway-word-menu.png" $(( ${gx:-0} - 12 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
ink="$(convert "$W/sway-word-menu.png" -crop ${gw:-1}x${gh:-1}+${gx:-0}+${gy:-0} -colorspace gray -format '%[fx:int(255*minima)]' info: 2> /dev/null)"
marked=no; tinted "$edge" && ! tinted "$beside" && [ "${ink:-255}" -lt 140 ] && marked=yes
check "sway text: ... the word highlighted in the text view, placed from its window's corner in sway's tree around the pressed point ($fx,$fy) (highlight ${gx:-?} ${gy:-?} ${gw:-?} ${gh:-?}; rgb: edge $edge, beside $beside; darkest glyph $ink)" \
    bash -c "[ -n '${gh:-}' ] && [ '$fx' -gt '${gx:-0}' ] && [ '$fx' -lt '$(( ${gx:-0} + ${gw:-0} ))' ] &&
             [ '$fy' -gt '${gy:-0}' ] && [ '$fy' -lt '$(( ${gy:-0} + ${gh:-0} ))' ] && [ '${gw:-0}' -lt 80 ] && [ $marked = yes ]"
[ -n "${SAVE_IMAGES:-}" ] && [ -n "${gh:-}" ] && convert "$W/sway-word-menu.png" -crop 480x400+$(( gx > 124 ? gx - 124 : 0 ))+$(( gy > 48 ? gy - 48 : 0 )) +repage \
    docs/images/force-click-word-highlight-sway.png
echo "figure: sway text: in the overlay, $(tail -c +$((om + 1)) "$W/sway-e2e.log" | grep -a -m1 -o 'menu [0-9]*: its text highlighted .*')"
echo "figure: sway text: the overlay's lookup of the word, text read included: $(tail -c +$((om + 1)) "$W/sway-e2e.log" | grep -aE '^under-finger [0-9]+ [0-9]+: ' | sed -E 's/.*\(([0-9.]+) ms\)$/\1 ms/' | xargs)"
# The menu dismissed as a tap outside it does: the replaying daemon, which waits while it shows, ends.
as_user gdbus call --session -d io.github.forcetouch.Daemon1 -o /io/github/forcetouch/Daemon1 \
    -m io.github.forcetouch.Daemon1.DismissMenu 0 > /dev/null 2>&1
wait_until 10 gone "$replay_pid" || true
stop "$replay_pid"
# An email address, a phone number and a date in the same text view under sway: each deep press's
# menu lists their actions, and choosing one (the call a tap on its row makes: no pointer under
# headless sway) reaches the X11 part's recording handlers with the right URI, or the calendar app
# an iCalendar file of the date (the handlers the defaults again above, for Firefox's text).
# sway_text NAME WORD ITEM: a deep press lifted at peek on WORD of the text view, its MenuShown in
# $W/sway-NAME.menu; then ITEM chosen on the menu it leaves open, and the handler's line waited for.
sway_text() {
    local x y m om n pid
    read -r _ _ x y < <(grep "^word $2 " "$W/text-sway.log")
    press_evemu "$W/sway-$1.evemu" $(( ${tx0:-0} + ${x:-0} )) $(( ${ty0:-0} + ${y:-0} )) peek
    m="$(mark "$W/menus-sway.log")" om="$(mark "$W/sway-e2e.log")"
    n=$(cat "$HOMEDIR/text-opened.txt" 2> /dev/null | wc -l)
    bg_user "$W/sway-$1-replay.log" "$BIN/forcetouchd" --verbose --config "$W/text.toml" --replay "$W/sway-$1.evemu" --paced
    pid=$last_pid
    wait_for_new "$m" '^\{' "$W/menus-sway.log" 30 > /dev/null
    tail -c "+$((m + 1))" "$W/menus-sway.log" | grep -m1 '^{' > "$W/sway-$1.menu"
    wait_for_new "$om" '^menu state: .* -> open ' "$W/sway-e2e.log" 5 > /dev/null
    as_user gdbus call --session -d io.github.forcetouch.Daemon1 -o /io/github/forcetouch/Daemon1 \
        -m io.github.forcetouch.Daemon1.ChooseQuickAction "$3" > "$W/sway-$1.chose" 2>&1
    for _ in $(seq 50); do [ "$(cat "$HOMEDIR/text-opened.txt" 2> /dev/null | wc -l)" -gt "$n" ] && break; sleep 0.2; done
    wait_until 10 gone "$pid" || true
    stop "$pid"
}
kinds_started=$SECONDS
sway_text email ada@example.org text.email
check "sway text: on an email address, New Email and Copy ($(menu_field sway-email '" ".join([m["target"]["kind"], m["target"]["address"]] + m["titles"])'))" \
    test "$(menu_field sway-email 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "email mailto:ada@example.org text.email text.copy"
check "sway text: ... New Email chosen ($(cat "$W/sway-email.chose")): the user's mailto: handler gets $(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)" \
    test "$(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)" = "mailto:ada@example.org"
sway_text phone 7946 text.call
check "sway text: on a phone number, Call, Send Message and Copy ($(menu_field sway-phone '" ".join([m["target"]["kind"], m["target"]["address"]] + m["titles"])'))" \
    test "$(menu_field sway-phone 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "phone tel:+442079460958 text.call text.message text.copy"
check "sway text: ... Call chosen ($(cat "$W/sway-phone.chose")): the tel: handler gets $(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)" \
    test "$(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)" = "tel:+442079460958"
rm -f "$HOMEDIR/event.ics"
sway_text date December text.event
check "sway text: on a date, Create Event and Copy ($(menu_field sway-date '" ".join([m["target"]["kind"], m["target"]["address"]] + m["titles"])'))" \
    test "$(menu_field sway-date 'm["target"]["kind"] + " " + m["target"]["address"] + " " + " ".join(m["items"])')" = "date 2026-12-03 text.event text.copy"
/usr/bin/python3 "$W/ics-check.py" "$HOMEDIR/event.ics" > "$W/sway-ics.txt" 2>&1
check "sway text: ... Create Event chosen ($(cat "$W/sway-date.chose")): the calendar app is handed an iCalendar file of 3 December 2026 ($(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null); $(head -1 "$W/sway-ics.txt"))" \
    bash -c "case '$(tail -1 "$HOMEDIR/text-opened.txt" 2> /dev/null)' in /*/forcetouch/event-*.ics) test '$(head -1 "$W/sway-ics.txt")' = 'DTSTART;VALUE=DATE:20261203' ;; *) exit 1 ;; esac"
echo "figure: sway text: the email address's, the phone number's and the date's presses and choices took $(( SECONDS - kinds_started )) s"
stop "$menus_pid"
stop "$text_pid"
[ -n "${dictd_sway_pid:-}" ] && stop "$dictd_sway_pid"
stop "$overlay_pid"
stop "$waybar_pid"; stop "$panel_pid"; stop "$notes_pid"
echo "figure: the sway panels' section took $(( SECONDS - panels_started )) s"
stop "$sway_pid"
summary under-finger-lookup-on-host
