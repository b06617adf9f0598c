#!/usr/bin/env bash
# Installs the Debian packages forcetouch builds against, once. Swift is already installed.
set -euo pipefail
need=()
for pkg in libevdev-dev libudev-dev libglib2.0-dev libsystemd-dev pkg-config; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "installing ${need[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
