#!/usr/bin/env bash
# The commands README.md and the comments of the shipped configs show, run as they are
# written inside the QEMU guest (vm/run-tests.sh), against forcetouchd running on the shipped
# example configs, as an ordinary user: each must do what its text says.
# Usage: in-guest.sh OUTDIR
set -uo pipefail
ROOT="$PWD"
BIN="${FORCETOUCH_BIN:-$ROOT/.build/debug}"
OUT="$1"
. "$ROOT/Tests/Integration/lib.sh"
. "$ROOT/Tests/Documented/lib.sh"

W="$(mktemp -d /tmp/forcetouch-doc.XXXXXX)"
# The runtime directory on /run (tmpfs) as /run/user/UID is: Unix sockets cannot be bound on
# the guest's 9p-backed /tmp.
RUNDIR="$(mktemp -d /run/forcetouch-doc.XXXXXX)"
DOC_DIR="$W/out"
mkdir -p "$W/home" "$W/state" "$W/bin" "$W/config" "$DOC_DIR"
chmod 755 "$W" "$W/bin" "$W/config"
chown -R nobody: "$W/home" "$W/state" "$RUNDIR" "$DOC_DIR"
chmod 700 "$RUNDIR"
LOG="$OUT/documented-daemon.log"
SOCK="$RUNDIR/forcetouch/control.sock"
# The test user's environment: the built programs and the stand-in programs on PATH. An
# array, not a function, so that a command started with it in the background is the
# process $! names (setpriv and env exec), which kill then reaches.
AS_USER=(setpriv --reuid=65534 --regid=65534 --clear-groups
    env HOME="$W/home" XDG_RUNTIME_DIR="$RUNDIR" XDG_STATE_HOME="$W/state"
    PATH="$BIN:$W/bin:/usr/local/bin:/usr/bin:/bin" FT_LOG="$W/stand-ins.log")
as_user() { "${AS_USER[@]}" "$@"; }
doc_runner=("${AS_USER[@]}")
daemon_pid=""
start_daemon() {
    echo "--- forcetouchd --config $1" >> "$LOG"
    "${AS_USER[@]}" forcetouchd --config "$1" --verbose >> "$LOG" 2>&1 &
    daemon_pid=$!
    for _ in $(seq 300); do [ -S "$SOCK" ] && return 0; sleep 0.1; done
    return 1
}
# The daemon removes its socket as it exits: wait for that, so the next one starts clean.
stop_daemon() {
    kill -TERM "$daemon_pid" 2>/dev/null
    wait "$daemon_pid" 2>/dev/null
    daemon_pid=""
    [ ! -e "$SOCK" ] || { echo "the daemon left its socket behind"; rm -f "$SOCK"; }
}
cleanup() {
    [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null
    kill $(jobs -p) 2>/dev/null
    mkdir -p "$OUT/documented" && cp "$DOC_DIR"/* "$W/stand-ins.log" "$OUT/documented/" 2>/dev/null
    rm -rf "$W" "$RUNDIR"
}
trap cleanup EXIT

# udev with the project's rule, and a stand-in for logind's uaccess ACLs: the test user may
# open touch devices and uinput (for the virtual keyboard of keys actions).
start_udev <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", MODE="0666"
KERNEL=="uinput", MODE="0666"
RULES

# The user's own programs the examples name, standing in: each logs how it was called.
cat > "$W/bin/my-image-search" <<'SH'
#!/bin/sh
input=$(cat)
echo "my-image-search $input" >> "$FT_LOG"
echo '{"code":"success","output":"https://images.example/result"}'
SH
cat > "$W/bin/zenity" <<'SH'
#!/bin/sh
echo "zenity $*" >> "$FT_LOG"
exit 0
SH
chmod 755 "$W/bin"/*
: > "$W/stand-ins.log"; chmod 666 "$W/stand-ins.log"
# The shipped examples, as a user copies them next to each other.
cp "$ROOT"/config/examples/* "$W/config/" && chmod 644 "$W/config"/*

# --- config/examples/quick-actions.toml: the Info.plist import, dynamic items, events ---
check "forcetouchd starts on config/examples/quick-actions.toml" start_daemon "$W/config/quick-actions.toml"
check "the daemon loaded the example without errors" bash -c "! grep -Eq '^(error|critical): ' '$LOG'"

doc <<'CMD'
forcectl shortcuts list
CMD
check "the menu shows the items of the XML Info.plist (New Note)" doc_says '^[0-9]\. New Note  \[org\.example\.notes\.compose\]  static'

doc <<'CMD'
forcectl shortcuts add --type timer --title "Stop timer" --icon-type alarm
CMD
check "forcectl shortcuts add with options, as the README shows, succeeds" \
    bash -c "[ $doc_status -eq 0 ] && grep -q '^timer: added' '$DOC_OUT'"
as_user forcectl shortcuts remove timer > /dev/null 2>&1
doc <<'CMD'
forcectl shortcuts add '{"type": "timer", "title": "Stop timer", "icon": {"type": "alarm"}}'
CMD
check "forcectl shortcuts add with a JSON item, as quick-actions.toml shows, succeeds" \
    bash -c "[ $doc_status -eq 0 ] && grep -q '^timer: added' '$DOC_OUT'"
as_user forcectl shortcuts list --all > "$DOC_DIR/all.txt" 2>&1
check "the added item is listed, dynamic, with its title" grep -q 'Stop timer  \[timer\]  dynamic' "$DOC_DIR/all.txt"

doc --bg <<'CMD'
forcectl events
CMD
events_out="$DOC_OUT" events_pid="$doc_pid"
# Subscribed once the daemon counts a subscriber in its status.
for _ in $(seq 100); do as_user forcectl status 2>/dev/null | grep -q '^subscribers: [1-9]' && break; sleep 0.2; done
as_user forcectl perform org.example.notes.compose > "$DOC_DIR/perform.txt" 2>&1
check "performing an Info.plist item tells subscribers (forcectl events)" \
    wait_for '"event":"perform".*org\.example\.notes\.compose' "$events_out" 10
kill "$events_pid" 2>/dev/null
stop_daemon

# --- a binary Info.plist reaches the menu as the XML one does ---
python3 - "$W/config/Notes-Info.plist" "$W/config/Notes-Info.binary.plist" <<'PY'
import plistlib, sys
with open(sys.argv[1], "rb") as f: data = plistlib.load(f)
with open(sys.argv[2], "wb") as f: plistlib.dump(data, f, fmt=plistlib.FMT_BINARY)
PY
printf '[quick-actions]\nimport-plist = "Notes-Info.binary.plist"\n' > "$W/config/binary-plist.toml"
chmod 644 "$W/config"/*
check "forcetouchd starts on a config importing a binary Info.plist" start_daemon "$W/config/binary-plist.toml"
as_user forcectl shortcuts list > "$DOC_DIR/binary-list.txt" 2>&1
check "the binary Info.plist's items reach the menu" grep -q '^1\. New Note  \[org\.example\.notes\.compose\]  static' "$DOC_DIR/binary-list.txt"

# --- forcectl devices, before and after a device appears ---
as_user forcectl devices > "$DOC_DIR/devices-none.txt" 2>&1
check "forcectl devices says so when there are none" grep -q '^no devices' "$DOC_DIR/devices-none.txt"
# evemu-device keeps the device until it is killed: no race with a slow forcectl.
evemu-device "$ROOT/Tests/Integration/recordings/pressure-touchscreen.desc" > "$DOC_DIR/evemu-device.txt" 2>&1 &
device=$!
wait_for 'found, capability available' "$LOG" 30
as_user forcectl devices > "$DOC_DIR/devices-one.txt" 2>&1
check "forcectl devices lists a touchscreen while it is plugged in" \
    grep -q '"forcetouch-it pressure touchscreen"  touchscreen  available' "$DOC_DIR/devices-one.txt"
kill "$device"; wait "$device" 2>/dev/null
stop_daemon

# --- config/examples/intents.toml: an intent by hand, and --yes ---
: > /tmp/cat.png
check "forcetouchd starts on config/examples/intents.toml" start_daemon "$W/config/intents.toml"
doc <<'CMD'
forcectl intent search-image path=/tmp/cat.png engine=google
CMD
check "forcectl intent search-image runs the handler with the parameters given" \
    bash -c "[ $doc_status -eq 0 ] && grep -q '^search-image: success' '$DOC_OUT' \
        && grep -q 'my-image-search .*\"path\":\"/tmp/cat.png\"' '$W/stand-ins.log' \
        && grep -q 'my-image-search .*\"engine\":\"google\"' '$W/stand-ins.log'"
check "the confirm handler was asked first" grep -q '^zenity --question' "$W/stand-ins.log"
stop_daemon

cat > "$W/config/confirm.toml" <<'TOML'
[[intent]]
name = "remove"
handler = ["my-image-search"]

[intent.parameters.file]
type = "string"
required = true
confirm = true
TOML
chmod 644 "$W/config/confirm.toml"
check "forcetouchd starts on a config with a parameter to confirm" start_daemon "$W/config/confirm.toml"
as_user forcectl intent remove file=/tmp/cat.png > "$DOC_DIR/unconfirmed.txt" 2>&1
check "without --yes the run stops: the parameter needs confirmation" \
    grep -q 'requires confirmation' "$DOC_DIR/unconfirmed.txt"
as_user forcectl intent remove file=/tmp/cat.png --yes > "$DOC_DIR/confirmed.txt" 2>&1
check "with --yes the parameter counts as confirmed and the handler runs" grep -q '^remove: success' "$DOC_DIR/confirmed.txt"
stop_daemon

summary documented-commands
