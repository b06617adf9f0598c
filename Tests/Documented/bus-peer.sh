# Sourced by the overlay's scripts (overlay-on-host.sh, intent-window-on-host.sh,
# assistive-touch-on-host.sh) after host_setup and host_home (lib.sh): a stand-in for forcetouchd that
# owns io.github.forcetouch.Daemon1 and sends the signals the test writes (bus-peer.c). The
# overlay believes only the owner of that name (SPEC §11), so a test's `gdbus emit` from a
# connection of its own is what a forger's would be: ignored.
#
#   peer_start [KINDS]  owns the name (no daemon may run meanwhile); $PEER_UNIQUE is its unique name;
#                       with KINDS (`app-icon,link`, "" for none) it has the daemon's UnderFinger
#   peer_emit MEMBER ARG…   the signal, its arguments as gdbus emit takes them; returns once sent
#   peer_stop           gives the name back
#   peer_queue          a second process waits in the bus's queue for the name (as a daemon
#                       started while another runs): when the stand-in dies the name passes to
#                       it at once, never without an owner; $QUEUED is its pid, for `stop`
PEER_LOG="$W/bus-peer.log"
PEER=""
cc -o "$W/bus-peer" -ISources/COverlay Tests/Documented/bus-peer.c $(pkg-config --cflags --libs gio-2.0) && chmod 755 "$W/bus-peer" ||
    bad "Tests/Documented/bus-peer.c builds (cc, libglib2.0-dev)"
peer_start() {
    rm -f "$W/bus-peer.in" && mkfifo -m 666 "$W/bus-peer.in"
    # Read-write: the open waits for no reader, and the peer's (which waits for a writer) finds one.
    exec 7<> "$W/bus-peer.in"
    : > "$PEER_LOG"
    bg_user "$PEER_LOG" "$W/bus-peer" io.github.forcetouch.Daemon1 "$W/bus-peer.in" "$@"
    PEER=$last_pid
    wait_for '^owned ' "$PEER_LOG" 10 > /dev/null
    PEER_UNIQUE="$(awk '/^owned / { print $3 }' "$PEER_LOG")"
    check "the test's stand-in owns io.github.forcetouch.Daemon1 ($PEER_UNIQUE)" test -n "$PEER_UNIQUE"
}
peer_emit() {
    local n args
    n="$(grep -c '^\(sent\|bad\) ' "$PEER_LOG")"
    args="$(IFS=,; echo "${*:2}")"
    [ $# -eq 2 ] && args="$args,"
    echo "$1 ($args)" >&7
    for _ in $(seq 50); do
        [ "$(grep -c '^\(sent\|bad\) ' "$PEER_LOG")" -gt "$n" ] && break
        sleep 0.1
    done
    ! grep -q '^bad ' "$PEER_LOG" || { grep '^bad ' "$PEER_LOG" >&2; return 1; }
}
peer_stop() {
    [ -n "$PEER" ] && stop "$PEER"
    exec 7>&-
    PEER=""
}
peer_queue() {
    bg_user "$W/queued.log" python3 -c '
import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                      GLib.Variant("(su)", ("io.github.forcetouch.Daemon1", 0)), GLib.VariantType("(u)"),
                      Gio.DBusCallFlags.NONE, 5000, None)
print("queued" if reply.unpack()[0] == 2 else "not queued", flush=True)
GLib.MainLoop().run()'
    QUEUED=$last_pid
    wait_for '^queued$' "$W/queued.log" 10 > /dev/null
}
