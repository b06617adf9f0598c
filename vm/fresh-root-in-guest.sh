#!/usr/bin/env bash
# Run last in vm/run-tests.sh's one boot: the root each guest script starts in is as fresh as
# after a boot (vm/guest-init.sh), whatever the scripts before it left — the daemons and user
# managers they started, the udev rules, `make install`'s and the .deb's files, a device node
# opened up. A script that relies on a clean machine (systemd-user-in-guest.sh checks that udev
# knows nothing of forcetouch before `make install`) relies on this.
#   vm/fresh-root-in-guest.sh OUT     (OUT/host-has: those of the files below the host has)
set -uo pipefail
source "$(dirname "$0")/../Tests/Integration/lib.sh"
out="${1:?usage: $0 OUT | --files}"

# What the scripts before make and the host has not (vm/run-tests.sh lists those it has).
fresh_root_files() {
    echo /etc/udev/rules.d/70-forcetouch.rules /etc/udev/rules.d/71-forcetouch-test.rules \
         /usr/local/bin/forcetouchd /usr/local/lib/systemd/user/forcetouchd.service \
         /etc/forcetouch /usr/bin/forcetouchd
}
[ "${1:-}" != --files ] || { fresh_root_files; exit 0; }

# The processes that are not this command's: not descended from the command's first process
# (the one PID 1 started), which is where an earlier command's leftovers would hang, reparented
# to PID 1. Kernel threads have no command line.
ppid() { awk '/^PPid:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }
others() {
    local top=$$ p
    while [ "$(ppid "$top")" -gt 1 ]; do top="$(ppid "$top")"; done
    for d in /proc/[0-9]*; do
        p="${d#/proc/}"
        [ "$p" != 1 ] && [ -n "$(head -c 1 "$d/cmdline" 2>/dev/null)" ] || continue
        while [ -n "$p" ] && [ "$p" -gt 1 ] && [ "$p" != "$top" ]; do p="$(ppid "$p")"; done
        [ "$p" = "$top" ] || { tr '\0' ' ' < "$d/cmdline"; echo; }
    done
}
others > "/tmp/fresh-root.$$"          # not in a $(…): its subshell would be one of them
left="$(tr '\n' ';' < "/tmp/fresh-root.$$")"
check "no process of an earlier script is left${left:+: $left}" test -z "$left"
check "/dev/uinput has the kernel's mode again (0600 root), not a udev rule's" \
    test "$(stat -c '%a %u' /dev/uinput)" = "600 0"
for f in $(fresh_root_files); do
    if grep -qxF "$f" "$out/host-has" 2>/dev/null; then
        echo "($f is the host's own: not checked)"
        continue
    fi
    check "$f, which an earlier script made, is not here" test ! -e "$f"
done
check "/run holds only the harness's control directory" test "$(ls /run)" = forcetouch-vm
summary fresh-root-in-guest
