# Sourced by Tests/Documented/gnome-shell-on-host.sh after host_setup, host_home and
# start_session_bus (lib.sh): headless GNOME Shell 43 as the test user, with the forcetouch
# extension (gnome-shell/) and its test-only companion (Tests/GnomeShell/), which takes the
# screenshots and makes the touches, clicks and keys (headless mutter reads no input devices).
#
#   start_gnome_shell      the shell on one 1024×768 virtual monitor, both extensions enabled,
#                          started up with the overview hidden: $gs_pid, its output in $SHELL_LOG
#                          (the extension's lines start `forcetouch: `; FORCETOUCH_VERBOSE=1)
#   shell_call METHOD ARG… a ShellTest method (gdbus call arguments), its reply on stdout
#   gshot FILE             a screenshot of the whole stage, as the user sees it
#   stop_gnome_shell       the shell and its stand-in system bus stopped
#   shell_log_since OFFSET the extension's lines written after byte OFFSET, `forcetouch: ` cut
#   as_daemon [--queue] METHOD ARGS…  the extension's Overlay1 METHOD called as forcetouchd calls
#                          it, from the owner of io.github.forcetouch.Daemon1 (no daemon may run
#                          meanwhile), once per ARGS (`(700.0, 600.0)`): `owned UNIQUE`, then one
#                          reply a line (Tests/GnomeShell/as-daemon.js); any other caller is refused
#   crash PID              the process killed with SIGKILL, as a crash ends it (reaped quietly);
#                          $crashed_ms is when (ms since the epoch)
#   ms_to OFFSET ERE       ms from $crashed_ms to the first line past OFFSET of the shell's log that
#                          matches ERE, by the time GLib stamped on it (a figure, never asserted)
#   peer_replaced          bus-peer.sh's stand-in for the daemon killed (SIGKILL) while as-daemon.js
#                          waits in the bus's queue for its name, which passes to it at once (no
#                          moment without an owner); it holds the name until `stop "$queued_pid"`
EXTENSION_UUID=forcetouch@forcetouch.github.io
TEST_EXTENSION_UUID=forcetouch-test@forcetouch.github.io
SHELL_LOG="$W/gnome-shell.log"

start_gnome_shell() {
    local ext="$HOMEDIR/.local/share/gnome-shell/extensions"
    mkdir -p "$ext"
    cp -r "gnome-shell/$EXTENSION_UUID" "Tests/GnomeShell/$TEST_EXTENSION_UUID" "$ext/"
    cp Tests/GnomeShell/as-daemon.js "$W/as-daemon.js" && chmod 644 "$W/as-daemon.js"
    chown -R "$U:$G" "$HOMEDIR/.local"
    # GNOME Shell 43 aborts at start where /run/systemd/seats exists and no system bus answers
    # (logind's proxy): a second dbus-daemon of the user's stands in for the system bus.
    as_user timeout 10 dbus-daemon --session --fork --print-address=1 --print-pid=1 \
        --address="unix:path=$RUNTIME/system-bus" > "$W/system-bus.txt" 2>> "$W/bus.err"
    local system_address system_pid
    system_address="$(sed -n 1p "$W/system-bus.txt")" system_pid="$(sed -n 2p "$W/system-bus.txt")"
    [ -n "$system_pid" ] && pids+=("$system_pid")
    gs_system_pid="$system_pid"
    as_user gsettings set org.gnome.shell enabled-extensions "['$EXTENSION_UUID', '$TEST_EXTENSION_UUID']"
    as_user gsettings set org.gnome.desktop.notifications show-banners false
    bg_user "$SHELL_LOG" env "DBUS_SYSTEM_BUS_ADDRESS=$system_address" FORCETOUCH_VERBOSE=1 \
        gnome-shell --headless --wayland --no-x11 --virtual-monitor 1024x768
    gs_pid=$last_pid
    local ready=""
    for _ in $(seq 300); do
        kill -0 "$gs_pid" 2>/dev/null || break
        if shell_call Ready 2>/dev/null | grep -q true; then ready=1; break; fi
        sleep 0.1
    done
    check "GNOME Shell $(gnome-shell --version | awk '{ print $3 }') runs headless with the test's companion, started up" test -n "$ready"
}

shell_call() {
    local method="$1"; shift
    as_user timeout 20 gdbus call --session -d io.github.forcetouch.ShellTest -o /io/github/forcetouch/ShellTest \
        -m "io.github.forcetouch.ShellTest.$method" "$@"
}

gshot() { shell_call Screenshot "$1" > /dev/null; }

as_daemon() { as_user timeout 30 gjs "$W/as-daemon.js" "$@"; }

crash() { crashed_ms="$(date +%s%3N)"; kill -9 "$1" 2>/dev/null; wait "$1" 2>/dev/null; }

ms_to() {
    local stamp
    stamp="$(tail -c "+$(( $1 + 1 ))" "$SHELL_LOG" | grep -aE -- "$2" | head -1 |
        grep -oE '[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}' | head -1)"
    [ -n "$stamp" ] && echo $(( $(date -d "$stamp" +%s%3N) - crashed_ms )) || echo '?'
}

peer_replaced() {
    bg_user "$W/queued.log" gjs "$W/as-daemon.js" --queue --hold
    queued_pid=$last_pid
    wait_for '^queued$' "$W/queued.log" 10
    crash "$PEER"
    peer_stop
    wait_for '^owned ' "$W/queued.log" 10
}

shell_log_since() { tail -c "+$(( $1 + 1 ))" "$SHELL_LOG" | sed -n 's/.*forcetouch: //p'; }

stop_gnome_shell() {
    # The shell may crash while it stops (exit 139): its exit status says nothing of the tests.
    [ -n "${gs_pid:-}" ] && stop "$gs_pid"
    [ -n "${gs_system_pid:-}" ] && stop "$gs_system_pid"
    gs_pid="" gs_system_pid=""
}
