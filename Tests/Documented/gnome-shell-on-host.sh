#!/usr/bin/env bash
# The GNOME Shell extension (gnome-shell/forcetouch@forcetouch.github.io, docs/SPEC.md §11) in a
# real headless GNOME Shell 43 with a real dbus-daemon and forcetouchd: the extension owns
# io.github.forcetouch.Overlay1 (mode gnome-shell), so the daemon shows its menus through it.
# Screenshots, touches, clicks and keys come from the test-only companion extension
# (Tests/GnomeShell/), as headless mutter reads no devices and lets no outside caller shoot.
# Everything runs as an ordinary user (nobody when run as root); every wait is bounded.
# Usage: Tests/Documented/gnome-shell-on-host.sh   (FORCETOUCH_BIN: the binaries, default .build/debug;
#        SAVE_IMAGES=1 copies the screenshots to docs/images/)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup gnome-shell-on-host gnome
host_requires gnome-shell gsettings dbus-daemon gdbus convert
host_binaries
host_home .local/share
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"
start_session_bus
. Tests/Documented/gnome-shell-lib.sh
. Tests/Documented/bus-peer.sh
chmod 777 "$W"

# An app of the test's, for what is under the finger (gnome-shell-under-finger.sh): two Desktop
# Actions, each leaving a file. Written before the shell starts, so that its app system knows it.
mkdir -p "$HOMEDIR/.local/share/applications"
cat > "$HOMEDIR/.local/share/applications/forcetouch-notes.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Forcetouch Notes
Exec=touch $W/notes-opened
Icon=accessories-text-editor
Actions=new-note;recent;

[Desktop Action new-note]
Name=New Note
Exec=touch $W/notes-new-note

[Desktop Action recent]
Name=Open Recent
Exec=touch $W/notes-recent
DESKTOP
chown -R "$U:$G" "$HOMEDIR/.local/share/applications"
start_gnome_shell
overlay_property() {
    as_user timeout 10 gdbus call --session -d io.github.forcetouch.Overlay1 -o /io/github/forcetouch/Overlay1 \
        -m org.freedesktop.DBus.Properties.Get io.github.forcetouch.Overlay1 "$1"
}
check "the extension is enabled (its log says so)" wait_for 'forcetouch: enabled' "$SHELL_LOG" 10
mode="$(overlay_property Mode)" at_finger="$(overlay_property AtFinger)"
check "it owns io.github.forcetouch.Overlay1: Mode $mode, AtFinger $at_finger" \
    test "$mode" = "(<'gnome-shell'>,)" -a "$at_finger" = "(<true>,)"
check "it names the monitors it maps presses onto" grep -Eq 'forcetouch: output [^ ]+ 1024x768\+0\+0 scale 1' "$SHELL_LOG"
gshot "$W/desktop.png"
check "a screenshot from inside the shell is the whole 1024x768 stage" \
    test "$(identify -format '%wx%h' "$W/desktop.png" 2>/dev/null)" = 1024x768

# A real forcetouchd sees the extension as its overlay.
cat > "$CONFIG" <<TOML
[[quick-action]]
type = "compose"
title = "New message"
icon-type = "compose"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
chown "$U:$G" "$CONFIG"
bg_user "$W/daemon.log" "$BIN/forcetouchd" --config "$CONFIG"
daemon_pid=$last_pid
check "forcetouchd shows its menus through the extension" wait_for 'overlay .* on the bus' "$W/daemon.log" 10
check "the extension sees the daemon on the bus" wait_for 'forcetouch: io.github.forcetouch.Daemon1 is :' "$SHELL_LOG" 10
stop "$daemon_pid"
check "... and sees it leave" wait_for 'forcetouch: io.github.forcetouch.Daemon1 left the bus' "$SHELL_LOG" 10

# The quick-action menu at the finger (menu.js).
. Tests/Documented/gnome-shell-menu.sh

# The intent window, the AssistiveTouch button and what is under a point.
. Tests/Documented/gnome-shell-intent.sh

# What is under the finger: an app's icon in the dash, its own quick actions.
. Tests/Documented/gnome-shell-under-finger.sh

stop_gnome_shell
summary gnome-shell-on-host
