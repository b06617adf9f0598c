#!/usr/bin/env bash
# Where a reader's wake-ups go under TCG: QEMU's own log of the translated blocks it looks
# up (`-d exec`), for user-space code only, while one reader alone follows a short typical
# stream in the guest; then lookups.py counts them per wake-up and per function. See
# Benchmarks/live/README.md. Usage (after make bench-live, which builds .build-deb):
#   Benchmarks/live/lookups.sh [forcetouchd|libevdev-floor]
# Knobs: BENCH_BIN (forcetouchd's directory, default .build-deb/release), BENCH_CYCLES (2).
set -euo pipefail
cd "$(dirname "$0")/../.."
WHO="${1:-forcetouchd}"
OUT="$(mktemp -d)" && chmod 1777 "$OUT"
export BENCH_BIN="${BENCH_BIN:-$PWD/.build-deb/release}" BENCH_CYCLES="${BENCH_CYCLES:-2}"
# The monitor turns the log on for the play alone: from boot on it would be gigabytes.
monitor() {
    python3 - "$OUT/monitor" "$1" <<'PY'
import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
time.sleep(0.2); s.recv(65536)
s.sendall((sys.argv[2] + "\n").encode())
time.sleep(0.3); s.close()
PY
}
VM_PASSENV="BENCH_BIN BENCH_CYCLES" \
VM_QEMU_ARGS="-D $OUT/exec.log -dfilter 0x1000..0x7fffffffffff -monitor unix:$OUT/monitor,server,nowait" \
    vm/run-guest.sh --share "$OUT" -- Benchmarks/live/lookups-in-guest.sh "$OUT" "$WHO" |
while IFS= read -r line; do
    case "$line" in
    PLAY-START) monitor "log exec" ;;
    PLAY-END) monitor "log none" ;;
    *) echo "$line" ;;
    esac
done
python3 Benchmarks/live/lookups.py "$OUT" | tee "$OUT/lookups.txt"
echo "(also in $OUT/lookups.txt)"
rm -f "$OUT/exec.log"
