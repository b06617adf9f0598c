#!/usr/bin/env bash
# Installs the Debian packages forcetouch builds against, once. Swift is already installed.
# With --deb, also what `make deb` needs to build and check the package: dpkg-dev
# (dpkg-shlibdeps, dpkg-gencontrol, dpkg-parsechangelog), binutils (strip) and lintian.
set -euo pipefail
# The D-Bus test (Tests/Documented/dbus-on-host.sh) needs a real bus and its clients: dbus-daemon,
# dbus-bin (dbus-monitor), systemd (busctl), libglib2.0-bin (gdbus). GIO is opened at run time,
# not built against: libglib2.0-bin brings the library. python3-dbus: its stand-in for an
# overlay that owns the overlay's name and never answers. python3-gi: the stand-in for the
# overlay's lookup of what is under the finger (Tests/Documented/under-finger-on-host.sh), whose
# Copy Link is checked on the X11 clipboard with xclip.
# forcetouch-overlay's GTK part builds against GTK 3 and gtk-layer-shell; its test
# (Tests/Documented/overlay-on-host.sh) runs it under Xvfb with openbox and under sway's headless
# backend (and weston's, a compositor without layer-shell), shoots the screen with import
# (imagemagick) and grim, and taps with xdotool. Its lookup of what is under the finger asks the
# X server through xcb (libxcb1-dev) and AT-SPI with AT-SPI's own names (libatspi2.0-dev's
# header); its test (Tests/Documented/under-finger-lookup-on-host.sh) runs the accessibility bus
# (at-spi2-core), Debian's xfce4-panel, Firefox ESR and a GTK link button in python3-gi; under
# sway, xfce4-panel through XWayland (xwayland) and waybar, a layer-shell bar with a wlroots taskbar.
# A link's preview renders the page with WebKitGTK 4.1 (optional at run time: the Makefile builds
# forcetouch-overlay-webkit.so where its development files are); its test
# (Tests/Documented/link-preview-on-host.sh) reads the clipboard back with xclip, and
# stands in for the overlay's lookup with python3-gi.
# The GNOME Shell extension's test (Tests/Documented/gnome-shell-on-host.sh) runs GNOME Shell 43
# headless on Mesa's software renderer, and gjs runs the extension's own tests; zenity is the
# ordinary GTK window (Wayland) whose app the extension's ObjectAt names. python3-gi: the
# stand-in for the GNOME Shell extension that takes the overlay's name (overlay-on-host.sh, "who
# draws"). KDE Plasma's KWin (kwin-wayland: Tests/Documented/kde-on-host.sh runs the overlay under
# it headless, llvmpipe from libgl1-mesa-dri, and shoots it through KWin's ScreenShot2 from
# python3-gi). feedbackd: the daemon that plays the haptic tick at peek and pop on Linux phones
# (org.sigxcpu.Feedback), which dbus-on-host.sh runs on its private bus. forcetouch Settings is
# gjs over GTK 4 and libadwaita (gir1.2-gtk-4.0, gir1.2-adw-1); dbus-on-host.sh drives it through
# AT-SPI from python3-gi (gir1.2-atspi-2.0). Force Click's Look Up asks a dictionary server on
# loopback: under-finger-lookup-on-host.sh runs Debian's dictd with WordNet (dict-wn), and
# GNOME's Dictionary (gnome-dictionary), the dictionary application Look Up in Dictionary opens.
pkgs=(libevdev-dev libudev-dev libyaml-dev libsystemd-dev pkg-config dbus-daemon dbus-bin systemd libglib2.0-bin
      python3-dbus python3-gi gir1.2-gtk-3.0 xclip libgtk-3-dev libgtk-layer-shell-dev xvfb openbox sway weston grim
      imagemagick xdotool libxcb1-dev libatspi2.0-dev at-spi2-core xfce4-panel firefox-esr libwebkit2gtk-4.1-dev
      xwayland waybar
      gnome-shell gjs libgl1-mesa-dri libegl-mesa0 zenity kwin-wayland feedbackd gir1.2-gtk-4.0 gir1.2-adw-1
      gir1.2-atspi-2.0 dictd dict-wn gnome-dictionary)
[ "${1:-}" = --deb ] && pkgs+=(dpkg-dev binutils lintian)
# GNOME Shell 43 (with gnome-extensions, which `make gnome-extension` and
# gnome-extension-on-host.sh use), gjs, dbus-user-session and Mesa's software renderer go in
# first, without their recommends (gdm3, gnome-control-center, evolution-data-server…), which
# no suite needs: after the packages above, with them they download 351 MB (611 packages),
# without 116 MB (151). So do the other desktops' programs the suites run: KWin (Plasma's
# recommends), zenity, Firefox ESR, xfce4-panel, waybar and gnome-dictionary.
nonrec=(gnome-shell gjs dbus-user-session libgl1-mesa-dri libegl-mesa0 kwin-wayland zenity firefox-esr xfce4-panel
        waybar feedbackd gnome-dictionary)
missing() { local pkg; for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"; done; }
mapfile -t need_nonrec < <(missing "${nonrec[@]}")
mapfile -t need < <(missing "${pkgs[@]}" | grep -vxF -f <(printf '%s\n' "${nonrec[@]}"))
[ ${#need[@]} -eq 0 ] && [ ${#need_nonrec[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "installing ${need[*]} ${need_nonrec[*]}" >&2
$SUDO apt-get update -qq
[ ${#need_nonrec[@]} -eq 0 ] || \
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_nonrec[@]}" >/dev/null
[ ${#need[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
