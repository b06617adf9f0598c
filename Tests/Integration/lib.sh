# Shared by the guest test scripts: PASS/FAIL bookkeeping and waiting for output.
# Source it after setting nothing; it defines pass, fail, ok, bad, check, wait_for, mark,
# wait_for_new, node_of and summary.
pass=0 fail=0
ok()  { echo "PASS: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
# check WHAT COMMAND…: runs the command, counts and prints the outcome; returns its status.
check() { local what="$1"; shift; if "$@"; then ok "$what"; else bad "$what"; return 1; fi; }

# Waits up to $3 seconds (default 20) for a line matching the ERE $1 in file $2.
wait_for() {
    local i
    for ((i = 0; i < ${3:-20} * 10; i++)); do
        grep -Eq -- "$1" "$2" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

# The size of file $1 now, for wait_for_new: a line written before it must not count (an earlier
# step's line about the same, reused, /dev/input/eventN, say).
mark() { stat -c %s "$1" 2>/dev/null || echo 0; }

# wait_for_new OFFSET ERE FILE [SECONDS]: wait_for, looking only past byte OFFSET of FILE.
wait_for_new() {
    local i
    for ((i = 0; i < ${4:-20} * 10; i++)); do
        tail -c "+$(($1 + 1))" "$3" 2>/dev/null | grep -Eq -- "$2" && return 0
        sleep 0.1
    done
    return 1
}

# The /dev/input/eventN that `forcetest replay --uinput` reported creating, from its output file.
node_of() { sed -n 's/.* at \(\/dev\/input\/event[0-9]*\)$/\1/p' "$1"; }

# Prints the closing line (`NAME: N passed, M failed`) and returns non-zero on any failure.
summary() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}

# Starts udevd with the project's rule (from $ROOT) and, read from stdin, the test's stand-in
# for logind's uaccess ACLs (no logind in the guest): which nodes the test user may open.
start_udev() {
    cp "$ROOT/udev-rules/70-forcetouch.rules" /etc/udev/rules.d/
    cat > /etc/udev/rules.d/71-forcetouch-test.rules
    /lib/systemd/systemd-udevd --daemon
    udevadm trigger --action=add --subsystem-match=input --subsystem-match=misc >/dev/null 2>&1
    udevadm settle --timeout=60
}
