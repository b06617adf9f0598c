#!/usr/bin/env bash
# The integration suite: boots the QEMU guest once per script and runs the daemon against
# real uinput devices there. Each script's own comment says what it covers; `guest` below
# runs one, prints the log it names when it fails, and the suite's status is the first
# failure's. Needs the debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
vm/setup.sh
for bin in forcetouchd forcetest forcectl; do
    [ -x ".build/debug/$bin" ] || { echo "run-tests: .build/debug/$bin missing: swift build first" >&2; exit 1; }
done
# systemd-user-in-guest.sh runs `make install` in the guest with the build taken as done: the
# manual pages too are made here (generate-manual runs the programs, far quicker than under TCG).
make -o build man CONFIGURATION=debug
# deb-in-guest.sh installs the .deb `make test` built (Tests/Documented/package-on-host.sh);
# run alone, this builds it (a release build: minutes the first time).
version="$(sed -n 's/.*static let string = "\(.*\)"/\1/p' Sources/ForceTouchCommandLine/ForceTouchVersion.swift)"
[ -f "forcetouch_${version}_$(dpkg --print-architecture).deb" ] || make deb
out="$(mktemp -d "${TMPDIR:-/tmp}/forcetouch-it.XXXXXX")"
chmod 1777 "$out"
trap 'rm -rf "$out"' EXIT
rc=0

# guest SCRIPT [LOG]: runs SCRIPT in the guest with $out shared; on failure prints the last 60
# lines of $out/LOG (the daemon's log or the journal the script kept there).
guest() {
    local script="$1" log="${2:-}" status=0
    # Each script is a row of `make test`'s table (scripts/test-phase.sh), under the guest phase.
    scripts/test-phase.sh run "guest: $(basename "$script" .sh)" \
        vm/run-guest.sh --share "$out" -- "$script" "$out" || status=$?
    if [ "$status" -ne 0 ] && [ -n "$log" ] && [ -f "$out/$log" ]; then
        echo "--- $log (last 60 lines)"
        tail -n 60 "$out/$log"
    fi
    [ "$rc" -ne 0 ] || rc="$status"
}

# Hot-plug, capability, each gesture's action, unplugging mid-gesture, buffer overflow, reloads.
guest Tests/Integration/daemon-in-guest.sh daemon.log
# Quick actions, keys, the control socket and forcectl.
guest Tests/Integration/control-in-guest.sh control-daemon.log
# forcetest: list, watch and calibrate in tmux, record and evemu-play. FORCETOUCH_BIN (default
# .build/debug) picks the binaries; run-guest passes FORCETOUCH_* in.
guest Tests/Integration/forcetest-in-guest.sh
# The commands README.md and the shipped configs show, as written.
guest Tests/Documented/in-guest.sh documented-daemon.log
# Live and replay decide the same: every corpus recording through evemu-device and evemu-play
# into the running daemon, against forcetest replay. 39 recordings played in real time take
# 8-9 min under TCG: more than the default limit on a busy host.
VM_TIMEOUT=1500 guest Tests/Integration/live-corpus-in-guest.sh live-corpus-daemon.log
# Claiming (SPEC §9): a grabbed touchscreen's clone, read by libinput debug-events; the
# programs as the .deb ships them (make deb above), which keep up with ten fingers at 1 kHz.
FORCETOUCH_BIN="$PWD/.build-deb/release" guest Tests/Integration/claim-in-guest.sh claim-daemon.log
# The menu at the finger with a live touchscreen: the press's progress and menu sent to
# forcetouch-overlay under Xvfb, slide to select, forcectl events.
guest Tests/Integration/overlay-in-guest.sh overlay.log
# The AssistiveTouch button: a tap on it runs its slot and never reaches the clone, a tap
# elsewhere does not, a drag moves it and the place survives a restart.
guest Tests/Integration/assistive-in-guest.sh assistive-daemon.log
# The intent window's Next and Cancel tapped on a uinput touchscreen that sway reads through
# libinput.
guest Tests/Integration/intent-tap-in-guest.sh intent-tap-overlay.log
# A fair control server: a flood and 64 idle clients beside forcectl and a bound tap, and a
# reload that crashes the parser refused.
guest Tests/Integration/fairness-in-guest.sh fairness-daemon.log
# launch and click: apps that live on, a click at the finger.
guest Tests/Integration/actions-in-guest.sh actions-daemon.log
# README's install-and-run commands against a real systemd user manager and journald.
guest Tests/Integration/systemd-user-in-guest.sh systemd-journal.txt
# The Debian package: dpkg -i, the installed programs, man, completions, the unit under a user
# manager and the sway/i3/Hyprland lines, dpkg --purge. Under TCG on a busy host it took 9-20 min
# while the package held 180 MB of programs; the limit is kept for a loaded host.
VM_TIMEOUT=1800 guest Tests/Integration/deb-in-guest.sh deb-journal.txt
exit "$rc"
