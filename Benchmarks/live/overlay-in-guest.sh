#!/usr/bin/env bash
# forcetouch-overlay's cost (SPEC §11), printed by `make bench-live` after the daemon's figures:
# its wake-ups while no menu is shown (it should sleep in poll() on the bus: 0), its memory
# idle and once it has drawn a menu, under Xvfb with a session bus of its own, as nobody.
# Figures only. Usage: overlay-in-guest.sh WORKDIR BIN [IDLE_SECONDS]
set -uo pipefail
W="$1" BIN="$2" IDLE="${3:-10}"
O="$W/overlay" && mkdir -p "$O/run" && chmod 777 "$O" && chown 65534:65534 "$O/run" && chmod 700 "$O/run"
user_env=(env -i HOME="$O" USER=nobody PATH=/usr/bin:/bin "XDG_RUNTIME_DIR=$O/run" LANG=C.UTF-8)
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "${user_env[@]}" "$@"; }
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done' EXIT
[ -x "$BIN/forcetouch-overlay" ] || { echo "overlay: no $BIN/forcetouch-overlay"; exit 0; }
command -v Xvfb > /dev/null || { echo "overlay: Xvfb is not installed"; exit 0; }

as_nobody dbus-daemon --session --fork --print-address=1 --print-pid=1 --address="unix:path=$O/run/bus" > "$O/bus.txt"
pids+=("$(sed -n 2p "$O/bus.txt")")
user_env+=("DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$O/bus.txt")")
D=50
while [ -e "/tmp/.X$D-lock" ] || [ -e "/tmp/.X11-unix/X$D" ]; do D=$(( D + 1 )); done
( exec setpriv --reuid=65534 --regid=65534 --clear-groups "${user_env[@]}" Xvfb ":$D" -screen 0 1024x768x24 -nolisten tcp ) \
    > "$O/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 300); do [ -e "/tmp/.X11-unix/X$D" ] && break; sleep 0.1; done
user_env+=("DISPLAY=:$D")
( exec setpriv --reuid=65534 --regid=65534 --clear-groups "${user_env[@]}" "$BIN/forcetouch-overlay" --verbose ) > "$O/overlay.log" 2>&1 &
overlay=$!
pids+=("$overlay")
for _ in $(seq 600); do grep -q 'Overlay1 on the session bus' "$O/overlay.log" && break; sleep 0.1; done
switches() { awk '/^(voluntary|nonvoluntary)_ctxt_switches/ { n += $2 } END { print n }' "/proc/$overlay/status"; }
memory() { awk '/^VmHWM|^VmRSS/ { printf "%s %s kB ", $1, $2 }' "/proc/$overlay/status"; }
sleep 2
s0="$(switches)"; sleep "$IDLE"; s1="$(switches)"
echo "overlay idle seconds $IDLE wakeups $((s1 - s0)), before any menu: $(memory)"
as_nobody gdbus emit --session --object-path /io/github/forcetouch/Daemon1 \
    --signal io.github.forcetouch.Daemon1.MenuShown "uint32 1" \
    "[{'type': <'a'>, 'title': <'New message'>, 'subtitle': <'To Ann'>, 'icon': <'document-edit'>}, {'type': <'b'>, 'title': <'Search'>, 'icon': <'edit-find'>}]" \
    0.5 0.5 "'touch'" "''" > /dev/null
for _ in $(seq 300); do grep -q '^item 1 ' "$O/overlay.log" && break; sleep 0.1; done
as_nobody gdbus emit --session --object-path /io/github/forcetouch/Daemon1 \
    --signal io.github.forcetouch.Daemon1.MenuDismissed "uint32 1" "'dismissed'" > /dev/null
# Gone from the screen, and a little time for the emulated machine to settle.
for _ in $(seq 300); do grep -q '^hidden' "$O/overlay.log" && break; sleep 0.1; done
sleep 3
s0="$(switches)"; sleep "$IDLE"; s1="$(switches)"
echo "overlay idle seconds $IDLE wakeups $((s1 - s0)), after a menu: $(memory)"
