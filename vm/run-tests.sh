#!/usr/bin/env bash
# The integration suite: boots the QEMU guest once and runs each guest script there in a root
# of its own (vm/guest-init.sh: a fresh overlay, fresh /run and /tmp, every process of the one
# before ended, device nodes back to the kernel's modes), as a boot each did before (issue 50).
# Each script's own comment says what it covers; `guest` below adds one, with its time limit and
# the log printed when it fails (vm/guest-suite.sh). A failing script names itself in the table
# and the others still run; the suite's status is the first failure's. Needs the debug build.
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
plan="$out/plan" names=() limit=0
: > "$plan"

# guest SCRIPT [LOG]: adds SCRIPT, run in the guest with $out shared, to the plan; on failure
# the last 60 lines of $out/LOG (the daemon's log or the journal the script kept there) are
# printed. GUEST_LIMIT (s, default 600) bounds it; GUEST_ENV ("VAR=VALUE …") is its own.
guest() {
    local script="$1" log="${2:--}" env
    read -r -a env <<< "${GUEST_ENV:-}"
    printf '%q ' env "${env[@]}" vm/guest-suite.sh "$out" "${GUEST_LIMIT:-600}" "$log" "$script" "$out" >> "$plan"
    echo >> "$plan"
    names+=("guest: $(basename "$script" .sh)")
    limit=$((limit + ${GUEST_LIMIT:-600} + 15))
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
GUEST_LIMIT=1500 guest Tests/Integration/live-corpus-in-guest.sh live-corpus-daemon.log
# Claiming (SPEC §9): a grabbed touchscreen's clone, read by libinput debug-events; the
# programs as the .deb ships them (make deb above), which keep up with ten fingers at 1 kHz.
GUEST_ENV="FORCETOUCH_BIN=$PWD/.build-deb/release" guest Tests/Integration/claim-in-guest.sh claim-daemon.log
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
GUEST_LIMIT=1800 guest Tests/Integration/deb-in-guest.sh deb-journal.txt
# Last: the root each script starts in is as fresh as after a boot, whatever those above left.
vm/fresh-root-in-guest.sh --files | tr ' ' '\n' | while read -r f; do [ ! -e "$f" ] || echo "$f"; done > "$out/host-has"
guest vm/fresh-root-in-guest.sh

# One boot for them all. Each script's row of `make test`'s table (scripts/test-phase.sh) is
# written in the guest and added here, under the guest phase; a script the guest never ran (it
# died, or ran past the boot's limit) gets a failed row of its own.
table="${TEST_TABLE:-$PWD/.build/test-table.tsv}"
rc=0
VM_TIMEOUT="$limit" VM_PASSENV="${VM_PASSENV:-} TEST_PHASE_DEPTH" vm/run-guest.sh --share "$out" --each "$plan" || rc=$?
mkdir -p "$(dirname "$table")"
touch "$out/guest-table.tsv"
cat "$out/guest-table.tsv" >> "$table"
for name in "${names[@]}"; do
    if ! cut -f2 "$out/guest-table.tsv" | grep -qxF "$name"; then
        echo "run-tests: $name did not run (the guest's status: $rc)" >&2
        printf '%s\t%s\t0\t0\t0\t%s\n' "${TEST_PHASE_DEPTH:-0}" "$name" 125 >> "$table"
        [ "$rc" -ne 0 ] || rc=125
    fi
done
exit "$rc"
