#!/usr/bin/env bash
# The integration suite: boots the QEMU guest and runs the daemon against real uinput
# devices there (Tests/Integration/daemon-in-guest.sh), then quick actions, keys and the
# control socket (control-in-guest.sh), then forcetest against them
# (Tests/Integration/forcetest-in-guest.sh), then every corpus recording live against its
# replay (live-corpus-in-guest.sh), then the control server's fairness (fairness-in-guest.sh).
# Needs the debug build.
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
vm/run-guest.sh --share "$out" -- Tests/Integration/daemon-in-guest.sh "$out" || rc=$?
if [ "$rc" -ne 0 ] && [ -f "$out/daemon.log" ]; then
    echo "--- daemon log (last 60 lines)"
    tail -n 60 "$out/daemon.log"
fi
# Quick actions, keys, the control socket and forcectl (Tests/Integration/control-in-guest.sh).
ctlrc=0
vm/run-guest.sh --share "$out" -- Tests/Integration/control-in-guest.sh "$out" || ctlrc=$?
if [ "$ctlrc" -ne 0 ] && [ -f "$out/control-daemon.log" ]; then
    echo "--- control daemon log (last 60 lines)"
    tail -n 60 "$out/control-daemon.log"
fi
[ "$rc" -ne 0 ] || rc="$ctlrc"
# forcetest: list, watch and calibrate in tmux, record and evemu-play (Tests/Integration/forcetest-in-guest.sh).
# FORCETOUCH_BIN (default .build/debug) picks the binaries; run-guest passes FORCETOUCH_* in.
ftrc=0
vm/run-guest.sh --share "$out" -- Tests/Integration/forcetest-in-guest.sh "$out" || ftrc=$?
[ "$rc" -ne 0 ] || rc="$ftrc"
# The commands README.md and the shipped configs show, as written (Tests/Documented/in-guest.sh).
docrc=0
vm/run-guest.sh --share "$out" -- Tests/Documented/in-guest.sh "$out" || docrc=$?
if [ "$docrc" -ne 0 ] && [ -f "$out/documented-daemon.log" ]; then
    echo "--- documented-commands daemon log (last 60 lines)"
    tail -n 60 "$out/documented-daemon.log"
fi
[ "$rc" -ne 0 ] || rc="$docrc"
# Live and replay decide the same: every corpus recording through evemu-device and evemu-play
# into the running daemon, against forcetest replay (Tests/Integration/live-corpus-in-guest.sh).
lcrc=0
# 39 recordings played in real time take 8-9 min under TCG: more than the default limit on a busy host.
VM_TIMEOUT=1500 vm/run-guest.sh --share "$out" -- Tests/Integration/live-corpus-in-guest.sh "$out" || lcrc=$?
if [ "$lcrc" -ne 0 ] && [ -f "$out/live-corpus-daemon.log" ]; then
    echo "--- live-corpus daemon log (last 60 lines)"
    tail -n 60 "$out/live-corpus-daemon.log"
fi
[ "$rc" -ne 0 ] || rc="$lcrc"
# A fair control server: a flood and 64 idle clients beside forcectl and a bound tap, and a
# reload that crashes the parser refused (Tests/Integration/fairness-in-guest.sh).
farc=0
vm/run-guest.sh --share "$out" -- Tests/Integration/fairness-in-guest.sh "$out" || farc=$?
if [ "$farc" -ne 0 ] && [ -f "$out/fairness-daemon.log" ]; then
    echo "--- fairness daemon log (last 60 lines)"
    tail -n 60 "$out/fairness-daemon.log"
fi
[ "$rc" -ne 0 ] || rc="$farc"
# launch and click: apps that live on, a click at the finger (Tests/Integration/actions-in-guest.sh).
acrc=0
vm/run-guest.sh --share "$out" -- Tests/Integration/actions-in-guest.sh "$out" || acrc=$?
if [ "$acrc" -ne 0 ] && [ -f "$out/actions-daemon.log" ]; then
    echo "--- actions daemon log (last 60 lines)"
    tail -n 60 "$out/actions-daemon.log"
fi
[ "$rc" -ne 0 ] || rc="$acrc"
# README's install-and-run commands against a real systemd user manager and journald.
sysrc=0
vm/run-guest.sh --share "$out" -- Tests/Integration/systemd-user-in-guest.sh "$out" || sysrc=$?
if [ "$sysrc" -ne 0 ] && [ -f "$out/systemd-journal.txt" ]; then
    echo "--- journal (last 60 lines)"
    tail -n 60 "$out/systemd-journal.txt"
fi
[ "$rc" -ne 0 ] || rc="$sysrc"
# The Debian package: dpkg -i, the installed programs, man, completions, the unit under a user
# manager and the sway/i3/Hyprland lines, dpkg --purge (Tests/Integration/deb-in-guest.sh).
debrc=0
# Unpacking 180 MB of programs from an xz archive under TCG takes minutes on a busy host: the
# whole script took 9-10 min with the host at load 8, and was past 20 min at load 15.
VM_TIMEOUT=1800 vm/run-guest.sh --share "$out" -- Tests/Integration/deb-in-guest.sh "$out" || debrc=$?
if [ "$debrc" -ne 0 ] && [ -f "$out/deb-journal.txt" ]; then
    echo "--- journal (last 60 lines)"
    tail -n 60 "$out/deb-journal.txt"
fi
[ "$rc" -ne 0 ] || rc="$debrc"
exit "$rc"
