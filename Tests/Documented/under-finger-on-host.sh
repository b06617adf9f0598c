#!/usr/bin/env bash
# What is under the finger, the daemon's side (docs/SPEC.md §11, "What is under the finger"):
# a real forcetouchd on a real dbus-daemon replays the demo touchscreen's deep press while a
# stand-in for the overlay's lookup (under-finger-peer.py: it owns io.github.forcetouch.Overlay1
# and answers each PressProgress `began` with PressTarget) says the press is on a dock's
# launcher whose Desktop Entry, written here with two Actions=, matches by name. MenuShown then
# carries kind app-icon and the two actions' titles, and choosing one runs its Exec (a file
# written). An answer after the deadline leaves the configured menu, with the log's why. On a
# link pressed to peek: Open gives the address to the default browser (a recording https handler,
# through `gio open`), Copy Link puts it on the X11 clipboard (Xvfb, xclip); pressed past pop
# before its held menu goes, the daemon opens it itself. An ordinary window gives
# its app's actions only with "window" in under-finger; with `under-finger = []` nothing is
# looked up; a fact of the wrong type is refused by name. The shipped config/forcetouch.toml,
# unchanged, does the same for a link and a launcher, and on anything else shows no menu.
# Usage: Tests/Documented/under-finger-on-host.sh   (FORCETOUCH_BIN: the binaries, default .build/debug)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup under-finger-on-host under-finger
host_requires dbus-daemon gdbus /usr/bin/python3 gio xclip Xvfb openbox
check "python3 has GObject introspection (python3-gi)" /usr/bin/python3 -c 'from gi.repository import Gio'
host_binaries
host_home .local/share/applications
cp Tests/Documented/under-finger-peer.py "$W/peer.py" && chmod 755 "$W/peer.py"
cp demo/touchscreen-gestures.evemu "$W/demo.evemu" && chmod 644 "$W/demo.evemu"
# The same press eased off at peek (force 2.35, pop is 5.49): it peeks and lifts, no pop.
sed -e 's/ 0003 003a 0130/ 0003 003a 0095/; s/ 0003 003a 0170/ 0003 003a 0095/; s/ 0003 003a 0210/ 0003 003a 0095/; s/ 0003 003a 0120/ 0003 003a 0090/' \
    demo/touchscreen-gestures.evemu > "$W/peek.evemu" && chmod 644 "$W/peek.evemu"
# The launcher's app: found by its Name, its two actions each write a file.
cat > "$HOMEDIR/.local/share/applications/ft-testpad.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Testpad Writer
Icon=accessories-text-editor
Exec=touch $W/testpad-ran
Actions=alpha;beta;

[Desktop Action alpha]
Name=Write Alpha
Exec=touch $W/alpha-ran

[Desktop Action beta]
Name=Write Beta
Exec=touch $W/beta-ran
DESKTOP
config() {
    cat > "$CONFIG" <<TOML
[quick-actions]
menu = ["false"]
$1

[[quick-action]]
type = "compose"
title = "New message"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
}
# The default browser, for Open: a handler of https that records the address it is given.
printf '#!/bin/sh\necho "$1" > %s/opened\n' "$W" > "$W/record-url" && chmod 755 "$W/record-url"
cat > "$HOMEDIR/.local/share/applications/ft-recorder.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=URL Recorder
Exec=$W/record-url %u
MimeType=x-scheme-handler/https;x-scheme-handler/ftest;
NoDisplay=true
DESKTOP
printf '[Default Applications]\nx-scheme-handler/https=ft-recorder.desktop\nx-scheme-handler/ftest=ft-recorder.desktop\n' \
    > "$HOMEDIR/.config/mimeapps.list"
chmod 777 "$W"
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"
start_session_bus
start_x11
user_env+=("XDG_DATA_HOME=$HOMEDIR/.local/share" "XDG_DATA_DIRS=$W/none")
LAUNCHER='{"source": "x11", "role": "push button", "name": "Testpad Writer", "window-type": "dock", "window-app-id": "xfce4-panel"}'

# replay NAME DELAY FACTS [CHOOSE]: the stand-in up, the demo replayed (REC: another recording),
# the stand-in's lines in $W/NAME.peer and the daemon's in $W/NAME.log.
replay() {
    local name="$1"
    bg_user "$W/$name.peer" /usr/bin/python3 "$W/peer.py" "$2" "$3" "${4:-}"
    local peer=$last_pid
    wait_for '^owned ' "$W/$name.peer" 10 > /dev/null
    as_user timeout 60 "$BIN/forcetouchd" --replay "$W/${REC:-demo.evemu}" --verbose > "$W/$name.log" 2>&1
    # The stand-in's last lines come after the daemon has gone, and some replays show no menu
    # (checked): nothing to wait for, a time window.
    sleep 0.3
    stop "$peer"
}

# ---------------------------------------------------------------- an app icon's actions
config ""
replay icon 0 "$LAUNCHER" "Write Beta"
check "the lookup answered the press's began" grep -q '^answered ' "$W/icon.peer"
check "MenuShown's target is the launcher's app (app-icon, its id, name and icon)" \
    grep -q "^menu [0-9]* kind=app-icon app-id=ft-testpad.desktop name=Testpad Writer icon=accessories-text-editor " "$W/icon.peer"
check "... and its items are the app's two Desktop Actions" grep -q 'titles=Write Alpha|Write Beta$' "$W/icon.peer"
check "choosing Write Beta succeeds" grep -q '^chosen beta success' "$W/icon.peer"
for _ in $(seq 30); do [ -e "$W/beta-ran" ] && break; sleep 0.1; done
check "... and runs its Exec (the file it writes is there)" test -e "$W/beta-ran"
check "... and only its" test ! -e "$W/alpha-ran" -a ! -e "$W/testpad-ran"

# ---------------------------------------------------------------- a late answer
replay late 700 "$LAUNCHER"
check "an answer 700 ms after began (after the deadline) leaves the configured menu" \
    grep -q '^menu [0-9]* kind=nothing .*titles=New message$' "$W/late.peer"
check "... which says why" grep -q 'why=no answer from the lookup within 100 ms of peek' "$W/late.peer"
check "... as the log does, once" test "$(grep -c 'nothing under the finger: no answer from the lookup' "$W/late.log")" = 1

# ---------------------------------------------------------------- a link
LINK='{"role": "link", "name": "Example", "address": "https://example.org/forcetouch?a=1&b=2"}'
# Pressed to peek and lifted: the preview's actions stay, to be chosen.
REC=peek.evemu replay link 0 "$LINK" "Copy Link"
check "a link's target is its address, its items Open and Copy Link" \
    grep -q '^menu [0-9]* kind=link .*name=Example .*titles=Open|Copy Link$' "$W/link.peer"
check "Copy Link succeeds" grep -q '^chosen link.copy success' "$W/link.peer"
check "... and the address is on the X11 clipboard (xclip)" \
    test "$(as_user timeout 5 xclip -selection clipboard -o)" = "https://example.org/forcetouch?a=1&b=2"
REC=peek.evemu replay open 0 "$LINK" "Open"
check "Open succeeds" grep -q '^chosen link.open success' "$W/open.peer"
for _ in $(seq 50); do [ -s "$W/opened" ] && break; sleep 0.1; done
check "... and the default browser (a recording https handler) is given the address" \
    test "$(cat "$W/opened" 2>/dev/null)" = "https://example.org/forcetouch?a=1&b=2"
# The demo's press goes past pop and lifts before its held menu goes (a replay plays in virtual
# time): the daemon pops it, opening the link itself; the stand-in chooses nothing.
rm -f "$W/opened"
replay pop 0 "$LINK"
for _ in $(seq 50); do [ -s "$W/opened" ] && break; sleep 0.1; done
check "a press that popped while its link's menu was held: MenuShown sent, then the link opened by the daemon ($(cat "$W/opened" 2>/dev/null))" \
    bash -c "grep -q '^menu [0-9]* kind=link ' '$W/pop.peer' && grep -q 'popped during the hold: link.open https://example.org/forcetouch?a=1&b=2' '$W/pop.log' &&
             test \"\$(cat '$W/opened' 2>/dev/null)\" = 'https://example.org/forcetouch?a=1&b=2'"
check "... the binding's result is the Open's" grep -q 'deep-press began: success: opened https://example.org/forcetouch?a=1&b=2' "$W/pop.log"
# Only http and https open without asking ([quick-actions] open-schemes): a link of an
# application's own scheme, which has a handler here (the recorder), is refused, popped or chosen.
rm -f "$W/opened"
replay popftest 0 '{"role": "link", "name": "Example\nerror: FORGED NAME", "address": "ftest://x;$(id)\nerror: FORGED LOG LINE \u001b[31mred"}'
check "a popped ftest: link is not opened: the binding's result says why" \
    grep -q 'deep-press began: failure: Open: not opened: ftest: links do not open without asking (\[quick-actions\] open-schemes: http: https:)' "$W/popftest.log"
# The looker's texts are the daemon's to log, with their control characters escaped (issue 48).
check "... and its address, with a newline and an ANSI colour, is logged in one line, escaped" \
    bash -c "grep -qF 'link.open ftest://x;\$(id)\\nerror: FORGED LOG LINE \\e[31mred' '$W/popftest.log' &&
             ! grep -q '^error: FORGED' '$W/popftest.log' && ! grep -q \$'\\e' '$W/popftest.log'"
REC=peek.evemu replay js 0 '{"role": "link", "name": "Example", "address": "javascript:alert(1)"}' "Open"
check "... nor is a chosen javascript: link, whose menu still offers Copy Link" \
    bash -c "grep -q '^menu [0-9]* kind=link .*titles=Open|Copy Link$' '$W/js.peer' &&
             grep -q '^chosen link.open failure Open: not opened: javascript: links' '$W/js.peer'"
# Nothing to wait for when no handler runs: a time window for one.
sleep 0.5
check "... and no handler ran for either" test ! -e "$W/opened"
# An allowed scheme without a handler: gio fails, and the result is its status and message.
config 'open-schemes = ["https", "nohandler"]'
REC=peek.evemu replay gioerror 0 '{"role": "link", "name": "Example", "address": "nohandler:--help"}' "Open"
check "a link gio cannot open fails with gio's exit status ($(grep -o 'chosen link.open.*' "$W/gioerror.peer"))" \
    grep -q '^chosen link.open failure Open: gio exited with status [1-9][0-9]* (its message is in the log, before this line)' "$W/gioerror.peer"
check "... and gio's message is in the daemon's log, before the result" \
    bash -c "grep -A20 '^gio: nohandler:--help: ' '$W/gioerror.log' | grep -q 'deep-press began: failure: Open: gio exited with status'"
config ""

# ---------------------------------------------------------------- a window, where asked
config 'under-finger = ["app-icon", "link", "window"]'
replay window 0 '{"role": "document frame", "window-app-id": "ft-testpad", "window-type": "normal", "window-title": "notes"}'
check "with window in under-finger, an ordinary window's app gives its actions" \
    grep -q '^menu [0-9]* kind=window app-id=ft-testpad.desktop .*titles=Write Alpha|Write Beta$' "$W/window.peer"
config ""
replay nowindow 0 '{"role": "document frame", "window-app-id": "ft-testpad", "window-type": "normal"}'
check "... and without (the default), the configured menu, saying why" \
    grep -q '^menu [0-9]* kind=nothing .*why=a window of ft-testpad, and windows are not used .*titles=New message$' "$W/nowindow.peer"

# ---------------------------------------------------------------- the lookup off
config 'under-finger = []'
check "under-finger = [] passes --check-config" as_user "$BIN/forcetouchd" --check-config --config "$CONFIG"
replay off 0 "$LAUNCHER"
check "with under-finger = [], the configured menu shows" grep -q '^menu [0-9]* kind=nothing .*titles=New message$' "$W/off.peer"
check "... and nothing waits for a lookup or reports one" \
    bash -c "! grep -Eq 'waits for the lookup|nothing under the finger' '$W/off.log'"

# ---------------------------------------------------------------- a wrong fact
config ""
replay wrong 0 '{"window-pid": "not a number"}'
check "a fact of the wrong type is refused by name (InvalidArgs)" \
    grep -q 'error PressTarget: .*InvalidArgs.*"window-pid" must be of type u, not s' "$W/wrong.peer"

# ---------------------------------------------------------------- the shipped configuration
# config/forcetouch.toml as it ships (issue 51): its one binding, a deep press's quick-actions
# menu, acts on what is under the finger with nothing else configured: a link's menu, a
# launcher's app's actions, and on anything else nothing drawn, the touch left to the app.
cp config/forcetouch.toml "$CONFIG" && chown "$U:$G" "$CONFIG"
check "the shipped config/forcetouch.toml, unchanged, is the configuration" cmp -s config/forcetouch.toml "$CONFIG"
check "... and --check-config says what it binds: the menu of what is under the finger" \
    bash -c "'$BIN/forcetouchd' --check-config --config '$CONFIG' | grep -qF \"deep-press at peek → quick-actions: a link's Open and Copy Link, an app icon's actions (under-finger); on anything else nothing, and the touch is the app's\""
REC=peek.evemu replay shiplink 0 "$LINK"
check "shipped: a deep press on a link shows its menu, Open and Copy Link" \
    grep -q '^menu [0-9]* kind=link .*name=Example .*titles=Open|Copy Link$' "$W/shiplink.peer"
rm -f "$W/opened"
replay shippop 0 "$LINK"
for _ in $(seq 50); do [ -s "$W/opened" ] && break; sleep 0.1; done
check "shipped: pressed on to pop, the link opens" test "$(cat "$W/opened" 2>/dev/null)" = "https://example.org/forcetouch?a=1&b=2"
replay shipicon 0 "$LAUNCHER"
check "shipped: a deep press on a launcher shows its app's actions under its name" \
    grep -q '^menu [0-9]* kind=app-icon app-id=ft-testpad.desktop name=Testpad Writer .*titles=Write Alpha|Write Beta$' "$W/shipicon.peer"
replay shipnothing 0 '{"source": "x11", "role": "document frame", "window-type": "normal", "window-app-id": "xterm"}'
check "shipped: on anything else (an ordinary window) the lookup answered..." grep -q '^answered ' "$W/shipnothing.peer"
check "... but no menu is shown (no MenuShown)" bash -c "! grep -q '^menu ' '$W/shipnothing.peer'"
check "... and the binding's result says the touch is the app's" \
    grep -q 'deep-press began: cancelled: nothing to show: nothing (a window of xterm, and windows are not used.*), and no \[\[quick-action\]\] items: the touch is the app.s' "$W/shipnothing.log"

summary under-finger-on-host
