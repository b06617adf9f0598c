#!/usr/bin/env bash
# Self-test of the VM harness. On the host:  vm/selftest.sh
# It boots the guest (vm/run-guest.sh) and re-runs itself inside with --in-guest, checking:
# uinput + evdev via evemu, systemd-udevd + ID_INPUT_TOUCHSCREEN, a non-root user, the shared dir.
set -uo pipefail
VM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ "${1:-}" != --in-guest ]; then
    out="$(mktemp -d "${TMPDIR:-/tmp}/forcetouch-vm-selftest.XXXXXX")"
    trap 'rm -rf "$out"' EXIT
    chmod 1777 "$out"                   # so the non-root check can write there too
    echo "from-host" > "$out/in.txt"
    "$VM_DIR/run-guest.sh" --share "$out" -- "$VM_DIR/selftest.sh" --in-guest "$out"
    rc=$?
    if [ "$rc" -eq 0 ] && [ "$(cat "$out/out.txt" 2>/dev/null)" = from-guest ]; then
        echo "host: file written by guest in shared dir: OK ($(stat -c '%U:%G' "$out/out.txt"))"
    else
        echo "host: shared dir check FAILED"; [ "$rc" -eq 0 ] && rc=1
    fi
    [ "$rc" -eq 0 ] && echo "SELFTEST PASSED" || echo "SELFTEST FAILED (rc=$rc)"
    exit "$rc"
fi

# ----------------------------------------------------------------- inside the guest
share="$2"
pass=0 fail=0
ok()  { echo "PASS: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
pids=()
tmp="$(mktemp -d)"   # scratch files of this run only
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$tmp"' EXIT

[ "${FORCETOUCH_IN_VM:-}" = 1 ] && ok "FORCETOUCH_IN_VM=1, kernel $(uname -r), cwd $PWD" || bad "FORCETOUCH_IN_VM not set"
[ -c /dev/uinput ] && ok "/dev/uinput: $(ls -l /dev/uinput)" || bad "/dev/uinput missing"
[ "$(cat "$share/in.txt" 2>/dev/null)" = from-host ] && ok "read host file from shared dir" || bad "shared dir not readable"
echo from-guest > "$share/out.txt" && ok "wrote to shared dir" || bad "cannot write shared dir"
t="$(mktemp -p /tmp)" && v="$(mktemp -p /var/tmp)" && rm -f "$t" "$v" && ok "/tmp and /var/tmp writable" || bad "/tmp not writable"

# udevd first, so the device created below gets its properties (ID_INPUT_*)
t0=$(date +%s%N)
if /lib/systemd/systemd-udevd --daemon 2>"$tmp/udevd.err"; then
    # coldplug only what input tests need: a full "udevadm trigger" costs ~10 s under TCG
    udevadm trigger --action=add --subsystem-match=input --subsystem-match=misc >/dev/null 2>&1
    udevadm settle --timeout=60
    ok "systemd-udevd started ($(udevadm --version)), trigger+settle done in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
else
    bad "systemd-udevd failed: $(cat "$tmp/udevd.err")"
fi

before="$(ls /dev/input/)"
evemu-device "$VM_DIR/selftest-touchscreen.evemu" > "$tmp/evemu-device.out" 2>&1 &
pids+=($!)
node=""
for _ in $(seq 100); do
    node="$(grep -o '/dev/input/event[0-9]*' "$tmp/evemu-device.out" 2>/dev/null | head -n1)"
    [ -n "$node" ] && [ -c "$node" ] && break
    sleep 0.1
done
if [ -n "$node" ] && [ -c "$node" ]; then
    ok "evemu-device created $node ($(cat "$tmp/evemu-device.out")); new in /dev/input: $(comm -13 <(echo "$before") <(ls /dev/input/) | tr '\n' ' ')"
else
    bad "evemu-device: no node ($(cat "$tmp/evemu-device.out"))"
fi

if [ -n "$node" ]; then
    udevadm settle --timeout=30
    props="$(udevadm info "$node" 2>&1)"
    echo "$props" | grep -q 'ID_INPUT_TOUCHSCREEN=1' \
        && ok "udevadm info $node: $(echo "$props" | grep -o 'ID_INPUT_TOUCHSCREEN=1\|ID_INPUT=1' | tr '\n' ' ')" \
        || bad "no ID_INPUT_TOUCHSCREEN: $props"

    # raw read of the event node while evemu-play injects a touch down/up
    python3 - "$node" "$tmp/reader.ready" > "$tmp/read.out" 2>&1 <<'PY' &
import os, select, struct, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
open(sys.argv[2], "w").close()
seen = []
while True:
    r, _, _ = select.select([fd], [], [], 10)
    if not r:
        break
    data = os.read(fd, 24 * 64)
    for i in range(0, len(data), 24):
        _s, _us, t, c, v = struct.unpack("llHHi", data[i:i + 24])
        seen.append((t, c, v))
    if (1, 0x14a, 0) in seen:
        break
print("events:", " ".join("%d/%#x/%d" % e for e in seen))
PY
    reader=$!
    for _ in $(seq 300); do [ -e "$tmp/reader.ready" ] && break; sleep 0.1; done
    printf '%s\n' \
        'E: 0.000000 0003 002f 0000' 'E: 0.000000 0003 0039 0001' 'E: 0.000000 0003 0035 0100' \
        'E: 0.000000 0003 0036 0200' 'E: 0.000000 0001 014a 0001' 'E: 0.000000 0003 0000 0100' \
        'E: 0.000000 0003 0001 0200' 'E: 0.000000 0000 0000 0000' \
        'E: 0.010000 0003 0039 -001' 'E: 0.010000 0001 014a 0000' 'E: 0.010000 0000 0000 0000' \
        | evemu-play "$node"
    wait "$reader"
    if grep -q '1/0x14a/1' "$tmp/read.out" && grep -q '1/0x14a/0' "$tmp/read.out" && grep -q '3/0x35/100' "$tmp/read.out"; then
        ok "read back injected events: $(cat "$tmp/read.out")"
    else
        bad "event read-back: $(cat "$tmp/read.out")"
    fi
fi

# non-root user
who="$(setpriv --reuid=65534 --regid=65534 --clear-groups id 2>&1)"
echo "$who" | grep -q 'uid=65534' && ok "setpriv as nobody: $who" || bad "setpriv: $who"
if setpriv --reuid=65534 --regid=65534 --clear-groups sh -c ': < /dev/uinput' 2>/dev/null; then
    bad "nobody could open /dev/uinput with default 0600 perms (unexpected)"
else
    ok "nobody cannot open /dev/uinput by default (0600 root)"
fi
# grant access the way a udev rule would: group + 0660 (devtmpfs is writable in the guest)
chgrp nogroup /dev/uinput "$node" && chmod 0660 /dev/uinput "$node"
if setpriv --reuid=65534 --regid=65534 --init-groups sh -c ': < /dev/uinput && : < '"$node" 2>/dev/null \
   || setpriv --reuid=65534 --regid=65534 --groups=65534 sh -c ': < /dev/uinput && : < '"$node"; then
    ok "nobody can open /dev/uinput and $node after chgrp nogroup + chmod 0660"
else
    bad "nobody still cannot open devices"
fi
setpriv --reuid=65534 --regid=65534 --clear-groups sh -c "echo nobody-was-here > $share/nobody.txt" 2>/dev/null \
    && ok "nobody can write into the (mode 1777) shared dir" || bad "nobody cannot write into the shared dir"

echo "guest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
