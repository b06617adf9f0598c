#!/usr/bin/env bash
# Inside the QEMU guest, for Benchmarks/live/lookups.sh: one reader alone (WHO: forcetouchd
# or libevdev-floor) on a short typical stream. Saves the reader's memory map to OUT and
# prints PLAY-START and PLAY-END around the play, for the host to turn QEMU's exec log on
# and off. Knobs: BENCH_BIN (forcetouchd's directory), BENCH_CYCLES (2).
set -uo pipefail
ROOT="$PWD"
HERE="$ROOT/Benchmarks/live"
OUT="${1:?usage: lookups-in-guest.sh OUTDIR forcetouchd|libevdev-floor}"
WHO="${2:?usage: lookups-in-guest.sh OUTDIR forcetouchd|libevdev-floor}"
BIN="${BENCH_BIN:-$ROOT/.build-deb/release}"
W="$(mktemp -d -t ftlookups.XXXXXX)" && chmod 777 "$W"
. "$ROOT/Tests/Integration/lib.sh"   # wait_for
die() { echo "lookups: $*" >&2; exit 1; }

CYCLES="${BENCH_CYCLES:-2}"
. "$HERE/guest-setup.sh"
mkdir -m 700 "$W/run" && chown nobody "$W/run"
evemu-device "$HERE/touchscreen.desc" > "$W/device" 2>&1 &
wait_for '/dev/input/event' "$W/device" 30 || die "evemu-device made no device"
node="$(sed -n 's/.*\(\/dev\/input\/event[0-9]*\).*/\1/p' "$W/device" | head -1)"
udevadm settle --timeout=60
case "$WHO" in
forcetouchd)
    "$BIN/forcetouchd" --config "$W/config.toml" --user nobody --socket "$W/run/control.sock" > "$W/daemon.log" 2>&1 &
    reader=$!
    wait_for "device $node .*found" "$W/daemon.log" 60 || die "forcetouchd did not open $node: $(cat "$W/daemon.log")" ;;
libevdev-floor)
    "$W/libevdev-floor" "$node" > /dev/null &
    reader=$! ;;
*) die "WHO is forcetouchd or libevdev-floor" ;;
esac
sleep 2
cp "/proc/$reader/maps" "$OUT/maps.txt"
echo PLAY-START
sleep 1
evemu-play "$node" < "$W/typical.events"
echo PLAY-END
sleep 2
kill "$reader"
