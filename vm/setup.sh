#!/usr/bin/env bash
# Prepare the QEMU test VM: install host tools, fetch a Debian kernel, build an initramfs.
# Idempotent: re-running only redoes what is missing. Needs root (apt-get) unless all
# packages are already installed. Everything generated goes into vm/cache/ (gitignored).
set -euo pipefail

VM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="$VM_DIR/cache"
mkdir -p "$CACHE"

log() { echo "[vm/setup] $*" >&2; }

# ---------------------------------------------------------------- host packages
# libinput-tools: `libinput debug-events`, what the live benchmark (make bench-live) compares with
# and what the claiming test (claim-in-guest.sh) reads a clone with. python3-evdev: that test's
# player, which writes through uinput (writes to a grabbed evdev node are dropped by the kernel).
PKGS=(qemu-system-x86 busybox-static udev evemu-tools evtest cpio util-linux kmod xz-utils zstd python3 python3-evdev tmux libinput-tools)
missing=()
for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
apt_updated=0
apt_update() {
    [ "$apt_updated" -eq 1 ] && return 0
    log "apt-get update"
    $SUDO apt-get update -qq
    apt_updated=1
}
if [ "${#missing[@]}" -gt 0 ]; then
    log "installing: ${missing[*]}"
    apt_update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ---------------------------------------------------------------- kernel
KDIR="$CACHE/kernel"
if [ ! -f "$CACHE/kernel.done" ]; then
    # linux-image-amd64 is a metapackage depending on linux-image-<ver>-amd64 (or -unsigned).
    dep_of_meta() {
        apt-cache depends linux-image-amd64 2>/dev/null \
            | awk '/Depends:/ {print $2}' | grep -E '^linux-image-[0-9].*-amd64(-unsigned)?$' | head -n1 || true
    }
    apt_update                          # stale lists could name a kernel the mirror no longer has
    kpkg="$(dep_of_meta)"
    [ -n "$kpkg" ] || { log "cannot resolve linux-image-amd64 dependency"; exit 1; }
    log "kernel package: $kpkg"
    rm -rf "$KDIR" "$CACHE"/linux-image-*.deb
    ( cd "$CACHE" && apt-get -o APT::Sandbox::User=root download "$kpkg" >/dev/null )
    deb="$(ls "$CACHE"/linux-image-*.deb | head -n1)"
    dpkg -x "$deb" "$KDIR"
    rm -f "$deb"
    kver="$(ls "$KDIR/lib/modules" | head -n1)"
    ln -sfn "kernel/boot/vmlinuz-$kver" "$CACHE/vmlinuz"
    rm -f "$CACHE/vmlinux"
    echo "$kver" > "$CACHE/kernel.version"
    # The .deb ships no modules.dep (postinst normally runs depmod): make modprobe usable in the guest.
    depmod -b "$KDIR" "$kver"
    touch "$CACHE/kernel.done"
    rm -f "$CACHE/initramfs.cpio.gz"   # force rebuild against the new kernel
fi
kver="$(cat "$CACHE/kernel.version")"
log "kernel $kver"

# Uncompressed ELF vmlinux: QEMU boots it directly via PVH, which skips the in-guest kernel
# decompression (~5 s under TCG). run-guest.sh falls back to the bzImage if this is missing.
if [ ! -s "$CACHE/vmlinux" ]; then
    python3 - "$CACHE/vmlinuz" "$CACHE/vmlinux.tmp" <<'PY' || { log "vmlinux extraction failed; will boot bzImage"; rm -f "$CACHE/vmlinux.tmp"; }
import lzma, gzip, sys, zlib
data = open(sys.argv[1], "rb").read()
for magic, dec in ((b"\xfd7zXZ\x00", lambda b: lzma.LZMADecompressor().decompress(b)),
                   (b"\x1f\x8b\x08", lambda b: zlib.decompressobj(31).decompress(b))):
    i = data.find(magic)
    while i >= 0:
        try:
            out = dec(data[i:])
        except Exception:
            out = b""
        if out[:4] == b"\x7fELF":
            open(sys.argv[2], "wb").write(out)
            sys.exit(0)
        i = data.find(magic, i + 1)
sys.exit("no ELF payload found")
PY
    [ -s "$CACHE/vmlinux.tmp" ] && mv "$CACHE/vmlinux.tmp" "$CACHE/vmlinux"
fi

# ---------------------------------------------------------------- initramfs
INITRD="$CACHE/initramfs.cpio.gz"
INIT_SRC="$VM_DIR/guest-init.sh"
if [ ! -f "$INITRD" ] || [ "$INIT_SRC" -nt "$INITRD" ] || [ "$VM_DIR/setup.sh" -nt "$INITRD" ]; then
    log "building initramfs"
    root="$CACHE/initramfs.root"
    rm -rf "$root"
    mkdir -p "$root"/{bin,sbin,proc,sys,dev,mnt,tmp,modules,etc}
    cp /bin/busybox "$root/bin/busybox"
    ln -s busybox "$root/bin/sh"          # /init runs "busybox --install -s" for the other applets
    MODS="virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci netfs fscache 9pnet 9pnet_virtio 9p evdev uinput overlay virtio_console"
    : > "$root/modules/order"
    for m in $MODS; do
        f="$(find "$KDIR/lib/modules/$kver" -name "$m.ko*" | head -n1)"
        if [ -z "$f" ]; then
            log "  module $m: not a file (built-in or absent) - skipped"
            continue
        fi
        case "$f" in
            *.ko.xz)  xz -dc "$f"   > "$root/modules/$m.ko" ;;
            *.ko.zst) zstd -qdc "$f" > "$root/modules/$m.ko" ;;
            *.ko.gz)  gzip -dc "$f" > "$root/modules/$m.ko" ;;
            *)        cp "$f" "$root/modules/$m.ko" ;;
        esac
        echo "$m" >> "$root/modules/order"
    done
    install -m 0755 "$INIT_SRC" "$root/init"
    ( cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet ) | gzip -1 > "$INITRD.tmp"
    mv "$INITRD.tmp" "$INITRD"
    rm -rf "$root"
fi
log "ready: $CACHE/vmlinuz + $INITRD"
