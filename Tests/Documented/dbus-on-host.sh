#!/usr/bin/env bash
# forcetouchd's D-Bus interface against a real dbus-daemon on this machine (README "D-Bus"),
# with busctl, gdbus and dbus-monitor as the clients: every property read, every method called
# (with the errors they answer, and a malformed call, after which the daemon still answers),
# the introspection compared with dbus/io.github.forcetouch.Daemon1.xml, the gesture signals of
# a replayed recording, another user refused, and a NameOwnerChanged forged by a client not
# believed. The daemon and the bus run as an ordinary
# user (nobody when run as root); the bus is a `dbus-daemon --session --fork` of its own,
# killed at the end, and every wait is bounded.
# Usage: Tests/Documented/dbus-on-host.sh   (FORCETOUCH_BIN: the binaries; default .build/debug)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
BIN="${FORCETOUCH_BIN:-$ROOT/.build/debug}"
case "$BIN" in /*) ;; *) BIN="$ROOT/$BIN" ;; esac
W="$(mktemp -d "${TMPDIR:-/tmp}/forcetouch-dbus.XXXXXX")"
chmod 755 "$W"
DOC_DIR="$W/doc" && mkdir -m 777 "$DOC_DIR"
bus_pid="" daemon_pid="" monitor_pid="" peer_pid=""
cleanup() {
    for p in $peer_pid $monitor_pid $daemon_pid $bus_pid; do kill "$p" 2>/dev/null; done
    [ -n "${KEEP:-}" ] && echo "kept $W" || rm -rf "$W"
}
trap cleanup EXIT

# The test user: forcetouchd never runs as root. As root the test runs everything as nobody,
# and uses daemon (uid 1) as the other user; otherwise as the caller, without that check.
if [ "$(id -u)" = 0 ]; then
    USERNAME=nobody OTHER=daemon
else
    USERNAME="$(id -un)" OTHER=""
fi
U="$(id -u "$USERNAME")" G="$(id -g "$USERNAME")"
# As root the programs run as nobody, who cannot enter a clone in a private directory (root's
# home, a `mktemp -d`): they would fail with nothing but "not provided" from the bus. Copies it
# can reach are made in $W (the shipped device database beside them, as installed), and if
# even $W is out of its reach the suite says so in one line before anything runs.
if [ "$(id -u)" = 0 ]; then
    if ! setpriv --reuid="$U" --regid="$G" --clear-groups test -x "$W"; then
        echo "dbus-on-host: $USERNAME cannot reach $W, where the test runs: TMPDIR=${TMPDIR:-/tmp} is private;" \
            "run with TMPDIR set to a directory others can enter (TMPDIR=/tmp)" >&2
        exit 1
    fi
    if ! setpriv --reuid="$U" --regid="$G" --clear-groups test -x "$BIN/forcetouchd"; then
        mkdir -p "$W/bin" "$W/share/forcetouch"
        cp "$BIN/forcetouchd" "$BIN/forcectl" "$BIN/forcetest" "$W/bin/"
        cp -r quirks "$W/share/forcetouch/quirks"
        chmod -R a+rX "$W/bin" "$W/share"
        echo "dbus-on-host: $USERNAME cannot reach $BIN (a directory above it is private): running copies in $W/bin"
        BIN="$W/bin"
    fi
fi
HOMEDIR="$W/home" RUNTIME="$W/run"
mkdir -p "$HOMEDIR/.config/forcetouch" "$RUNTIME"
chmod 700 "$RUNTIME"
as_user() {
    if [ "$(id -u)" = 0 ]; then setpriv --reuid="$U" --regid="$G" --clear-groups "${user_env[@]}" "$@"
    else "${user_env[@]}" "$@"; fi
}
# bg_user COMMAND…: as_user in the background, $! being the command's own pid (to kill it).
bg_user() { ( if [ "$(id -u)" = 0 ]; then exec setpriv --reuid="$U" --regid="$G" --clear-groups "${user_env[@]}" "$@"
              else exec "${user_env[@]}" "$@"; fi ) & }

CONFIG="$HOMEDIR/.config/forcetouch/forcetouch.toml"
cat > "$CONFIG" <<TOML
[[quick-action]]
type = "compose"
title = "New message"
exec = ["true"]

[[intent]]
name = "greet"
handler = ["sh", "-c", "echo hello"]
[intent.parameters.who]
type = "string"
TOML
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"

# ---------------------------------------------------------------- the session bus
command -v dbus-daemon > /dev/null && command -v busctl > /dev/null && command -v gdbus > /dev/null
check "dbus-daemon, busctl and gdbus are installed (scripts/install-deps.sh)" test $? -eq 0 || { summary dbus-on-host; exit 1; }
user_env=(env -i "HOME=$HOMEDIR" "USER=$USERNAME" "PATH=$BIN:/usr/bin:/bin" "XDG_RUNTIME_DIR=$RUNTIME" LANG=C.UTF-8)
as_user timeout 10 dbus-daemon --session --fork --print-address=1 --print-pid=1 \
    --address="unix:path=$RUNTIME/bus" > "$W/bus.txt" 2> "$W/bus.err"
ADDRESS="$(sed -n 1p "$W/bus.txt")" bus_pid="$(sed -n 2p "$W/bus.txt")"
check "a session dbus-daemon runs for the test user ($ADDRESS)" test -n "$ADDRESS" -a -n "$bus_pid"
user_env+=("DBUS_SESSION_BUS_ADDRESS=$ADDRESS")
ROOT_PATH=/io/github/forcetouch/Daemon1
# matches STRING PATTERN: STRING matches the glob PATTERN (quoted parts literal).
matches() { eval "[[ \"\$1\" == $2 ]]"; }
gcall() { as_user timeout 20 gdbus call --session -d io.github.forcetouch.Daemon1 -o "$ROOT_PATH" -m "io.github.forcetouch.Daemon1.$1" "${@:2}"; }

# ---------------------------------------------------------------- the daemon on the bus
bg_user "$BIN/forcetouchd" > "$W/daemon.log" 2>&1
daemon_pid=$!
check "forcetouchd takes io.github.forcetouch.Daemon1 on the session bus" \
    wait_for 'D-Bus: io.github.forcetouch.Daemon1 on the session bus' "$W/daemon.log" 20
check "its log lines are plain, without a timestamp of their own" \
    bash -c "grep -q '^info: ready: ' '$W/daemon.log' && ! grep -Eq '^[0-9]{4}-[0-9]{2}-[0-9]{2}' '$W/daemon.log'"
# Idle on the bus, the daemon sleeps: not one context switch in 3 s.
switches() { awk '/^(voluntary|nonvoluntary)_ctxt_switches/ { n += $2 } END { print n }' "/proc/$daemon_pid/status"; }
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
bg_user timeout 20 dbus-monitor --address "$ADDRESS" \
    "type='signal',interface='org.freedesktop.DBus.Properties',path='$ROOT_PATH'" \
    "type='signal',interface='io.github.forcetouch.Daemon1'" > "$W/monitor.txt" 2>&1
monitor_pid=$!
sleep 0.5
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
bg_user "$W/bus-peer" io.github.forcetouch.Overlay1 < /dev/null > "$W/peer.log" 2>&1
peer_pid=$!
check "the bus's own NameOwnerChanged is: a client taking Overlay1 is the overlay" \
    bash -c "for _ in \$(seq 100); do [ \"\$(grep -c 'Overlay1 on the bus: quick' '$W/daemon.log')\" = 1 ] && exit 0; sleep 0.1; done; exit 1"
overlay_unique="$(awk '/^owned / { print $3 }' "$W/peer.log")"
forge "$overlay_unique" ''
check "a forged NameOwnerChanged (Overlay1 gone) is not believed ($(gone) departure logged)" test "$(gone)" = 0
kill "$peer_pid"
peer_pid=""
check "... and the bus's is, when the overlay goes" \
    bash -c "for _ in \$(seq 100); do [ \"\$(grep -c 'overlay gone from the bus' '$W/daemon.log')\" = 1 ] && exit 0; sleep 0.1; done; exit 1"

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
bg_user timeout 30 dbus-monitor --address "$ADDRESS" \
    "type='signal',interface='io.github.forcetouch.Daemon1'" \
    "type='signal',interface='org.freedesktop.DBus.ObjectManager'" > "$W/replay-monitor.txt" 2>&1
monitor_pid=$!
sleep 0.5
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

# ---------------------------------------------------------------- no session bus
as_user env -u DBUS_SESSION_BUS_ADDRESS timeout 60 "$BIN/forcetouchd" --replay "$W/demo.evemu" > "$W/nobus.log" 2>&1
check "without a session bus the daemon says so in one line and runs" \
    bash -c "[ \$? -eq 0 ] && [ \"\$(grep -c 'D-Bus' '$W/nobus.log')\" = 1 ] && grep -q 'running without it' '$W/nobus.log'"

summary dbus-on-host
