# Shared by the guest test scripts: PASS/FAIL bookkeeping and waiting for output.
# Source it after setting nothing; it defines pass, fail, ok, bad, check, wait_for, wait_until,
# mark, wait_for_new, node_of, summary, start_udev, and device, inject, unplug and play_through,
# which use the script's $BIN, $REC, $W and $LOG (the daemon's log) when called.
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

# wait_until SECONDS COMMAND…: runs COMMAND every 0.1 s until it succeeds, at most SECONDS;
# returns 1 at the deadline. For what is watched other than a log line: a file, a socket, a
# window, a process gone, a program's answer.
wait_until() {
    local end=$((SECONDS + $1)); shift
    until "$@"; do
        [ "$SECONDS" -ge "$end" ] && return 1
        sleep 0.1
    done
}

# subscribed FORCECTL…: `FORCECTL… status` (forcectl as the script runs it) counts a subscriber:
# a `forcectl events` started before it follows the daemon's events from now on.
subscribed() { "$@" status 2> /dev/null | grep -q '^subscribers: [1-9]'; }

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

# The checks wait for what they check rather than sleep or race a timer: a loaded host running
# the guest under TCG can be slower than any fixed pause. So a device is created idle and the
# daemon has opened it before any event is written into it, and a count is taken once the
# daemon has seen the device go and every action has ended.

# device NAME DESC: creates an idle device (forcetest replay --uinput, kept until unplugged) and
# waits until the daemon has opened it. Its node is in $W/NAME.node.
device() {
    local from; from="$(mark "$LOG")"
    [ -f "$W/idle.events" ] || echo 'E: 0.000000 0000 0000 0000' > "$W/idle.events"
    "$BIN/forcetest" replay --uinput --desc "$REC/$2" "$W/idle.events" --settle 0 --linger 600 > "$W/$1.out" &
    echo $! > "$W/$1.pid"
    wait_for 'created .* at /dev/input/event' "$W/$1.out" 60
    node_of "$W/$1.out" > "$W/$1.node"
    wait_for_new "$from" "device $(cat "$W/$1.node") .*found" "$LOG" 60
}
# inject NAME EVENTS: writes the events into the device's node with their timing (evemu-play).
# evemu-play does not wait out a long pause between frames (a finger held still), so the file
# is played in runs split at every pause of 0.1 s or more, the pause slept in between.
inject() {
    python3 - "$(cat "$W/$1.node")" "$2" <<'PY'
import subprocess, sys, time
node, path = sys.argv[1], sys.argv[2]
runs, pauses, last = [[]], [], None
for line in open(path):
    if line.startswith("E:"):
        t = float(line.split()[1])
        if last is not None and t - last >= 0.1:
            runs.append([]); pauses.append(t - last)
        last = t
    runs[-1].append(line)
for i, run in enumerate(runs):
    if i > 0:
        time.sleep(pauses[i - 1])
    subprocess.run(["evemu-play", node], input="".join(run), text=True, check=True)
PY
}
# unplug NAME: removes the device and waits until the daemon has seen it go: every gesture in
# it has been dispatched by then.
unplug() {
    local from pid; from="$(mark "$LOG")"; pid="$(cat "$W/$1.pid")"
    kill "$pid"; wait "$pid" 2>/dev/null
    wait_for_new "$from" "device $(cat "$W/$1.node") \"[^\"]*\": lost" "$LOG" 60
}
# play_through DESC EVENTS: device, inject, unplug.
play_through() { device pt "$1" && inject pt "$2"; unplug pt; }

# login_user NAME PATH: what useradd and pam_systemd/logind would give a user who logs in: the
# account with a home, /run/user/UID (a tmpfs in the guest), user@UID.service's cgroup delegated
# to it, and the login environment with PATH. Sets USERNAME, HOMEDIR, U, G, RUNTIME, CG and
# user_env, and defines as_user COMMAND… (run as that user, in that environment).
# SYSTEMD_IGNORE_CHROOT because the guest runs the tests in a chroot, where systemctl otherwise
# ignores e.g. `enable --now`'s start.
login_user() {
    USERNAME="$1"
    HOMEDIR="$(mktemp -d "/home/$1.XXXXXX")"
    useradd -M -d "$HOMEDIR" -s /bin/bash "$USERNAME"
    U="$(id -u "$USERNAME")" G="$(id -g "$USERNAME")"
    chown "$U:$G" "$HOMEDIR" && chmod 700 "$HOMEDIR"
    RUNTIME="/run/user/$U"
    mkdir -p "$RUNTIME" && chown "$U:$G" "$RUNTIME" && chmod 700 "$RUNTIME"
    CG="/sys/fs/cgroup/user.slice/user-$U.slice/user@$U.service"
    mkdir -p "$CG" && chown -R "$U:$G" "$CG"
    user_env=(env -i "HOME=$HOMEDIR" "USER=$USERNAME" "LOGNAME=$USERNAME" SHELL=/bin/bash
              "PATH=$2" "XDG_RUNTIME_DIR=$RUNTIME" SYSTEMD_IGNORE_CHROOT=1 LANG=C.UTF-8)
}
as_user() { setpriv --reuid="$U" --regid="$G" --init-groups "${user_env[@]}" "$@"; }
# as_user_exec COMMAND…: as_user in place of the calling (sub)shell, so that `( as_user_exec
# forcetouchd … ) &` leaves $! the daemon's own pid: a function run in the background is a
# subshell of its own, and killing that leaves its child running.
as_user_exec() { exec setpriv --reuid="$U" --regid="$G" --init-groups "${user_env[@]}" "$@"; }

# start_user_manager LOG: the user's `systemd --user`, as user@UID.service runs it (in its
# delegated cgroup, logging to the journal; its stderr in LOG). Sets manager_pid, and
# manager_state to what `systemctl --user is-system-running --wait` says (running, once up).
start_user_manager() {
    (
        echo "$BASHPID" > "$CG/cgroup.procs"
        exec setpriv --reuid="$U" --regid="$G" --init-groups "${user_env[@]}" SYSTEMD_LOG_TARGET=journal \
            /lib/systemd/systemd --user
    ) > "$1" 2>&1 &
    manager_pid=$!
    for _ in $(seq 300); do [ -S "$RUNTIME/systemd/private" ] && break; sleep 0.1; done
    manager_state="$(as_user timeout 120 systemctl --user is-system-running --wait 2>&1)"
}
