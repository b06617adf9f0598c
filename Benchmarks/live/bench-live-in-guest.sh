#!/usr/bin/env bash
# The live benchmark (issue 15), run inside the QEMU guest by `make bench-live`:
#   vm/run-guest.sh --share OUT -- Benchmarks/live/bench-live-in-guest.sh OUT
# Two streams played through the guest kernel's uinput (evemu-play into a device
# evemu-device made) while three readers follow the same node: forcetouchd (as nobody,
# its control socket subscribed by a stamping client), `libinput debug-events`, and a bare
# evdev reader (evdev-floor.c) that gives the latency floor, with a bare timer
# (timer-floor.c) for what deadlines decide; a fourth, libevdev-floor.c, reads as the
# daemon does (epoll, libevdev, to EAGAIN) and nothing else: the CPU floor of such a
# reader. Then the dense stream once more through a daemon started with --verbose (issue 40),
# beside libinput again, for what debug logging costs. It prints one table from one
# run; nothing here fails on timing. Knobs: BENCH_BIN (forcetouchd's directory, default
# .build/release), BENCH_DENSE_SECONDS (10), BENCH_CYCLES (typical stream's gesture
# cycles, 20), BENCH_IDLE_SECONDS (10), BENCH_DEVICES (devices open, 10).
set -uo pipefail
ROOT="$PWD"
HERE="$ROOT/Benchmarks/live"
BIN="${BENCH_BIN:-$ROOT/.build/release}"
OUT="${1:?usage: bench-live-in-guest.sh OUTDIR}"
DENSE_SECONDS="${BENCH_DENSE_SECONDS:-10}"
CYCLES="${BENCH_CYCLES:-20}"
IDLE_SECONDS="${BENCH_IDLE_SECONDS:-10}"
DEVICES="${BENCH_DEVICES:-10}"
W="$(mktemp -d -t ftbench.XXXXXX)" && chmod 777 "$W"
LOG="$W/daemon.log"
. "$ROOT/Tests/Integration/lib.sh"   # wait_for, mark, wait_for_new

die() { echo "bench-live: $*" >&2; exit 1; }
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; cp "$W"/*.log "$OUT/" 2>/dev/null; rm -rf "$W"; }
trap cleanup EXIT

command -v libinput >/dev/null || die "libinput is not installed (libinput-tools, in vm/setup.sh PKGS)"
[ -x "$BIN/forcetouchd" ] || die "no $BIN/forcetouchd: build it first (make bench-live does)"
cc -O2 -o "$W/evdev-floor" "$HERE/evdev-floor.c" || die "cannot build evdev-floor.c"
cc -O2 -o "$W/libevdev-floor" "$HERE/libevdev-floor.c" $(pkg-config --cflags --libs libevdev) \
    || die "cannot build libevdev-floor.c"
cc -O2 -o "$W/subscriber" "$HERE/subscriber.c" || die "cannot build subscriber.c"
cc -O2 -o "$W/timer-floor" "$HERE/timer-floor.c" || die "cannot build timer-floor.c"
python3 "$HERE/make-streams.py" "$W" "$DENSE_SECONDS" "$CYCLES" > "$W/streams.txt" || die "cannot make the streams"

# udev, for libinput (it follows only devices udev tagged) and for the nodes' access: the
# daemon runs as nobody and may open what the project's rule marks, as logind would allow.
cp "$ROOT/udev-rules/70-forcetouch.rules" /etc/udev/rules.d/
# uinput too: a claimed device's clone (claim-in-guest.sh) is made through it.
printf '%s\n' 'SUBSYSTEM=="input", KERNEL=="event*", ENV{FORCETOUCH_DEVICE}=="1", MODE="0666"' \
    'KERNEL=="uinput", MODE="0666"' > /etc/udev/rules.d/71-forcetouch-bench.rules
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add --subsystem-match=input --subsystem-match=misc >/dev/null 2>&1
udevadm settle --timeout=60

cat > "$W/config.toml" <<'TOML'
# Every gesture kind bound to the cheapest action, a notify: what is measured is the
# daemon's own path. A double tap bound makes taps wait out its window (the default 0.3 s).
[[binding]]
gesture = "tap"
notify = "tap"

[[binding]]
gesture = "double-tap"
notify = "double tap"

[[binding]]
gesture = "long-press"
notify = "long press"

[[binding]]
gesture = "deep-press"
notify = "deep press"
TOML
chmod 644 "$W/config.toml"

# device NAME: a new uinput touchscreen, idle; its node in $W/NAME.node.
device() {
    evemu-device "$HERE/touchscreen.desc" > "$W/$1.dev" 2>&1 &
    pids+=($!)
    echo $! > "$W/$1.pid"
    wait_for '/dev/input/event' "$W/$1.dev" 30 || die "evemu-device made no device"
    sed -n 's/.*\(\/dev\/input\/event[0-9]*\).*/\1/p' "$W/$1.dev" | head -1 > "$W/$1.node"
}
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
user_ticks() { awk '{ print $14 }' "/proc/$1/stat"; }
switches() { awk '/ctxt_switches/ { n += $2 } END { print n }' "/proc/$1/status"; }

# Idle devices first, so that the daemon has DEVICES open for its RSS, as a 10-screen desk.
for ((i = 1; i < DEVICES; i++)); do device "idle$i"; done
udevadm settle --timeout=60

mkdir -m 700 "$W/run" && chown nobody "$W/run"   # the socket's directory is the daemon user's own
"$BIN/forcetouchd" --config "$W/config.toml" --user nobody --socket "$W/run/control.sock" > "$LOG" 2>&1 &
daemon=$!
pids+=($daemon)
wait_for "ready: " "$LOG" 60 || die "forcetouchd did not start: $(cat "$LOG")"
setpriv --reuid=65534 --regid=65534 --clear-groups "$W/subscriber" "$W/run/control.sock" > "$W/subscriber.txt" 2> "$W/subscriber.log" &
sub=$!
pids+=($sub)
wait_for '"subscribed":true' "$W/subscriber.txt" 20 || die "the subscriber did not subscribe: $(cat "$W/subscriber.log")"

# play_pass STREAM: one pass of a stream (its events file is the name's first word's), read by
# the daemon that writes $LOG, libinput and the floors; prints its figures' lines.
play_pass() {
    local stream="$1"
    # While stopped, the daemon cannot open the new device before libinput does.
    [ "$stream" = typical-libinput-first ] && kill -STOP $daemon
    device "$stream"
    node="$(cat "$W/$stream.node")"
    udevadm settle --timeout=60
    if [ "$stream" != typical-libinput-first ]; then
        wait_for "device $node .*found" "$LOG" 30 || die "forcetouchd did not open $node"
    fi
    # --verbose: libinput logs SYN_DROPPED at info priority, which it hides by default.
    libinput debug-events --verbose --device "$node" > "$W/libinput-$stream.log" 2>&1 &
    li=$!
    pids+=($li)
    wait_for 'DEVICE_ADDED' "$W/libinput-$stream.log" 60 || die "libinput did not open $node: $(cat "$W/libinput-$stream.log")"
    if [ "$stream" = typical-libinput-first ]; then
        kill -CONT $daemon
        wait_for "device $node .*found" "$LOG" 30 || die "forcetouchd did not open $node"
    fi
    "$W/evdev-floor" "$node" > "$W/floor-$stream.txt" &
    floor=$!
    pids+=($floor)
    "$W/libevdev-floor" "$node" > "$W/libevdev-floor-$stream.txt" &
    lfloor=$!
    pids+=($lfloor)
    "$W/timer-floor" > "$W/timer-$stream.txt" &
    timer=$!
    pids+=($timer)
    sleep 1
    from="$(mark "$LOG")"
    if [ -n "${BENCH_PROFILE:-}" ]; then
        # Where each reader's time goes: sampled on the CPU clock (TCG has no PMU).
        perf record -q -e cpu-clock -F 1000 -g -p "$daemon,$li,$lfloor" -o "$W/perf-$stream.data" > "$W/perf-record-$stream.log" 2>&1 &
        perf_pid=$!
        sleep 1
    fi
    d0="$(ticks $daemon)" l0="$(ticks $li)" du0="$(user_ticks $daemon)" lu0="$(user_ticks $li)"
    f0="$(ticks $floor)" e0="$(ticks $lfloor)" t0="$(date +%s.%N)"
    evemu-play "$node" < "$W/${stream%%-*}.events"
    t1="$(date +%s.%N)"
    if [ -n "${BENCH_PROFILE:-}" ]; then
        kill -INT "$perf_pid"; wait "$perf_pid"
        for who in "$daemon:forcetouchd" "$li:libinput" "$lfloor:libevdev-floor"; do
            # Shares of this reader's own samples: per object (the kernel, libc, libevdev,
            # the program), then per symbol.
            for sort in dso dso,sym; do
                perf report -q -i "$W/perf-$stream.data" --pid "${who%%:*}" --percentage relative \
                    --no-children --sort "$sort" --stdio -g none 2>/dev/null | head -60
                echo
            done > "$W/profile-$stream-${who#*:}.txt"
        done
        # The three together, as shares of all samples, for profile.py to set side by side.
        for sort in dso sym; do
            perf report -q -i "$W/perf-$stream.data" --no-children --sort "pid,$sort" --stdio -g none \
                2>/dev/null > "$W/profile-$stream-all-by-$sort.txt"
        done
    fi
    if [ "$stream" = dense ]; then
        # Memory with every device open, the dense one just read.
        echo "devices $(($(grep -c 'found, capability' "$LOG") - $(grep -c '": lost' "$LOG")))"
        echo "memory $(awk '/^VmHWM|^VmRSS/ { printf "%s %s ", $1, $2 }' "/proc/$daemon/status")"
        # Where it is: resident and private-dirty kB per mapped file (anonymous as "[anon]").
        awk '/^[0-9a-f]+-/ { f = NF >= 6 ? $6 : "[anon]" } /^Rss:/ { r[f] += $2 } /^Private_Dirty:/ { p[f] += $2 }
             END { for (f in r) if (r[f]) printf "%7d %7d %s\n", r[f], p[f], f }' "/proc/$daemon/smaps" \
            | sort -rn > "$OUT/memory-by-mapping.txt"
    fi
    # What was decided by a deadline after the last event (a tap's double-tap window) is
    # in by then; the readers are idle again.
    sleep 1
    d1="$(ticks $daemon)" l1="$(ticks $li)" du1="$(user_ticks $daemon)" lu1="$(user_ticks $li)"
    f1="$(ticks $floor)" e1="$(ticks $lfloor)"
    kill -TERM $floor $lfloor $li $timer; wait $floor $lfloor $li $timer 2>/dev/null
    echo "stream $stream events $(grep -c '^E:' "$W/${stream%%-*}.events") seconds $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')"
    echo "cpu $stream forcetouchd $((d1 - d0)) libinput $((l1 - l0)) hz $(getconf CLK_TCK)" \
        "forcetouchd-user $((du1 - du0)) libinput-user $((lu1 - lu0))" \
        "read-floor $((f1 - f0)) libevdev-floor $((e1 - e0))"
    echo "drops $stream forcetouchd $(tail -c "+$((from + 1))" "$LOG" | grep -c 'events dropped by the kernel')" \
        "libinput $(grep -c 'SYN_DROPPED' "$W/libinput-$stream.log")" \
        "libinput-events $(grep -Ec '^[ -]?event[0-9]+ ' "$W/libinput-$stream.log")" \
        "libinput-lines $(wc -l < "$W/libinput-$stream.log")" \
        "floor $(sed -n 's/^dropped //p' "$W/floor-$stream.txt")"
    kill "$(cat "$W/$stream.pid")"
    wait_for_new "$from" "device $node \"[^\"]*\": lost" "$LOG" 30
}

{
# The kernel wakes a device's readers in the order they opened it, and the first one woken
# pays more (by up to 10 %, see README.md): the typical stream is played twice, forcetouchd
# opening the device first, then libinput. Each pass is named for its files and its rows.
for stream in dense typical typical-libinput-first; do play_pass "$stream"; done
s0="$(switches $daemon)" i0="$(ticks $daemon)"
sleep "$IDLE_SECONDS"
echo "idle seconds $IDLE_SECONDS wakeups $(($(switches $daemon) - s0)) ticks $(($(ticks $daemon) - i0))"
echo "threads $(awk '/^Threads/ { print $2 }' "/proc/$daemon/status")"
# The dense stream again through a daemon started with --verbose, as a user looking at a
# problem runs it: the recognizers' notes go to its log (issue 40), within their budget
# (SPEC §9). The quiet daemon's memory and idle figures are taken above, before it stops.
kill -TERM "$sub" "$daemon"; wait "$sub" "$daemon" 2>/dev/null
LOG="$W/daemon-verbose.log"
"$BIN/forcetouchd" --verbose --config "$W/config.toml" --user nobody --socket "$W/run/verbose.sock" > "$LOG" 2>&1 &
daemon=$!
pids+=($daemon)
wait_for "ready: " "$LOG" 60 || die "forcetouchd --verbose did not start: $(cat "$LOG")"
play_pass dense-verbose
echo "log dense-verbose lines $(wc -l < "$LOG") notes $(grep ': why: ' "$LOG" | grep -vc ' note(s) not logged ')" \
    "left-out $(sed -n 's/.*: why: \([0-9]*\) note(s) not logged.*/\1/p' "$LOG" | awk '{ n += $1 } END { print n + 0 }')"
} > "$W/figures.txt"
kill -TERM "$daemon"; wait "$daemon" 2>/dev/null
cp "$W/figures.txt" "$W/subscriber.txt" "$W"/floor-*.txt "$W"/timer-*.txt "$W"/profile-*.txt "$OUT/" 2>/dev/null
python3 "$HERE/report.py" "$W"
# Start-up as systemd sees it (exec to READY=1, the idle touchscreens above present), the
# resident memory then, and the stop on SIGTERM: five starts.
echo
for i in 1 2 3 4 5; do
    python3 "$HERE/ready-timer.py" "$BIN/forcetouchd" --config "$W/config.toml" --user nobody \
        --socket "$W/run/ready.sock"
done > "$OUT/ready.txt"
echo "start-up to READY=1 with $((DEVICES - 1)) devices: median $(awk '{ print $2 }' "$OUT/ready.txt" | sort -n | sed -n 3p) ms" \
    "(of $(awk '{ printf "%s ", $2 }' "$OUT/ready.txt")); RSS then: median $(awk '{ print $5 }' "$OUT/ready.txt" | sort -n | sed -n 3p) kB;" \
    "SIGTERM to exit: $(awk '{ printf "%s ", $8 }' "$OUT/ready.txt")ms"
# Claiming (SPEC §10): what forwarding to a clone adds, on the same dense stream.
echo
bash "$HERE/claim-in-guest.sh" "$W" "$BIN" | tee "$OUT/claim.txt"
# The quick-action overlay (SPEC §11): its wake-ups with no menu shown, and its memory.
echo
bash "$HERE/overlay-in-guest.sh" "$W" "$BIN" "$IDLE_SECONDS" | tee "$OUT/overlay.txt"
