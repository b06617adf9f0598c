#!/usr/bin/env bash
# forcetouchd's D-Bus interface against a real dbus-daemon on this machine (README "D-Bus"),
# with busctl, gdbus and dbus-monitor as the clients: every property read, every method called
# (with the errors they answer, and a malformed call, after which the daemon still answers),
# the introspection compared with dbus/io.github.forcetouch.Daemon1.xml, the gesture signals of
# a replayed recording, another user refused, a NameOwnerChanged forged by a client not
# believed, and the haptic ticks of a replayed deep press through a real feedbackd; forcetouch
# Settings, the settings window, on Xvfb, driven through AT-SPI (the file on disk, forcectl status,
# screenshots light and dark, full width and 360 px). The daemon,
# feedbackd and the bus run as an ordinary user (nobody when run as root); the bus is a
# `dbus-daemon --session --fork` of its own, killed at the end, and every wait is bounded.
# Usage: Tests/Documented/dbus-on-host.sh   (FORCETOUCH_BIN: the binaries; default .build/debug)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup dbus-on-host dbus
host_requires dbus-daemon busctl gdbus Xvfb openbox gjs xdotool import convert gsettings
# forcetouchd never runs as root: as root everything runs as nobody (host_setup), daemon (uid 1)
# is the other user whose access is checked, and copies nobody can reach are made if need be
# (host_binaries: the shipped device database beside them, as installed). Otherwise it runs
# as the caller, without that check.
if [ "$(id -u)" = 0 ]; then OTHER=daemon; else OTHER=""; fi
host_binaries
host_home .local/share/applications

cat > "$CONFIG" <<TOML
# The user's own notes: every settings change keeps them, and this layout.
[general]
# sensitivity = "medium"
max-children = 8   # mine

[[quick-action]]
type = "compose"
title = "New message"
icon-type = "compose"
exec = ["true"]

[[intent]]
name = "greet"
handler = ["sh", "-c", "echo hello"]
[intent.parameters.who]
type = "string"
TOML
# An installed application with Desktop Actions, for a quick action to start (Debian's own here
# have none): each records that it ran.
cat > "$HOMEDIR/.local/share/applications/forcetouch-notes.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Notes
Exec=touch $HOMEDIR/notes-opened
Icon=accessories-text-editor
Actions=new-note;recent;

[Desktop Action new-note]
Name=New Note
Exec=touch $HOMEDIR/notes-new-note

[Desktop Action recent]
Name=Recent Notes
Exec=touch $HOMEDIR/notes-recent
DESKTOP
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"

# ---------------------------------------------------------------- the session bus
start_session_bus
ROOT_PATH=/io/github/forcetouch/Daemon1
# matches STRING PATTERN: STRING matches the glob PATTERN (quoted parts literal).
matches() { eval "[[ \"\$1\" == $2 ]]"; }
gcall() { as_user timeout 20 gdbus call --session -d io.github.forcetouch.Daemon1 -o "$ROOT_PATH" -m "io.github.forcetouch.Daemon1.$1" "${@:2}"; }

# ---------------------------------------------------------------- the daemon on the bus
bg_user "$W/daemon.log" "$BIN/forcetouchd"
daemon_pid=$last_pid
check "forcetouchd takes io.github.forcetouch.Daemon1 on the session bus" \
    wait_for 'D-Bus: io.github.forcetouch.Daemon1 on the session bus' "$W/daemon.log" 20
check "its log lines are plain, without a timestamp of their own" \
    bash -c "grep -q '^info: ready: ' '$W/daemon.log' && ! grep -Eq '^[0-9]{4}-[0-9]{2}-[0-9]{2}' '$W/daemon.log'"
# Idle on the bus, the daemon sleeps: not one context switch in 3 s.
switches() { awk '/^(voluntary|nonvoluntary)_ctxt_switches/ { n += $2 } END { print n }' "/proc/$daemon_pid/status"; }
# Idle is after its start: a second for what it does once, then the 3 s measured.
sleep 1
before="$(switches)"; sleep 3; after="$(switches)"
check "idle on the bus, the daemon does not wake up in 3 s (context switches $before -> $after)" test "$before" = "$after"
doc_runner=(as_user)
doc <<'CMD'
busctl --user introspect io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1
CMD
check "busctl --user introspect lists the Daemon1 interface" test "$doc_status" -eq 0
check "... its properties, methods and signals" \
    bash -c "grep -q '^\.Paused *property *b *false *emits-change writable' '$DOC_OUT' &&
             grep -q '^\.PerformQuickAction *method *s *ss' '$DOC_OUT' && grep -q '^\.Gesture *signal' '$DOC_OUT'"

# The interface the daemon answers is the one in the repository, exactly.
as_user timeout 20 busctl --user introspect --xml-interface io.github.forcetouch.Daemon1 "$ROOT_PATH" > "$W/introspect.xml"
iface() { awk -v name="$1" '$0 ~ "<interface name=\"" name "\">" { on = 1 } on { print } on && /<\/interface>/ { exit }' "$2"; }
same_interface() {
    [ -n "$(iface "$1" "$2")" ] && diff <(iface "$1" "$2") <(iface "$1" dbus/io.github.forcetouch.Daemon1.xml)
}
check "Introspect's io.github.forcetouch.Daemon1 is dbus/io.github.forcetouch.Daemon1.xml's, line for line" \
    same_interface io.github.forcetouch.Daemon1 "$W/introspect.xml"

# Every property of the root object.
doc <<'CMD'
busctl --user get-property io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 Capability Paused Devices Version
CMD
check "get-property reads Capability, Paused, Devices and Version" \
    test "$(cat "$DOC_OUT")" = "$(printf 's "unknown"\nb false\nao 0\ns "%s"' "$("$BIN/forcetouchd" --version)")"

# Paused: set, read back, announced with PropertiesChanged.
bg_user "$W/monitor.txt" timeout 20 dbus-monitor --address "$ADDRESS" \
    "type='signal',interface='org.freedesktop.DBus.Properties',path='$ROOT_PATH'" \
    "type='signal',interface='io.github.forcetouch.Daemon1'"
monitor_pid=$last_pid
# A monitor once the bus has taken its names away (NameLost, its first lines).
wait_for 'member=NameLost' "$W/monitor.txt" 10 > /dev/null
doc <<'CMD'
busctl --user set-property io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 Paused b true
CMD
check "set-property Paused b true" test "$doc_status" -eq 0
check "Paused reads back true" test "$(as_user busctl --user get-property io.github.forcetouch.Daemon1 "$ROOT_PATH" io.github.forcetouch.Daemon1 Paused)" = "b true"
check "PropertiesChanged announces Paused" wait_for 'string "Paused"' "$W/monitor.txt" 10
check "the daemon logs that it is paused" wait_for '^notice: paused' "$W/daemon.log" 5
as_user busctl --user set-property io.github.forcetouch.Daemon1 "$ROOT_PATH" io.github.forcetouch.Daemon1 Paused b false

# ---------------------------------------------------------------- methods
doc <<'CMD'
busctl --user call io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 AddQuickAction s '{"type": "timer", "title": "Stop timer"}'
CMD
check "AddQuickAction adds a dynamic item" test "$(cat "$DOC_OUT")" = 's "added"'
check "UpdateQuickAction changes it by type" test "$(gcall UpdateQuickAction '{"type": "timer", "subtitle": "5 min"}')" = "('timer',)"
doc <<'CMD'
busctl --user call io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 GetQuickActions
CMD
check "GetQuickActions: the static item, then the dynamic one, updated" \
    bash -c "grep -q '\"type\\\\\":\\\\\"compose\\\\\"' '$DOC_OUT' && grep -q '\"subtitle\\\\\":\\\\\"5 min\\\\\"' '$DOC_OUT'"
check "SetQuickActions replaces the dynamic items" \
    test "$(gcall SetQuickActions '[{"type": "a", "title": "A"}, {"type": "b", "title": "B"}]')" = "(uint32 2,)"
check "RemoveQuickAction removes one" test "$(gcall RemoveQuickAction a)" = "()"
check "ClearQuickActions clears the rest" test "$(gcall ClearQuickActions)" = "(uint32 1,)"
# Issue 40, defect 6: SetQuickActions with two 2.6 MB titles made a 5.2 MB shortcuts.json that
# the next start kept aside as over its 4 MiB limit, every item gone. The limit applies when
# writing: the call is refused and the items held stay. busctl and gdbus take a string from
# argv, at most 128 KiB of it, so a client of the bare protocol sends this one.
cp Tests/Documented/dbus-big-call.py "$W/dbus-big-call.py" && chmod a+r "$W/dbus-big-call.py"
check "AddQuickAction adds an item to keep" test "$(gcall AddQuickAction '{"type": "kept", "title": "Kept"}')" = "('added',)"
big="$(python3 -c 'import json; t = "x" * 2600000; print(json.dumps([{"type": "t1", "title": t}, {"type": "t2", "title": t}]))' \
    | as_user timeout 60 python3 "$W/dbus-big-call.py" "$ADDRESS" io.github.forcetouch.Daemon1 "$ROOT_PATH" \
        io.github.forcetouch.Daemon1 SetQuickActions)"
check "SetQuickActions of 5.2 MB, past the file's 4 MiB, is InvalidItem naming the limit (${big:0:240})" \
    bash -c "[[ \"\$1\" == *'io.github.forcetouch.Error.InvalidItem: '*'more than the limit of 4194304'* ]]" _ "$big"
held="$(gcall GetQuickActions)"
check "... and the items held are unchanged" bash -c "[[ \"\$1\" == *Kept* && \"\$1\" != *xxxxxxxx* ]]" _ "$held"
check "... in the file too, under the limit" \
    bash -c "grep -q Kept '$HOMEDIR/.local/state/forcetouch/shortcuts.json' && [ \$(stat -c %s '$HOMEDIR/.local/state/forcetouch/shortcuts.json') -le 4194304 ]"
check "RemoveQuickAction takes it away again" test "$(gcall RemoveQuickAction kept)" = "()"
doc <<'CMD'
busctl --user call io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 PerformQuickAction s compose
CMD
check "PerformQuickAction runs the item and answers its result" \
    bash -c "grep -q '^ss \"success\" \"' '$DOC_OUT'"
check "QuickActionPerformed is signalled with the result" \
    wait_for 'member=QuickActionPerformed' "$W/monitor.txt" 10
check "... naming the type and success" \
    bash -c "grep -A4 'member=QuickActionPerformed' '$W/monitor.txt' | grep -q 'string \"success\"'"
out="$(gcall RunIntent greet '{"who": "you"}' false)"
check "RunIntent greet: success, with its output ($out)" bash -c "[[ \"\$1\" == \"('success', \"* ]] && [[ \"\$1\" == *hello* ]]" _ "$out"
check "Reload re-reads the configuration" bash -c "[[ \"\$1\" == \"('reloaded $CONFIG: 0 binding(s)\"* ]]" _ "$(gcall Reload)"
check "ResetCalibration of a device nobody knows: UnknownDevice" \
    bash -c "[[ \"\$1\" == *io.github.forcetouch.Error.UnknownDevice* ]]" _ "$(gcall ResetCalibration nothing 2>&1)"

# Errors: a name and a message each.
err="$(gcall PerformQuickAction nonexistent 2>&1)"
check "an unknown type is io.github.forcetouch.Error.UnknownType with a message ($err)" \
    bash -c "[[ \"\$1\" == *'io.github.forcetouch.Error.UnknownType: no quick action of type \"nonexistent\"'* ]]" _ "$err"
err="$(gcall AddQuickAction '{"type": "x"' 2>&1)"
check "malformed JSON is io.github.forcetouch.Error.InvalidRequest ($err)" \
    bash -c "[[ \"\$1\" == *'io.github.forcetouch.Error.InvalidRequest: AddQuickAction: item is not valid JSON'* ]]" _ "$err"
err="$(gcall AddQuickAction '{"type": "x"}' 2>&1)"
check "an item without a title is io.github.forcetouch.Error.InvalidItem ($err)" \
    bash -c "[[ \"\$1\" == *'io.github.forcetouch.Error.InvalidItem: '*title* ]]" _ "$err"
err="$(gcall RunIntent nobody '' false 2>&1)"
check "an unknown intent is io.github.forcetouch.Error.UnknownIntent ($err)" \
    bash -c "[[ \"\$1\" == *'io.github.forcetouch.Error.UnknownIntent: no intent named \"nobody\"'* ]]" _ "$err"
err="$(as_user timeout 20 busctl --user call io.github.forcetouch.Daemon1 "$ROOT_PATH" io.github.forcetouch.Daemon1 PerformQuickAction i 42 2>&1)"
check "a call with the wrong signature is refused by sd-bus (InvalidArgs) ($err)" \
    bash -c "[[ \"\$1\" == *'Invalid argument'* || \"\$1\" == *InvalidArgs* ]]" _ "$err"
err="$(as_user timeout 20 gdbus call --session -d io.github.forcetouch.Daemon1 -o "$ROOT_PATH" -m io.github.forcetouch.Daemon1.Reload extra 2>&1)"
check "a call with an argument too many is an error too ($err)" bash -c "[[ \"\$1\" == *GDBus.Error* ]]" _ "$err"
answers() { kill -0 "$daemon_pid" && [ "$(gcall GetQuickActions | head -c 2)" = "('" ]; }
check "after the malformed calls the daemon still runs and answers" answers

# ---------------------------------------------------------------- settings, in the file in place
# lines_changed COPY: the lines of $CONFIG that differ from COPY, diff's `<` (COPY's) and `>` (now), on one line.
lines_changed() { diff "$1" "$CONFIG" | grep '^[<>]' | tr '\n' ' '; }
# The settings window's methods (issue 53): the daemon edits its configuration file in place,
# checks it, writes it atomically and reloads. A deep press of the demo recording reaches pop
# at medium sensitivity and only peek, later, at firm (forcetest replay, the same engine).
chmod 640 "$CONFIG"
cp "$CONFIG" "$W/config-before.toml"
bg_user "$W/settings-monitor.txt" timeout 60 dbus-monitor --address "$ADDRESS" \
    "type='signal',interface='io.github.forcetouch.Daemon1',member='ConfigurationReloaded'"
settings_monitor_pid=$last_pid
wait_for 'member=NameLost' "$W/settings-monitor.txt" 10 > /dev/null
deep_presses() { as_user timeout 60 "$BIN/forcetest" replay --config "$CONFIG" "$W/settings-demo.evemu" 2>/dev/null | grep 'deep-press'; }
cp demo/touchscreen-gestures.evemu "$W/settings-demo.evemu" && chmod 644 "$W/settings-demo.evemu"
medium_presses="$(deep_presses)"
doc <<'CMD'
busctl --user call io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 SetSetting ss sensitivity firm
CMD
check "SetSetting sensitivity firm answers the settings, sensitivity firm ($(head -c 160 "$DOC_OUT"))" \
    grep -qF '\"sensitivity\":\"firm\"' "$DOC_OUT"
changed="$(diff "$W/config-before.toml" "$CONFIG" | grep '^[<>]')"
check "the file on disk changed in one line, added under its commented-out example ($changed)" \
    bash -c "[ \"\$1\" = '> sensitivity = \"firm\"' ] && grep -A1 -x '# sensitivity = \"medium\"' '$CONFIG' | grep -qx 'sensitivity = \"firm\"'" _ "$changed"
check "... the user's comments and the rest kept, and its mode (640)" \
    bash -c "[ \"\$(grep -v -x 'sensitivity = \"firm\"' '$CONFIG')\" = \"\$(cat '$W/config-before.toml')\" ] && [ \"\$(stat -c %a '$CONFIG')\" = 640 ]"
check "... and ConfigurationReloaded is signalled, loaded" \
    wait_until 10 bash -c "grep -A3 'member=ConfigurationReloaded' '$W/settings-monitor.txt' | grep -q 'boolean true'"
status_out="$(as_user timeout 20 "$BIN/forcectl" status 2>&1)"
check "forcectl status shows it: the daemon reloaded the file (sensitivity: firm)" grep -qx 'sensitivity: firm' <<< "$status_out"
firm_presses="$(deep_presses)"
printf 'medium:\n%s\nfirm:\n%s\n' "$medium_presses" "$firm_presses" > "$W/settings-presses.txt"
check "the replayed deep press is decided with the new threshold: pop at medium, only a later peek at firm" \
    bash -c "grep -q 'changed (pop)' <<< \"\$1\" && ! grep -q 'changed (pop)' <<< \"\$2\" && grep -q 'began (peek)' <<< \"\$2\" &&
             [ \"\$(grep -m1 'began (peek)' <<< \"\$1\" | cut -d' ' -f1)\" != \"\$(grep -m1 'began (peek)' <<< \"\$2\" | cut -d' ' -f1)\" ]" \
    _ "$medium_presses" "$firm_presses"
doc <<'CMD'
forcectl get sensitivity
CMD
check "forcectl get sensitivity says it ($(cat "$DOC_OUT"))" test "$(cat "$DOC_OUT")" = '"firm"'
gcall UndoSetting > /dev/null 2>&1
check "UndoSetting puts the file back as it was, byte for byte" cmp -s "$W/config-before.toml" "$CONFIG"
doc <<'CMD'
forcectl set haptics off
CMD
check "forcectl set haptics off says what it did and that it reloaded ($(head -c 160 "$DOC_OUT"))" \
    doc_says '^set haptics = "off"; reloaded '
doc <<'CMD'
forcectl undo
CMD
check "forcectl undo puts the line back as it was" bash -c "[ $doc_status = 0 ] && cmp -s '$W/config-before.toml' '$CONFIG'"
as_user timeout 20 "$BIN/forcectl" set haptics off > /dev/null 2>&1
doc <<'CMD'
forcectl reset haptics
CMD
check "forcectl reset haptics takes the line out again" cmp -s "$W/config-before.toml" "$CONFIG"
doc <<'CMD'
forcectl get
CMD
check "forcectl get lists the settings, the file's quick action among them" \
    bash -c "grep -qx 'sensitivity = \"medium\"' '$DOC_OUT' && grep -qx 'haptic-touch-time = \"fast\"' '$DOC_OUT' &&
             grep -q '^quick-action.1 = {.*\"type\":\"compose\"' '$DOC_OUT'"
# Edited by hand while a window is open: the next change starts from the file as it is now.
echo '# added by hand meanwhile' >> "$CONFIG"
gcall SetSetting quick-action.new '{ type = "files", title = "Files", exec = ["true"] }' > "$W/settings-new.txt" 2>&1
check "SetSetting quick-action.new appends the block and keeps the line added by hand meanwhile ($(head -c 120 "$W/settings-new.txt"))" \
    bash -c "grep -qx '# added by hand meanwhile' '$CONFIG' && grep -qx 'type = \"files\"' '$CONFIG'"
out="$(gcall MoveSetting quick-action.2 1 2>&1)"
check "MoveSetting quick-action.2 1 puts it first: in the answer and in the file" \
    bash -c "[[ \"\$1\" == *'\"quickActions\":[{'*'\"type\":\"files\"'*'\"type\":\"compose\"'* ]] &&
             [ \"\$(grep -m1 '^type = ' '$CONFIG')\" = 'type = \"files\"' ]" _ "$out"
cp "$W/config-before.toml" "$CONFIG"
# A file with errors is shown at its line and never written over.
printf '[gestures]\npeek = 7\n' >> "$CONFIG"
cp "$CONFIG" "$W/config-broken.toml"
broken_line="$(grep -n '^peek = 7$' "$CONFIG" | cut -d: -f1)"
err="$(gcall SetSetting sensitivity firm 2>&1)"
check "a file with errors: SetSetting is SettingRefused naming $CONFIG:$broken_line (${err:0:240})" \
    bash -c "[[ \"\$1\" == *'io.github.forcetouch.Error.SettingRefused: '*\"$CONFIG:$broken_line: gestures.peek\"* ]]" _ "$err"
check "... and the file is not written" cmp -s "$W/config-broken.toml" "$CONFIG"
err="$(as_user timeout 20 "$BIN/forcectl" set sensitivity firm 2>&1)"
rc=$?
check "... forcectl set says the same and exits $rc, not 0 ($(head -c 160 <<< "$err"))" \
    bash -c "[ $rc -ne 0 ] && [[ \"\$1\" == *\"$CONFIG:$broken_line: gestures.peek\"* ]]" _ "$err"
kill -HUP "$daemon_pid"
check "... and a SIGHUP of it is signalled ConfigurationReloaded, not loaded, naming $CONFIG:$broken_line" \
    wait_until 10 bash -c "grep -A3 'member=ConfigurationReloaded' '$W/settings-monitor.txt' | grep -A1 'boolean false' |
                           grep -qF '$CONFIG:$broken_line: gestures.peek'"
stop "$settings_monitor_pid"
cp "$W/config-before.toml" "$CONFIG"
err="$(gcall SetSetting sensitivity hard 2>&1)"
check "a value the check refuses is refused at the line it would have (${err:0:200})" \
    bash -c "[[ \"\$1\" == *SettingRefused*'general.sensitivity: unknown sensitivity \"hard\"'* ]] && cmp -s '$W/config-before.toml' '$CONFIG'" _ "$err"

# ---------------------------------------------------------------- the settings window
# forcetouch Settings (settings/, GJS over GTK 4 and libadwaita) on Xvfb, driven through AT-SPI
# as a screen reader user would (atspi-drive.py): each control found by its accessible name and
# activated or typed into; what a user would check is the file on disk and forcectl status.
# GSK_RENDERER=cairo: no GPU here, and GTK's GL on the software renderer costs seconds to start.
# GSETTINGS_BACKEND=keyfile: the desktop's colour scheme in a file that gsettings and the window
# both read (no dconf here), so the window is seen following it to dark while it runs.
section_started=$SECONDS
# Its strings for translators: po/forcetouch.pot is what `make pot` (xgettext) makes of settings/*.js
# and of the GNOME Shell extension's preferences, which open the window.
make -s pot POT="$W/forcetouch.pot" > "$W/pot.log" 2>&1
check "po/forcetouch.pot is up to date with settings/*.js and the extension's prefs.js, as make pot writes it ($(( $(grep -c '^msgid ' "$W/forcetouch.pot") - 1 )) strings)" \
    bash -c "diff <(grep -v '^\"POT-Creation-Date: ' po/forcetouch.pot) <(grep -v '^\"POT-Creation-Date: ' '$W/forcetouch.pot')"
check "... the preferences' among them ($(grep -c '^#: gnome-shell/.*prefs.js' po/forcetouch.pot) from prefs.js: Open forcetouch Settings)" \
    bash -c "grep -q '^#: gnome-shell/forcetouch@forcetouch.github.io/prefs.js:' po/forcetouch.pot && grep -qx 'msgid \"Open forcetouch Settings\"' po/forcetouch.pot"
start_x11
bg_user "$W/settings-a11y.log" /usr/libexec/at-spi-bus-launcher --launch-immediately
a11y_pid=$last_pid
SETTINGS="$ROOT/settings/forcetouch-settings"
if [ "$(id -u)" = 0 ] && ! setpriv --reuid="$U" --regid="$G" --clear-groups test -r "$ROOT/settings/main.js"; then
    cp -r "$ROOT/settings" "$W/settings" && chmod -R a+rX "$W/settings" && SETTINGS="$W/settings/forcetouch-settings"
fi
cp Tests/Documented/atspi-drive.py "$W/atspi-drive.py" && chmod 644 "$W/atspi-drive.py"
drive() { as_user /usr/bin/python3 "$W/atspi-drive.py" forcetouch-settings "$@"; }
names() { drive names "$1" 2> /dev/null | tr '\n' ,; }
first_type() { grep -m1 '^type = ' "$CONFIG"; }
is_first() { [ "$(first_type)" = "type = \"$1\"" ]; }
paused() { as_user timeout 10 busctl --user get-property io.github.forcetouch.Daemon1 "$ROOT_PATH" io.github.forcetouch.Daemon1 Paused; }
cp "$W/config-before.toml" "$CONFIG"
gcall Reload > /dev/null 2>&1
started=$(date +%s%N)
bg_user "$W/settings-window.log" env GSK_RENDERER=cairo GSETTINGS_BACKEND=keyfile "$SETTINGS"
settings_pid=$last_pid
buttons="$(names 'push button')"
echo "figure: forcetouch Settings started, its controls on the accessibility bus, in $(( ($(date +%s%N) - started) / 1000000 )) ms"
texts="$(names text)" switches="$(names 'check box')"
check "forcetouch Settings runs, its controls named for AT-SPI ($buttons $texts $switches)" \
    bash -c "[[ \"\$1\" == *Undo,*Light,Medium,Firm,Automatic,On,Off,Fast,Slow,*'Add Quick Action,'* ]] &&
             [ \"\$2\" = 'Title,Subtitle,Command,Command (none: the quick-actions menu),Slot command (none: the quick-actions menu),' ] &&
             [ \"\$3\" = 'Force Touch,Haptics,App icons,Links,Windows,Words,Email addresses,Phone numbers,Dates,Web addresses,Floating Button,' ]" _ "$buttons" "$texts" "$switches"
check "... showing the file's sensitivity: Medium pressed, Firm not" \
    test "$(drive state 'push button' Medium) $(drive state 'push button' Firm)" = "on off"
# The window as it opens (no toast yet), at full width and at a phone's 360 px, light, then dark
# once the desktop prefers it (the window follows, running); each drawn: its page's background,
# and more than one colour. The changes below are made in the dark.
window_id="$(as_user xdotool search --sync --onlyvisible --pid "$settings_pid" 2> /dev/null | tail -1)"
# settings_shot NAME WIDTH: the window resized to WIDTH, shot into $W/settings-NAME.png once two
# shots in a row are the same (drawn at its new size). Under openbox, which composites nothing,
# GTK frames the window in 5 px each side: libadwaita's narrowest, 360 px of content, is 370.
settings_shot() {
    local shot="$W/settings-$1.png" before="" now
    as_user xdotool windowsize "$window_id" "$2" 740
    for _ in $(seq 50); do
        as_user import -window "$window_id" png:- > "$shot" 2> /dev/null
        now="$(convert "$shot" rgb:- 2> /dev/null | md5sum)"
        [ "$now" = "$before" ] && break
        before="$now"
        sleep 0.1
    done
}
# background FILE: the red of the page's margin, left of the groups; spread FILE: the colours' spread.
background() { pixel "$1" 6 400; }
spread() { convert "$1" -colorspace gray -format '%[fx:int(1000*standard_deviation)]' info:; }
settings_shot light 640
settings_shot light-360 370
as_user env GSETTINGS_BACKEND=keyfile gsettings set org.gnome.desktop.interface color-scheme prefer-dark
dark_now() { [ "$(as_user import -window "$window_id" png:- | convert - -format "%[fx:int(255*p{6,400}.r)]" info:)" -lt 80 ]; }
wait_until 10 dark_now
settings_shot dark-360 370
settings_shot dark 640
# Scrolled down (the mouse wheel over it) to the quick actions, their form and the bindings.
as_user xdotool mousemove --window "$window_id" 300 400 click --repeat 19 5
settings_shot quick-actions 640
for shot in light light-360 dark dark-360 quick-actions; do
    echo "figure: settings-$shot.png $(identify -format '%wx%h' "$W/settings-$shot.png"), background red $(background "$W/settings-$shot.png"), spread $(spread "$W/settings-$shot.png")"
done
check "the window drew, light: a light page with its controls on it, at 640 px and at a phone's 360 px (370 framed)" \
    bash -c "[ $(background "$W/settings-light.png") -gt 200 ] && [ $(background "$W/settings-light-360.png") -gt 200 ] &&
             [ $(spread "$W/settings-light.png") -gt 30 ] && [ $(spread "$W/settings-light-360.png") -gt 30 ] &&
             [ $(identify -format %w "$W/settings-light-360.png") = 370 ]"
check "... and dark once the desktop prefers dark (color-scheme), at both widths" \
    bash -c "[ $(background "$W/settings-dark.png") -lt 80 ] && [ $(background "$W/settings-dark-360.png") -lt 80 ] &&
             [ $(spread "$W/settings-dark.png") -gt 30 ] && [ $(spread "$W/settings-dark-360.png") -gt 30 ]"
check "... and scrolled by the wheel to its quick actions, a different picture, drawn" \
    bash -c "[ $(background "$W/settings-quick-actions.png") -lt 80 ] && [ $(spread "$W/settings-quick-actions.png") -gt 30 ] &&
             [ \"\$(convert '$W/settings-dark.png' rgb:- | md5sum)\" != \"\$(convert '$W/settings-quick-actions.png' rgb:- | md5sum)\" ]"
if [ -n "${SAVE_IMAGES:-}" ]; then
    for shot in light light-360 dark dark-360 quick-actions; do cp "$W/settings-$shot.png" "docs/images/settings-$shot.png"; done
    echo "screenshots copied to docs/images/"
fi
started=$(date +%s%N)
drive activate 'push button' Firm
wait_until 10 grep -qx 'sensitivity = "firm"' "$CONFIG"
echo "figure: Firm activated to the file rewritten in $(( ($(date +%s%N) - started) / 1000000 )) ms"
changed="$(diff "$W/config-before.toml" "$CONFIG" | grep '^[<>]')"
check "Firm, activated by its accessible name, changes the file in one line, every comment kept ($changed)" \
    bash -c "[ \"\$1\" = '> sensitivity = \"firm\"' ] &&
             [ \"\$(grep -v -x 'sensitivity = \"firm\"' '$CONFIG')\" = \"\$(cat '$W/config-before.toml')\" ]" _ "$changed"
status_out="$(as_user timeout 20 "$BIN/forcectl" status 2>&1)"
check "... forcectl status shows it (sensitivity: firm), and the window Firm pressed" \
    bash -c "grep -qx 'sensitivity: firm' <<< \"\$1\" && [ \"\$2\" = on ]" _ "$status_out" "$(drive state 'push button' Firm)"
check "... and the next replayed deep press is decided with it: only a later peek, no pop" \
    bash -c "! grep -q 'changed (pop)' <<< \"\$1\" && grep -q 'began (peek)' <<< \"\$1\"" _ "$(deep_presses)"
# Haptic Touch's Slow and the Haptics switch, each one line of the file.
cp "$CONFIG" "$W/config-firm.toml"
drive activate 'push button' Slow
wait_until 10 grep -qx 'haptic-touch-time = "slow"' "$CONFIG"
drive activate 'check box' Haptics
wait_until 10 grep -qx 'haptics = "off"' "$CONFIG"
changed="$(lines_changed "$W/config-firm.toml")"
check "Slow and the Haptics switch off: a line each, the second in a [gestures] table of its own, nothing else changed ($changed)" \
    test "$changed" = '> haptics = "off" >  > [gestures] > haptic-touch-time = "slow" '
as_user timeout 20 "$BIN/forcectl" reset haptics > /dev/null 2>&1
as_user timeout 20 "$BIN/forcectl" reset haptic-touch-time > /dev/null 2>&1
reset_shown() { [ "$(drive state 'check box' Haptics) $(drive state 'push button' Fast)" = "on on" ]; }
check "... reset from a terminal (forcectl reset), the window shows it: Haptics on, Fast pressed" wait_until 10 reset_shown
# A Touch Duration in seconds, written from a terminal: shown as it is, on a button of its own
# pressed (neither Fast nor Slow); Fast pressed then writes fast, and the button goes.
as_user timeout 20 "$BIN/forcectl" set haptic-touch-time 0.3 > /dev/null 2>&1
custom_shown() { [ "$(drive state 'push button' 'Custom: 0.30 s') $(drive state 'push button' Fast) $(drive state 'push button' Slow)" = "on off off" ]; }
check "haptic-touch-time = 0.3 set from a terminal: the window shows Custom: 0.30 s pressed, neither Fast nor Slow" wait_until 10 custom_shown
drive activate 'push button' Fast
custom_gone() { grep -qx 'haptic-touch-time = "fast"' "$CONFIG" && ! names 'push button' | grep -q 'Custom:'; }
check "... and Fast pressed writes fast, the custom duration's button gone" wait_until 10 custom_gone
# Under the Finger: a switch per kind the daemon names; Words on adds it to under-finger, and the
# daemon runs on it (its UnderFinger property).
cp "$CONFIG" "$W/config-firm.toml"
drive activate 'check box' Words
wait_until 10 grep -qx 'under-finger = \["app-icon", "link", "word"\]' "$CONFIG"
changed="$(lines_changed "$W/config-firm.toml")"
under_finger() { as_user timeout 10 busctl --user get-property io.github.forcetouch.Daemon1 "$ROOT_PATH" io.github.forcetouch.Daemon1 UnderFinger; }
# The daemon reloads off its loop: its property changes once the reload is in.
runs_on_words() { [ "$(under_finger)" = 'as 3 "app-icon" "link" "word"' ]; }
wait_until 10 runs_on_words
under_finger="$(under_finger)"
check "Words switched on under the finger: under-finger gets \"word\" in a [quick-actions] table of its own ($changed), and the daemon runs on it ($under_finger)" \
    bash -c "[ \"\$1\" = '>  > [quick-actions] > under-finger = [\"app-icon\", \"link\", \"word\"] ' ] && [ \"\$2\" = 'as 3 \"app-icon\" \"link\" \"word\"' ]" \
    _ "$changed" "$under_finger"
as_user timeout 20 "$BIN/forcectl" reset under-finger > /dev/null 2>&1
words_off() { [ "$(drive state 'check box' Words) $(drive state 'check box' Links)" = "off on" ]; }
check "... reset from a terminal, the window shows Words off again, Links on" wait_until 10 words_off
# A quick action typed into the form's fields, moved first with its row's button, the move undone.
cp "$CONFIG" "$W/config-firm.toml"
drive type text Title 'Lock screen'
drive type text Subtitle 'Now, "at once"'
drive type text Command "loginctl lock-session 'my session'"
drive activate 'push button' 'Add Quick Action'
wait_until 10 grep -qx 'title = "Lock screen"' "$CONFIG"
added="$(diff "$W/config-firm.toml" "$CONFIG")"
check "a quick action typed into Title, Subtitle and Command is appended to the file, its command split into words" \
    bash -c "grep -qxF '> exec = [\"loginctl\", \"lock-session\", \"my session\"]' <<< \"\$1\" &&
             grep -qxF '> subtitle = \"Now, \\\"at once\\\"\"' <<< \"\$1\" && grep -qxF '> title = \"Lock screen\"' <<< \"\$1\" &&
             ! grep -q '^<' <<< \"\$1\"" _ "$added"
drive activate 'push button' 'Move “Lock screen” up'
check "... shown as a row of its own, whose Move “Lock screen” up puts it first in the file, its type made from its title" \
    wait_until 10 is_first lock-screen
# Undo is pressed once the window shows the move (the same answer makes Undo sensitive): the file
# is written before the window hears back.
moved_shown() { names 'push button' | grep -o 'Move “[^”]*” up' | head -1 | grep -q 'Lock screen'; }
wait_until 10 moved_shown
drive activate 'push button' Undo
check "Undo puts the file back as before the move" wait_until 10 is_first compose
# A second quick action of the same title: the daemon gives it a type of its own (the window
# once sent the title as the type, and the second was refused as a duplicate).
drive type text Title 'Lock screen'
drive activate 'push button' 'Add Quick Action'
two_locks() { grep -qx 'type = "lock-screen-2"' "$CONFIG" && [ "$(grep -c '^title = "Lock screen"$' "$CONFIG")" = 2 ]; }
wait_until 10 two_locks
check "a second quick action titled Lock screen is added too, as a type of its own ($(grep '^type = ' "$CONFIG" | tr '\n' ' '))" two_locks
# A quick action edited in place (issue 53): New message's row opened by its Edit button, its
# title typed over and entered; an icon chosen from the theme by its accessible name; an app
# chosen, then one of its Desktop Actions (the test's Notes, written above). Each is one change of
# the block's own lines, every other line kept; the app's is undone by Undo and chosen again.
# Then the next replayed deep press's menu, sent to a stand-in overlay, shows the new title and
# icon, and choosing it starts Notes' New Note.
edit_started=$SECONDS
# Its icon written as icon-type = "compose": the row draws the theme icon the daemon's menu draws
# for it (the daemon's mapping, sent with the settings), named so for a screen reader.
row_icon="$(drive describe image 'Icon of “New message”' 2>&1)"
check "New message's row, its icon written as icon-type = \"compose\", shows the menu's theme icon for it ($row_icon)" \
    test "$row_icon" = document-edit
cp "$CONFIG" "$W/config-edit.toml"
drive activate 'push button' 'Edit “New message”'
# The row opened (its fields there) puts the cursor in its Title, the first of that name: Enter
# applies the text typed there.
row_open() { names 'push button' | grep -q 'Choose an icon for “New message”'; }
wait_until 10 row_open
drive type text Title 'Write a note'
as_user xdotool key Return
wait_until 10 grep -qx 'title = "Write a note"' "$CONFIG"
changed="$(lines_changed "$W/config-edit.toml")"
check "New message opened by its Edit button, its title typed over and entered: that line changed, nothing else ($changed)" \
    test "$changed" = '< title = "New message" > title = "Write a note" '
# The row opened, as a person edits it, at full width and at a phone's (370 framed); edited on
# at that width, then the icon chooser shot at both (370 first, one resize fewer).
settings_shot quick-action-edit 640
settings_shot quick-action-edit-360 370
# enter NAME TEXT [settled]: the first text field of that name clicked (the cursor put in it, as
# a person would), its text replaced with TEXT, and Enter pressed. With settled, clicked where
# it stays: a page that slides in (a chooser) moves its fields until it is in.
enter() {
    local x y at="" before
    for _ in $(seq 20); do
        before="$at"
        at="$(drive where text "$1" 2> /dev/null)"
        [ -n "$at" ] && { [ -z "${3:-}" ] || [ "$at" = "$before" ]; } && break
    done
    read -r x y <<< "$(awk '{ print int($1 + $3 / 2), int($2 + $4 / 2) }' <<< "$at")"
    as_user xdotool mousemove --window "$window_id" "$x" "$y" click 1
    drive type text "$1" "$2"
    as_user xdotool key Return
}
# Its Subtitle typed and entered (one line added), then emptied and entered (the key reset).
cp "$CONFIG" "$W/config-titled.toml"
enter Subtitle 'To a friend'
wait_until 10 grep -qx 'subtitle = "To a friend"' "$CONFIG"
changed="$(lines_changed "$W/config-titled.toml")"
check "... its Subtitle typed and entered: one line of the file added ($changed)" \
    test "$changed" = '> subtitle = "To a friend" '
subtitled_shown() { drive names label 2> /dev/null | grep -qx 'To a friend'; }
wait_until 10 subtitled_shown
enter Subtitle ''
wait_until 10 cmp -s "$W/config-titled.toml" "$CONFIG"
check "... and emptied and entered: the key reset, the file as before it" cmp -s "$W/config-titled.toml" "$CONFIG"
drive activate 'push button' 'Choose an icon for “Write a note”'
drive describe entry 'Search icons' > /dev/null 2>&1
settings_shot icon-chooser-360 370
settings_shot icon-chooser 640
drive type entry 'Search icons' 'mail send'
drive activate 'push button' 'mail-send-symbolic'
wait_until 10 grep -qx 'icon-symbol = "mail-send-symbolic"' "$CONFIG"
cp "$CONFIG" "$W/config-icon.toml"
changed="$(lines_changed "$W/config-edit.toml")"
check "... an icon searched for in the theme's and chosen by its name: icon-symbol added to the block ($changed)" \
    test "$changed" = '< title = "New message" < icon-type = "compose" > title = "Write a note" > icon-symbol = "mail-send-symbolic" '
choose_new_note() {
    drive activate 'push button' 'Choose the action of “Write a note”'
    drive activate 'push button' Notes
    drive activate 'push button' 'New Note'
    wait_until 10 grep -qx 'action = "new-note"' "$CONFIG"
}
choose_new_note
changed="$(lines_changed "$W/config-icon.toml")"
check "... Notes chosen, then its New Note: the command's line gives way to the app and its Desktop Action ($changed)" \
    test "$changed" = '< exec = ["true"] > launch = "forcetouch-notes.desktop" > action = "new-note" '
check "... the user's notes kept: every line of the file as it was but the block's changed ones" \
    bash -c "[ \"\$(grep -vx -e 'title = \"Write a note\"' -e 'icon-symbol = \"mail-send-symbolic\"' -e 'launch = \"forcetouch-notes.desktop\"' \
                 -e 'action = \"new-note\"' '$CONFIG')\" = \"\$(grep -vx -e 'title = \"New message\"' -e 'icon-type = \"compose\"' -e 'exec = \[\"true\"\]' '$W/config-edit.toml')\" ]"
chosen_lines="$(grep -c -x -e 'launch = "forcetouch-notes.desktop"' -e 'action = "new-note"' "$CONFIG")"
drive activate 'push button' Undo
wait_until 10 cmp -s "$W/config-icon.toml" "$CONFIG"
check "... Undo puts the command back, app and Desktop Action ($chosen_lines lines) gone in one step" \
    bash -c "[ '$chosen_lines' = 2 ] && cmp -s '$W/config-icon.toml' '$CONFIG'"
# A command typed into the action chooser's Command and entered: the block's exec, in words.
drive activate 'push button' 'Choose the action of “Write a note”'
enter Command 'notify-send "Hello there"' settled
wait_until 10 grep -qx 'exec = \["notify-send", "Hello there"\]' "$CONFIG"
changed="$(lines_changed "$W/config-icon.toml")"
check "... a command typed into the action chooser's Command and entered: exec in words, that line only, the user's notes kept ($changed)" \
    bash -c "[ \"\$1\" = '< exec = [\"true\"] > exec = [\"notify-send\", \"Hello there\"] ' ] &&
             grep -qx '# The user.s own notes: every settings change keeps them, and this layout.' '$CONFIG' &&
             grep -qx 'max-children = 8   # mine' '$CONFIG'" _ "$changed"
choose_new_note
got="$(as_user timeout 20 "$BIN/forcectl" get 2>&1 | grep '^quick-action.1 = ')"
check "... chosen again, forcectl get shows the block so ($got)" \
    bash -c "[[ \"\$1\" == *'\"title\":\"Write a note\"'* && \"\$1\" == *'\"icon\":{\"symbol\":\"mail-send-symbolic\"}'* &&
               \"\$1\" == *'\"action\":{\"action\":\"new-note\",\"launch\":\"forcetouch-notes.desktop\"}'* ]]" _ "$got"
cp "$CONFIG" "$W/config-edited.toml"
echo "figure: a quick action edited in the window (title, icon, app and Desktop Action, undone and chosen again) in $((SECONDS - edit_started)) s"
# A binding typed into the New Binding form (its gesture the first offered, tap), appended; its
# row's Remove takes it out again.
cp "$CONFIG" "$W/config-bind.toml"
drive type text 'Command (none: the quick-actions menu)' 'notify-send "tapped twice"'
drive activate 'push button' 'Add Binding'
wait_until 10 grep -qx 'gesture = "tap"' "$CONFIG"
added="$(diff "$W/config-bind.toml" "$CONFIG" | grep '^[<>]' | LC_ALL=C sort | tr '\n' ' ')"
check "a binding typed into New Binding is appended, tap and its command in words (its lines sorted: $added)" \
    test "$added" = '>  > [[binding]] > exec = ["notify-send", "tapped twice"] > gesture = "tap" '
bound_shown() { names 'push button' | grep -q 'Remove “binding 1”'; }
wait_until 10 bound_shown
# The binding changed in place: its row opened, its gesture pressed (binding.1.gesture) and its
# command typed and set (binding.1.exec), each one line of the file, the rest kept; Undo takes
# the gesture back. The row's line is the daemon's answer, given once it has reloaded.
cp "$CONFIG" "$W/config-bound.toml"
row_line() { drive names 'list item' 2> /dev/null | grep -m1 '^binding 1 (line'; }
drive activate 'push button' 'Edit “binding 1”'
drive activate 'push button' 'double-tap, binding 1'
wait_until 10 grep -qx 'gesture = "double-tap"' "$CONFIG"
changed="$(lines_changed "$W/config-bound.toml")"
row_says() { [[ "$(row_line)" == *": $1 → "* ]]; }
wait_until 10 row_says double-tap
check "binding 1 opened, its double-tap pressed: its gesture changed in its own line ($changed), the row saying the daemon's new line ($(row_line))" \
    bash -c "[ \"\$1\" = '< gesture = \"tap\" > gesture = \"double-tap\" ' ] && [[ \"\$2\" == *': double-tap → exec'* ]]" _ "$changed" "$(row_line)"
# Undone only once it was made: an Undo of nothing here would take back the binding's adding.
[ -n "$changed" ] && drive activate 'push button' Undo
# Only once the change was made (its diff above) is the file as before an Undo.
tap_back() { [ -n "$changed" ] && cmp -s "$W/config-bound.toml" "$CONFIG" && row_says tap; }
check "... Undo puts the tap back, in the file and in the row's line" wait_until 10 tap_back
drive type text 'Command of binding 1' "notify-send 'edited in place'"
drive activate 'push button' 'Set the command of binding 1'
wait_until 10 grep -qxF 'exec = ["notify-send", "edited in place"]' "$CONFIG"
changed="$(lines_changed "$W/config-bound.toml")"
check "... its command typed and set: the exec line changed in place ($changed)" \
    test "$changed" = '< exec = ["notify-send", "tapped twice"] > exec = ["notify-send", "edited in place"] '
drive type text 'Command of binding 1' ''
drive activate 'push button' 'Set the command of binding 1'
wait_until 10 grep -qx 'quick-actions = true' "$CONFIG"
changed="$(lines_changed "$W/config-bound.toml")"
check "... and emptied: the quick-actions menu in place of the command ($changed)" \
    test "$changed" = '< exec = ["notify-send", "tapped twice"] > quick-actions = true '
drive activate 'push button' 'Remove “binding 1”'
check "... shown as a row of its own, whose Remove takes it out: the file as it was" wait_until 10 cmp -s "$W/config-bind.toml" "$CONFIG"
# An AssistiveTouch slot set from Set a Slot (the first slot offered, Single-Tap) to a command;
# its row says so, and its Clear takes it out again.
cp "$CONFIG" "$W/config-slot.toml"
drive type text 'Slot command (none: the quick-actions menu)' 'notify-send "one tap"'
drive activate 'push button' 'Set Slot'
wait_until 10 grep -q '^single-tap = ' "$CONFIG"
added="$(lines_changed "$W/config-slot.toml")"
check "Set a Slot: single-tap set to its command, in an [assistive-touch] table of its own ($added)" \
    test "$added" = '>  > [assistive-touch] > single-tap = { exec = ["notify-send", "one tap"] } '
slot_shown() { names 'push button' | grep -q 'Clear Single-Tap'; }
wait_until 10 slot_shown
slot_line="$(drive names label 2> /dev/null | grep -m1 'one tap')"
check "... its row says what it does, in the daemon's words ($slot_line)" bash -c "[[ \"\$1\" == exec*notify-send*'one tap'* ]]" _ "$slot_line"
drive activate 'push button' 'Clear Single-Tap'
slot_cleared() { ! grep -q '^single-tap = ' "$CONFIG"; }
wait_until 10 slot_cleared
check "... and its Clear takes the slot out, its table's header left (the lines changed: $(lines_changed "$W/config-slot.toml"))" slot_cleared
# AssistiveTouch's other keys: the [assistive-touch] header Clear left draws the floating button
# (the Floating Button switch on); switched off, button = false is written under it. The
# Double-Tap Timeout's spin button set to 0.5 writes it; Undo takes that back. Each shown again
# as the daemon answers.
cp "$CONFIG" "$W/config-at.toml"
button_before="$(drive state 'check box' 'Floating Button')"
drive activate 'check box' 'Floating Button'
wait_until 10 grep -qx 'button = false' "$CONFIG"
changed="$(lines_changed "$W/config-at.toml")"
check "the Floating Button, on for the table's header alone ($button_before), switched off: button = false under it ($changed), the switch off" \
    bash -c "[ \"\$1\" = on ] && [ \"\$2\" = '> button = false ' ] && [ \"\$3\" = off ]" _ "$button_before" "$changed" "$(drive state 'check box' 'Floating Button')"
cp "$CONFIG" "$W/config-button.toml"
timeout_before="$(drive value 'spin button' 'Double-Tap Timeout')"
drive set 'spin button' 'Double-Tap Timeout' 0.5
wait_until 10 grep -qx 'double-tap-timeout = 0.5' "$CONFIG"
changed="$(lines_changed "$W/config-button.toml")"
check "the Double-Tap Timeout (shown $timeout_before, the default) set to 0.5 by its spin button: one line in the table ($changed)" \
    bash -c "[ \"\$1\" = '> double-tap-timeout = 0.5 ' ] && [ \"\$2\" = 0.30 ]" _ "$changed" "$timeout_before"
drive activate 'push button' Undo
timeout_back() { [ -n "$changed" ] && cmp -s "$W/config-button.toml" "$CONFIG" && [ "$(drive value 'spin button' 'Double-Tap Timeout')" = 0.30 ]; }
check "... Undo takes it out again, the spin button back at 0.30" wait_until 10 timeout_back
cp "$W/config-slot.toml" "$CONFIG"
# forcetouch off and on: the daemon's Paused.
paused_is() { [ "$(paused)" = "b $1" ]; }
drive activate 'check box' 'Force Touch'
check "the Force Touch switch off pauses the daemon (Paused true)" wait_until 10 paused_is true
drive activate 'check box' 'Force Touch'
check "... and on again resumes it" wait_until 10 paused_is false
# A file with errors: the daemon's file:line shown in the window (a toast), nothing written.
cp "$W/config-before.toml" "$CONFIG"
printf '[gestures]\npeek = 7\n' >> "$CONFIG"
cp "$CONFIG" "$W/config-broken.toml"
broken_line="$(grep -n '^peek = 7$' "$CONFIG" | cut -d: -f1)"
drive activate 'push button' Light
toast_shown() { names label | grep -qF "$CONFIG:$broken_line: gestures.peek"; }
check "Light on a file with errors: the window shows the daemon's $CONFIG:$broken_line" wait_until 10 toast_shown
check "... and the file is not written" cmp -s "$W/config-broken.toml" "$CONFIG"
# The file mended by hand and reloaded: the window hears ConfigurationReloaded and reads it again.
cp "$W/config-before.toml" "$CONFIG"
gcall Reload > /dev/null 2>&1
medium_again() { [ "$(drive state 'push button' Medium) $(drive state 'push button' Firm)" = "on off" ]; }
check "the file mended and reloaded behind the window's back: it shows it again (Medium pressed, not Firm)" wait_until 10 medium_again
# The test areas: a press replayed into the daemon at its own pace (a replaying daemon owns the
# name while it plays, so the running one makes way and comes back after) rises past peek, holds
# there, then pops. The window draws the daemon's PressForce: the bar in #9141ac up to the force,
# the peek mark in #e66100, the pop mark in #c01c28, the picture in #62a0ea (forceTestArea.js),
# grown at peek and more at pop; the area's accessible description says the force and the stage.
{ grep -v '^E:' demo/touchscreen-gestures.evemu
  cat <<'PRESS'
E: 0.200000 0003 0039 0100
E: 0.200000 0003 0035 0500
E: 0.200000 0003 0036 0300
E: 0.200000 0003 003a 0040
E: 0.200000 0000 0000 0000
E: 0.250000 0003 003a 0060
E: 0.250000 0000 0000 0000
E: 0.300000 0003 003a 0090
E: 0.300000 0000 0000 0000
E: 0.350000 0003 003a 0130
E: 0.350000 0000 0000 0000
E: 2.600000 0003 003a 0170
E: 2.600000 0000 0000 0000
E: 2.650000 0003 003a 0210
E: 2.650000 0000 0000 0000
E: 4.000000 0003 003a 0040
E: 4.000000 0000 0000 0000
E: 4.100000 0003 0039 -001
E: 4.100000 0000 0000 0000
PRESS
} > "$W/test-area.evemu"
# A light press held still 2.3 s (also Haptic Touch's below).
{ grep -v '^E:' demo/touchscreen-gestures.evemu
  cat <<'HOLD'
E: 0.200000 0003 0039 0100
E: 0.200000 0003 0035 0500
E: 0.200000 0003 0036 0300
E: 0.200000 0003 003a 0040
E: 0.200000 0000 0000 0000
E: 2.500000 0003 0039 -001
E: 2.500000 0000 0000 0000
HOLD
} > "$W/hold.evemu"
chmod 644 "$W/test-area.evemu" "$W/hold.evemu"
areas_started=$SECONDS
area() { drive describe "$1" "$2" 2> /dev/null; }
# colour FILE HEX: how many pixels of FILE are exactly HEX.
colour() { convert "$1" -fill black +opaque "$2" -fill white -opaque "$2" -colorspace gray -format '%[fx:int(mean*w*h+0.5)]' info:; }
as_user xdotool mousemove --window "$window_id" 300 400 click --repeat 30 4
force_idle="$(area image '3D Touch test area')"
settings_shot test-area-idle 640
# An area follows a press only while a press is on it, as on iOS: the desktop gives the window
# the finger the daemon reads, here the pointer's button held down in the window (xdotool) while
# the device's press is replayed. First held on the page's margin, left of the area: the area
# stays as it was, though the daemon sent the press (PressForce, seen on the bus).
centre() { drive where image "$1" 2> /dev/null | awk '{ print int($1 + $3 / 2), int($2 + $4 / 2) }'; }
read -r area_x area_y <<< "$(centre '3D Touch test area')"
echo "figure: the 3D Touch test area's centre, in the window: $area_x,$area_y"
stop "$daemon_pid"
as_user timeout 20 dbus-monitor --session "type='signal',member='PressForce'" > "$W/outside-signals.txt" 2>&1 &
monitor_pid=$!
as_user xdotool mousemove --window "$window_id" 6 "$area_y" mousedown 1
bg_user "$W/outside-replay.log" "$BIN/forcetouchd" --replay "$W/hold.evemu" --paced
replay_pid=$last_pid
wait_until 10 bash -c "! kill -0 $replay_pid 2> /dev/null"
as_user xdotool mouseup 1
stop "$monitor_pid"
force_outside="$(area image '3D Touch test area')"
settings_shot test-area-outside 640
sent="$(grep -A2 'member=PressForce' "$W/outside-signals.txt" | grep -o 'string "\(began\|ended\)"' | sort -u | tr -d '"' | tr '\n' ' ')"
check "a press replayed while the pointer is held outside the 3D Touch area ($sent sent): the area says what it said ($force_outside), and draws no bar" \
    bash -c "[ \"\$1\" = 'string began string ended ' ] && [ \"\$2\" = \"\$3\" ] && [ $(colour "$W/settings-test-area-outside.png" '#9141ac') = 0 ]" \
    _ "$sent" "$force_outside" "$force_idle"
# Then held on the area's centre: the area follows the press from its start to its lift.
as_user xdotool mousemove --window "$window_id" "$area_x" "$area_y" mousedown 1
bg_user "$W/test-area-replay.log" "$BIN/forcetouchd" --replay "$W/test-area.evemu" --paced
replay_pid=$last_pid
says() { [[ "$(area image "$1")" == *"$2"* ]]; }
wait_until 10 says '3D Touch test area' 'reached: peek'
force_peek="$(area image '3D Touch test area')"
settings_shot test-area-peek 640
# The replaying daemon's device, while it plays (after the shot: the press holds peek 2 s).
devices_during="$(names label)" buttons_during="$(names 'push button')"
wait_until 10 says '3D Touch test area' 'reached: pop'
force_pop="$(area image '3D Touch test area')"
settings_shot test-area 640
wait_until 10 says '3D Touch test area' 'Lifted'
as_user xdotool mouseup 1
force_lifted="$(area image '3D Touch test area')"
wait_until 10 bash -c "! kill -0 $replay_pid 2> /dev/null"
no_device() { names label | grep -q 'No touch device is followed now'; }
wait_until 10 no_device
devices_after="$(names label)"
for shot in idle peek; do
    echo "figure: settings-test-area-$shot.png: force bar $(colour "$W/settings-test-area-$shot.png" '#9141ac') px, peek mark $(colour "$W/settings-test-area-$shot.png" '#e66100') px, pop mark $(colour "$W/settings-test-area-$shot.png" '#c01c28') px, picture $(colour "$W/settings-test-area-$shot.png" '#62a0ea') px"
done
echo "figure: settings-test-area.png (pop): force bar $(colour "$W/settings-test-area.png" '#9141ac') px, picture $(colour "$W/settings-test-area.png" '#62a0ea') px"
check "the 3D Touch test area, named for AT-SPI, says what to do before a press ($force_idle), and draws no bar" \
    bash -c "[[ \"\$1\" == 'Press on a force-sensing device'* ]] && [ $(colour "$W/settings-test-area-idle.png" '#9141ac') = 0 ]" _ "$force_idle"
check "a replayed press past peek: the area's description says its force against peek and pop ($force_peek)" \
    bash -c "[[ \"\$1\" =~ ^Force\ [0-9.]+\ of\ 6\.7\;\ peek\ at\ [0-9.]+,\ pop\ at\ [0-9.]+\;\ reached:\ peek$ ]]" _ "$force_peek"
check "... and the screenshot has the force bar, the peek mark and the pop mark drawn" \
    bash -c "[ $(colour "$W/settings-test-area-peek.png" '#9141ac') -gt 1000 ] && [ $(colour "$W/settings-test-area-peek.png" '#e66100') -gt 30 ] &&
             [ $(colour "$W/settings-test-area-peek.png" '#c01c28') -gt 30 ]"
check "... and the picture grown at peek (more of its colour than before the press)" \
    bash -c "[ $(colour "$W/settings-test-area-peek.png" '#62a0ea') -gt $(( $(colour "$W/settings-test-area-idle.png" '#62a0ea') * 13 / 10 )) ]"
check "at pop the description says pop ($force_pop), the bar is longer and the picture larger still" \
    bash -c "[[ \"\$1\" == *'reached: pop' ]] &&
             [ $(colour "$W/settings-test-area.png" '#9141ac') -gt $(colour "$W/settings-test-area-peek.png" '#9141ac') ] &&
             [ $(colour "$W/settings-test-area.png" '#62a0ea') -gt $(colour "$W/settings-test-area-peek.png" '#62a0ea') ]" _ "$force_pop"
check "... and once lifted it says so ($force_lifted)" test "$force_lifted" = 'Lifted; the press reached: pop'
check "while the replay runs, Devices has its row: name, class, capability, most force and calibration, with Reset Calibration ($(grep -o 'forcetouch demo touchscreen,[^,]*' <<< "$devices_during"))" \
    bash -c "grep -qx 'forcetouch demo touchscreen' <<< \"\$1\" && grep -qx 'touchscreen · available (ABS_MT_PRESSURE 0..255) · most force 6.67; calibration: default' <<< \"\$1\" &&
             [[ \"\$2\" == *'Reset the calibration of forcetouch demo touchscreen,'* ]]" _ "$(tr , '\n' <<< "$devices_during")" "$buttons_during"
check "... and once the replaying daemon has gone with its device, the row says none is followed" \
    bash -c "[[ \"\$1\" == *'No touch device is followed now'* && \"\$1\" != *'forcetouch demo touchscreen'* ]]" _ "$devices_after"
# Haptic Touch's own area: a light press held still, replayed where Haptic Touch is on (it answers
# a deep-press binding with quick-actions = true), grows its picture at the Haptic Touch.
cat > "$W/haptic-touch.toml" <<'TOML'
[gestures]
haptic-touch = "on"

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
chmod 644 "$W/haptic-touch.toml"
# Scrolled to Touch Duration, where the area is.
as_user xdotool mousemove --window "$window_id" 300 400 click --repeat 4 5
haptic_idle="$(area image 'Haptic Touch test area')"
settings_shot haptic-idle 640
read -r area_x area_y <<< "$(centre 'Haptic Touch test area')"
as_user xdotool mousemove --window "$window_id" "$area_x" "$area_y" mousedown 1
bg_user "$W/haptic-replay.log" "$BIN/forcetouchd" --config "$W/haptic-touch.toml" --replay "$W/hold.evemu" --paced
replay_pid=$last_pid
is_said() { [ "$(area image "$1")" = "$2" ]; }
wait_until 10 is_said 'Haptic Touch test area' 'Haptic Touch'
haptic_held="$(area image 'Haptic Touch test area')"
settings_shot haptic-touch 640
wait_until 10 says 'Haptic Touch test area' 'Lifted'
as_user xdotool mouseup 1
haptic_lifted="$(area image 'Haptic Touch test area')"
wait_until 10 bash -c "! kill -0 $replay_pid 2> /dev/null"
echo "figure: Haptic Touch's area: picture $(colour "$W/settings-haptic-idle.png" '#62a0ea') px before, $(colour "$W/settings-haptic-touch.png" '#62a0ea') px at the Haptic Touch"
check "Haptic Touch's test area, untouched by the presses held on the other, says what to do ($haptic_idle), then, held, the press's Haptic Touch ($haptic_held), then the lift ($haptic_lifted)" \
    bash -c "[ \"\$1\" = 'Touch and hold still: the picture grows at the Haptic Touch' ] && [ \"\$2\" = 'Haptic Touch' ] && [ \"\$3\" = 'Lifted after a Haptic Touch' ]" \
    _ "$haptic_idle" "$haptic_held" "$haptic_lifted"
check "... and its picture grown at the Haptic Touch" \
    bash -c "[ $(colour "$W/settings-haptic-touch.png" '#62a0ea') -gt $(( $(colour "$W/settings-haptic-idle.png" '#62a0ea') * 13 / 10 )) ]"
if [ -n "${SAVE_IMAGES:-}" ]; then
    for shot in quick-action-edit quick-action-edit-360 icon-chooser icon-chooser-360; do cp "$W/settings-$shot.png" "docs/images/settings-$shot.png"; done
    cp "$W/settings-test-area.png" docs/images/settings-test-area.png
    cp "$W/settings-haptic-touch.png" docs/images/settings-haptic-touch.png
fi
# The guided calibration through the daemon (StartCalibration): a replaying daemon's device,
# one press a step after a 2 s lead (the call comes as soon as the daemon is on the bus): light,
# average, firm. The daemon counts them into the steps (CalibrationProgress: the step, its
# instruction, the presses, the raw reading) and writes the result into the file as forcetest
# calibrate does, the user's comments kept.
calibrate_started=$SECONDS
mkdir -p "$W/calibrate" && printf '# my own notes\n[general]\nsensitivity = "medium"   # kept\n' > "$W/calibrate/forcetouch.toml"
cp "$W/calibrate/forcetouch.toml" "$W/calibrate.orig"
chown -R "$U:$G" "$W/calibrate"
# calibration_presses LEAD LEVEL…: the demo touchscreen pressed once at each LEVEL, from LEAD
# (1/100 s): down at a quarter, up to the level, held 0.4 s, down and lifted.
# calibration_frames: a press's levels, in quarters of its LEVEL, one frame each 1/50 s.
calibration_frames="1 2 3 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 3 2 1"
calibration_presses() {
    local t=$1 id=1 level k; shift
    grep -v '^E:' demo/touchscreen-gestures.evemu
    echo 'E: 0.000000 0000 0000 0000'
    for level in "$@"; do
        printf 'E: %d.%02d0000 0003 0039 %04d\nE: %d.%02d0000 0003 0035 0500\nE: %d.%02d0000 0003 0036 0300\n' \
            $((t / 100)) $((t % 100)) "$id" $((t / 100)) $((t % 100)) $((t / 100)) $((t % 100))
        for k in $calibration_frames; do
            printf 'E: %d.%02d0000 0003 003a %04d\nE: %d.%02d0000 0000 0000 0000\n' $((t / 100)) $((t % 100)) \
                $((level * k / 4 + (t % 3) - 1)) $((t / 100)) $((t % 100))
            t=$((t + 2))
        done
        printf 'E: %d.%02d0000 0003 0039 -001\nE: %d.%02d0000 0000 0000 0000\n' $((t / 100)) $((t % 100)) $((t / 100)) $((t % 100))
        t=$((t + 20)); id=$((id + 1))
    done
}
calibration_presses 200 30 80 200 > "$W/calibrate.evemu"
chmod 644 "$W/calibrate.evemu"
as_user timeout 30 dbus-monitor --session "type='signal',member='CalibrationProgress'" > "$W/calibrate-signals.txt" 2>&1 &
monitor_pid=$!
bg_user "$W/calibrate-replay.log" "$BIN/forcetouchd" --config "$W/calibrate/forcetouch.toml" --replay "$W/calibrate.evemu" --paced
replay_pid=$last_pid
start_calibration() { gcall StartCalibration 'forcetouch demo touchscreen' 1 > "$W/calibrate-start.txt" 2>&1; }
check "StartCalibration for the replaying daemon's device, by its name" wait_until 10 start_calibration
unknown_device="$(gcall StartCalibration 'no such device' 1 2>&1)"
check "... a device not followed is refused, named ($unknown_device)" \
    bash -c "[[ \"\$1\" == *'StartCalibration: no device \"no such device\" is followed now'* ]]" _ "$unknown_device"
wait_until 20 bash -c "! kill -0 $replay_pid 2> /dev/null"
wait_for 'string "written"' "$W/calibrate-signals.txt" 10
stop "$monitor_pid"
steps_said="$(grep -A3 'member=CalibrationProgress' "$W/calibrate-signals.txt" | grep -o 'string "\(light\|average\|firm\)"' | uniq | tr -d '"' | tr '\n' ' ')"
check "CalibrationProgress asks for each step in turn ($steps_said)" test "$steps_said" = "string light string average string firm "
check "... with the step's instruction, as forcetest calibrate words it" \
    grep -q 'string "press firmly, as for a deep press, then lift"' "$W/calibrate-signals.txt"
written="$(grep -A9 'member=CalibrationProgress' "$W/calibrate-signals.txt" | grep -A8 'string "written"' | grep -o 'string "Calibrated:[^"]*"')"
check "... and says the result once written ($written)" \
    bash -c "[[ \"\$1\" == *'Calibrated: average touch 8'[0-9]' raw, peek at force '*'written to $W/calibrate/forcetouch.toml.'* ]]" _ "$written"
check "the file has the device's calibration block after the user's lines, kept byte for byte" bash -c "
    cmp -s '$W/calibrate.orig' <(head -c \$(stat -c %s '$W/calibrate.orig') '$W/calibrate/forcetouch.toml') &&
    grep -q '^# Calibrated by forcetouch Settings on ' '$W/calibrate/forcetouch.toml' &&
    grep -q '^match-name = \"forcetouch demo touchscreen\"' '$W/calibrate/forcetouch.toml' &&
    grep -Eq '^calibration = \{ average = 8[0-9](\.[0-9]+)? \}' '$W/calibrate/forcetouch.toml'"
accepted="$(as_user "$BIN/forcetouchd" --config "$W/calibrate/forcetouch.toml" --check-config 2>&1)"
check "... which the daemon accepts ($accepted)" bash -c "[[ \"\$1\" == *': ok, '*'1 device rule(s)'* ]]" _ "$accepted"
echo "figure: the guided calibration through the daemon, three paced presses, took $((SECONDS - calibrate_started)) s"
# A device gone before the calibration's end (its replay over after one of two light presses):
# the daemon says so, and writes nothing.
calibration_presses 150 30 > "$W/calibrate-gone.evemu"
chmod 644 "$W/calibrate-gone.evemu"
as_user timeout 30 dbus-monitor --session "type='signal',member='CalibrationProgress'" > "$W/calibrate-gone.txt" 2>&1 &
monitor_pid=$!
bg_user "$W/calibrate-gone.log" "$BIN/forcetouchd" --config "$W/calibrate/forcetouch.toml" --replay "$W/calibrate-gone.evemu" --paced
replay_pid=$last_pid
cp "$W/calibrate/forcetouch.toml" "$W/calibrate-before-gone.toml"
start_two() { gcall StartCalibration 'forcetouch demo touchscreen' 2 > /dev/null 2>&1; }
wait_until 10 start_two
wait_until 20 bash -c "! kill -0 $replay_pid 2> /dev/null"
wait_for 'string "failed"' "$W/calibrate-gone.txt" 10
stop "$monitor_pid"
gone="$(grep -A9 'string "failed"' "$W/calibrate-gone.txt" | grep -o 'string "[^"]*disappeared[^"]*"')"
check "a device gone mid-calibration: the daemon says so ($gone)" \
    bash -c "[[ \"\$1\" == *'forcetouch demo touchscreen disappeared before the calibration'*'nothing was written.'* ]]" _ "$gone"
check "... and the file is unchanged" cmp -s "$W/calibrate-before-gone.toml" "$W/calibrate/forcetouch.toml"
# The same from the window: Calibrate… on the device's row (while a replaying daemon has it,
# pressing three times at each level after a 4 s lead) opens the guided calibration, which shows
# the daemon's steps and then what it wrote.
calibrate_started=$SECONDS
mkdir -p "$W/calibrate-window" && cp "$W/calibrate.orig" "$W/calibrate-window/forcetouch.toml"
chown -R "$U:$G" "$W/calibrate-window"
calibration_presses 400 30 30 30 80 80 80 200 200 200 > "$W/calibrate-window.evemu"
chmod 644 "$W/calibrate-window.evemu"
bg_user "$W/calibrate-window-replay.log" "$BIN/forcetouchd" --config "$W/calibrate-window/forcetouch.toml" --replay "$W/calibrate-window.evemu" --paced
replay_pid=$last_pid
has_calibrate() { names 'push button' | grep -q 'Calibrate forcetouch demo touchscreen'; }
check "the device's row has Calibrate…, named for it" wait_until 10 has_calibrate
drive activate 'push button' 'Calibrate forcetouch demo touchscreen' > /dev/null 2>&1
says_step() { names label | grep -q "Step $1 of 3: $2"; }
check "the window shows the daemon's first step, its instruction as forcetest calibrate words it" wait_until 10 says_step 1 'press as lightly as you can while still touching'
calibrated() { names label | grep -q 'Calibrated: average touch'; }
check "... then what the daemon wrote ($(wait_until 20 calibrated; names label | grep -o 'Calibrated: average touch[^,]*'))" calibrated
check "... into the file it runs on" grep -Eq '^calibration = \{ average = 8[0-9](\.[0-9]+)? \}' "$W/calibrate-window/forcetouch.toml"
wait_until 20 bash -c "! kill -0 $replay_pid 2> /dev/null"
echo "figure: the guided calibration from the window, nine paced presses, took $((SECONDS - calibrate_started)) s"
# The calibration's other ends as the window shows them, each closed by its Done: a device whose
# nine presses all read alike cannot measure force (unusable); a calibration cancelled by the
# window's Cancel; a device gone before the end (failed). Each says so under its heading, with
# the daemon's words, and the file is unchanged. The first two on one replay that presses 9
# times (quick presses, after a 2.5 s lead) and then stays until it is stopped; the last on one
# that presses once and ends.
ends_started=$SECONDS
calibration_done() { drive activate 'push button' 'Close the calibration of forcetouch demo touchscreen' > /dev/null 2>&1; }
calibration_done
cp "$W/calibrate-window/forcetouch.toml" "$W/calibrate-ends.toml"
chown "$U:$G" "$W/calibrate-ends.toml"
calibration_frames="1 2 3 4 4 4 4 3 2 1"
{ calibration_presses 250 80 80 80 80 80 80 80 80 80; echo 'E: 60.000000 0000 0000 0000'; } > "$W/calibrate-alike.evemu"
calibration_presses 200 30 > "$W/calibrate-short.evemu"
chmod 644 "$W/calibrate-alike.evemu" "$W/calibrate-short.evemu"
started=$(date +%s%N)
bg_user "$W/calibrate-alike.log" "$BIN/forcetouchd" --config "$W/calibrate-ends.toml" --replay "$W/calibrate-alike.evemu" --paced
replay_pid=$last_pid
wait_until 10 has_calibrate
drive activate 'push button' 'Calibrate forcetouch demo touchscreen' > /dev/null 2>&1
echo "figure: Calibrate… activated $(( ($(date +%s%N) - started) / 1000000 )) ms after the replaying daemon started (its presses begin at 2500)"
# shown HEADING MESSAGE: the dialog's heading, and a label that starts with the daemon's MESSAGE.
shown() { local labels; labels="$(drive names label 2> /dev/null)"; grep -qx "$1" <<< "$labels" && grep -q "^$2" <<< "$labels"; }
ended() { drive names label 2> /dev/null | grep -m1 -A1 -x "$1" | tail -1; }
wait_until 15 shown 'Force cannot be measured on this device' 'Force is unavailable on this device'
check "nine presses alike: the window says force cannot be measured, and why, in the daemon's words ($(ended 'Force cannot be measured on this device'))" \
    shown 'Force cannot be measured on this device' 'Force is unavailable on this device (pressure barely varies.*nothing was written.$'
calibration_done
drive activate 'push button' 'Calibrate forcetouch demo touchscreen' > /dev/null 2>&1
wait_until 10 says_step 1 'press as lightly as you can while still touching'
drive activate 'push button' 'Cancel the calibration of forcetouch demo touchscreen'
check "Cancel, pressed at the first step: the window says the calibration is cancelled, nothing written" \
    wait_until 10 shown 'Calibration cancelled' 'Calibration cancelled: nothing was written.$'
calibration_done
stop "$replay_pid"
bg_user "$W/calibrate-short.log" "$BIN/forcetouchd" --config "$W/calibrate-ends.toml" --replay "$W/calibrate-short.evemu" --paced
replay_pid=$last_pid
wait_until 10 has_calibrate
drive activate 'push button' 'Calibrate forcetouch demo touchscreen' > /dev/null 2>&1
check "a device gone before the end: the window says the calibration failed, and that it disappeared" \
    wait_until 10 shown 'Calibration failed' 'forcetouch demo touchscreen disappeared before the calibration.s end: nothing was written.$'
calibration_done
check "... and after these three the file is as it was" cmp -s "$W/calibrate-window/forcetouch.toml" "$W/calibrate-ends.toml"
wait_until 10 bash -c "! kill -0 $replay_pid 2> /dev/null"
echo "figure: the calibration's three other ends from the window (unusable, cancelled, failed) took $((SECONDS - ends_started)) s"
# The quick action edited in the window above: the next deep press, replayed (while no other
# daemon owns the bus name) on the file the window wrote, a deep-press binding added to a copy,
# while a stand-in overlay owns Overlay1: it prints the MenuShown it is sent and chooses Write a
# note, as a tap on it would.
menu_started=$SECONDS
cat > "$W/menu-overlay.py" <<'PY'
import sys
import dbus, dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib
DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
class Overlay(dbus.service.Object):
    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return {"Mode": dbus.String("popup"), "AtFinger": dbus.Boolean(True)}[name]
owner = dbus.service.BusName("io.github.forcetouch.Overlay1", bus, do_not_queue=True)
Overlay(bus, "/io/github/forcetouch/Overlay1")
print("owned", flush=True)
loop = GLib.MainLoop()
def shown(menu, items, *rest):
    for item in items:
        print(f"item {item['title']} icon {item['icon']}", flush=True)
    chosen = [item["type"] for item in items if item["title"] == sys.argv[1]]
    if chosen:
        daemon = bus.get_object("io.github.forcetouch.Daemon1", "/io/github/forcetouch/Daemon1")
        result, message = daemon.ChooseQuickAction(chosen[0], dbus_interface="io.github.forcetouch.Daemon1")
        print(f"chose {chosen[0]}: {result}: {message}", flush=True)
    loop.quit()
bus.add_signal_receiver(shown, "MenuShown", "io.github.forcetouch.Daemon1", path="/io/github/forcetouch/Daemon1")
GLib.timeout_add_seconds(30, loop.quit)
loop.run()
PY
{ cat "$W/config-edited.toml"; printf '\n[[binding]]\ngesture = "deep-press"\nquick-actions = true\n'; } > "$W/menu-edit.toml"
chmod 644 "$W/menu-overlay.py" "$W/menu-edit.toml"
bg_user "$W/menu-overlay.txt" timeout 30 python3 "$W/menu-overlay.py" 'Write a note'
menu_overlay_pid=$last_pid
wait_for '^owned$' "$W/menu-overlay.txt" 10 > /dev/null
as_user timeout 30 "$BIN/forcetouchd" --config "$W/menu-edit.toml" --replay "$W/settings-demo.evemu" > "$W/menu-edit-replay.log" 2>&1
menu_said="$(grep '^item ' "$W/menu-overlay.txt" | tr '\n' '|')"
check "the next replayed deep press's menu shows Write a note first, with its icon from the theme ($menu_said)" \
    bash -c "[[ \"\$1\" == 'item Write a note icon mail-send-symbolic|'* ]]" _ "$menu_said"
check "... and choosing it starts Notes' New Note, its Desktop Action ($(grep '^chose ' "$W/menu-overlay.txt"))" \
    bash -c "for _ in \$(seq 50); do [ -e '$HOMEDIR/notes-new-note' ] && exit 0; sleep 0.1; done; exit 1"
check "... and nothing else: not Notes itself, not its other action" \
    test -e "$HOMEDIR/notes-new-note" -a ! -e "$HOMEDIR/notes-opened" -a ! -e "$HOMEDIR/notes-recent"
stop "$menu_overlay_pid"
echo "figure: the edited quick action's menu replayed, chosen and its Desktop Action started in $((SECONDS - menu_started)) s"
bg_user "$W/daemon.log" "$BIN/forcetouchd"
daemon_pid=$last_pid
wait_for 'D-Bus: io.github.forcetouch.Daemon1 on the session bus' "$W/daemon.log" 20 > /dev/null
echo "figure: the test areas' checks, two paced replays and the daemon's restart among them, took $((SECONDS - areas_started)) s"
# forcectl doctor names the window: installed (forcetouch-settings on PATH, what it runs on there)
# or not, with how to install it.
mkdir -p "$W/bin" && ln -sf "$SETTINGS" "$W/bin/forcetouch-settings" && chmod 755 "$W/bin"
doctor_settings() { as_user env PATH="$1" timeout 20 "$BIN/forcectl" doctor 2>&1 |
    awk '/forcetouch Settings/ { on = 1; print; next } on && /^ +fix:/ { print; next } { on = 0 }' | tr -s ' ' | tr '\n' '|'; }
with_window="$(doctor_settings "$W/bin:/usr/bin:/bin")"
without_window="$(doctor_settings /usr/bin:/bin)"
check "forcectl doctor: ok, forcetouch Settings is $W/bin/forcetouch-settings ($with_window)" \
    test "$with_window" = "ok forcetouch Settings: forcetouch-settings ($W/bin/forcetouch-settings), or from the app grid|"
check "... and a warning with how to install it where it is not on PATH ($without_window)" \
    bash -c "[[ \"\$1\" == 'warning forcetouch Settings (forcetouch-settings) is not installed| fix: install '* ]]" _ "$without_window"
# The GNOME Shell extension's preferences open forcetouch Settings by its Desktop Entry, in a
# libadwaita window as the Extensions app gives them one: GNOME 43's prefs.js (fillPreferencesWindow)
# and the GNOME 45+ variant the build makes of it (its default export, ExtensionPreferences
# stood in for). Each time the window, closed first, comes back on the bus.
settings_owned() { as_user timeout 10 busctl --user status io.github.forcetouch.Settings > /dev/null 2>&1; }
settings_gone() { ! settings_owned; }
mkdir -p "$W/share/applications" "$W/prefs43" "$W/prefs45"
sed "s|^Exec=.*|Exec=$SETTINGS|" settings/forcetouch-settings.desktop > "$W/share/applications/forcetouch-settings.desktop"
cp "gnome-shell/forcetouch@forcetouch.github.io/prefs.js" "$W/prefs43/prefs.js"
scripts/gnome-extension-esm.py gnome-shell/forcetouch@forcetouch.github.io "$W/esm" > "$W/esm.log" 2>&1
sed "s|resource:///org/gnome/Shell/Extensions/js/extensions/prefs.js|./stand-in.js|" "$W/esm/prefs.js" > "$W/prefs45/prefs.js"
echo 'export class ExtensionPreferences { constructor(metadata) { this.metadata = metadata; } }  // test-only' > "$W/prefs45/stand-in.js"
cat > "$W/prefs45/run.js" <<JS
import Adw from 'gi://Adw?version=1';
const { default: Preferences } = await import('file://$W/prefs45/prefs.js');
Adw.init();
new Preferences({ uuid: 'forcetouch@forcetouch.github.io' }).fillPreferencesWindow(new Adw.PreferencesWindow());
JS
chmod -R a+rX "$W/share" "$W/prefs43" "$W/prefs45"
prefs_gjs() { as_user env GSK_RENDERER=cairo GSETTINGS_BACKEND=keyfile XDG_DATA_DIRS="$W/share:/usr/share" timeout 20 gjs "$@"; }
for variant in 43 45; do
    stop "$(as_user timeout 10 busctl --user status io.github.forcetouch.Settings 2> /dev/null | awk -F= '/^PID=/ { print $2 }')"
    wait_until 10 settings_gone
    owned_before="$(settings_owned && echo owned || echo none)"
    if [ "$variant" = 43 ]; then
        prefs_gjs -c "imports.gi.versions.Gtk = '4.0'; imports.gi.versions.Adw = '1';
            const { Adw } = imports.gi;
            imports.searchPath.unshift('$W/prefs43');
            Adw.init();
            imports.prefs.init();
            imports.prefs.fillPreferencesWindow(new Adw.PreferencesWindow());" > "$W/prefs43.log" 2>&1
    else
        prefs_gjs -m "$W/prefs45/run.js" > "$W/prefs45.log" 2>&1
    fi
    opened() { [ "$owned_before" = none ] && settings_owned; }
    check "GNOME $variant: the extension's preferences open forcetouch Settings, back on the bus (before: $owned_before; $(grep -v shader "$W/prefs$variant.log" | head -c 200))" \
        wait_until 15 opened
done
settings_pid="$(as_user timeout 10 busctl --user status io.github.forcetouch.Settings 2> /dev/null | awk -F= '/^PID=/ { print $2 }')"
# The display and its clients go: the rest of the suite runs on the bus alone, as before.
for p in "$settings_pid" "$a11y_pid" "$openbox_pid" "$xvfb_pid"; do stop "$p"; done
kept=()
for e in "${user_env[@]}"; do [[ "$e" == DISPLAY=* ]] || kept+=("$e"); done
user_env=("${kept[@]}")
# The same window under headless sway (Wayland): found through AT-SPI as under X11, its Light
# changes the file and the daemon, and it draws (a screenshot by grim, into docs/images).
cp "$W/config-before.toml" "$CONFIG"
gcall Reload > /dev/null 2>&1
start_sway '#204060'
# An accessibility bus of its own: the X11 one ended with its display.
bg_user "$W/settings-a11y-sway.log" /usr/libexec/at-spi-bus-launcher --launch-immediately
a11y_pid=$last_pid
bg_user "$W/settings-sway.log" env WAYLAND_DISPLAY="$WAYLAND" GDK_BACKEND=wayland GSK_RENDERER=cairo GSETTINGS_BACKEND=keyfile "$SETTINGS"
settings_pid=$last_pid
sway_buttons="$(names 'push button')"
check "under sway, forcetouch Settings runs, its controls named for AT-SPI ($(head -c 60 <<< "$sway_buttons")…)" \
    bash -c "[[ \"\$1\" == *Light,Medium,Firm,* ]]" _ "$sway_buttons"
drive activate 'push button' Light
wait_until 10 grep -qx 'sensitivity = "light"' "$CONFIG"
status_out="$(as_user timeout 20 "$BIN/forcectl" status 2>&1)"
check "... its Light changes the file in one line and the daemon's sensitivity (forcectl status)" \
    bash -c "[ \"\$(diff '$W/config-before.toml' '$CONFIG' | grep '^[<>]')\" = '> sensitivity = \"light\"' ] && grep -qx 'sensitivity: light' <<< \"\$1\"" _ "$status_out"
# Drawn: more than swaybg's colour on screen, the page's own light background among it.
sway_drawn_window() {
    shot_sway - > "$W/settings-sway.png" 2> /dev/null &&
        [ "$(convert "$W/settings-sway.png" -fill black +opaque '#204060' -fill white -opaque '#204060' -colorspace gray -format '%[fx:int(100*mean)]' info:)" -lt 60 ]
}
check "... and draws itself on sway's output (grim)" wait_until 10 sway_drawn_window
if [ -n "${SAVE_IMAGES:-}" ]; then cp "$W/settings-sway.png" docs/images/settings-sway.png; fi
for p in "$settings_pid" "$sway_pid" "$a11y_pid"; do stop "$p"; done
echo "figure: the settings window's checks took $((SECONDS - section_started)) s"

# ---------------------------------------------------------------- forged NameOwnerChanged
# Only the bus says who owns a name. A client can address a NameOwnerChanged of its own to the
# daemon's unique name, which the daemon's match rule does not keep out: believed, "gone"
# cancelled every waiting intent question and "arrived" sent menus to nobody (issue 40).
# A stand-in overlay (bus-peer.c) takes and gives back the name for real between the forgeries.
cc -o "$W/bus-peer" -ISources/COverlay Tests/Documented/bus-peer.c $(pkg-config --cflags --libs gio-2.0) && chmod 755 "$W/bus-peer"
check "Tests/Documented/bus-peer.c builds (cc, libglib2.0-dev)" test -x "$W/bus-peer"
unique="$(as_user timeout 10 gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus \
    -m org.freedesktop.DBus.GetNameOwner io.github.forcetouch.Daemon1 | sed -n "s/^('\(.*\)',)$/\1/p")"
forge() {
    as_user timeout 10 gdbus emit --session --dest "$unique" --object-path /org/freedesktop/DBus \
        --signal org.freedesktop.DBus.NameOwnerChanged "'io.github.forcetouch.Overlay1'" "'$1'" "'$2'" > /dev/null
    # A call's answer comes after the signal, sent first, was handled.
    gcall GetQuickActions > /dev/null
}
arrived() { grep -c 'Overlay1 on the bus: quick-action menus show at the finger' "$W/daemon.log"; }
gone() { grep -c 'overlay gone from the bus' "$W/daemon.log"; }
forge '' ':1.9999'
check "a forged NameOwnerChanged (Overlay1 arrived) sent to $unique is not believed ($(arrived) arrival logged)" \
    test "$(arrived)" = 0
bg_user "$W/peer.log" "$W/bus-peer" io.github.forcetouch.Overlay1 < /dev/null
peer_pid=$last_pid
check "the bus's own NameOwnerChanged is: a client taking Overlay1 is the overlay" \
    bash -c "for _ in \$(seq 100); do [ \"\$(grep -c 'Overlay1 on the bus: quick' '$W/daemon.log')\" = 1 ] && exit 0; sleep 0.1; done; exit 1"
overlay_unique="$(awk '/^owned / { print $3 }' "$W/peer.log")"
forge "$overlay_unique" ''
check "a forged NameOwnerChanged (Overlay1 gone) is not believed ($(gone) departure logged)" test "$(gone)" = 0
kill "$peer_pid"
peer_pid=""
check "... and the bus's is, when the overlay goes" \
    bash -c "for _ in \$(seq 100); do [ \"\$(grep -c 'overlay gone from the bus' '$W/daemon.log')\" = 1 ] && exit 0; sleep 0.1; done; exit 1"

# ---------------------------------------------------------------- an overlay's name flapping
# Each new owner of Overlay1 has the installed applications read on a thread (issue 48): a
# client taking and dropping the name 2,000 times left hundreds of threads and every descriptor
# used. One read at a time, the others folded into it: threads and descriptors stay flat (the
# bounds leave room for the one reading thread with its pipe and for GLib's own worker threads,
# gmain and its thread pool's, which the names seen are printed with; the flaw made hundreds).
cat > "$W/flap.py" <<'PY'
import os, sys, dbus
pid, times = int(sys.argv[1]), int(sys.argv[2])
names = set()
def counts():
    tasks = os.listdir(f"/proc/{pid}/task")
    for t in tasks:
        try:
            names.add(open(f"/proc/{pid}/task/{t}/comm").read().strip())
        except OSError:
            pass
    return len(tasks), len(os.listdir(f"/proc/{pid}/fd"))
bus = dbus.SessionBus()
threads, fds = counts()
print(f"before {threads} {fds}", flush=True)
for i in range(times):
    bus.request_name("io.github.forcetouch.Overlay1", dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    bus.release_name("io.github.forcetouch.Overlay1")
    if i % 20 == 0:
        t, f = counts()
        threads, fds = max(threads, t), max(fds, f)
print(f"during {threads} {fds}", flush=True)
print(f"threads seen: {' '.join(sorted(names))}", flush=True)
PY
chmod 644 "$W/flap.py"
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$daemon_pid/stat"; }
rss() { awk '/^VmRSS/ { print $2 " " $3 }' "/proc/$daemon_pid/status"; }
cpu_before="$(cpu_ticks)" rss_before="$(rss)"
as_user timeout 120 python3 "$W/flap.py" "$daemon_pid" 2000 > "$W/flap.txt" 2>&1
flap_started="$(date +%s%N)"; gcall GetQuickActions > /dev/null
answer_ms=$(( ($(date +%s%N) - flap_started) / 1000000 ))
read -r _ threads_before fds_before < <(grep '^before ' "$W/flap.txt")
read -r _ threads_during fds_during < <(grep '^during ' "$W/flap.txt")
# The flapping's threads and descriptors let go: waited for, at most 5 s.
flap_settled() {
    [ "$(ls "/proc/$daemon_pid/task" | wc -l)" -le $(( ${threads_before:-0} + 10 )) ] &&
        [ "$(ls "/proc/$daemon_pid/fd" | wc -l)" -le $(( ${fds_before:-0} + 4 )) ]
}
wait_until 5 flap_settled
threads_after="$(ls "/proc/$daemon_pid/task" | wc -l)" fds_after="$(ls "/proc/$daemon_pid/fd" | wc -l)"
echo "NOTE: Overlay1 taken and dropped 2000 times: threads ${threads_before:-?} -> at most ${threads_during:-?} -> ${threads_after}," \
     "descriptors ${fds_before:-?} -> at most ${fds_during:-?} -> ${fds_after}; the next call answered in ${answer_ms} ms;" \
     "CPU $(( ($(cpu_ticks) - cpu_before) * 1000 / $(getconf CLK_TCK) )) ms; RSS $rss_before -> $(rss); $(grep '^threads seen' "$W/flap.txt")"
check "with Overlay1 taken and dropped 2000 times, the daemon's threads stay few (${threads_before:-?} -> at most ${threads_during:-?} -> ${threads_after})" \
    test -n "${threads_during:-}" -a "${threads_during:-99}" -le $(( ${threads_before:-0} + 12 )) -a "$threads_after" -le $(( ${threads_before:-0} + 10 ))
check "... and its descriptors flat (${fds_before:-?} -> at most ${fds_during:-?} -> ${fds_after})" \
    test -n "${fds_during:-}" -a "${fds_during:-99}" -le $(( ${fds_before:-0} + 8 )) -a "$fds_after" -le $(( ${fds_before:-0} + 4 ))
check "... and the daemon still answers" answers

# ---------------------------------------------------------------- another user
if [ -n "$OTHER" ]; then
    as_other() {
        setpriv --reuid="$OTHER" --regid="$(id -g "$OTHER")" --clear-groups \
            env -i PATH=/usr/bin:/bin "DBUS_SESSION_BUS_ADDRESS=$1" timeout 20 "${@:2}" 2>&1
    }
    # As on a desktop, the bus's socket is in the user's own XDG_RUNTIME_DIR (mode 0700): another
    # user cannot even reach it.
    other_out="$(as_other "$ADDRESS" busctl --user get-property io.github.forcetouch.Daemon1 "$ROOT_PATH" io.github.forcetouch.Daemon1 Paused)"
    check "$OTHER cannot connect to $USERNAME's session bus in its 0700 runtime dir ($other_out)" \
        matches "$other_out" "*'Permission denied'*"
    # Through a path anyone may open (a second link to the same socket), dbus-daemon's EXTERNAL
    # authentication still admits only the bus's own uid: the connection is closed before any
    # message reaches the daemon.
    mkdir -m 755 "$W/open" && ln "$RUNTIME/bus" "$W/open/bus"
    other_out="$(as_other "unix:path=$W/open/bus" busctl --user get-property io.github.forcetouch.Daemon1 "$ROOT_PATH" io.github.forcetouch.Daemon1 Paused)"
    check "through an open path, busctl as $OTHER is refused at authentication ($other_out)" \
        matches "$other_out" "*'Transport endpoint is not connected'*"
    other_out="$(as_other "unix:path=$W/open/bus" gdbus call --session -d io.github.forcetouch.Daemon1 -o "$ROOT_PATH" -m io.github.forcetouch.Daemon1.Reload)"
    check "... and gdbus as $OTHER too ($other_out)" matches "$other_out" "*'connection is closed'*"
    check "... while $USERNAME's own connection through that path works" \
        test "$(as_user env "DBUS_SESSION_BUS_ADDRESS=unix:path=$W/open/bus" busctl --user get-property io.github.forcetouch.Daemon1 "$ROOT_PATH" io.github.forcetouch.Daemon1 Paused)" = "b false"
else
    echo "NOTE: not root: another user's connection is not tried"
fi

# ---------------------------------------------------------------- stop
kill "$daemon_pid"
for _ in $(seq 50); do kill -0 "$daemon_pid" 2>/dev/null || break; sleep 0.1; done
check "SIGTERM stops the daemon" bash -c "! kill -0 $daemon_pid 2>/dev/null"
daemon_pid=""

# ---------------------------------------------------------------- a replay's gestures as signals
: > "$W/monitor.txt"
kill "$monitor_pid" 2>/dev/null
bg_user "$W/replay-monitor.txt" timeout 30 dbus-monitor --address "$ADDRESS" \
    "type='signal',interface='io.github.forcetouch.Daemon1'" \
    "type='signal',interface='org.freedesktop.DBus.ObjectManager'"
monitor_pid=$last_pid
wait_for 'member=NameLost' "$W/replay-monitor.txt" 10 > /dev/null
cp demo/touchscreen-gestures.evemu "$W/demo.evemu" && chmod 644 "$W/demo.evemu"
as_user timeout 60 "$BIN/forcetouchd" --replay "$W/demo.evemu" > "$W/replay.log" 2>&1
check "forcetouchd --replay exits 0 with the bus" test $? -eq 0
as_user timeout 60 "$BIN/forcetest" replay --json --config "$CONFIG" "$W/demo.evemu" > "$W/replay.json" 2>/dev/null
expected="$(grep -c '"event":"gesture"' "$W/replay.json")"
check "every gesture of the recording is a Gesture signal ($expected)" \
    bash -c "for _ in \$(seq 50); do [ \"\$(grep -c 'member=Gesture$' '$W/replay-monitor.txt')\" = '$expected' ] && exit 0; sleep 0.1; done; exit 1"
first_json="$(grep -m1 '"event":"gesture"' "$W/replay.json")"
check "the first one carries the JSON event's fields: tap, ended, 1 finger ($first_json)" \
    bash -c "grep -A4 -m1 'member=Gesture$' '$W/replay-monitor.txt' | tr -s ' ' | tr '\n' '|' |
             grep -q 'object path \"/io/github/forcetouch/Daemon1/devices/0\"| string \"tap\"| string \"ended\"| uint32 1|'"
check "the device's object came with every Device1 property (InterfacesAdded)" \
    bash -c "for p in Node Name Class Id Capability Reason Emulated MaximumPossibleForce CalibrationSource; do
                 grep -A200 'member=InterfacesAdded' '$W/replay-monitor.txt' | grep -q \"string \\\"\$p\\\"\" || exit 1; done"
check "... with its name, capability, maximumPossibleForce and calibration source" \
    bash -c "tr -s ' ' < '$W/replay-monitor.txt' | tr '\n' '|' | grep -q 'string \"Name\"| variant string \"forcetouch demo touchscreen\"' &&
             tr -s ' ' < '$W/replay-monitor.txt' | tr '\n' '|' | grep -q 'string \"MaximumPossibleForce\"| variant double 6.66667' &&
             tr -s ' ' < '$W/replay-monitor.txt' | tr '\n' '|' | grep -q 'string \"CalibrationSource\"| variant string \"default\"'"
check "... and went when the replay ended (InterfacesRemoved)" grep -q 'member=InterfacesRemoved' "$W/replay-monitor.txt"

# ---------------------------------------------------------------- an overlay that never answers
# A client owns io.github.forcetouch.Overlay1 and answers nothing (issue 40): a replay whose
# deep press shows it the menu waits for a choice at most [quick-actions] menu-timeout, as for
# a menu program, then dismisses the menu, says so, and ends.
cat > "$W/silent-overlay.py" <<'PY'
import sys, time
import dbus
bus = dbus.SessionBus()
owned = bus.request_name("io.github.forcetouch.Overlay1", dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
print("owned" if owned == dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER else f"not owned: {owned}", flush=True)
time.sleep(120)
PY
cat > "$W/silent.toml" <<'TOML'
[quick-actions]
menu-timeout = 2

[[quick-action]]
type = "compose"
title = "New message"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
chmod 644 "$W/silent-overlay.py" "$W/silent.toml"
bg_user "$W/silent-overlay.txt" timeout 120 python3 "$W/silent-overlay.py"
silent_pid=$last_pid
check "a stand-in owns io.github.forcetouch.Overlay1 and never answers" wait_for '^owned$' "$W/silent-overlay.txt" 10
started="$(date +%s)"
as_user timeout 20 "$BIN/forcetouchd" --config "$W/silent.toml" --replay "$W/demo.evemu" > "$W/silent-replay.log" 2>&1
status=$? took=$(( $(date +%s) - started ))
check "the replay sees the overlay and sends it the deep press's menu" \
    bash -c "grep -q 'quick-actions' '$W/silent-replay.log'"
check "... saying, once its Get(Mode) went unanswered for 2 s, that the client does not say how it draws" \
    grep -Eq 'Overlay1 on the bus: quick-action menus go to a client that does not say how it shows them \(:[0-9.]+, mode unknown\)' \
    "$W/silent-replay.log"
check "... and ends, status 0, once menu-timeout (2 s) is up, not killed at 20 s (status $status, ${took} s)" \
    test "$status" -eq 0 -a "$took" -lt 15
check "... saying in one line that the menu went unanswered" \
    test "$(grep -c 'overlay: menu 1 unanswered after 2 s, dismissed' "$W/silent-replay.log")" = 1
check "... and the binding's result is cancelled" grep -q 'cancelled.*menu timeout' "$W/silent-replay.log"
kill "$silent_pid" 2>/dev/null; silent_pid=""

# ---------------------------------------------------------------- haptics through feedbackd
# Debian's feedbackd (what Phosh runs) on the private bus: the replay's deep press ticks at
# peek and at pop through it (TriggerFeedback, seen by dbus-monitor and in feedbackd's own
# debug log), and with haptics = "off" not at all.
FEEDBACKD=/usr/libexec/feedbackd
check "feedbackd is installed (scripts/install-deps.sh)" test -x "$FEEDBACKD"
printf '[[binding]]\ngesture = "deep-press"\nexec = ["true"]\n' > "$W/haptics.toml"
printf '[general]\nhaptics = "off"\n[[binding]]\ngesture = "deep-press"\nexec = ["true"]\n' > "$W/haptics-off.toml"
chmod 644 "$W/haptics.toml" "$W/haptics-off.toml"
bg_user "$W/feedbackd.log" env GSETTINGS_BACKEND=memory G_MESSAGES_DEBUG=all timeout 60 "$FEEDBACKD"
feedbackd_pid=$last_pid
check "feedbackd takes org.sigxcpu.Feedback on the private bus" \
    wait_for "Service name 'org.sigxcpu.Feedback' was acquired" "$W/feedbackd.log" 10
bg_user "$W/feedback-monitor.txt" timeout 30 dbus-monitor --address "$ADDRESS" \
    "type='method_call',interface='org.sigxcpu.Feedback',member='TriggerFeedback'"
feedback_monitor_pid=$last_pid
wait_for 'member=NameLost' "$W/feedback-monitor.txt" 10 > /dev/null
as_user timeout 60 "$BIN/forcetouchd" --config "$W/haptics.toml" --replay "$W/demo.evemu" > "$W/haptics-replay.log" 2>&1
check "forcetouchd --replay chooses feedbackd, said once" \
    test "$(grep -c '^info: haptics: feedbackd (org.sigxcpu.Feedback)$' "$W/haptics-replay.log")" = 1
# The recording has one deep press, its peek and its pop (forcetest replay --json says so).
as_user timeout 60 "$BIN/forcetest" replay --json --config "$W/haptics.toml" "$W/demo.evemu" > "$W/haptics.json" 2>/dev/null
peeks="$(grep -c '"phase":"began","stage":"peek"' "$W/haptics.json")"
pops="$(grep -c '"phase":"changed","stage":"pop"' "$W/haptics.json")"
check "feedbackd is called at each peek with button-pressed ($peeks) and at each pop with button-released ($pops)" \
    bash -c "for _ in \$(seq 50); do [ \"\$(grep -A2 'member=TriggerFeedback' '$W/feedback-monitor.txt' | grep -c 'string \"button-pressed\"')\" = $peeks ] &&
                 [ \"\$(grep -A2 'member=TriggerFeedback' '$W/feedback-monitor.txt' | grep -c 'string \"button-released\"')\" = $pops ] && exit 0; sleep 0.1; done; exit 1"
check "... in the order pressed, released, as forcetouch's app id" \
    bash -c "grep -A2 'member=TriggerFeedback' '$W/feedback-monitor.txt' | grep -o 'string \".*\"' | tr '\n' '|' |
             grep -q '^string \"io.github.forcetouch\"|string \"button-pressed\"|string \"io.github.forcetouch\"|string \"button-released\"|'"
check "... and feedbackd runs the events (its own log)" \
    bash -c "grep -q 'Sound event button-pressed' '$W/feedbackd.log' && grep -q 'Sound event button-released' '$W/feedbackd.log'"
before="$(grep -c 'member=TriggerFeedback' "$W/feedback-monitor.txt")"
as_user timeout 60 "$BIN/forcetouchd" --config "$W/haptics-off.toml" --replay "$W/demo.evemu" > "$W/haptics-off.log" 2>&1
# Nothing to wait for when no call comes: a time window for dbus-monitor to write one.
sleep 0.3
check "with haptics = \"off\" the same replay calls feedbackd not once, and the log says haptics are off" \
    bash -c "[ \"\$(grep -c 'member=TriggerFeedback' '$W/feedback-monitor.txt')\" = $before ] &&
             grep -q '^info: haptics: off' '$W/haptics-off.log' && grep -q 'deep-press' '$W/haptics-off.log'"
stop "$feedback_monitor_pid"; stop "$feedbackd_pid"
# A running daemon follows feedbackd coming and going on the bus (a phone's session may start
# it after forcetouchd): the log says where ticks play at each change.
bg_user "$W/haptics-live.log" "$BIN/forcetouchd" --config "$W/haptics.toml"
haptics_daemon_pid=$last_pid
wait_for '^info: ready: ' "$W/haptics-live.log" 20
bg_user "$W/feedbackd-2.log" env GSETTINGS_BACKEND=memory G_MESSAGES_DEBUG=all timeout 60 "$FEEDBACKD"
feedbackd_pid=$last_pid
check "a running daemon turns to feedbackd when it comes onto the bus" \
    wait_for '^info: haptics: feedbackd \(org.sigxcpu.Feedback\)$' "$W/haptics-live.log" 20
stop "$feedbackd_pid"
check "... and away from it when it goes" \
    bash -c "for _ in \$(seq 100); do tail -1 '$W/haptics-live.log' | grep -q '^info: haptics: ' &&
                 ! tail -1 '$W/haptics-live.log' | grep -q 'haptics: feedbackd' && exit 0; sleep 0.1; done; exit 1"
stop "$haptics_daemon_pid"

# ---------------------------------------------------------------- no session bus
as_user env -u DBUS_SESSION_BUS_ADDRESS timeout 60 "$BIN/forcetouchd" --replay "$W/demo.evemu" > "$W/nobus.log" 2>&1
check "without a session bus the daemon says so in one line and runs" \
    bash -c "[ \$? -eq 0 ] && [ \"\$(grep -c 'D-Bus' '$W/nobus.log')\" = 1 ] && grep -q 'running without it' '$W/nobus.log'"

summary dbus-on-host
