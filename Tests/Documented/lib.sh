# Shared by the scripts that run documented commands (on-host.sh, in-guest.sh, the
# *-on-host.sh scripts), on top of Tests/Integration/lib.sh's bookkeeping: `doc` below, and
# the host harness after it.
#
#   doc [--bg] <<'CMD'
#   forcectl shortcuts add '{"type": "timer", "title": "Stop timer"}'
#   CMD
#
# runs the one command line between the markers exactly as it is written — in bash, as a
# user pasting it into a terminal would — prefixed by the array `doc_runner` (set by the
# script: setpriv … to run as the test user; empty to run as root, for sudo commands). Output goes to $DOC_OUT, the status to
# $doc_status; with --bg the command runs in the background and $doc_pid is its pid.
# ProgramTests/DocumentedCommandsTests reads these blocks: every command README.md and the
# shipped configs show must be run by one of them.
doc_runner=()
doc() {
    local bg="" cmd
    [ "${1:-}" = --bg ] && bg=1
    IFS= read -r cmd
    DOC_OUT="$(mktemp "${DOC_DIR:?}/doc.XXXXXX")"
    chmod 666 "$DOC_OUT"
    echo "\$ $cmd"
    if [ -n "$bg" ]; then
        "${doc_runner[@]}" bash -c "$cmd" > "$DOC_OUT" 2>&1 &
        doc_pid=$!
        return 0
    fi
    "${doc_runner[@]}" bash -c "$cmd" > "$DOC_OUT" 2>&1
    doc_status=$?
    sed 's/^/  | /' "$DOC_OUT" | head -n 15
    return 0
}
# doc_says ERE: the last documented command's output has a line matching ERE.
doc_says() { grep -Eq -- "$1" "$DOC_OUT"; }

# ---------------------------------------------------------------- the host harness
# What the *-on-host.sh scripts share: the built programs run as an ordinary user (nobody when
# run as root: sway refuses root) with a session bus and display servers of their own; every
# wait is bounded and every process started here is stopped by its pid, never by name.
#
#   host_setup NAME PREFIX   $BIN, a scratch directory $W (forcetouch-PREFIX.XXXXXX, removed at
#                            exit unless KEEP is set, when every pid in `pids` is killed),
#                            $DOC_DIR, and the test user $USERNAME, $U, $G
#   host_requires TOOL…      each tool installed, and the programs built, else FAIL and exit
#   host_binaries            $BIN made reachable for the test user (copies, when run as root)
#   host_home [DIR…]         $HOMEDIR (DIR… made under it), $RUNTIME, $CONFIG, and `user_env`,
#                            the environment as_user and bg_user run with ($HOST_PATH first
#                            on its PATH, when set)
#   as_user CMD…, bg_user LOG CMD… ($last_pid, kept in pids), stop PID
#   start_session_bus        a dbus-daemon of the user's own: $ADDRESS, $bus_pid, in user_env
#   start_x11                Xvfb (1024×768) and openbox: $xvfb_pid, $openbox_pid, DISPLAY in user_env
#   start_sway COLOUR        sway headless on one 1024×768 output of COLOUR: $sway_pid, $WAYLAND
#   shot_x11 FILE, shot_sway FILE; card_box, near, shoot, pixel, rgb, window_box, is_green

host_setup() {
    HOST_NAME="$1"
    BIN="${FORCETOUCH_BIN:-$ROOT/.build/debug}"
    case "$BIN" in /*) ;; *) BIN="$ROOT/$BIN" ;; esac
    W="$(mktemp -d "${TMPDIR:-/tmp}/forcetouch-$2.XXXXXX")"
    chmod 755 "$W"
    DOC_DIR="$W/doc" && mkdir -m 777 "$DOC_DIR"
    pids=()
    trap host_cleanup EXIT
    if [ "$(id -u)" = 0 ]; then USERNAME=nobody; else USERNAME="$(id -un)"; fi
    U="$(id -u "$USERNAME")" G="$(id -g "$USERNAME")"
    if [ "$(id -u)" = 0 ] && ! setpriv --reuid="$U" --regid="$G" --clear-groups test -x "$W"; then
        echo "$HOST_NAME: $USERNAME cannot reach $W: TMPDIR=${TMPDIR:-/tmp} is private; run with TMPDIR=/tmp" >&2
        exit 1
    fi
}
host_cleanup() {
    local p
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    [ -n "${KEEP:-}" ] && echo "kept $W" || rm -rf "$W"
}

# host_requires TOOL…: each is installed (scripts/install-deps.sh) and forcetouchd is built,
# and forcetouch-overlay with its GTK part when a display server is among the tools; else a
# FAIL, the summary, and the script ends there.
host_requires() {
    local tool missing=""
    for tool in "$@"; do command -v "$tool" > /dev/null || missing="$missing $tool"; done
    local list="$*"
    check "${list// /, } are installed (scripts/install-deps.sh)" test -z "$missing" || { summary "$HOST_NAME"; exit 1; }
    local built=(forcetouchd)
    [[ " $* " == *" Xvfb "* || " $* " == *" sway "* ]] && built+=(forcetouch-overlay forcetouch-overlay-gtk.so)
    for tool in "${built[@]}"; do
        [ -e "$BIN/$tool" ] || { bad "$BIN/$tool is built (swift build; make overlay-gtk)"; summary "$HOST_NAME"; exit 1; }
    done
}

# host_binaries: as root, when the test user cannot reach $BIN (CI clones into a private
# directory), copies where it can become $BIN: the one executable, its links by each program's
# name, the overlay's GTK part, and the device database where the executable looks for it.
host_binaries() {
    [ "$(id -u)" = 0 ] && ! setpriv --reuid="$U" --regid="$G" --clear-groups test -x "$BIN/forcetouchd" || return 0
    mkdir -p "$W/bin" "$W/share/forcetouch"
    cp "$BIN/forcetouchd" "$W/bin/"
    [ -e "$BIN/forcetouch-overlay-gtk.so" ] && cp "$BIN/forcetouch-overlay-gtk.so" "$W/bin/"
    [ -e "$BIN/forcetouch-overlay-webkit.so" ] && cp "$BIN/forcetouch-overlay-webkit.so" "$W/bin/"
    [ -e "$BIN/forcetouch-page-snapshot" ] && cp "$BIN/forcetouch-page-snapshot" "$W/bin/"
    local name
    for name in forcetouch-overlay forcectl forcetest; do ln -sf forcetouchd "$W/bin/$name"; done
    cp -r "$ROOT/quirks" "$W/share/forcetouch/quirks"
    chmod -R a+rX "$W/bin" "$W/share"
    echo "$HOST_NAME: $USERNAME cannot reach $BIN (a directory above it is private): running copies in $W/bin"
    BIN="$W/bin"
}

host_home() {
    HOMEDIR="$W/home" RUNTIME="$W/run"
    mkdir -p "$HOMEDIR/.config/forcetouch" "$RUNTIME"
    local dir
    for dir in "$@"; do mkdir -p "$HOMEDIR/$dir"; done
    chmod 700 "$RUNTIME"
    CONFIG="$HOMEDIR/.config/forcetouch/forcetouch.toml"
    user_env=(env -i "HOME=$HOMEDIR" "USER=$USERNAME" "PATH=${HOST_PATH:+$HOST_PATH:}$BIN:/usr/bin:/bin"
              "XDG_RUNTIME_DIR=$RUNTIME" LANG=C.UTF-8)
}

as_user() {
    if [ "$(id -u)" = 0 ]; then setpriv --reuid="$U" --regid="$G" --clear-groups "${user_env[@]}" "$@"
    else "${user_env[@]}" "$@"; fi
}
# bg_user LOG COMMAND…: as_user in the background, its output in LOG; $last_pid is the
# command's own pid (exec'd), kept in pids to be stopped.
bg_user() {
    local log="$1"; shift
    ( if [ "$(id -u)" = 0 ]; then exec setpriv --reuid="$U" --regid="$G" --clear-groups "${user_env[@]}" "$@"
      else exec "${user_env[@]}" "$@"; fi ) > "$log" 2>&1 &
    last_pid=$!
    pids+=("$last_pid")
}
# stop PID: SIGTERM, then SIGKILL if it is still there after 3 s.
stop() { kill "$1" 2>/dev/null; for _ in $(seq 30); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done; kill -9 "$1" 2>/dev/null; }

# start_session_bus: after the test user owns $HOMEDIR and $RUNTIME.
start_session_bus() {
    as_user timeout 10 dbus-daemon --session --fork --print-address=1 --print-pid=1 \
        --address="unix:path=$RUNTIME/bus" > "$W/bus.txt" 2> "$W/bus.err"
    ADDRESS="$(sed -n 1p "$W/bus.txt")" bus_pid="$(sed -n 2p "$W/bus.txt")"
    [ -n "$bus_pid" ] && pids+=("$bus_pid")
    check "a session dbus-daemon runs for $USERNAME ($ADDRESS)" test -n "$ADDRESS" -a -n "$bus_pid"
    user_env+=("DBUS_SESSION_BUS_ADDRESS=$ADDRESS")
}

# start_x11: on a display number no other X server here holds (other suites may run beside).
start_x11() {
    DISPLAY_NUM=$(( 90 + RANDOM % 100 ))
    while [ -e "/tmp/.X$DISPLAY_NUM-lock" ] || [ -e "/tmp/.X11-unix/X$DISPLAY_NUM" ]; do DISPLAY_NUM=$(( DISPLAY_NUM + 1 )); done
    bg_user "$W/xvfb.log" Xvfb ":$DISPLAY_NUM" -screen 0 1024x768x24 -br -nolisten tcp
    xvfb_pid=$last_pid
    # Openbox gives up at once on a display not yet there: Xvfb's socket first (it took over
    # 5 s once on a loaded machine, and openbox, started before it, was gone).
    wait_until 30 bash -c "kill -0 $xvfb_pid && [ -e /tmp/.X11-unix/X$DISPLAY_NUM ]" ||
        echo "start_x11: no Xvfb socket for :$DISPLAY_NUM after 30 s; its log: $(tail -n 3 "$W/xvfb.log" 2>/dev/null)"
    user_env+=("DISPLAY=:$DISPLAY_NUM")
    bg_user "$W/openbox.log" openbox
    openbox_pid=$last_pid
    check "Xvfb and openbox run, openbox managing the screen" wait_until 10 x11_running
}
# x11_running: Xvfb and openbox run, and openbox has named itself on the root window (it has
# once it manages windows).
x11_running() {
    kill -0 "$xvfb_pid" "$openbox_pid" 2> /dev/null &&
        as_user xprop -root _NET_SUPPORTING_WM_CHECK 2> /dev/null | grep -q 'window id'
}

# start_sway COLOUR: the pixman renderer and no input devices (the host has none to give it).
start_sway() {
    printf 'output HEADLESS-1 resolution 1024x768 position 0 0 bg %s solid_color\ndefault_border none\n' "$1" > "$W/sway.cfg"
    chmod 644 "$W/sway.cfg"
    bg_user "$W/sway.log" env -u DISPLAY WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 sway -c "$W/sway.cfg"
    sway_pid=$last_pid
    for _ in $(seq 100); do ls "$RUNTIME"/wayland-? > /dev/null 2>&1 && break; sleep 0.1; done
    WAYLAND="$(basename "$(ls "$RUNTIME"/wayland-? 2>/dev/null | head -1)")"
    check "sway runs headless ($WAYLAND), swaybg has drawn its background" wait_until 10 sway_drawn "$1"
}
# sway_drawn COLOUR: the output shows COLOUR (#rrggbb), drawn by swaybg, which sway starts.
sway_drawn() {
    local c="${1#\#}"
    [ -n "$WAYLAND" ] &&
        [ "$(shot_sway - 2> /dev/null | convert - -format '%[hex:p{0,0}]' info: 2> /dev/null | cut -c 1-6)" = "${c^^}" ]
}

shot_x11() { as_user import -window root "$1"; }
shot_sway() { as_user env "WAYLAND_DISPLAY=$WAYLAND" grim "$1"; }
# The bounding box (x y w h) of the screenshot's light pixels: the card (a menu, a window), the
# only light thing on a dark or grey screen, dimmed or not; empty when there is none.
card_box() {
    convert "$1" -colorspace gray -threshold 85% -format '%@' info: 2>/dev/null |
        sed -n 's/^\([1-9][0-9]*\)x\([1-9][0-9]*\)+\([0-9]*\)+\([0-9]*\)$/\3 \4 \1 \2/p'
}
# near A B: every number of the box A within 3 px of B's.
near() {
    local a=($1) b=($2) i
    [ ${#a[@]} -eq 4 ] && [ ${#b[@]} -eq 4 ] || return 1
    for i in 0 1 2 3; do [ $(( ${a[i]} - ${b[i]} )) -le 3 ] && [ $(( ${b[i]} - ${a[i]} )) -le 3 ] || return 1; done
}
# shoot FILE WANT SHOT-COMMAND…: takes screenshots until the card on screen is WANT (a box;
# empty: no card), at most 5 s: a busy machine may show a frame late.
shoot() {
    local file="$1" want="$2" box; shift 2
    for _ in $(seq 25); do
        "$@" "$file"
        box="$(card_box "$file")"
        if [ -z "$want" ]; then [ -z "$box" ] && return 0; else near "$box" "$want" && return 0; fi
        sleep 0.2
    done
}
# pixel FILE X Y: the red channel, 0..255 (the screens are grey); rgb FILE X Y: "r g b".
pixel() { convert "$1" -format "%[fx:int(255*p{$2,$3}.r)]" info:; }
rgb() { convert "$1" -format "%[fx:int(255*p{$2,$3}.r)] %[fx:int(255*p{$2,$3}.g)] %[fx:int(255*p{$2,$3}.b)]" info:; }
is_green() { local c=($1); [ "${c[1]}" -gt 140 ] && [ "${c[0]}" -lt 90 ] && [ "${c[2]}" -lt 120 ]; }
# rect: a logged line's last four numbers (`item 0 "Title" X Y W H`, `page 7 X Y W H`), as "X Y W H".
rect() { sed -E 's/.* (-?[0-9]+) (-?[0-9]+) (-?[0-9]+) (-?[0-9]+)$/\1 \2 \3 \4/'; }
# logged_rect MARK PATTERN LOG: the rectangle of the last line of LOG since MARK (bytes, `mark`)
# that matches PATTERN (extended).
logged_rect() { tail -c "+$(($1 + 1))" "$3" | grep -E -- "$2" | tail -1 | rect; }
# window_box STATE LOG: the last intent window in STATE the overlay logged, as x y w h.
window_box() { grep -E "^intent-window [0-9]+ $1" "$2" | tail -1 | awk '{ n = NF; if ($n == "image") n--; print $(n-3), $(n-2), $(n-1), $n }'; }

# gnome_dictionary_offline: GNOME's Dictionary, started by the user, asks the dictd on loopback:
# a source of its own made its source-name in GSettings' keyfile (GSETTINGS_BACKEND=keyfile, which
# the daemon is run with and the application it starts inherits), so that no word leaves the
# machine. dictionary_reads WORD: it shows WORD in its entry and WordNet's definition (the first
# sense of "force"), read through AT-SPI as a screen reader reads it (fixtures/dictionary-window.py;
# its pid and what it shows in $W/dictionary.txt).
gnome_dictionary_offline() {
    mkdir -p "$HOMEDIR/.config/org.gnome.Dictionary" "$HOMEDIR/.config/glib-2.0/settings"
    printf '[Dictionary Source]\nName=Loopback\nTransport=dictd\nHostname=127.0.0.1\nPort=2628\n' \
        > "$HOMEDIR/.config/org.gnome.Dictionary/loopback.desktop"
    printf "[org/gnome/dictionary]\nsource-name='Loopback'\n" > "$HOMEDIR/.config/glib-2.0/settings/keyfile"
    chown -R "$U:$G" "$HOMEDIR/.config/org.gnome.Dictionary" "$HOMEDIR/.config/glib-2.0"
    cp Tests/Documented/fixtures/dictionary-window.py "$W/dictionary-window.py" && chmod 644 "$W/dictionary-window.py"
}
dictionary_reads() {
    as_user /usr/bin/python3 -W ignore "$W/dictionary-window.py" > "$W/dictionary.txt" 2>&1
    grep -qx "entry $1" "$W/dictionary.txt" && grep -q '^definition .*n 1: a powerful effect or influence' "$W/dictionary.txt"
}
