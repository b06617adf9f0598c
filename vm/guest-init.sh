#!/bin/sh
# PID 1 of the test VM's initramfs (busybox). Installed as /init by vm/setup.sh.
# Mounts the host root (9p, read-only) and, for each command vm/run-guest.sh wrote
# (/ctl/cmd.N.sh, N from 1), gives it a fresh root: a new tmpfs overlay on the host root, fresh
# /run, /tmp and shares, device nodes back to the kernel's modes. It chroots into that root, runs
# the command, writes its exit status to the control share (status.N), then ends every process
# the command left and takes the root down, so that the next command starts as after a boot
# (issue 50: one boot for all the guest suites, each still on its own). Powers off after the
# last, with the first failing status (or 0) in /ctl/status.
export PATH=/bin:/sbin
/bin/busybox --install -s /bin
R=/mnt                                   # the chroot
CTL_IN_ROOT=/run/forcetouch-vm

log() { echo "vm-init: $*"; }
finish() {
    rc=$1
    echo "$rc" > /ctl/status 2>/dev/null
    log "FORCETOUCH_VM_EXIT=$rc"
    sync
    poweroff -f
    sleep 5
    exit "$rc"                           # kernel panics (panic=-1 -> reboot -> qemu -no-reboot exits)
}

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
read -r _up _ < /proc/uptime
log "initramfs started at ${_up}s"

for m in $(cat /modules/order); do
    insmod "/modules/$m.ko" 2>/dev/null || log "insmod $m failed (built-in or already loaded?)"
done

P9="trans=virtio,version=9p2000.L,msize=512000"
mkdir -p /ctl /lower
mount -t 9p -o "$P9" ctl /ctl || { log "cannot mount control share"; poweroff -f; }
. /ctl/config                            # VM_ROOT_MODE, KVER, KDIR_HOST

mount -t 9p -o "$P9,ro,cache=loose" hostroot /lower || { log "cannot mount host root"; finish 125; }

# The kernel's own modes for the device nodes a suite's udev rules open up: devtmpfs is one
# instance for the whole boot, so a mode one command's rules set would outlive its root.
for n in /dev/uinput /dev/input/*; do
    [ -c "$n" ] && stat -c "%a %u %g %n" "$n"
done > /kernel-modes 2>/dev/null

# make_root N: the fresh root of command N at $R.
make_root() {
    mode=ro
    if [ "${VM_ROOT_MODE:-overlay}" = overlay ]; then
        mkdir -p "/rw$1" && mount -t tmpfs -o mode=0755 tmpfs "/rw$1" && mkdir -p "/rw$1/upper" "/rw$1/work" &&
            mount -t overlay -o "lowerdir=/lower,upperdir=/rw$1/upper,workdir=/rw$1/work" overlay "$R" && mode=overlay
    fi
    if [ "$mode" = ro ]; then
        mount -o bind /lower "$R" || { log "cannot bind host root"; finish 125; }
    fi
    [ "$1" -gt 1 ] || log "root mode: $mode"

    while read -r m_ u_ g_ n_; do chmod "$m_" "$n_"; chown "$u_:$g_" "$n_"; done < /kernel-modes 2>/dev/null
    mount -t proc proc "$R/proc"
    mount -t sysfs sysfs "$R/sys"
    mount -t devtmpfs devtmpfs "$R/dev"
    mkdir -p "$R/dev/pts" "$R/dev/shm"
    ln -sfn /proc/self/fd "$R/dev/fd"; ln -sfn /proc/self/fd/0 "$R/dev/stdin"
    ln -sfn /proc/self/fd/1 "$R/dev/stdout"; ln -sfn /proc/self/fd/2 "$R/dev/stderr"
    ln -sfn /proc/kcore "$R/dev/core" 2>/dev/null
    mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts "$R/dev/pts"
    mount -t tmpfs -o mode=1777 tmpfs "$R/dev/shm"
    mount -t tmpfs -o mode=0755 tmpfs "$R/run"
    if [ "$mode" = ro ]; then             # read-only root: give the usual writable places a tmpfs
        mount -t tmpfs -o mode=1777 tmpfs "$R/tmp"
        mount -t tmpfs -o mode=1777 tmpfs "$R/var/tmp"
    fi
    mkdir -p "$R$CTL_IN_ROOT"
    mount -o bind /ctl "$R$CTL_IN_ROOT"

    # Extra read-write shares, mounted at the same path as on the host ("tag path" per line).
    if [ -f /ctl/shares ]; then
        while read -r tag path; do
            [ -n "$tag" ] || continue
            mkdir -p "$R$path" 2>/dev/null
            mount -t 9p -o "$P9" "$tag" "$R$path" || log "cannot mount share $path"
        done < /ctl/shares
    fi

    # Make the guest kernel's modules visible where modprobe looks for them (overlay mode only).
    if [ "$mode" = overlay ] && [ -n "$KVER" ] && [ -d "$R$KDIR_HOST/lib/modules/$KVER" ]; then
        mkdir -p "$R/lib/modules" && rm -rf "$R/lib/modules/$KVER" &&
            ln -s "$KDIR_HOST/lib/modules/$KVER" "$R/lib/modules/$KVER"
    fi
}

# drop_root N: ends every process but this one (kill -1 spares PID 1 and kernel threads) and
# unmounts command N's root, innermost first.
drop_root() {
    kill -9 -1 2>/dev/null
    i=0
    while [ "$i" -lt 100 ]; do
        left=0
        for p in /proc/[0-9]*; do
            [ "${p#/proc/}" != 1 ] || continue
            [ -n "$(head -c 1 "$p/cmdline" 2>/dev/null)" ] && left=1 && break  # kernel threads and zombies have none
        done
        [ "$left" = 0 ] && break
        sleep 0.1; i=$((i + 1))
    done
    if [ "$left" != 0 ]; then
        for p in /proc/[0-9]*; do
            [ "${p#/proc/}" != 1 ] && [ -n "$(head -c 1 "$p/cmdline" 2>/dev/null)" ] && log "outlived command $1: $(tr '\0' ' ' < "$p/cmdline")"
        done
    fi
    grep " $R[/ ]" /proc/mounts | cut -d' ' -f2 | sort -r | while read -r m; do
        umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || log "cannot unmount $m"
    done
    umount "/rw$1" 2>/dev/null || umount -l "/rw$1" 2>/dev/null
}

ifconfig lo 127.0.0.1 up 2>/dev/null
hostname forcetouch-vm 2>/dev/null

# Command stdout/stderr: virtio-serial ports named ft.stdout/ft.stderr (not ttys: no "\r\n"
# translation); fallback ttyS1/ttyS2 switched to raw mode.
vport() {
    for n in /sys/class/virtio-ports/*/name; do
        [ "$(cat "$n" 2>/dev/null)" = "$1" ] && { d=${n%/name}; echo "/dev/${d##*/}"; return 0; }
    done
    return 1
}
OUT=$(vport ft.stdout) || { OUT=/dev/ttyS1; stty -F /dev/ttyS1 raw -echo 2>/dev/null; }
ERR=$(vport ft.stderr) || { ERR=/dev/ttyS2; stty -F /dev/ttyS2 raw -echo 2>/dev/null; }
log "stdout=$OUT stderr=$ERR"

first=0 cmd=1
while [ -f "/ctl/cmd.$cmd.sh" ]; do
    make_root "$cmd"
    read -r _up _ < /proc/uptime
    log "running command $cmd at ${_up}s"
    chroot "$R" /bin/bash "$CTL_IN_ROOT/cmd.$cmd.sh" < /dev/null > "$OUT" 2> "$ERR"
    rc=$?
    echo "$rc" > "/ctl/status.$cmd"
    [ "$first" != 0 ] || first=$rc
    read -r _up _ < /proc/uptime
    log "command $cmd finished at ${_up}s (status $rc)"
    drop_root "$cmd"
    cmd=$((cmd + 1))
done
finish "$first"
