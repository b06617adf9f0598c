#!/usr/bin/env bash
# README "Install and run", command for command, inside the QEMU guest against a real systemd
# user manager (/lib/systemd/systemd --user, systemd 252) run for an ordinary test user, with
# a real systemd-journald: make install, the udev reload and trigger, daemon-reload,
# import-environment, enable --now, journalctl --user -u forcetouchd -f, then reload (SIGHUP),
# the unit's hardening as seen by a bound action, an app launched as a transient unit of its
# own, and stop.
# Usage: vm/run-guest.sh [--share OUTDIR] -- Tests/Integration/systemd-user-in-guest.sh [OUTDIR]
# OUTDIR (default: a new mktemp -d) receives the journal and the manager's view when done.
# FORCETOUCH_BIN (absolute, or relative to the project; default .build/debug) picks the
# binaries `make install` installs. The Makefile's `build` prerequisite is skipped
# (make -o build: only install's own recipe runs): in the guest under TCG,
# `make install CONFIGURATION=debug` with an up-to-date debug build was still in
# `swift build` ("Building for debugging...") when killed after 300 s.
set -uo pipefail
ROOT="$PWD"
. "$ROOT/Tests/Integration/lib.sh"   # pass/fail, ok, bad, check, wait_for, summary
. "$ROOT/Tests/Documented/lib.sh"    # doc: the README's commands, run as written
case "${FORCETOUCH_BIN:-.build/debug}" in
    /*) BIN="$FORCETOUCH_BIN" ;;
    *) BIN="$ROOT/${FORCETOUCH_BIN:-.build/debug}" ;;
esac
REC="$ROOT/Tests/Integration/recordings"
OUT="${1:-$(mktemp -d)}"
W="$(mktemp -d)"                     # scratch: logs, the probe's reports
chmod 755 "$W"
DOC_DIR="$W/doc" && mkdir -m 777 "$DOC_DIR"
T0=$SECONDS
step() { echo "--- [$((SECONDS - T0)) s] $*"; }
# The README's `sudo …` lines: this script already runs as root, and the guest has no sudo.
sudo() { "$@"; }
export -f sudo

manager_pid="" journal_pid="" follow_pid="" device_pid="" monitor_pid=""
cleanup() {
    for p in $follow_pid $device_pid $monitor_pid; do kill "$p" 2>/dev/null; done
    if [ -n "$manager_pid" ] && kill -0 "$manager_pid" 2>/dev/null; then
        as_user systemctl --user exit 2>/dev/null
        for _ in $(seq 50); do kill -0 "$manager_pid" 2>/dev/null || break; sleep 0.2; done
        kill "$manager_pid" 2>/dev/null
    fi
    # What a failure needs: both journals (root reads them all) and the manager's units.
    journalctl --no-pager -o short-precise > "$OUT/systemd-journal.txt" 2>&1
    cp "$W"/*.txt "$W"/*.log "$OUT/" 2>/dev/null
    [ -n "$journal_pid" ] && kill "$journal_pid" 2>/dev/null
}
trap cleanup EXIT

# ---------------------------------------------------------------- what a systemd boot provides
step "cgroup2, journald, udevd"
# The guest's PID 1 is busybox: no cgroup hierarchy is mounted and every process is in the root.
mountpoint -q /sys/fs/cgroup || mount -t cgroup2 cgroup2 /sys/fs/cgroup
# `systemd --user` refuses to start ("Trying to run as user instance, but the system has not been
# booted with systemd.") unless sd_booted(), i.e. /run/systemd/system exists.
mkdir -p /run/systemd/system
# journald, started by hand (it binds /run/systemd/journal/{socket,stdout,dev-log} itself);
# --flush moves it from /run/log/journal to /var/log/journal, where it splits per user
# (user-UID.journal, readable by that user through an ACL): `journalctl --user` reads only those.
mkdir -p /var/log/journal
/lib/systemd/systemd-journald > "$W/journald.log" 2>&1 &
journal_pid=$!
for _ in $(seq 100); do [ -S /run/systemd/journal/stdout ] && break; sleep 0.1; done
check "systemd-journald runs and listens on /run/systemd/journal/stdout" test -S /run/systemd/journal/stdout
journalctl --flush
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add --subsystem-match=input --subsystem-match=misc > /dev/null 2>&1
udevadm settle --timeout=60

# A pressure touchscreen that is there before the rule is installed, as on a real machine.
evemu-device "$REC/pressure-touchscreen.desc" > "$W/evemu-device.txt" 2>&1 &
device_pid=$!
wait_for ': /dev/input/event[0-9]+' "$W/evemu-device.txt" 20
node="$(grep -o '/dev/input/event[0-9]*' "$W/evemu-device.txt" | head -1)"
check "a pressure touchscreen exists before make install ($node)" test -n "$node"
udevadm settle --timeout=30
check "before make install udev does not mark it (no FORCETOUCH_DEVICE)" \
    bash -c "! udevadm info '$node' | grep -q FORCETOUCH_DEVICE=1"

# ---------------------------------------------------------------- the test user and its session
step "user, runtime dir, delegated cgroup"
# uid >= 1000 (useradd's default): journald keeps system users' (and nobody's) messages in the
# system journal, which `journalctl --user` does not read.
login_user ftsysd /usr/local/bin:/usr/bin:/bin
check "the test user exists with uid >= 1000 ($U)" test "$U" -ge 1000
prop() { as_user systemctl --user show -p "$1" --value forcetouchd; }   # a property of the unit

# The user's own configuration: a tap runs the probe, which reports what the unit's hardening
# leaves its actions (and the environment they get).
cat > "$W/probe.sh" <<'PROBE'
#!/bin/sh
# probe.sh OUTFILE: what this process may do, one key=value a line.
out="$1"
{
    echo "gesture=${FORCETOUCH_GESTURE:-}"
    echo "uid=$(id -u)"
    echo "umask=$(umask)"
    echo "display=${DISPLAY:-}"
    sed -n 's/^\(NoNewPrivs\|Seccomp\):[[:space:]]*/\1=/p' /proc/self/status
    python3 -c '
import mmap
try:
    mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    print("wx-mmap=allowed")
except OSError as e:
    print("wx-mmap=denied errno=%d" % e.errno)'
    if unshare --user true 2>/dev/null; then echo "unshare-user=allowed"; else echo "unshare-user=denied"; fi
    if setarch linux32 true 2>/dev/null; then echo "personality=allowed"; else echo "personality=denied"; fi
    f="$(mktemp)"
    if chmod u+s "$f" 2>/dev/null && [ -u "$f" ]; then echo "setuid-bit=allowed"; else echo "setuid-bit=denied"; fi
    rm -f "$f"
    echo "end"
} > "$out.new" 2>&1
mv "$out.new" "$out"
PROBE
chmod 755 "$W/probe.sh"
mkdir -p "$W/reports" && chown "$U:$G" "$W/reports"
CONFIG="$HOMEDIR/.config/forcetouch/forcetouch.toml"
mkdir -p "$(dirname "$CONFIG")"
cat > "$CONFIG" <<TOML
[general]
action-timeout = 30.0

[[binding]]
gesture = "tap"
exec = ["$W/probe.sh", "$W/reports/unit.txt"]
TOML
chown -R "$U:$G" "$HOMEDIR/.config"

# ---------------------------------------------------------------- sudo make install
step "sudo make install"
make_args=(-o build install CONFIGURATION=debug)
if [ "$(realpath -m "$BIN")" = "$(realpath -m "$ROOT/.build/debug")" ]; then
    make_dir="$ROOT"
else
    # The project's Makefile and files, with .build/debug = $BIN (the project stays untouched).
    make_dir="$W/project"
    mkdir -p "$make_dir/.build"
    for f in Makefile udev-rules systemd config scripts docs quirks LICENSE Sources; do ln -s "$ROOT/$f" "$make_dir/$f"; done
    ln -s "$BIN" "$make_dir/.build/debug"
    ln -s "$ROOT/.build/man" "$make_dir/.build/man"
fi
# `make` with the build step taken as done (-o build): the binaries are built already.
# The manual pages as made (-o man): vm/run-tests.sh made them on the host.
make() { command make -C "$make_dir" -o build -o man CONFIGURATION=debug "$@"; }
export -f make && export make_dir
t=$SECONDS
doc <<'CMD'
sudo make install
CMD
echo "make install: exit $doc_status after $((SECONDS - t)) s"
check "make install succeeds" test "$doc_status" -eq 0
unset -f make
UNIT=/usr/local/lib/systemd/user/forcetouchd.service
check "the unit is installed with @BINDIR@ substituted" grep -qx 'ExecStart=/usr/local/bin/forcetouchd' "$UNIT"
check "the D-Bus interfaces' XML is installed in /usr/local/share/dbus-1/interfaces" \
    cmp /usr/local/share/dbus-1/interfaces/io.github.forcetouch.Daemon1.xml "$ROOT/dbus/io.github.forcetouch.Daemon1.xml"
check "the binaries, the udev rule and the default configuration are installed" \
    test -x /usr/local/bin/forcetouchd -a -x /usr/local/bin/forcectl -a -x /usr/local/bin/forcetest \
         -a -f /etc/udev/rules.d/70-forcetouch.rules -a -f /etc/forcetouch/forcetouch.toml

# ---------------------------------------------------------------- sudo udevadm control --reload && trigger
step "udevadm control --reload && udevadm trigger"
# Stand-in for logind's uaccess ACL (no logind here): a node the project's rule marked becomes
# readable by everyone, so the daemon's user may open it. It keys on the project rule's own
# FORCETOUCH_DEVICE=1, so it still tests that rule.
cat > /etc/udev/rules.d/71-forcetouch-test.rules <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{FORCETOUCH_DEVICE}=="1", MODE="0666"
KERNEL=="uinput", MODE="0666"
RULES
doc <<'CMD'
sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input
CMD
check "udevadm control --reload && udevadm trigger succeed" test "$doc_status" -eq 0
udevadm settle --timeout=60
check "after the trigger the touchscreen has FORCETOUCH_DEVICE=1 and the uaccess tag" \
    bash -c "udevadm info '$node' | grep -q 'E: FORCETOUCH_DEVICE=1' && udevadm info '$node' | grep -q 'uaccess'"

# ---------------------------------------------------------------- the user manager
step "systemd --user"
# The manager logs to the journal as under user@.service (where stderr is the journal).
start_user_manager "$W/manager-stderr.log"
echo "user manager (pid $manager_pid): $manager_state after $((SECONDS - T0)) s"
check "the user manager is running (is-system-running: $manager_state)" test "$manager_state" = running
check "the manager moved itself into its delegated cgroup's init.scope" \
    grep -qx "0::/user.slice/user-$U.slice/user@$U.service/init.scope" "/proc/$manager_pid/cgroup"
# systemctl --user reaches the manager over $XDG_RUNTIME_DIR/systemd/private, not the session
# bus: with a bogus bus address it still works.
check "systemctl --user talks over \$XDG_RUNTIME_DIR/systemd/private (no session bus needed)" \
    as_user DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent systemctl --user --quiet is-system-running

# ---------------------------------------------------------------- systemctl --user daemon-reload
step "systemctl --user daemon-reload"
# From here on the README's commands are the user's.
doc_runner=(setpriv --reuid="$U" --regid="$G" --init-groups "${user_env[@]}")
doc <<'CMD'
systemctl --user daemon-reload
CMD
check "systemctl --user daemon-reload" test "$doc_status" -eq 0
check "the manager finds the unit in /usr/local/lib/systemd/user" test "$(prop FragmentPath)" = "$UNIT"

# ---------------------------------------------------------------- import-environment
step "systemctl --user import-environment DISPLAY WAYLAND_DISPLAY"
# A session with an X display and no Wayland one.
doc_runner+=(DISPLAY=:0)
doc <<'CMD'
systemctl --user import-environment DISPLAY WAYLAND_DISPLAY
CMD
unset 'doc_runner[-1]'
check "import-environment succeeds" test "$doc_status" -eq 0
as_user systemctl --user show-environment > "$W/show-environment.txt" 2>&1
check "the manager's environment has DISPLAY=:0" grep -qx 'DISPLAY=:0' "$W/show-environment.txt"

# ---------------------------------------------------------------- enable --now
step "systemctl --user enable --now forcetouchd"
t=$SECONDS
doc <<'CMD'
systemctl --user enable --now forcetouchd
CMD
echo "enable --now: exit $doc_status after $((SECONDS - t)) s"
check "systemctl --user enable --now forcetouchd succeeds" test "$doc_status" -eq 0
check "enable linked it into graphical-session.target.wants" \
    test -L "$HOMEDIR/.config/systemd/user/graphical-session.target.wants/forcetouchd.service"
check "is-enabled: enabled" test "$(as_user systemctl --user is-enabled forcetouchd)" = enabled
# Type=notify: the start job (and so enable --now) finishes only when READY=1 arrives.
check "active (running) right after enable --now returns (READY=1 arrived)" \
    test "$(prop ActiveState)/$(prop SubState)" = active/running
check "the daemon's STATUS= is the unit's status text (1 device(s))" test "$(prop StatusText)" = "1 device(s)"
main_pid="$(prop MainPID)"
echo "MainPID $main_pid, cgroup $(cat "/proc/$main_pid/cgroup" 2>/dev/null)"
check "the daemon runs as the user, in app.slice/forcetouchd.service" \
    bash -c "[ \"\$(stat -c %u /proc/$main_pid)\" = $U ] &&
             grep -q '/user@$U.service/app.slice/forcetouchd.service\$' /proc/$main_pid/cgroup"
check "the daemon got DISPLAY from import-environment" \
    bash -c "tr '\\0' '\\n' < /proc/$main_pid/environ | grep -qx 'DISPLAY=:0'"
as_user systemctl --user status forcetouchd --no-pager > "$W/status-started.txt" 2>&1
cat "$W/status-started.txt"
check "systemctl --user status: active (running)" grep -q 'Active: active (running)' "$W/status-started.txt"

# ---------------------------------------------------------------- journalctl --user -u forcetouchd -f
step "journalctl --user -u forcetouchd -f"
doc --bg <<'CMD'
journalctl --user -u forcetouchd -f
CMD
follow_pid=$doc_pid
ln -s "$DOC_OUT" "$W/journal-follow.log"
check "journalctl --user -u forcetouchd -f shows the daemon's ready line" \
    wait_for 'forcetouchd\[[0-9]+\]: .*ready: 1 device\(s\), overall force capability available' "$W/journal-follow.log" 20
check "... and the configuration it read" \
    wait_for "configuration $CONFIG: 1 binding" "$W/journal-follow.log" 5
check "... and the manager's own line about starting the unit" \
    wait_for 'systemd\[[0-9]+\]: Started forcetouchd.service' "$W/journal-follow.log" 5

# ---------------------------------------------------------------- hardening, as a bound action sees it
step "hardening"
grep -E '^(NoNewPrivs|Seccomp|Seccomp_filters):' "/proc/$main_pid/status" | tr '\n' ' '; echo
check "the daemon has NoNewPrivs=1 and a seccomp filter" \
    bash -c "grep -q '^NoNewPrivs:[[:space:]]*1' /proc/$main_pid/status && grep -q '^Seccomp:[[:space:]]*2' /proc/$main_pid/status"
# The daemon opens a new device when udev has tagged it, which on a loaded machine takes
# seconds: the tap is played once the journal (followed above) says the daemon found it.
LOG="$(readlink -f "$W/journal-follow.log")"
play_through pressure-touchscreen.desc "$REC/tap.events"
check "a tap runs the bound action under the unit" wait_for '^end$' "$W/reports/unit.txt" 30
# The same probe as the same user outside the unit, for comparison.
as_user "$W/probe.sh" "$W/reports/baseline.txt"
echo "probe in the unit:     $(grep -v '^end$' "$W/reports/unit.txt" 2>/dev/null | tr '\n' ' ')"
echo "probe outside the unit: $(grep -v '^end$' "$W/reports/baseline.txt" 2>/dev/null | tr '\n' ' ')"
has() { grep -qx -- "$2" "$W/reports/$1.txt"; }
check "the action ran as the user with the tap's environment" has unit "gesture=tap"
check "the action inherits NoNewPrivileges and the seccomp filter" bash -c "grep -qx NoNewPrivs=1 '$W/reports/unit.txt' && grep -qx Seccomp=2 '$W/reports/unit.txt'"
check "UMask=0077 reaches the action" has unit "umask=0077"
check "the action sees DISPLAY=:0" has unit "display=:0"
check "MemoryDenyWriteExecute: W+X mmap denied (allowed outside the unit)" \
    bash -c "grep -q '^wx-mmap=denied' '$W/reports/unit.txt' && grep -qx wx-mmap=allowed '$W/reports/baseline.txt'"
if has baseline unshare-user=allowed; then
    check "RestrictNamespaces: unshare --user denied (allowed outside the unit)" has unit unshare-user=denied
else
    # The kernel refuses user namespaces to chrooted processes (EPERM), so there is no
    # difference to see here; the filter is there all the same (Seccomp=2 above).
    echo "NOTE: RestrictNamespaces not observable: unshare --user is denied outside the unit too (chroot)"
fi
check "LockPersonality: setarch linux32 denied (allowed outside the unit)" \
    bash -c "grep -qx personality=denied '$W/reports/unit.txt' && grep -qx personality=allowed '$W/reports/baseline.txt'"
check "RestrictSUIDSGID: chmod u+s denied (allowed outside the unit)" \
    bash -c "grep -qx setuid-bit=denied '$W/reports/unit.txt' && grep -qx setuid-bit=allowed '$W/reports/baseline.txt'"
no_hardening_failure() { ! journalctl --no-pager -q | grep -Ei 'forcetouchd\.service: .*(seccomp|failed to)'; }
check "the manager logged no failure to apply the hardening" no_hardening_failure

# ---------------------------------------------------------------- systemctl --user reload
step "systemctl --user reload forcetouchd"
# A long press launches an app: the probe, then a long sleep, as an app that stays open.
cat > "$W/launched.sh" <<SH
#!/bin/sh
"$W/probe.sh" "$W/reports/launched.txt"
exec sleep 600
SH
chmod 755 "$W/launched.sh"
cat >> "$CONFIG" <<TOML

[[binding]]
gesture = "long-press"
launch = ["$W/launched.sh"]
TOML
doc <<'CMD'
systemctl --user reload forcetouchd
CMD
check "systemctl --user reload forcetouchd" test "$doc_status" -eq 0
check "the daemon logs the reload (SIGHUP) with the new binding count" \
    wait_for "reloaded $CONFIG: 2 binding\\(s\\)" "$W/journal-follow.log" 20
check "the same process, still active (running)" \
    test "$(prop MainPID)/$(prop ActiveState)/$(prop SubState)" = "$main_pid/active/running"
as_user systemctl --user status forcetouchd --no-pager > "$W/status-reloaded.txt" 2>&1
check "status: ExecReload=/bin/kill -HUP \$MAINPID ran and exited 0" \
    grep -q 'ExecReload=/bin/kill -HUP \$MAINPID (code=exited, status=0/SUCCESS)' "$W/status-reloaded.txt"
check "systemctl --user status shows the reload in its log tail" grep -q 'reloaded ' "$W/status-reloaded.txt"

# ---------------------------------------------------------------- launch: an app of its own
step "launch"
play_through pressure-touchscreen.desc "$REC/long-press.events"
check "a long press launches the app" wait_for '^end$' "$W/reports/launched.txt" 30
doc <<'CMD'
systemctl --user list-units 'app-forcetouch-*'
CMD
cp "$DOC_OUT" "$W/app-units.txt"
app_unit="$(grep -o 'app-forcetouch-launched\.sh@[0-9a-f]\{8\}\.service' "$W/app-units.txt" | head -1)"
check "systemctl --user list-units 'app-forcetouch-*': its own transient unit, running ($app_unit)" \
    bash -c "[ -n '$app_unit' ] && grep -q '$app_unit.*active running' '$W/app-units.txt'"
app_pid="$(as_user systemctl --user show -p MainPID --value "$app_unit" 2>/dev/null)"
# A template instance sits in its template's slice: app.slice/app-app\x2dforcetouch…slice/UNIT.
check "the app runs in app.slice/…/$app_unit, not in the daemon's cgroup" \
    grep -q "/app.slice/.*/$app_unit\$" "/proc/$app_pid/cgroup"
check "the app inherits none of the daemon's hardening (NoNewPrivs=0, Seccomp=0, W+X mmap allowed)" \
    bash -c "has() { grep -qx -- \"\$1\" '$W/reports/launched.txt'; }; has NoNewPrivs=0 && has Seccomp=0 && has wx-mmap=allowed"
check "the app sees the session's DISPLAY=:0" grep -qx 'display=:0' "$W/reports/launched.txt"
check "systemctl --user restart forcetouchd" as_user systemctl --user restart forcetouchd
check "the app outlives the restart of the daemon" \
    test "$(as_user systemctl --user show -p ActiveState --value "$app_unit")/$(as_user systemctl --user show -p MainPID --value "$app_unit")" = "active/$app_pid"

# ---------------------------------------------------------------- D-Bus and the journal
step "the session bus; journalctl --user -u forcetouchd -p err"
user_unit_state() { as_user systemctl --user show -p ActiveState --value "$1"; }
# With dbus-user-session the manager listens on $XDG_RUNTIME_DIR/bus (dbus.socket) and gives its
# services DBUS_SESSION_BUS_ADDRESS: the daemon was on the session bus from the start, and its
# connection is what started the bus (socket activation).
check "the manager gives its services DBUS_SESSION_BUS_ADDRESS=unix:path=$RUNTIME/bus" \
    grep -qx "DBUS_SESSION_BUS_ADDRESS=unix:path=$RUNTIME/bus" "$W/show-environment.txt"
check "the daemon took io.github.forcetouch.Daemon1 on the session bus when it started" \
    grep -q "forcetouchd\[$main_pid\]: D-Bus: io.github.forcetouch.Daemon1 on the session bus" "$W/journal-follow.log"
check "... the bus that dbus.socket started for it (dbus.service active)" test "$(user_unit_state dbus.service)" = active
# A quick action whose command fails: an error the journal must hold at priority 3.
cat >> "$CONFIG" <<TOML

[[quick-action]]
type = "broken"
title = "Broken"
exec = ["false"]
TOML
at="$(mark "$W/journal-follow.log")"
as_user systemctl --user restart forcetouchd
check "on the user's session bus the restarted daemon takes io.github.forcetouch.Daemon1" \
    wait_for_new "$at" 'D-Bus: io.github.forcetouch.Daemon1 on the session bus' "$W/journal-follow.log" 30
bus_get() { as_user timeout 20 busctl --user get-property io.github.forcetouch.Daemon1 "$@" 2>&1; }
devices="$(bus_get /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 Devices)"
check "Devices lists the touchscreen's object ($devices)" test "$devices" = 'ao 1 "/io/github/forcetouch/Daemon1/devices/0"'
check "the overall Capability is available" \
    test "$(bus_get /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 Capability)" = 's "available"'
doc <<'CMD'
busctl --user introspect io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1/devices/0
CMD
check "busctl --user introspect shows the device's Device1 interface" \
    bash -c "grep -q '^io.github.forcetouch.Device1 *interface' '$DOC_OUT' && grep -q '^\.MaximumPossibleForce *property *d *6.66667' '$DOC_OUT'"
as_user timeout 20 busctl --user introspect --xml-interface io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1/devices/0 \
    > "$W/device-introspect.xml" 2>&1
iface() { awk -v name="$1" '$0 ~ "<interface name=\"" name "\">" { on = 1 } on { print } on && /<\/interface>/ { exit }' "$2"; }
same_device_interface() {
    [ -n "$(iface io.github.forcetouch.Device1 "$W/device-introspect.xml")" ] &&
        diff <(iface io.github.forcetouch.Device1 "$W/device-introspect.xml") \
             <(iface io.github.forcetouch.Device1 "$ROOT/dbus/io.github.forcetouch.Daemon1.xml")
}
check "Introspect's io.github.forcetouch.Device1 is dbus/io.github.forcetouch.Daemon1.xml's, line for line" same_device_interface
doc <<'CMD'
busctl --user get-property io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1/devices/0 io.github.forcetouch.Device1 Name Class Capability MaximumPossibleForce CalibrationSource
CMD
cp "$DOC_OUT" "$W/device-properties.txt"
check "the device's name, class, capability, maximumPossibleForce and calibration source" \
    test "$(cat "$W/device-properties.txt")" = "$(printf 's "%s"\ns "touchscreen"\ns "available"\nd 6.66667\ns "default"' \
        "$(sed -n 's/^N: //p' "$REC/pressure-touchscreen.desc")")"
check "... and its Node, Id, Reason and Emulated" \
    test "$(bus_get /io/github/forcetouch/Daemon1/devices/0 io.github.forcetouch.Device1 Node Emulated | tr '\n' ' ')" = "s \"$node\" b false "
idreason="$(bus_get /io/github/forcetouch/Daemon1/devices/0 io.github.forcetouch.Device1 Id Reason | tr '\n' '|')"
check "... its Id and Reason ($idreason)" grep -Eq '^s "[0-9a-f]{4}:[0-9a-f]{4}"\|s "ABS_MT_PRESSURE' <<< "$idreason"
doc <<'CMD'
busctl --user call io.github.forcetouch.Daemon1 /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 PerformQuickAction s broken
CMD
check "performing the broken quick action over D-Bus answers its failure" \
    test "$(cat "$DOC_OUT")" = 'ss "failure" "exited with status 1"'
sleep 1
doc <<'CMD'
journalctl --user -u forcetouchd -p err
CMD
cp "$DOC_OUT" "$W/journal-err.txt"
check "journalctl --user -u forcetouchd -p err shows the failed action" \
    grep -q 'forcetouchd\[[0-9]*\]: action D-Bus perform broken → broken: failure: exited with status 1' "$W/journal-err.txt"
check "... and none of the info lines (ready, dispatch, D-Bus)" \
    bash -c "! grep -Eq 'ready: |dispatch |D-Bus: io.github' '$W/journal-err.txt'"
as_user journalctl --user -u forcetouchd -p info..info --no-pager -q > "$W/journal-info.txt" 2>&1
check "the info lines are in the journal all the same, at priority 6 (info..info)" grep -q 'ready: 1 device' "$W/journal-info.txt"
as_user journalctl --user -u forcetouchd -p err -o verbose --no-pager > "$W/journal-err-verbose.txt" 2>&1
check "the error entry is native: PRIORITY=3, SYSLOG_IDENTIFIER=forcetouchd" \
    bash -c "grep -q '^    PRIORITY=3$' '$W/journal-err-verbose.txt' && grep -q '^    SYSLOG_IDENTIFIER=forcetouchd$' '$W/journal-err-verbose.txt'"
check "... with FORCETOUCH_BINDING and FORCETOUCH_RESULT=failure" \
    bash -c "grep -q '^    FORCETOUCH_BINDING=D-Bus perform broken → broken$' '$W/journal-err-verbose.txt' &&
             grep -q '^    FORCETOUCH_RESULT=failure$' '$W/journal-err-verbose.txt'"
doc <<'CMD'
journalctl --user -u forcetouchd FORCETOUCH_RESULT=failure
CMD
check "journalctl --user -u forcetouchd FORCETOUCH_RESULT=failure: the failed action, not the tap's success" \
    bash -c "grep -q 'broken: failure' '$DOC_OUT' && ! grep -q ': success' '$DOC_OUT'"
as_user journalctl --user -u forcetouchd FORCETOUCH_GESTURE=tap -o verbose --no-pager > "$W/journal-tap.txt" 2>&1
device_name="$(sed -n 's/^N: //p' "$REC/pressure-touchscreen.desc")"
check "the tap's dispatch is found by FORCETOUCH_GESTURE=tap, with FORCETOUCH_DEVICE=$device_name and its binding" \
    bash -c "grep -q 'MESSAGE=dispatch ' '$W/journal-tap.txt' && grep -q '^    FORCETOUCH_DEVICE=$device_name\$' '$W/journal-tap.txt' &&
             grep -q '^    FORCETOUCH_BINDING=binding\[1\] (line 4) tap ended\$' '$W/journal-tap.txt'"
as_user journalctl --user -u forcetouchd "FORCETOUCH_NODE=$node" -o verbose --no-pager > "$W/journal-node.txt" 2>&1
check "the device's lines are found by FORCETOUCH_NODE=$node" grep -q 'MESSAGE=device .*: found, capability available' "$W/journal-node.txt"

# Unplugged: CapabilityChanged, and the device's object goes (InterfacesRemoved).
(exec setpriv --reuid="$U" --regid="$G" --init-groups "${user_env[@]}" timeout 30 dbus-monitor \
    --address "unix:path=$RUNTIME/bus" "type='signal',interface='io.github.forcetouch.Daemon1'" \
    "type='signal',interface='org.freedesktop.DBus.ObjectManager'") > "$W/unplug-monitor.txt" 2>&1 &
monitor_pid=$!
wait_for 'member=NameLost' "$W/unplug-monitor.txt" 20   # dbus-monitor monitors from then on
kill "$device_pid" 2>/dev/null; device_pid=""
check "unplugging the touchscreen signals CapabilityChanged ... unknown" \
    bash -c "for _ in \$(seq 200); do tr -s ' ' < '$W/unplug-monitor.txt' | tr '\n' '|' |
             grep -q 'member=CapabilityChanged| object path \"/io/github/forcetouch/Daemon1/devices/0\"| string \"$node\"| string \"unknown\"' && exit 0; sleep 0.1; done; exit 1"
check "... and InterfacesRemoved for its object" wait_for 'member=InterfacesRemoved' "$W/unplug-monitor.txt" 10
check "Devices is empty again" \
    test "$(bus_get /io/github/forcetouch/Daemon1 io.github.forcetouch.Daemon1 Devices)" = "ao 0"
kill "$monitor_pid" 2>/dev/null

# ---------------------------------------------------------------- the overlay's unit
step "systemctl --user enable --now forcetouch-overlay"
# The overlay draws in the session's display: an Xvfb of the user's stands in for it, on a
# display number free here (the guest's /tmp shows the host's), given to the manager.
D=20
while [ -e "/tmp/.X$D-lock" ] || [ -e "/tmp/.X11-unix/X$D" ]; do D=$(( D + 1 )); done
( exec setpriv --reuid="$U" --regid="$G" --init-groups "${user_env[@]}" Xvfb ":$D" -screen 0 1024x768x24 -nolisten tcp ) \
    > "$W/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 300); do [ -e "/tmp/.X11-unix/X$D" ] && break; sleep 0.1; done
as_user systemctl --user set-environment "DISPLAY=:$D"
at="$(mark "$W/journal-follow.log")"
check "the overlay's unit is installed with @BINDIR@ substituted" \
    grep -qx 'ExecStart=/usr/local/bin/forcetouch-overlay' /usr/local/lib/systemd/user/forcetouch-overlay.service
check "systemctl --user enable --now forcetouch-overlay succeeds" as_user systemctl --user enable --now forcetouch-overlay
overlay_state="$(as_user systemctl --user show -p ActiveState -p SubState --value forcetouch-overlay | tr '\n' /)"
check "active (running) once it owns its bus name (Type=dbus): $overlay_state" test "$overlay_state" = active/running/
check "... enabled for graphical-session.target" \
    test -L "$HOMEDIR/.config/systemd/user/graphical-session.target.wants/forcetouch-overlay.service"
check "the daemon sees it on the session bus and shows its menus through it" \
    wait_for_new "$at" 'forcetouchd\[[0-9]+\]: overlay io.github.forcetouch.Overlay1 on the bus' "$W/journal-follow.log" 30
check "systemctl --user disable --now forcetouch-overlay" as_user systemctl --user disable --now forcetouch-overlay
check "the daemon sees it go" \
    wait_for_new "$at" 'forcetouchd\[[0-9]+\]: overlay gone from the bus' "$W/journal-follow.log" 30
as_user systemctl --user set-environment DISPLAY=:0
kill "$xvfb_pid" 2>/dev/null

# ---------------------------------------------------------------- stop
step "systemctl --user stop forcetouchd"
check "systemctl --user stop forcetouchd" as_user systemctl --user stop forcetouchd
check "the daemon logs stopping on SIGTERM" wait_for 'stopping on signal 15' "$W/journal-follow.log" 20
check "inactive (not failed) after stop" test "$(prop ActiveState)" = inactive
check "the app outlives the stop of the daemon too" \
    test "$(as_user systemctl --user show -p ActiveState --value "$app_unit")" = active
as_user systemctl --user stop "$app_unit" 2>/dev/null
kill "$follow_pid" 2>/dev/null; follow_pid=""

# ---------------------------------------------------------------- sudo make uninstall
step "sudo make uninstall"
doc_runner=()
make() { command make -C "$make_dir" CONFIGURATION=debug "$@"; }
export -f make
doc <<'CMD'
sudo make uninstall
CMD
unset -f make
check "make uninstall succeeds" test "$doc_status" -eq 0
check "the programs, the unit, the rule, the configuration, the manual pages and completions are gone" \
    test ! -e /usr/local/bin/forcetouchd -a ! -e "$UNIT" -a ! -e /etc/udev/rules.d/70-forcetouch.rules \
         -a ! -e /etc/forcetouch -a ! -e /usr/local/share/man/man8/forcetouchd.8.gz \
         -a ! -e /usr/local/share/bash-completion/completions/forcectl -a ! -e /usr/local/share/forcetouch
step "done"
summary systemd-user-integration
