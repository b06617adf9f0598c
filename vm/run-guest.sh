#!/usr/bin/env bash
# Run a command inside the QEMU test VM (real Debian kernel with uinput/evdev), chrooted into
# this machine's root filesystem. Usage:
#   vm/run-guest.sh [--share DIR]... [--verbose] -- COMMAND [ARGS...]
#   vm/run-guest.sh [--share DIR]... [--verbose] --each PLAN
# stdout/stderr of COMMAND are streamed to our stdout/stderr; our exit status is COMMAND's.
# --each runs every line of PLAN (a command, its words shell-quoted) one after another in one
# boot, each in a fresh root as after a boot (vm/guest-init.sh); the status is the first failure's.
# Env: VM_TIMEOUT (s, default 600), VM_MEM (MiB, 1536), VM_CPUS (2), VM_ROOT_MODE (overlay|ro),
#      VM_PATH (guest PATH; default /usr/local/sbin:...:/bin),
#      VM_PASSENV (extra var names to pass in; FORCETOUCH_* always passed), VM_VERBOSE=1,
#      VM_QEMU_ARGS (more QEMU options, split on spaces: logging, a monitor).
# Exit: COMMAND's status; 124 = VM timed out; 125 = VM/harness failure (no status came back).
set -euo pipefail

VM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="$VM_DIR/cache"
VM_TIMEOUT="${VM_TIMEOUT:-600}"
VM_MEM="${VM_MEM:-1536}"
VM_CPUS="${VM_CPUS:-2}"
VM_ROOT_MODE="${VM_ROOT_MODE:-overlay}"
VERBOSE="${VM_VERBOSE:-0}"

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 125; }
shares=()
plan=""
while [ $# -gt 0 ]; do
    case "$1" in
        --share) [ $# -ge 2 ] || usage; shares+=("$(realpath -e "$2")"); shift 2 ;;
        --share=*) shares+=("$(realpath -e "${1#--share=}")"); shift ;;
        --verbose|-v) VERBOSE=1; shift ;;
        --each) [ $# -ge 2 ] || usage; plan="$(realpath -e "$2")"; shift 2 ;;
        --) shift; break ;;
        -h|--help) usage ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || [ -n "$plan" ] || usage

KERNEL="${VM_KERNEL:-$CACHE/vmlinux}"          # ELF -> PVH boot (fast); bzImage as fallback
[ -s "$KERNEL" ] || KERNEL="$CACHE/vmlinuz"
for f in "$KERNEL" "$CACHE/initramfs.cpio.gz" "$CACHE/kernel.version"; do
    [ -e "$f" ] || { echo "run-guest: $f missing - run vm/setup.sh first" >&2; exit 125; }
done
command -v qemu-system-x86_64 >/dev/null || { echo "run-guest: qemu-system-x86_64 missing - run vm/setup.sh" >&2; exit 125; }

ctl="$(mktemp -d "${TMPDIR:-/tmp}/forcetouch-vm.XXXXXX")"
qpid=""
cleanup() {
    [ -n "$qpid" ] && kill "$qpid" 2>/dev/null || true
    rm -rf "$ctl"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- what the guest runs
{
    echo "VM_ROOT_MODE=$VM_ROOT_MODE"
    echo "KVER=$(cat "$CACHE/kernel.version")"
    echo "KDIR_HOST=$(realpath "$CACHE/kernel")"
} > "$ctl/config"
read -r -a qargs <<< "${VM_QEMU_ARGS:-}"
: > "$ctl/shares"
i=0
for s in "${shares[@]}"; do
    echo "share$i $s" >> "$ctl/shares"
    qargs+=(-virtfs "local,path=$s,mount_tag=share$i,security_model=none,multidevs=remap")
    i=$((i + 1))
done
# write_cmd COMMAND-LINE FILE: the script the guest runs for one command (its words quoted).
write_cmd() {
    {
        echo '#!/bin/bash'
        # Not the host's PATH: pyenv shims there make every python3 start take ~20 s under TCG.
        printf 'export PATH=%q\n' "${VM_PATH:-/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin}"
        echo 'export HOME=/root LANG=C.UTF-8 TERM=dumb FORCETOUCH_IN_VM=1'
        # systemd tools (udevadm settle/trigger, ...) refuse to act in a chroot without this
        echo 'export SYSTEMD_IGNORE_CHROOT=1'
        for v in $(compgen -e | grep -E '^FORCETOUCH_' || true) ${VM_PASSENV:-}; do
            [ -n "${!v+x}" ] && printf 'export %s=%q\n' "$v" "${!v}"
        done
        # The suites run programs in this directory as nobody. A clone in a private directory
        # (root's home, a mktemp -d) is out of its reach: in the guest only, on the throwaway
        # overlay, each directory above it is made searchable by others (o+x: entered, not
        # listed). The host's modes are not touched; a read-only root (VM_ROOT_MODE=ro) is left.
        printf 'd=%q; while [ "$d" != / ] && [ -d "$d" ]; do\n' "$PWD"
        echo '    case "$(stat -c %A "$d")" in *x|*t) ;; *) chmod o+x "$d" 2>/dev/null ;; esac; d="$(dirname "$d")"; done'
        printf 'cd %q 2>/dev/null || { echo "run-guest: cannot cd to %q in guest, using /" >&2; cd /; }\n' "$PWD" "$PWD"
        echo "exec $1"
    } > "$2"
}
if [ -n "$plan" ]; then
    n=0
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        n=$((n + 1))
        write_cmd "$line" "$ctl/cmd.$n.sh"
    done < "$plan"
    [ "$n" -gt 0 ] || { echo "run-guest: $plan has no command" >&2; exit 125; }
else
    write_cmd "$(printf '%q ' "$@")" "$ctl/cmd.1.sh"
fi

# ---- ttyS0 = console/kernel log; stdout/stderr go over virtio-serial ports ft.stdout/ft.stderr
# (~100x faster than a 16550 under TCG), with ttyS1/ttyS2 as fallback. Each is a fifo pair.
for p in console out err; do mkfifo "$ctl/$p.in" "$ctl/$p.out"; done
readers=()
if [ "$VERBOSE" = 1 ]; then
    tee "$ctl/console.log" < "$ctl/console.out" >&2 &
else
    cat < "$ctl/console.out" > "$ctl/console.log" &
fi
readers+=($!)
cat < "$ctl/out.out" &
readers+=($!)
cat < "$ctl/err.out" >&2 &
readers+=($!)

append="console=ttyS0 panic=-1 rdinit=/init mitigations=off audit=0 quiet loglevel=3"
[ "$VERBOSE" = 1 ] && append="console=ttyS0 panic=-1 rdinit=/init mitigations=off audit=0 loglevel=6"

start=$(date +%s%N)
set +e
timeout -k 10 "$VM_TIMEOUT" qemu-system-x86_64 \
    -accel tcg -machine pc -cpu max -smp "$VM_CPUS" -m "$VM_MEM" \
    -nodefaults -no-user-config -display none -no-reboot -nic none \
    -kernel "$KERNEL" -initrd "$CACHE/initramfs.cpio.gz" -append "$append" \
    -serial "pipe:$ctl/console" -serial "pipe:$ctl/out" -serial "pipe:$ctl/err" \
    -device virtio-serial-pci,max_ports=4 \
    -device "virtserialport,chardev=vout,name=ft.stdout" -chardev "pipe,id=vout,path=$ctl/out" \
    -device "virtserialport,chardev=verr,name=ft.stderr" -chardev "pipe,id=verr,path=$ctl/err" \
    -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap" \
    -virtfs "local,path=$ctl,mount_tag=ctl,security_model=none,multidevs=remap" \
    "${qargs[@]}" < /dev/null &
qpid=$!
wait "$qpid"
qrc=$?
qpid=""
# The fifo readers get EOF once qemu is gone. If qemu died before opening a fifo, its reader
# is still blocked in open(): a brief open as writer releases it.
for p in console out err; do exec 3<>"$ctl/$p.out"; exec 3>&-; done
wait "${readers[@]}" 2>/dev/null
set -e
elapsed=$(( ($(date +%s%N) - start) / 1000000 ))ms

if [ "$qrc" -eq 124 ] || [ "$qrc" -eq 137 ]; then
    echo "run-guest: VM timed out after ${VM_TIMEOUT}s; console tail:" >&2
    tail -n 30 "$ctl/console.log" >&2 || true
    exit 124
fi
if [ ! -s "$ctl/status" ]; then
    echo "run-guest: no exit status from guest (qemu rc=$qrc); console tail:" >&2
    tail -n 40 "$ctl/console.log" >&2 || true
    exit 125
fi
rc="$(cat "$ctl/status")"
[ "$VERBOSE" = 1 ] && echo "run-guest: guest exit $rc after ${elapsed}" >&2
exit "$rc"
