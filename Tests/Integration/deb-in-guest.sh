#!/usr/bin/env bash
# README "Install from a Debian package", inside the QEMU guest: `dpkg -i` the .deb `make deb`
# built on the host, then what it installed, from the installed paths only: its postinst applied
# the udev rule to a device already plugged in, the programs need no Swift toolchain, forcetouchd
# from /usr/bin runs as an ordinary user on a uinput touchscreen and runs a bound tap, `man
# forcetouchd` renders, the bash completion loads, `systemd-analyze --user verify` passes on the
# installed unit, a real systemd user manager starts it (`enable --now`, and each of the README's
# sway, i3 and Hyprland lines, in a session that never reaches graphical-session.target); then
# the installed /etc/forcetouch/forcetouch.toml binds the default (--check-config), with which a
# deep press on nothing on a claimed touchscreen shows nothing and reaches the desktop whole; an
# upgrade keeps an edited configuration and says where the new default is; then
# `dpkg --purge` leaves nothing of what the package listed.
# Usage: vm/run-guest.sh [--share OUTDIR] -- Tests/Integration/deb-in-guest.sh [OUTDIR]
# FORCETOUCH_DEB (default: the forcetouch_<version>_<arch>.deb in the project root) is the package.
set -uo pipefail
ROOT="$PWD"
. "$ROOT/Tests/Integration/lib.sh"   # pass/fail, ok, bad, check, wait_for, summary
. "$ROOT/Tests/Documented/lib.sh"    # doc: the README's commands, run as written
REC="$ROOT/Tests/Integration/recordings"
OUT="${1:-$(mktemp -d)}"
W="$(mktemp -d)"
chmod 755 "$W"
DOC_DIR="$W/doc" && mkdir -m 777 "$DOC_DIR"
T0=$SECONDS
step() { echo "--- [$((SECONDS - T0)) s] $*"; }
# The README's `sudo …` lines: this script already runs as root, and the guest has no sudo.
sudo() { "$@"; }
export -f sudo

version="$(sed -n 's/.*static let string = "\(.*\)"/\1/p' "$ROOT/Sources/ForceTouchCommandLine/ForceTouchVersion.swift")"
DEB="${FORCETOUCH_DEB:-$ROOT/forcetouch_${version}_$(dpkg --print-architecture).deb}"

manager_pid="" journal_pid="" device_pid="" daemon_pid="" follow_pid=""
cleanup() {
    for p in $daemon_pid $device_pid $follow_pid; do kill "$p" 2>/dev/null; done
    if [ -n "$manager_pid" ] && kill -0 "$manager_pid" 2>/dev/null; then
        as_user systemctl --user exit 2>/dev/null
        for _ in $(seq 50); do kill -0 "$manager_pid" 2>/dev/null || break; sleep 0.2; done
        kill "$manager_pid" 2>/dev/null
    fi
    journalctl --no-pager -o short-precise > "$OUT/deb-journal.txt" 2>&1
    mkdir -p "$OUT/deb" && cp "$W"/*.txt "$W"/*.log "$DOC_DIR"/* "$OUT/deb/" 2>/dev/null
    [ -n "$journal_pid" ] && kill "$journal_pid" 2>/dev/null
}
trap cleanup EXIT

step "the package"
check "the package is there ($DEB)" test -f "$DEB"
# Every path the package holds, and which of them this machine had before: after the purge each
# must be as it was (a directory such as /usr/bin stays, forcetouch's own are gone).
dpkg-deb -c "$DEB" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | grep -v '^/\?$' > "$W/contents.txt"
while IFS= read -r p; do [ -e "$p" ] && echo "$p"; done < "$W/contents.txt" > "$W/before.txt"
echo "$(wc -l < "$W/contents.txt") paths in the package, $(wc -l < "$W/before.txt") of them here before"

# ---------------------------------------------------------------- what a systemd boot provides
step "cgroup2, journald, udevd"
mountpoint -q /sys/fs/cgroup || mount -t cgroup2 cgroup2 /sys/fs/cgroup
mkdir -p /run/systemd/system          # sd_booted(): `systemd --user` refuses to start without it
mkdir -p /var/log/journal
/lib/systemd/systemd-journald > "$W/journald.log" 2>&1 &
journal_pid=$!
for _ in $(seq 100); do [ -S /run/systemd/journal/stdout ] && break; sleep 0.1; done
journalctl --flush
# Stand-in for logind's uaccess ACLs (no logind here), keyed on the package rule's own mark.
cat > /etc/udev/rules.d/71-forcetouch-test.rules <<'RULES'
SUBSYSTEM=="input", KERNEL=="event*", ENV{FORCETOUCH_DEVICE}=="1", MODE="0666"
KERNEL=="uinput", MODE="0666"
RULES
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add --subsystem-match=input --subsystem-match=misc > /dev/null 2>&1
udevadm settle --timeout=60

# A touchscreen plugged in before the package is installed.
evemu-device "$REC/pressure-touchscreen.desc" > "$W/evemu-device.txt" 2>&1 &
device_pid=$!
wait_for ': /dev/input/event[0-9]+' "$W/evemu-device.txt" 20
node="$(grep -o '/dev/input/event[0-9]*' "$W/evemu-device.txt" | head -1)"
udevadm settle --timeout=30
check "a touchscreen is plugged in, not marked by any forcetouch rule yet ($node)" \
    bash -c "[ -n '$node' ] && ! udevadm info '$node' | grep -q FORCETOUCH_DEVICE=1"

# ---------------------------------------------------------------- dpkg -i
step "sudo dpkg -i forcetouch_*.deb"
# man-db's dpkg trigger would build the manual page index of every page on this machine (the
# host's root, read over 9p under TCG: many minutes; this root has no index yet). The guest goes
# without, as a machine with man-db/auto-update set to false does: `man NAME` finds a page
# without the index.
rm -f /var/lib/man-db/auto-update
cd "$(dirname "$DEB")"
t=$SECONDS
doc <<'CMD'
sudo dpkg -i forcetouch_*.deb
CMD
echo "dpkg -i: exit $doc_status after $((SECONDS - t)) s"
cd "$ROOT"
check "dpkg -i succeeds" test "$doc_status" -eq 0
check "dpkg says forcetouch $version is installed" \
    test "$(dpkg-query -W -f='${Status} ${Version}' forcetouch 2>&1)" = "install ok installed $version"
dpkg -L forcetouch > "$W/dpkg-L.txt"
files() { while IFS= read -r p; do [ -d "$p" ] || echo "$p"; done < "$W/dpkg-L.txt"; }
files > "$W/files.txt"
echo "dpkg -L: $(wc -l < "$W/files.txt") files"
for p in /usr/bin/forcetouchd /usr/bin/forcetest /usr/bin/forcectl /usr/lib/udev/rules.d/70-forcetouch.rules \
         /usr/lib/systemd/user/forcetouchd.service /etc/forcetouch/forcetouch.toml \
         /usr/share/doc/forcetouch/copyright /usr/share/doc/forcetouch/examples/touchscreen-kiosk.toml \
         /usr/share/forcetouch/quirks/10-touchpads.quirks \
         /usr/share/man/man8/forcetouchd.8.gz /usr/share/man/man1/forcetest.1.gz /usr/share/man/man1/forcectl.1.gz \
         /usr/share/bash-completion/completions/forcectl /usr/share/zsh/vendor-completions/_forcectl \
         /usr/share/fish/vendor_completions.d/forcectl.fish \
         /usr/share/gnome-shell/extensions/forcetouch@forcetouch.github.io/extension.js \
         /usr/share/gnome-shell/extensions/forcetouch@forcetouch.github.io/metadata.json; do
    check "installed: $p" grep -qx "$p" "$W/files.txt"
done
check "the configuration is a conffile" bash -c "dpkg-query -W -f='\${Conffiles}' forcetouch | grep -q '/etc/forcetouch/forcetouch.toml'"
check "the unit runs /usr/bin/forcetouchd" grep -qx 'ExecStart=/usr/bin/forcetouchd' /usr/lib/systemd/user/forcetouchd.service
check "the configuration names the examples where the package put them" \
    grep -q '/usr/share/doc/forcetouch/examples' /etc/forcetouch/forcetouch.toml
check "the uinput line of the rule has static_node=uinput" \
    grep -q '^KERNEL=="uinput".*OPTIONS+="static_node=uinput"' /usr/lib/udev/rules.d/70-forcetouch.rules
# postinst: `udevadm control --reload-rules` and a trigger; nobody ran udevadm here.
udevadm settle --timeout=30
check "postinst applied the rule to the touchscreen already plugged in (FORCETOUCH_DEVICE=1, uaccess)" \
    bash -c "udevadm info '$node' | grep -q 'E: FORCETOUCH_DEVICE=1' && udevadm info '$node' | grep -q uaccess"
# static_node=uinput: udev tags the static /dev/uinput node when it starts (as at boot), so that
# logind can hand it to the user before anything has loaded the module.
udevadm control --exit
for _ in $(seq 100); do pgrep -x systemd-udevd > /dev/null || break; sleep 0.1; done
/lib/systemd/systemd-udevd --daemon
# The new udevd answers a ping from its event loop, which it enters after the static nodes.
udevadm control --ping --timeout=60
ls -l /run/udev/static_node-tags/uaccess/ 2>&1 | sed 's/^/static_node-tags\/uaccess: /'
check "after a udev restart, /dev/uinput is tagged uaccess as a static node (/run/udev/static_node-tags/uaccess/uinput)" \
    test "$(readlink /run/udev/static_node-tags/uaccess/uinput 2>/dev/null)" = /dev/uinput
ldd /usr/bin/forcetouchd > "$W/ldd.txt" 2>&1
cat "$W/ldd.txt"
check "the programs need no Swift toolchain library (the runtime is linked in)" \
    bash -c "! grep -qi 'swift\\|not found' '$W/ldd.txt'"
check "forcetouchd --version from /usr/bin: $version" test "$(/usr/bin/forcetouchd --version)" = "$version"

# ---------------------------------------------------------------- man, completions
step "man forcetouchd"
doc <<'CMD'
man forcetouchd
CMD
check "man forcetouchd exits 0" test "$doc_status" -eq 0
check "... and renders forcetouchd(8) with its options" \
    bash -c "grep -q '^FORCETOUCHD(8)' '$DOC_OUT' && grep -q -- '--check-config' '$DOC_OUT'"
MANPAGER=cat man forcectl > "$W/man-forcectl.txt" 2>&1
check "man forcectl renders forcectl(1)" grep -q '^FORCECTL(1)' "$W/man-forcectl.txt"
MANPAGER=cat man 1 forcetest > "$W/man-forcetest.txt" 2>&1
check "man 1 forcetest renders forcetest(1)" grep -q '^FORCETEST(1)' "$W/man-forcetest.txt"
bash -c 'source /usr/share/bash-completion/completions/forcectl && complete -p forcectl' > "$W/complete.txt" 2>&1
cat "$W/complete.txt"
check "the bash completion for forcectl loads and registers itself" grep -q 'complete .*forcectl$' "$W/complete.txt"
# What the completion offers after `forcectl `: the subcommands.
bash -c 'source /usr/share/bash-completion/completions/forcectl
    COMP_WORDS=(forcectl ""); COMP_CWORD=1; COMP_LINE="forcectl "; COMP_POINT=${#COMP_LINE}
    func=$(complete -p forcectl | sed "s/.*-F \([^ ]*\) .*/\1/"); $func forcectl "" forcectl
    printf "%s\n" "${COMPREPLY[@]}"' > "$W/completions.txt" 2>&1
check "... and completes forcectl's subcommands (status, devices, shortcuts)" \
    bash -c "grep -qx status '$W/completions.txt' && grep -qx devices '$W/completions.txt' && grep -qx shortcuts '$W/completions.txt'"
if command -v zsh > /dev/null; then
    check "the zsh completion parses" zsh -n /usr/share/zsh/vendor-completions/_forcectl
fi
if command -v fish > /dev/null; then
    check "the fish completion parses" fish --no-execute /usr/share/fish/vendor_completions.d/forcectl.fish
fi

# ---------------------------------------------------------------- the test user
step "user"
login_user ftdeb /usr/bin:/bin
prop() { as_user systemctl --user show -p "$1" --value forcetouchd; }
mkdir -p "$W/reports" && chown "$U:$G" "$W/reports"
CONFIG="$HOMEDIR/.config/forcetouch/forcetouch.toml"
mkdir -p "$(dirname "$CONFIG")"
cat > "$CONFIG" <<TOML
[[binding]]
gesture = "tap"
exec = ["sh", "-c", "echo \"\$FORCETOUCH_GESTURE \$FORCETOUCH_FINGERS\" >> $W/reports/taps.txt"]
TOML
chown -R "$U:$G" "$HOMEDIR/.config"

# ---------------------------------------------------------------- forcetouchd from /usr/bin, by hand
step "forcetouchd from /usr/bin as $USERNAME"
( as_user_exec /usr/bin/forcetouchd --verbose ) > "$W/daemon.log" 2>&1 &
daemon_pid=$!
check "forcetouchd from /usr/bin finds the touchscreen and is ready" \
    wait_for 'ready: 1 device\(s\), overall force capability available' "$W/daemon.log" 30
check "... with the user's configuration" grep -q "configuration $CONFIG: 1 binding" "$W/daemon.log"
# The tap is played into a device the daemon has opened (play_through, from lib.sh, with the
# installed forcetest), and so below.
BIN=/usr/bin LOG="$W/daemon.log"
play_through pressure-touchscreen.desc "$REC/tap.events"
check "a tap on a uinput touchscreen runs the bound action" wait_for '^tap 1$' "$W/reports/taps.txt" 30
kill "$daemon_pid" 2>/dev/null; wait "$daemon_pid" 2>/dev/null; daemon_pid=""
as_user /usr/bin/forcetest list > "$W/list.txt" 2>&1
check "/usr/bin/forcetest list as the user shows the touchscreen" grep -q 'touchscreen' "$W/list.txt"

# ---------------------------------------------------------------- the installed configuration
step "the default configuration: /etc/forcetouch/forcetouch.toml"
/usr/bin/forcetouchd --check-config --config /etc/forcetouch/forcetouch.toml > "$W/check-default.txt" 2>&1
cat "$W/check-default.txt"
check "the installed configuration binds the default, and --check-config says what: a deep press's menu of what is under the finger" \
    bash -c "grep -qF \"deep-press at peek → quick-actions: a link's Open and Copy Link, an app icon's actions (under-finger); on anything else nothing, and the touch is the app's\" '$W/check-default.txt' &&
             grep -q '^/etc/forcetouch/forcetouch.toml: ok, 1 binding(s), ' '$W/check-default.txt'"
# With it and nothing else, a deep press on a touchscreen the daemon claims (auto: `hold`, as
# where no session is named, X11 or sway) on nothing (no overlay here, so nothing is looked up)
# shows nothing, and the desktop gets the press, whole, from the clone: nothing claimed, nothing
# lost. The touchscreen is played into through uinput (a grabbed node drops what is written to
# it); the clone is read as the desktop reads it.
mkfifo "$W/ts.fifo"
python3 "$ROOT/Tests/Integration/uinput-player.py" "$REC/pressure-touchscreen.desc" "$W/ts.fifo" "$W/ts.out" &
follow_pid=$!
wait_for 'created at ' "$W/ts.out" 60
ts="$(sed -n 's/^created at //p' "$W/ts.out")"
udevadm settle --timeout=30
( as_user_exec /usr/bin/forcetouchd --config /etc/forcetouch/forcetouch.toml --verbose ) > "$W/default.log" 2>&1 &
daemon_pid=$!
wait_for "device $ts .*: claimed \\(" "$W/default.log" 60
clone="$(grep "device $ts .*: claimed (" "$W/default.log" | tail -1 | sed -n 's/.* clone \(\/dev\/input\/event[0-9]*\)$/\1/p')"
check "the default claims the touchscreen, as hold ($ts, its clone ${clone:-none})" \
    bash -c "[ -n '$clone' ] && grep -q 'device $ts .*: claimed (hold' '$W/default.log'"
python3 "$ROOT/Tests/Integration/evdev-recorder.py" "$clone" "$W/clone.evemu" &
recorder=$!
for _ in $(seq 600); do [ -e "$W/clone.evemu.ready" ] && break; sleep 0.1; done
echo "play $REC/deep-press.events" > "$W/ts.fifo"
wait_for "^played " "$W/ts.out" 120
wait_for 'deep-press began: cancelled: ' "$W/default.log" 30
# Nothing marks the clone's last event as read by the recorder: a time window before it stops.
sleep 0.5
kill -TERM "$recorder"; wait "$recorder" 2>/dev/null
echo quit > "$W/ts.fifo"; wait "$follow_pid" 2>/dev/null; follow_pid=""
kill "$daemon_pid" 2>/dev/null; wait "$daemon_pid" 2>/dev/null; daemon_pid=""
check "a deep press on nothing shows nothing: its result says the touch is the app's" \
    grep -q "deep-press began: cancelled: nothing to show: nothing (no overlay on the bus: nothing is looked up), and no \[\[quick-action\]\] items: the touch is the app's" "$W/default.log"
check "... and the desktop gets the whole press from the clone: its touch-down and its lift, as a finger ($(grep -c ' 0003 0039 ' "$W/clone.evemu" 2>/dev/null) tracking ids)" \
    bash -c "grep -q ' 0003 0039 0100$' '$W/clone.evemu' && grep -q ' 0003 0039 -001$' '$W/clone.evemu' &&
             ! grep -q ' 0003 0037 0002$' '$W/clone.evemu'"

# ---------------------------------------------------------------- the unit
step "systemd-analyze --user verify"
as_user systemd-analyze --user verify /usr/lib/systemd/user/forcetouchd.service > "$W/verify.txt" 2>&1
verify_status=$?
cat "$W/verify.txt"
check "systemd-analyze --user verify passes on the installed unit (and finds man:forcetouchd(8))" \
    bash -c "[ $verify_status -eq 0 ] && [ ! -s '$W/verify.txt' ]"

step "systemd --user"
start_user_manager "$W/manager-stderr.log"
check "the user manager is running ($manager_state)" test "$manager_state" = running
check "the session never reached graphical-session.target (as under sway, i3, Hyprland)" \
    test "$(as_user systemctl --user show -p ActiveState --value graphical-session.target)" = inactive

doc_runner=(setpriv --reuid="$U" --regid="$G" --init-groups "${user_env[@]}")
doc <<'CMD'
systemctl --user daemon-reload
CMD
check "systemctl --user daemon-reload" test "$doc_status" -eq 0
check "the manager finds the package's unit in /usr/lib/systemd/user" \
    test "$(prop FragmentPath)" = /usr/lib/systemd/user/forcetouchd.service
doc <<'CMD'
systemctl --user enable --now forcetouchd
CMD
check "systemctl --user enable --now forcetouchd" test "$doc_status" -eq 0
check "active (running) from /usr/bin/forcetouchd (Type=notify: READY=1 arrived)" \
    test "$(prop ActiveState)/$(prop SubState)/$(prop ExecMainStatus)" = active/running/0
check "enabled for graphical-session.target" \
    test -L "$HOMEDIR/.config/systemd/user/graphical-session.target.wants/forcetouchd.service"
check "systemctl --user stop forcetouchd" as_user systemctl --user stop forcetouchd
doc_runner=()

# The README's line for each compositor, as the compositor runs it (sh -c, in the session's
# environment): the unit starts although graphical-session.target never does, with the display.
step "the sway, i3 and Hyprland lines"
compositor_line() {   # the command of the README line after "# FILE", without the compositor's keyword
    awk -v f="$1" '$0 == "# " f { getline; print; exit }' "$ROOT/README.md" \
        | sed -E 's/^exec-once = //; s/^exec --no-startup-id //; s/^exec //'
}
for c in "sway/config WAYLAND_DISPLAY=wayland-1 SWAYSOCK=/run/user/$U/sway-ipc.sock" \
         "i3/config DISPLAY=:1 I3SOCK=/run/user/$U/i3/ipc-socket" \
         "hypr/hyprland.conf WAYLAND_DISPLAY=wayland-2 HYPRLAND_INSTANCE_SIGNATURE=abc123"; do
    read -r file display extra <<< "$c"
    line="$(compositor_line "~/.config/$file")"
    echo "$file: $line"
    check "README has a line for ~/.config/$file" test -n "$line"
    as_user "$display" "$extra" sh -c "$line" > "$W/line-${file%%/*}.txt" 2>&1
    st=$?
    pid="$(prop MainPID)"
    check "$file's line starts forcetouchd (exit $st, $(prop ActiveState)/$(prop SubState))" \
        test "$st/$(prop ActiveState)/$(prop SubState)" = 0/active/running
    check "... and the daemon has the session's $display and $extra" \
        bash -c "tr '\\0' '\\n' < /proc/$pid/environ | grep -qx '$display' && tr '\\0' '\\n' < /proc/$pid/environ | grep -qx '$extra'"
    check "... graphical-session.target still inactive" \
        test "$(as_user systemctl --user show -p ActiveState --value graphical-session.target)" = inactive
done
# Under the unit the daemon logs to the journal: followed, for play_through to see it find the device.
journalctl -f -n 0 --no-pager > "$W/journal-follow.log" 2>&1 &
follow_pid=$!
LOG="$W/journal-follow.log"
play_through pressure-touchscreen.desc "$REC/tap.events"
check "the daemon under the unit runs a bound tap" bash -c "
    for _ in \$(seq 300); do [ \"\$(grep -c '^tap 1\$' '$W/reports/taps.txt')\" -ge 2 ] && exit 0; sleep 0.1; done; exit 1"
kill "$follow_pid" 2>/dev/null; follow_pid=""
as_user systemctl --user disable --now forcetouchd > /dev/null 2>&1
as_user systemctl --user exit 2>/dev/null
for _ in $(seq 50); do kill -0 "$manager_pid" 2>/dev/null || break; sleep 0.2; done
manager_pid=""

# ---------------------------------------------------------------- an upgrade
step "an upgrade over an edited /etc/forcetouch/forcetouch.toml"
# The next version, made from this one: a later version whose default configuration changed (a
# line added), as a release that changes the default is. The user edited theirs; dpkg keeps it
# when told to (--force-confold, what the prompt's default answer does) and puts the new default
# beside it; the postinst says where, and how to take it.
rm -rf "$W/next" && dpkg-deb -R "$DEB" "$W/next"
sed -i "s/^Version: .*/Version: ${version}+next/" "$W/next/DEBIAN/control"
echo '# the next version' >> "$W/next/etc/forcetouch/forcetouch.toml"
dpkg-deb --build --root-owner-group "$W/next" "$W/forcetouch-next.deb" > /dev/null
echo '# mine' >> /etc/forcetouch/forcetouch.toml
cp /etc/forcetouch/forcetouch.toml "$W/edited.toml"
dpkg -i --force-confold "$W/forcetouch-next.deb" > "$W/upgrade.txt" 2>&1 < /dev/null
upgrade_status=$?
cat "$W/upgrade.txt"
check "dpkg -i --force-confold of the next version over an edited configuration succeeds" test "$upgrade_status" -eq 0
check "... the edited configuration is kept" cmp -s "$W/edited.toml" /etc/forcetouch/forcetouch.toml
check "... the new default is beside it, /etc/forcetouch/forcetouch.toml.dpkg-dist" \
    cmp -s "$W/next/etc/forcetouch/forcetouch.toml" /etc/forcetouch/forcetouch.toml.dpkg-dist
check "... and the package says so, with how to take it" \
    bash -c "grep -q '^forcetouch: your edited /etc/forcetouch/forcetouch.toml is kept' '$W/upgrade.txt' &&
             grep -q 'sudo mv /etc/forcetouch/forcetouch.toml.dpkg-dist /etc/forcetouch/forcetouch.toml ' '$W/upgrade.txt'"

# ---------------------------------------------------------------- dpkg --purge
step "sudo dpkg --purge forcetouch"
doc <<'CMD'
sudo dpkg --purge forcetouch
CMD
check "dpkg --purge succeeds" test "$doc_status" -eq 0
check "dpkg no longer knows forcetouch" bash -c "! dpkg-query -W -f='\${Status}' forcetouch 2>/dev/null | grep -q installed"
left="$(while IFS= read -r p; do [ -e "$p" ] || [ -L "$p" ] && echo "$p"; done < "$W/files.txt")"
check "every file dpkg -L listed is gone ($(wc -l < "$W/files.txt") files)" test -z "$left"
[ -z "$left" ] || echo "left: $left"
changed="$(while IFS= read -r p; do
    if grep -qxF -- "$p" "$W/before.txt"; then [ -e "$p" ] || echo "gone: $p"; else [ -e "$p" ] && echo "left: $p"; fi
done < "$W/contents.txt")"
check "every path of the package is as before the installation (its own directories gone, /etc/forcetouch too)" \
    test -z "$changed"
[ -z "$changed" ] || echo "$changed"
udevadm settle --timeout=30
check "postrm made udev forget the rule: the touchscreen lost FORCETOUCH_DEVICE" \
    bash -c "! udevadm info '$node' | grep -q FORCETOUCH_DEVICE=1"
step "done"
summary deb-integration
