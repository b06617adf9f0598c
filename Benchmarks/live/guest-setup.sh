# Sourced by compare-in-guest.sh and lookups-in-guest.sh, in the guest: what both need before
# a reader starts. With HERE (this directory), ROOT, W (a work directory) and CYCLES set:
# builds the libevdev floor into W, writes the typical stream of CYCLES cycles
# (W/typical.events), starts udev with the project's rule and one that opens the benchmark's
# devices to the daemon's user, and writes W/config.toml, every gesture bound to a notify.
cc -O2 -o "$W/libevdev-floor" "$HERE/libevdev-floor.c" $(pkg-config --cflags --libs libevdev) || die "cannot build libevdev-floor.c"
python3 "$HERE/make-streams.py" "$W" 0.2 "$CYCLES" > /dev/null || die "cannot make the streams"
cp "$ROOT/udev-rules/70-forcetouch.rules" /etc/udev/rules.d/
echo 'SUBSYSTEM=="input", KERNEL=="event*", ENV{FORCETOUCH_DEVICE}=="1", MODE="0666"' > /etc/udev/rules.d/71-forcetouch-bench.rules
/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add --subsystem-match=input --subsystem-match=misc >/dev/null 2>&1
udevadm settle --timeout=60
printf '[[binding]]\ngesture = "%s"\nnotify = "%s"\n\n' tap tap double-tap "double tap" long-press "long press" \
    deep-press "deep press" > "$W/config.toml"
chmod 644 "$W/config.toml"
