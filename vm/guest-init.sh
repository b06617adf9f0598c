#!/bin/sh
# PID 1 of the test VM's initramfs (busybox). Installed as /init by vm/setup.sh.
# Mounts the host root (9p, read-only) with a tmpfs overlay on top, chroots into it and runs
# /run/forcetouch-vm/cmd.sh (written by vm/run-guest.sh), then writes its exit status to the
# control share and powers off.
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
mkdir -p /ctl /lower /rw
mount -t 9p -o "$P9" ctl /ctl || { log "cannot mount control share"; poweroff -f; }
. /ctl/config                            # VM_ROOT_MODE, KVER, KDIR_HOST

mount -t 9p -o "$P9,ro,cache=loose" hostroot /lower || { log "cannot mount host root"; finish 125; }
mode=ro
if [ "${VM_ROOT_MODE:-overlay}" = overlay ]; then
    mount -t tmpfs -o mode=0755 tmpfs /rw && mkdir -p /rw/upper /rw/work &&
        mount -t overlay -o lowerdir=/lower,upperdir=/rw/upper,workdir=/rw/work overlay "$R" && mode=overlay
fi
if [ "$mode" = ro ]; then
    mount -o bind /lower "$R" || { log "cannot bind host root"; finish 125; }
fi
log "root mode: $mode"

mount -t proc proc "$R/proc"
mount -t sysfs sysfs "$R/sys"
mount -t devtmpfs devtmpfs "$R/dev"
mkdir -p "$R/dev/pts" "$R/dev/shm"
ln -sf /proc/self/fd "$R/dev/fd"; ln -sf /proc/self/fd/0 "$R/dev/stdin"
ln -sf /proc/self/fd/1 "$R/dev/stdout"; ln -sf /proc/self/fd/2 "$R/dev/stderr"
ln -sf /proc/kcore "$R/dev/core" 2>/dev/null
mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts "$R/dev/pts"
mount -t tmpfs -o mode=1777 tmpfs "$R/dev/shm"
mount -t tmpfs -o mode=0755 tmpfs "$R/run"
if [ "$mode" = ro ]; then                 # read-only root: give the usual writable places a tmpfs
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

read -r _up _ < /proc/uptime
log "running command at ${_up}s"
chroot "$R" /bin/bash "$CTL_IN_ROOT/cmd.sh" < /dev/null > "$OUT" 2> "$ERR"
rc=$?
read -r _up _ < /proc/uptime
log "command finished at ${_up}s"
finish "$rc"
