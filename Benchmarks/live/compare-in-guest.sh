#!/usr/bin/env bash
# Inside the QEMU guest: two or more forcetouchd builds read the same typical stream at once,
# with `libinput debug-events` and the libevdev floor, so that a change is measured against
# the build before it in the same run. Each prints, per round, the CPU milliseconds each
# reader took (from /proc/PID/schedstat). Readers are woken in the order they opened the
# device, which weighs on their figures: list the builds ABBA (new old old new).
#   BENCH_BINS="DIR1 DIR2 ..." vm/run-guest.sh -- Benchmarks/live/compare-in-guest.sh
# Knobs: BENCH_CYCLES (10), ROUNDS (3), SUBSCRIBED (which daemons, counted from 0 in
# BENCH_BINS's order, get a control-socket subscriber, as in make bench-live: "0 1 2 3").
# Prints figures only: per round, each reader's CPU, then its user / system ticks.
set -uo pipefail
ROOT="$PWD"
HERE="$ROOT/Benchmarks/live"
CYCLES="${BENCH_CYCLES:-10}"
ROUNDS="${ROUNDS:-3}"
W="$(mktemp -d -t ftcompare.XXXXXX)" && chmod 777 "$W"
. "$ROOT/Tests/Integration/lib.sh"   # wait_for
die() { echo "compare: $*" >&2; exit 1; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; }
trap cleanup EXIT
[ -n "${BENCH_BINS:-}" ] || die "BENCH_BINS names the builds' directories"

. "$HERE/guest-setup.sh"
cpu_ns() { awk '{ print $1 }' "/proc/$1/schedstat"; }
# user and system ticks, fields 14 and 15 of /proc/PID/stat (counted after the command's name)
ticks() { awk '{ sub(/.*\) /, ""); print $12 " " $13 }' "/proc/$1/stat"; }

daemons=() names=()
i=0
for bin in $BENCH_BINS; do
    mkdir -m 700 "$W/run$i" && chown nobody "$W/run$i"
    "$bin/forcetouchd" --config "$W/config.toml" --user nobody --socket "$W/run$i/control.sock" > "$W/daemon$i.log" 2>&1 &
    daemons+=($!) names+=("$bin")
    pids+=($!)
    wait_for "ready: " "$W/daemon$i.log" 60 || die "$bin/forcetouchd did not start: $(cat "$W/daemon$i.log")"
    if [[ " ${SUBSCRIBED:-} " == *" $i "* ]]; then
        [ -x "$W/subscriber" ] || cc -O2 -o "$W/subscriber" "$HERE/subscriber.c" || die "cannot build subscriber.c"
        setpriv --reuid=65534 --regid=65534 --clear-groups "$W/subscriber" "$W/run$i/control.sock" > "$W/subscriber$i.txt" 2>&1 &
        pids+=($!)
        wait_for '"subscribed":true' "$W/subscriber$i.txt" 20 || die "the subscriber of daemon $i did not subscribe"
        names[$i]+=" (subscribed)"
    fi
    i=$((i + 1))
done
for round in $(seq "$ROUNDS"); do
    evemu-device "$HERE/touchscreen.desc" > "$W/device$round" 2>&1 &
    device=$!
    wait_for '/dev/input/event' "$W/device$round" 30 || die "evemu-device made no device"
    node="$(sed -n 's/.*\(\/dev\/input\/event[0-9]*\).*/\1/p' "$W/device$round" | head -1)"
    udevadm settle --timeout=60
    for ((d = 0; d < i; d++)); do wait_for "device $node .*found" "$W/daemon$d.log" 30 || die "daemon $d did not open $node"; done
    libinput debug-events --device "$node" > "$W/libinput$round.log" 2>&1 &
    li=$!
    wait_for 'DEVICE_ADDED' "$W/libinput$round.log" 60 || die "libinput did not open $node"
    "$W/libevdev-floor" "$node" > /dev/null &
    floor=$!
    sleep 1
    readers=("${daemons[@]}" "$li" "$floor")
    declare -A start=()
    declare -A before=()
    for p in "${readers[@]}"; do start[$p]="$(cpu_ns "$p")" before[$p]="$(ticks "$p")"; done
    evemu-play "$node" < "$W/typical.events"
    sleep 1
    ms() { echo $(( ($(cpu_ns "$1") - ${start[$1]}) / 1000000 )); }
    line="round $round: libinput $(ms "$li") ms, libevdev-floor $(ms "$floor") ms"
    for ((d = 0; d < i; d++)); do line+=", ${names[$d]} $(ms "${daemons[$d]}") ms"; done
    echo "$line"
    # user / system ticks, in the order of the line above
    spent() { read -r u0 s0 <<< "${before[$1]}"; read -r u1 s1 <<< "$(ticks "$1")"; echo "$((u1 - u0)) / $((s1 - s0))"; }
    line="  user / system ticks: libinput $(spent "$li"), libevdev-floor $(spent "$floor")"
    for ((d = 0; d < i; d++)); do line+=", ${names[$d]} $(spent "${daemons[$d]}")"; done
    echo "$line"
    kill "$li" "$floor"; wait "$li" "$floor" 2>/dev/null
    kill "$device"; wait "$device" 2>/dev/null
    sleep 2
done
