#!/usr/bin/env bash
# Installs the Debian packages forcetouch builds against, once. Swift is already installed.
set -euo pipefail
need=()
# The D-Bus test (Tests/Documented/dbus-on-host.sh) needs a real bus and its clients: dbus-daemon,
# dbus-bin (dbus-monitor), systemd (busctl), libglib2.0-bin (gdbus).
for pkg in libevdev-dev libudev-dev libglib2.0-dev libsystemd-dev pkg-config \
           dbus-daemon dbus-bin systemd libglib2.0-bin; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "installing ${need[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
