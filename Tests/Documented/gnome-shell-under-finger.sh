# Sourced by gnome-shell-on-host.sh (which writes the test's app, forcetouch-notes.desktop,
# before the shell starts) after the menu's and the intent window's sections (it uses
# their $W/deep-press.evemu, object_at and the companion's Overview): what is under the finger
# in GNOME Shell (docs/SPEC.md §11, "What is under the finger", issue 43). The extension looks
# itself, from the shell's own actors, at each press's `began`, and tells the daemon
# (`PressTarget`): a real forcetouchd replays a deep press on an app's icon in the dash, and the
# menu is that app's Desktop Entry actions, headed by its icon and name; a tap on the heading
# chooses nothing, and choosing an action launches it. An app whose entry has no actions (zenity)
# lists its two open windows, and choosing the one behind brings it to the front. On the
# empty desktop the configured menu shows, and the daemon says why.
under_section_started=$SECONDS
check "under-finger: on the empty desktop the daemon shows the configured menu and says why" \
    grep -Eq 'menu [0-9]+: nothing under the finger: the desktop: no window there' "$W/menu-replay.log"

# The test's app (written before the shell started, so that its app system knows it) in the
# dash: a favourite.
as_user gsettings set org.gnome.shell favorite-apps "['forcetouch-notes.desktop']"
shell_call Overview true > /dev/null
icon_x="" xs=($(seq 408 12 624)) points=()
for x in "${xs[@]}"; do points+=("$x.0" 730.0); done
for _ in $(seq 10); do
    i=0
    while IFS= read -r o; do
        [ -z "$icon_x" ] && grep -q "'app-id': <'forcetouch-notes.desktop'>" <<< "$o" && icon_x=${xs[i]}
        i=$(( i + 1 ))
    done < <(object_at "${points[@]}")
    [ -n "$icon_x" ] && break
    sleep 0.5
done
check "under-finger: the test's app is in the dash (at ${icon_x:-?},730)" test -n "$icon_x"
# The demo's deep press moved onto the icon: 0..1000 × 0..600 across the touchscreen's surface,
# mapped onto the 1024×768 monitor.
awk -v X="$(( ${icon_x:-0} * 1000 / 1024 ))" -v Y="$(( 730 * 600 / 768 ))" '
    /^E: / && $3 == "0003" && $4 == "0035" { printf "E: %s 0003 0035 %04d\n", $2, X; next }
    /^E: / && $3 == "0003" && $4 == "0036" { printf "E: %s 0003 0036 %04d\n", $2, Y; next }
    { print }' "$W/deep-press.evemu" > "$W/deep-press-icon.evemu"
cat > "$W/under.toml" <<TOML
[quick-actions]
under-finger = ["app-icon", "link"]

[[quick-action]]
type = "compose"
title = "New message"
exec = ["touch", "$W/performed-compose"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
chmod 644 "$W/deep-press-icon.evemu" "$W/under.toml"
m="$(mark "$SHELL_LOG")"
bg_user "$W/under-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" "$BIN/forcetouchd" --config "$W/under.toml" --replay "$W/deep-press-icon.evemu"
replay_pid=$last_pid
check "under-finger: a deep press on the icon shows that app's menu, its name on top" \
    wait_for_new "$m" 'forcetouch: menu [0-9]+ shown: 2 item\(s\) at .* \(touch\) for app-icon "Forcetouch Notes"' "$SHELL_LOG" 30
wait_for_new "$m" 'forcetouch: menu [0-9]+ scale 1\.000' "$SHELL_LOG" 10
check "under-finger: ... its items are the Desktop Entry's actions" \
    bash -c "shell_log() { tail -c +$(( m + 1 )) '$SHELL_LOG'; }; shell_log | grep -q 'item 0 \"New Note\"' && shell_log | grep -q 'item 1 \"Open Recent\"'"
gshoot "$W/under-app-menu.png" "$(glogged_box)"
read -r ix iy iw ih < <(shell_log_since "$m" | grep '^item 0 "New Note"' | tail -1 | rect)
# The heading: the app's icon and name above its actions (as iOS heads an app's quick actions),
# a band of its own at the card's top; on the screenshot it holds the icon where a row holds
# only its title's first letters, and the name; a tap on it chooses nothing.
read -r hx hy hw hh < <(shell_log_since "$m" | grep '^heading [0-9]* "Forcetouch Notes"' | tail -1 | rect)
check "under-finger: ... headed by the app's name, the items under it (heading ${hx:-?} ${hy:-?} ${hw:-?} ${hh:-?}, item 0 at y ${iy:-?})" \
    test -n "${hh:-}" -a "${iy:-0}" = "$(( ${hy:-0} + ${hh:-0} ))" -a "${hw:-0}" = "${iw:-1}"
# Light pixels (‰) in a square: the dark theme's card draws text and icons light.
light() { convert "$W/under-app-menu.png" -crop "$1" -colorspace gray -threshold 55% -format '%[fx:int(1000*mean)]' info: 2>/dev/null || echo 0; }
icon_light="$(light 28x28+$(( ${hx:-0} + 18 ))+$(( ${hy:-0} + 10 )))"
row_light="$(light 28x28+$(( ${ix:-0} + 18 ))+$(( ${iy:-0} + 18 )))"
name_light="$(light 120x16+$(( ${hx:-0} + 56 ))+$(( ${hy:-0} + 16 )))"
check "under-finger: ... the app's icon and its name drawn in the heading (light ‰: icon $icon_light, the same square of a row $row_light, name $name_light)" \
    test "${icon_light:-0}" -ge $(( ${row_light:-1000} + 100 )) -a "${name_light:-0}" -ge 40
# A tap on the heading, then one on the item: the shell takes them in that order, so when the
# item's is taken the heading's was, and the first thing the menu did after it is choosing the
# item: no time window needed to see the heading's chose nothing.
m2="$(mark "$SHELL_LOG")"
shell_call Tap "$(( ${hx:-0} + ${hw:-0} / 2 )).0" "$(( ${hy:-0} + ${hh:-0} / 2 )).0" > /dev/null
shell_call Tap "$(( ix + iw / 2 )).0" "$(( iy + ih / 2 )).0" > /dev/null
wait_for_new "$m2" 'forcetouch: choose ' "$SHELL_LOG" 10 > /dev/null
check "under-finger: ... a tap on the heading chooses nothing and leaves the menu open" \
    bash -c "tail -c +$(( m2 + 1 )) '$SHELL_LOG' | grep -Eo 'forcetouch: (choose|dismiss|hidden).*' | head -1 | grep -q '^forcetouch: choose 0 \"New Note\"'"
check "under-finger: a tap on \"New Note\" launches the app's action (its Exec ran)" \
    bash -c "for _ in \$(seq 50); do [ -e '$W/notes-new-note' ] && exit 0; sleep 0.1; done; exit 1"
check "under-finger: ... and nothing else: neither the app nor the configured item" \
    test ! -e "$W/notes-recent" -a ! -e "$W/notes-opened" -a ! -e "$W/performed-compose"
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
stop "$replay_pid"

# An app whose Desktop Entry has no actions (as Debian's firefox-esr.desktop; here zenity.desktop,
# which the intent section wrote) and two open windows: a deep press on its icon lists them (the
# shell's PressTarget `windows`, most recent first), and choosing the one behind brings it to the
# front (the daemon's ActivateWindow, windowList.js).
shell_call Overview false > /dev/null
# window_on_top TITLE: waits (at most 10 s) until the window on top of the screen's light (GTK)
# pixels is TITLE's, as ObjectAt finds it there.
window_on_top() {
    local box b
    for _ in $(seq 50); do
        gshot "$W/windows.png"
        box="$(light_box "$W/windows.png" 0 40 1024 728 | head -1)"
        if [ -n "$box" ]; then
            b=($box)
            as_daemon ObjectAt "($(( b[0] + b[2] / 2 )).0, $(( b[1] + b[3] / 2 )).0)" | grep -qF "'window-title': <'$1'>" && return 0
        fi
        sleep 0.2
    done
    return 1
}
window_pids=()
for title in "Forcetouch window one" "Forcetouch window two"; do
    bg_user "$W/window-${#window_pids[@]}.log" env WAYLAND_DISPLAY=wayland-0 GDK_BACKEND=wayland zenity --info --title "$title" --text 'Switch to me'
    window_pids+=("$last_pid")
    window_on_top "$title"
done
as_user gsettings set org.gnome.shell favorite-apps "['forcetouch-notes.desktop', 'zenity.desktop']"
shell_call Overview true > /dev/null
zenity_x=""
for _ in $(seq 10); do
    i=0
    while IFS= read -r o; do
        [ -z "$zenity_x" ] && grep -q "'app-id': <'zenity.desktop'>" <<< "$o" && zenity_x=${xs[i]}
        i=$(( i + 1 ))
    done < <(object_at "${points[@]}")
    [ -n "$zenity_x" ] && break
    sleep 0.5
done
check "under-finger: zenity is in the dash (at ${zenity_x:-?},730), with two windows open" test -n "$zenity_x"
awk -v X="$(( ${zenity_x:-0} * 1000 / 1024 ))" -v Y="$(( 730 * 600 / 768 ))" '
    /^E: / && $3 == "0003" && $4 == "0035" { printf "E: %s 0003 0035 %04d\n", $2, X; next }
    /^E: / && $3 == "0003" && $4 == "0036" { printf "E: %s 0003 0036 %04d\n", $2, Y; next }
    { print }' "$W/deep-press.evemu" > "$W/deep-press-zenity.evemu"
chmod 644 "$W/deep-press-zenity.evemu"
m="$(mark "$SHELL_LOG")"
bg_user "$W/windows-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" "$BIN/forcetouchd" --config "$W/under.toml" --replay "$W/deep-press-zenity.evemu"
replay_pid=$last_pid
check "under-finger: a deep press on an app's icon whose entry has no actions shows a menu for it" \
    wait_for_new "$m" 'forcetouch: menu [0-9]+ shown: [0-9]+ item\(s\) at .* \(touch\) for app-icon "Zenity"' "$SHELL_LOG" 30
wait_for_new "$m" 'forcetouch: menu [0-9]+ scale 1\.000' "$SHELL_LOG" 10
items="$(shell_log_since "$m" | grep -o '^item [0-9] "[^"]*"' | tr '\n' ' ')"
check "under-finger: ... its items are its two windows, the most recent first ($items)" \
    bash -c "grep -q 'item 0 \"Forcetouch window two\" item 1 \"Forcetouch window one\"' <<< '$items'"
read -r ix iy iw ih < <(shell_log_since "$m" | grep '^item 1 "Forcetouch window one"' | tail -1 | rect)
shell_call Tap "$(( ${ix:-0} + ${iw:-0} / 2 )).0" "$(( ${iy:-0} + ${ih:-0} / 2 )).0" > /dev/null
check "under-finger: ... a tap on the window behind chooses it" wait_for_new "$m" 'forcetouch: choose 1 "Forcetouch window one"' "$SHELL_LOG" 10
check "under-finger: ... and the daemon's ActivateWindow brings it to the front: it has the focus" \
    wait_for_new "$m" 'forcetouch: activate-window [0-9]+ "Forcetouch window one": focused' "$SHELL_LOG" 10
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
stop "$replay_pid"
for pid in "${window_pids[@]}"; do stop "$pid"; done
shell_call Overview false > /dev/null

# A link inside an application (a GtkLinkButton filling a GTK window, its address the menu
# section's page): the shell's actors know the window, not the link, so the extension asks the
# application through AT-SPI (accessibleAt.js) and sends its raw answer (PressTarget's
# `accessible`); the daemon decides it is a link (PointedObject) and the menu is the link's,
# with its preview card. The press goes no deeper than peek (its pressure held at 130): on to
# pop would open the link.
link_started=$SECONDS
cat > "$W/links.py" <<'PY'
import gi, sys
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk
w = Gtk.Window(title="Forcetouch links")
w.set_default_size(480, 320)
w.add(Gtk.LinkButton.new_with_label(sys.argv[1], "Peek and pop link"))
w.connect("destroy", Gtk.main_quit)
w.show_all()
Gtk.main()
PY
chmod 644 "$W/links.py"
bg_user "$W/links.log" env WAYLAND_DISPLAY=wayland-0 GDK_BACKEND=wayland python3 "$W/links.py" "$LINK_PAGE"
links_pid=$last_pid
window_on_top "Forcetouch links"
b=($(light_box "$W/windows.png" 0 40 1024 728 | head -1))
lx=$(( ${b[0]:-0} + ${b[2]:-0} / 2 )) ly=$(( ${b[1]:-0} + ${b[3]:-0} / 2 ))
awk -v X="$(( lx * 1000 / 1024 ))" -v Y="$(( ly * 600 / 768 ))" '
    /^E: / && $3 == "0003" && $4 == "0035" { printf "E: %s 0003 0035 %04d\n", $2, X; next }
    /^E: / && $3 == "0003" && $4 == "0036" { printf "E: %s 0003 0036 %04d\n", $2, Y; next }
    /^E: / && $3 == "0003" && $4 == "003a" && $5 + 0 > 130 { printf "E: %s 0003 003a 0130\n", $2; next }
    { print }' "$W/deep-press.evemu" > "$W/deep-press-link.evemu"
chmod 644 "$W/deep-press-link.evemu"
m="$(mark "$SHELL_LOG")"
bg_user "$W/link-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" "$BIN/forcetouchd" --config "$W/under.toml" --replay "$W/deep-press-link.evemu"
replay_pid=$last_pid
check "under-finger: a deep press on a GTK link button in an app's window ($lx,$ly) shows that link's menu" \
    wait_for_new "$m" 'forcetouch: menu [0-9]+ shown: [0-9]+ item\(s\) at .* \(touch\) for link "Peek and pop link"' "$SHELL_LOG" 30
gathered="$(shell_log_since "$m" | grep -o '^accessible-at .*' | head -1)"
echo "figure: $gathered"
check "under-finger: ... from what GTK answered AT-SPI there, states and all (${gathered:-nothing gathered})" \
    grep -Eq '^accessible-at [0-9]+ [0-9]+: ask 1: [0-9]+ object\(s\) in [0-9.]+ ms, the deepest a "push button" \([^)]*\bshowing\b[^)]*\) with a URI$' <<< "$gathered"
link_menu="$(shell_log_since "$m" | grep -Eo '^menu [0-9]+ shown: .* for link' | tail -1 | awk '{ print $2 }')"
check "under-finger: ... a preview card for the link's exact address" \
    wait_for_new "$m" "forcetouch: preview ${link_menu:-?} [0-9]+ [0-9]+ [0-9]+ [0-9]+ \"Peek and pop link\" $LINK_PAGE\$" "$SHELL_LOG" 20
check "under-finger: ... its page rendered" \
    wait_for_new "$m" "forcetouch: link-preview ${link_menu:-?}: page rendered in [0-9]+ ms: \"Peek Test Page\"" "$SHELL_LOG" 15
read -r px py pw ph < <(shell_log_since "$m" | grep "^page ${link_menu:-?} " | tail -1 | rect)
gshoot "$W/under-link-preview.png" "$(glogged_box)"
read -r pr pg pb < <(convert "$W/under-link-preview.png" -format \
    "%[fx:int(255*p{$(( ${px:-0} + ${pw:-0} / 2 )),$(( ${py:-0} + ${ph:-0} - 20 ))}.r)] %[fx:int(255*p{$(( ${px:-0} + ${pw:-0} / 2 )),$(( ${py:-0} + ${ph:-0} - 20 ))}.g)] %[fx:int(255*p{$(( ${px:-0} + ${pw:-0} / 2 )),$(( ${py:-0} + ${ph:-0} - 20 ))}.b)]" info:)
check "under-finger: ... drawn: the page's orange in the card (rgb $pr,$pg,$pb at ${px:-?},${py:-?} ${pw:-?}x${ph:-?})" \
    test "${pr:-0}" -ge 190 -a "${pg:-0}" -ge 50 -a "${pg:-255}" -le 120 -a "${pb:-255}" -le 60
stop "$replay_pid"
stop "$links_pid"
echo "figure: the link in an app's window took $(( SECONDS - link_started )) s"

# A link without its address (a GtkLinkButton of no URI that says it is a link, as a browser's link
# is before its address is known) is a partial answer: the daemon keeps it and says so
# (PressTarget's PartialAnswer error), the extension asks the application again while its deadline
# leaves time, and at the daemon's deadline the last answer is taken as it is.
partial_started=$SECONDS
cat > "$W/partial-link.py" <<'PY'
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Atk", "1.0")
from gi.repository import Atk, Gtk
w = Gtk.Window(title="Forcetouch partial link")
w.set_default_size(480, 320)
b = Gtk.LinkButton.new_with_label("", "Link without an address")
b.get_accessible().set_role(Atk.Role.LINK)
w.add(b)
w.connect("destroy", Gtk.main_quit)
w.show_all()
Gtk.main()
PY
chmod 644 "$W/partial-link.py"
bg_user "$W/partial-link.log" env WAYLAND_DISPLAY=wayland-0 GDK_BACKEND=wayland python3 "$W/partial-link.py"
partial_pid=$last_pid
window_on_top "Forcetouch partial link"
m="$(mark "$SHELL_LOG")"
bg_user "$W/partial-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" "$BIN/forcetouchd" --config "$W/under.toml" --replay "$W/deep-press-link.evemu"
replay_pid=$last_pid
check "under-finger: a link without its address is asked again (the daemon found the first answer partial)" \
    wait_for_new "$m" 'forcetouch: accessible-at [0-9]+ [0-9]+: ask 1: PressTarget: a partial answer \(a link without its address\), kept: ask again: asked again' "$SHELL_LOG" 30
check "under-finger: ... and at the daemon's deadline its menu shows, from the last answer as it is" \
    wait_for_new "$m" 'forcetouch: menu [0-9]+ shown: ' "$SHELL_LOG" 10
echo "figure: $(shell_log_since "$m" | grep -c '^accessible-at .*: ask [0-9]*: [0-9]* object') asks of the partial link, the last: $(shell_log_since "$m" | grep '^accessible-at .*: ask ' | tail -1)"
stop "$replay_pid"
stop "$partial_pid"
echo "figure: the partial link took $(( SECONDS - partial_started )) s"

# Force Click on text (SPEC §11): a word in a GTK text view. The extension reads the text at the
# point (AT-SPI Text, accessibleAt.js) only while the daemon's UnderFinger lists a text kind; the
# daemon asks the local dictd (Debian's dictd with dict-wn on 127.0.0.1:2628) and the menu shows
# the word's Look Up card above its actions (menu.js). The window is undecorated and maximized:
# no shadow, so its light box on the screen is its buffer, where the word's window pixel is.
text_started=$SECONDS
dict_up() { (exec 3<> /dev/tcp/127.0.0.1/2628) 2> /dev/null; }
if ! dict_up; then
    bg_user "$W/dictd.log" /usr/sbin/dictd --config /etc/dictd/dictd.conf --listen-to 127.0.0.1 --port 2628 \
        -d nodetach --pid-file "$W/dictd.pid"
    dictd_pid=$last_pid
    wait_until 10 dict_up
fi
check "text: a dictionary server answers on 127.0.0.1:2628 (dictd with dict-wn)" dict_up
cat > "$W/text-view.py" <<'PY'
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Atk", "1.0")
from gi.repository import Atk, Gtk, GLib, Pango
TEXT = ("Press with some force to look a word up.\n"
        "Write to ada@example.org or call\n"
        "+44 20 7946 0958 before 3 December 2026.")
w = Gtk.Window(title="Forcetouch text")
w.set_decorated(False)
w.maximize()
view = Gtk.TextView(editable=False, cursor_visible=False, left_margin=40, top_margin=120)
view.modify_font(Pango.FontDescription("Sans 28"))
view.get_buffer().set_text(TEXT)
# A text view its application marks as secret (role `password text`), holding the same word.
marked = Gtk.TextView(editable=False, cursor_visible=False, left_margin=40)
marked.modify_font(Pango.FontDescription("Sans 28"))
marked.get_buffer().set_text("force majeure")
marked.get_accessible().set_role(Atk.Role.PASSWORD_TEXT)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
box.pack_start(view, True, True, 0)
box.pack_start(marked, True, True, 0)
w.add(box)
w.connect("destroy", Gtk.main_quit)
def report():
    words = [(w, view, TEXT.index(w) + len(w) // 2) for w in ("force", "ada@example.org", "7946", "December")]
    for name, v, at in words + [("secret", marked, 2)]:
        r = v.get_iter_location(v.get_buffer().get_iter_at_offset(at))
        bx, by = v.buffer_to_window_coords(Gtk.TextWindowType.WIDGET, r.x, r.y)
        x, y = v.translate_coordinates(w, bx + max(r.width // 2, 1), by + r.height // 2)
        print("word", name, x, y, flush=True)
    return False
w.connect("map-event", lambda *a: GLib.timeout_add(500, report))
w.show_all()
Gtk.main()
PY
cat > "$W/menu-watch.py" <<'PY'
# Prints each MenuShown's target (a{sv}) as JSON, one line each.
import json
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
bus.signal_subscribe(None, "io.github.forcetouch.Daemon1", "MenuShown", "/io/github/forcetouch/Daemon1", None,
                     Gio.DBusSignalFlags.NONE, lambda *a: print(json.dumps(a[5].unpack()[6]), flush=True))
print("ready", flush=True)
GLib.MainLoop().run()
PY
sed 's/^under-finger = .*/under-finger = ["app-icon", "link", "word"]/' "$W/under.toml" > "$W/text.toml"
chmod 644 "$W/text-view.py" "$W/menu-watch.py" "$W/text.toml"
bg_user "$W/text-view.log" env WAYLAND_DISPLAY=wayland-0 GDK_BACKEND=wayland python3 "$W/text-view.py"
text_pid=$last_pid
bg_user "$W/menus.log" python3 "$W/menu-watch.py"
menus_pid=$last_pid
wait_for '^ready' "$W/menus.log" 10 > /dev/null
wait_for '^word force ' "$W/text-view.log" 20 > /dev/null
window_on_top "Forcetouch text"
# Its corner: maximized, at the monitor's left edge, and its top where the light starts under the
# top bar, along a column that misses the bar's white text.
tb=(0 $(light_box "$W/windows.png" 300 0 2 768 | awk '{ print $2 }'))
echo "figure: text: the text window's corner on the stage: ${tb[*]}"
read -r _ _ wx wy < <(grep '^word force ' "$W/text-view.log")
fx=$(( ${tb[0]:-0} + ${wx:-0} )) fy=$(( ${tb[1]:-0} + ${wy:-0} ))
# deep_press_at X Y FILE: the demo's deep press, held at peek, moved to stage pixel X, Y.
deep_press_at() {
    awk -v X="$(( $1 * 1000 / 1024 ))" -v Y="$(( $2 * 600 / 768 ))" '
        /^E: / && $3 == "0003" && $4 == "0035" { printf "E: %s 0003 0035 %04d\n", $2, X; next }
        /^E: / && $3 == "0003" && $4 == "0036" { printf "E: %s 0003 0036 %04d\n", $2, Y; next }
        /^E: / && $3 == "0003" && $4 == "003a" && $5 + 0 > 130 { printf "E: %s 0003 003a 0130\n", $2; next }
        { print }' "$W/deep-press.evemu" > "$3"
    chmod 644 "$3"
}
deep_press_at "$fx" "$fy" "$W/deep-press-word.evemu"
# The extension follows the daemon's UnderFinger as it changes: a reload that adds `word`.
cp "$W/under.toml" "$W/follow.toml"
chmod 666 "$W/follow.toml"
m="$(mark "$SHELL_LOG")"
bg_user "$W/follow.log" "$BIN/forcetouchd" --config "$W/follow.toml"
follow_pid=$last_pid
wait_for_new "$m" "forcetouch: io.github.forcetouch.Daemon1's under-finger is app-icon, link\$" "$SHELL_LOG" 10 > /dev/null
cp "$W/text.toml" "$W/follow.toml"
as_user timeout 10 gdbus call --session -d io.github.forcetouch.Daemon1 -o /io/github/forcetouch/Daemon1 \
    -m io.github.forcetouch.Daemon1.Reload > /dev/null
check "text: the extension follows the daemon's UnderFinger: app-icon, link, then word added by a reload ($(shell_log_since "$m" | grep -o 'under-finger is .*' | xargs | tr -d "'"))" \
    bash -c "shell_log() { tail -c +$(( m + 1 )) '$SHELL_LOG' | sed -n 's/.*forcetouch: //p'; }
             for _ in \$(seq 50); do shell_log | grep -q 'under-finger is app-icon, link, word\$' && break; sleep 0.1; done
             shell_log | grep -q 'under-finger is app-icon, link\$' && shell_log | grep -q 'under-finger is app-icon, link, word\$'"
stop "$follow_pid"
# A daemon whose under-finger lists no text kind (app-icon, link): no text is read.
m="$(mark "$SHELL_LOG")"
bg_user "$W/no-text-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" "$BIN/forcetouchd" --config "$W/under.toml" --replay "$W/deep-press-word.evemu"
replay_pid=$last_pid
wait_for_new "$m" 'forcetouch: menu [0-9]+ shown: ' "$SHELL_LOG" 30 > /dev/null
check "text: with under-finger lacking text kinds, a deep press on a word ($fx,$fy) reads no text ($(shell_log_since "$m" | grep -o '^accessible-at .*: text of ask 1: .*' | head -1))" \
    bash -c "shell_log() { tail -c +$(( m + 1 )) '$SHELL_LOG'; }; shell_log | grep -q 'accessible-at .*: text of ask 1: no text read (the daemon.s under-finger lists no text kind)' &&
             ! shell_log | grep -q 'accessible-at .*: text read'"
stop "$replay_pid"
# One that lists `word`: the word, its definition, its card.
m="$(mark "$SHELL_LOG")" mm="$(mark "$W/menus.log")"
bg_user "$W/word-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" "$BIN/forcetouchd" --config "$W/text.toml" --replay "$W/deep-press-word.evemu"
replay_pid=$last_pid
wait_for_new "$m" 'forcetouch: menu [0-9]+ shown: ' "$SHELL_LOG" 30 > /dev/null
wait_for_new "$mm" '^\{' "$W/menus.log" 10 > /dev/null
target="$(tail -c +$(( mm + 1 )) "$W/menus.log" | grep -m1 '^{')"
field() { python3 -c 'import json, sys; t = json.loads(sys.argv[1]); print(eval(sys.argv[2]))' "$target" "$1" 2> /dev/null; }
echo "figure: $(shell_log_since "$m" | grep -o '^accessible-at .*: text of ask 1: .*' | head -1)"
check "text: with under-finger listing word, a deep press on \"force\" in a GTK text view: MenuShown's target is the word ($(field 't.get("kind"), t.get("name")'))" \
    test "$(field 't["kind"] + " " + t["name"]')" = "word force"
check "text: ... with its WordNet definition from the local dictd ($(field 't["definition"].split(chr(10))[1].strip()[:50]')…)" \
    test "$(field 't["definition"].split(chr(10))[1].strip().startswith("n 1: a powerful effect or influence"), "WordNet" in t["dictionary"]')" = "(True, True)"
wait_for_new "$m" 'forcetouch: menu [0-9]+ scale 1\.000' "$SHELL_LOG" 10 > /dev/null
read -r kx ky kw kh < <(shell_log_since "$m" | grep '^look-up [0-9]* ' | tail -1 | awk '{ print $3, $4, $5, $6 }')
read -r dx dy dw dh < <(shell_log_since "$m" | grep '^look-up [0-9]* ' | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }')
read -r ax ay aw ah < <(shell_log_since "$m" | grep '^actions [0-9]* ' | tail -1 | awk '{ print $3, $4, $5, $6 }')
check "text: ... the extension draws its Look Up card titled \"force\" above its actions, the definition under the header (card ${kx:-?} ${ky:-?} ${kw:-?} ${kh:-?}, definition ${dx:-?} ${dy:-?} ${dw:-?} ${dh:-?}, actions at y ${ay:-?})" \
    bash -c "shell_log() { tail -c +$(( m + 1 )) '$SHELL_LOG'; }; shell_log | grep -q 'forcetouch: look-up [0-9]* .* \"force\" definition ' &&
             [ '${ay:-0}' = '$(( ${ky:-0} + ${kh:-0} + 10 ))' ] && [ '${dy:-0}' = '$(( ${ky:-0} + 56 ))' ] &&
             [ '$(( ${dy:-0} + ${dh:-0} ))' = '$(( ${ky:-0} + ${kh:-0} ))' ] && [ '${dh:-0}' -ge 40 ]"
# The word marked in the text view while its menu shows (SPEC §11, "The text found is marked"):
# the text view, read in its window's coordinates, says where the daemon's range is; the extension
# places it from the window's corner on the stage and tints it under the card, over the dimming
# (`highlight X Y W H`, padded, as forcetouch-overlay logs it): on the screenshot the box holds the
# pressed point, its edge is yellow-tinted, the word's glyphs show through it darker than the tint,
# and the text beside it is not tinted.
wait_for_new "$m" 'forcetouch: highlight ' "$SHELL_LOG" 5 > /dev/null
gshoot "$W/gnome-look-up.png" "$(glogged_box)"
read -r gx gy gw gh < <(shell_log_since "$m" | grep '^highlight ' | tail -1 | rect)
tinted() { local c=($1); [ $(( ${c[0]:-0} - ${c[2]:-0} )) -gt 60 ] && [ $(( ${c[1]:-0} - ${c[2]:-0} )) -gt 40 ]; }
edge="$(rgb "$W/gnome-look-up.png" $(( ${gx:-0} + 1 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
beside="$(rgb "$W/gnome-look-up.png" $(( ${gx:-0} - 12 )) $(( ${gy:-0} + ${gh:-0} / 2 )))"
ink="$(convert "$W/gnome-look-up.png" -crop ${gw:-1}x${gh:-1}+${gx:-0}+${gy:-0} -colorspace gray -format '%[fx:int(255*minima)]' info: 2> /dev/null)"
marked=no; tinted "$edge" && ! tinted "$beside" && [ "${ink:-255}" -lt 140 ] && marked=yes
check "text: ... and marks the word in the text view, placed from the window's corner around the pressed point ($fx,$fy) (highlight ${gx:-?} ${gy:-?} ${gw:-?} ${gh:-?}; rgb: edge $edge, beside $beside; darkest glyph $ink)" \
    bash -c "[ -n '${gh:-}' ] && [ '$fx' -gt '${gx:-0}' ] && [ '$fx' -lt '$(( ${gx:-0} + ${gw:-0} ))' ] &&
             [ '$fy' -gt '${gy:-0}' ] && [ '$fy' -lt '$(( ${gy:-0} + ${gh:-0} ))' ] && [ '${gw:-0}' -lt 160 ] && [ $marked = yes ]"
[ -n "${SAVE_IMAGES:-}" ] && [ -n "${gh:-}" ] && convert "$W/gnome-look-up.png" -crop 480x420+$(( gx > 53 ? gx - 53 : 0 ))+$(( gy > 40 ? gy - 40 : 0 )) +repage \
    docs/images/force-click-word-highlight-gnome.png
echo "figure: text: in the extension, $(shell_log_since "$m" | grep -m1 -o 'menu [0-9]*: its text highlighted .*')"
# The shell's popup is dark: its text is the light ink.
light() { convert "$1" -crop "$2" +repage -colorspace gray -threshold 60% -format '%[fx:int(1000*mean)]' info: 2>/dev/null || echo 0; }
word_ink="$(light "$W/gnome-look-up.png" 100x20+$(( ${kx:-0} + 16 ))+$(( ${ky:-0} + 8 )))"
source_ink="$(light "$W/gnome-look-up.png" 200x14+$(( ${kx:-0} + 16 ))+$(( ${ky:-0} + 32 )))"
definition_ink="$(light "$W/gnome-look-up.png" $(( ${dw:-32} - 32 ))x$(( ${dh:-16} - 16 ))+$(( ${dx:-0} + 16 ))+$(( ${dy:-0} + 8 )))"
card_ink="$(light "$W/gnome-look-up.png" $(( ${kw:-32} - 32 ))x$(( ${kh:-16} - 16 ))+$(( ${kx:-0} + 16 ))+$(( ${ky:-0} + 8 )))"
echo "figure: text: light ‰ in the Look Up card: word $word_ink, dictionary $source_ink, definition $definition_ink, card $card_ink"
check "text: ... drawn there: the word, the dictionary's line and the definition's lines in light ink on the dark card (‰: word $word_ink, dictionary $source_ink, definition $definition_ink)" \
    test -n "${dh:-}" -a "${word_ink:-0}" -ge 30 -a "${source_ink:-0}" -ge 15 -a "${definition_ink:-0}" -ge 30 -a "${card_ink:-1000}" -le 400
echo "figure: text: the lines each sense of the card got, as the shell's Pango measured them: $(shell_log_since "$m" | grep -o '^senses [0-9]* lines .*' | tail -1)"
stop "$replay_pid"
# Pop on the word opens GNOME's Dictionary at it (MenuContent's popRow: the word's Look Up in
# Dictionary, as a link's pop chooses Open), offline as under-finger-lookup-on-host's: its source
# the dictd on loopback, made its source-name in GSettings' keyfile, which the daemon runs with and
# the application it starts inherits. What the application shows is read as a screen reader reads
# it (AT-SPI): its entry holds the word, its definition WordNet's.
gnome_dictionary_offline
# The demo's deep press moved to the word, past pop (not held at peek as deep_press_at's), at the
# recording's pace (`--paced`): the menu shows at peek, before pop, so that pop is the extension's
# (a press at pop before its menu shows is the daemon's, "popped during the hold").
awk -v X="$(( fx * 1000 / 1024 ))" -v Y="$(( fy * 600 / 768 ))" '
    /^E: / && $3 == "0003" && $4 == "0035" { printf "E: %s 0003 0035 %04d\n", $2, X; next }
    /^E: / && $3 == "0003" && $4 == "0036" { printf "E: %s 0003 0036 %04d\n", $2, Y; next }
    { print }' "$W/deep-press.evemu" > "$W/pop-word.evemu"
chmod 644 "$W/pop-word.evemu"
m="$(mark "$SHELL_LOG")"
bg_user "$W/pop-word-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" GSETTINGS_BACKEND=keyfile WAYLAND_DISPLAY=wayland-0 \
    GDK_BACKEND=wayland "$BIN/forcetouchd" --verbose --config "$W/text.toml" --replay "$W/pop-word.evemu" --paced
replay_pid=$last_pid
start_ns="$(date +%s%N)"
wait_until 15 dictionary_reads force
check "text: a replayed deep press past pop on the word opens GNOME's Dictionary at it, \"force\" in its entry, WordNet's definition from the dictd on loopback ($(grep -v '^pid ' "$W/dictionary.txt" 2> /dev/null | head -c 160 | tr '\n' ' '))" \
    dictionary_reads force
echo "figure: text: pop on the word in the GNOME Shell, to the definition in GNOME's Dictionary: $(( ($(date +%s%N) - start_ns) / 1000000 )) ms"
check "text: ... popped by the extension, which chose Look Up in Dictionary (text.look-up-app): $(shell_log_since "$m" | grep -o '^chose text\.look-up-app: [a-z]*' | head -1)" \
    bash -c "shell_log() { tail -c +$(( m + 1 )) '$SHELL_LOG'; }; shell_log | grep -q 'forcetouch: menu state: sliding([a-z ]*) -> popped ' &&
             shell_log | grep -q 'forcetouch: chose text\.look-up-app: success' &&
             grep -q 'looked up “force” in Dictionary: started gnome-dictionary' '$W/pop-word-replay.log'"
for pid in $(sed -n 's/^pid //p' "$W/dictionary.txt" 2> /dev/null); do stop "$pid"; done
stop "$replay_pid"
# A text its application marks as a password field (role `password text`) is not read, though
# under-finger lists `word`: the menu is no word's.
read -r _ _ sx sy < <(grep '^word secret ' "$W/text-view.log")
deep_press_at "$(( ${tb[0]:-0} + ${sx:-0} ))" "$(( ${tb[1]:-0} + ${sy:-0} ))" "$W/deep-press-secret.evemu"
m="$(mark "$SHELL_LOG")" mm="$(mark "$W/menus.log")"
bg_user "$W/secret-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" "$BIN/forcetouchd" --config "$W/text.toml" --replay "$W/deep-press-secret.evemu"
replay_pid=$last_pid
wait_for_new "$mm" '^\{' "$W/menus.log" 30 > /dev/null
target="$(tail -c +$(( mm + 1 )) "$W/menus.log" | grep -m1 '^{')"
check "text: on a text view marked as a password field, nothing is read ($(shell_log_since "$m" | grep -o '^accessible-at .*: text of ask 1: .*' | head -1)), and the menu is no word's ($(field 't["kind"]'))" \
    bash -c "shell_log() { tail -c +$(( m + 1 )) '$SHELL_LOG'; }; shell_log | grep -q 'accessible-at .*: text of ask 1: no text read: a password field' &&
             ! shell_log | grep -q 'accessible-at .*: text read' && [ '$(field 't["kind"]')' = nothing ]"
stop "$replay_pid"
# An email address, a phone number and a date in the same text view: a deep press on each shows
# their actions (the daemon's target, the rows the extension draws), and a tap on one reaches the
# user's handler, a recording one made the default for mailto:, tel:, sms: and text/calendar
# (as under-finger-lookup-on-host's), with the right URI, or the calendar app an iCalendar file.
mkdir -p "$HOMEDIR/.config"
cat > "$W/record-text" <<SH
#!/bin/sh
echo "\$1" >> "$W/text-opened.txt"
case "\$1" in /*) cp "\$1" "$W/event.ics" ;; esac
SH
chmod 755 "$W/record-text"
cat > "$HOMEDIR/.local/share/applications/text-recorder.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Text Recorder
Exec=$W/record-text %u
NoDisplay=true
MimeType=x-scheme-handler/mailto;x-scheme-handler/tel;x-scheme-handler/sms;text/calendar;
DESKTOP
printf '[Default Applications]\n' > "$HOMEDIR/.config/mimeapps.list"
for t in x-scheme-handler/mailto x-scheme-handler/tel x-scheme-handler/sms text/calendar; do
    echo "$t=text-recorder.desktop" >> "$HOMEDIR/.config/mimeapps.list"
done
chown -R "$U:$G" "$HOMEDIR/.config" "$HOMEDIR/.local/share/applications/text-recorder.desktop"
sed 's/^under-finger = .*/under-finger = ["app-icon", "link", "word", "email", "phone", "date"]/' "$W/under.toml" > "$W/text-all.toml"
chmod 644 "$W/text-all.toml"
# gnome_text NAME WORD TITLE: a deep press held at peek on WORD of the text view, then a tap on the
# row TITLE of the menu it leaves open; the target in $W/gnome-NAME.target, the rows drawn in
# $W/gnome-NAME.rows, the handler's line waited for.
gnome_text() {
    local x y m mm n pid
    read -r _ _ x y < <(grep "^word $2 " "$W/text-view.log")
    deep_press_at "$(( ${tb[0]:-0} + ${x:-0} ))" "$(( ${tb[1]:-0} + ${y:-0} ))" "$W/deep-press-$1.evemu"
    m="$(mark "$SHELL_LOG")" mm="$(mark "$W/menus.log")"
    n=$(cat "$W/text-opened.txt" 2> /dev/null | wc -l)
    bg_user "$W/$1-replay.log" env "XDG_DATA_HOME=$HOMEDIR/.local/share" "$BIN/forcetouchd" --config "$W/text-all.toml" --replay "$W/deep-press-$1.evemu"
    pid=$last_pid
    wait_for_new "$mm" '^\{' "$W/menus.log" 30 > /dev/null
    tail -c +$(( mm + 1 )) "$W/menus.log" | grep -m1 '^{' > "$W/gnome-$1.target"
    wait_for_new "$m" 'forcetouch: menu state: .* -> open' "$SHELL_LOG" 10 > /dev/null
    shell_log_since "$m" | sed -n 's/^item [0-9]* "\(.*\)" [-0-9]* [-0-9]* [0-9]* [0-9]*$/\1/p' | awk '!seen[$0]++' | xargs -d '\n' > "$W/gnome-$1.rows"
    read -r ix iy iw ih < <(shell_log_since "$m" | grep "^item [0-9]* \"$3\" " | tail -1 | rect)
    shell_call Tap "$(( ${ix:-0} + ${iw:-0} / 2 )).0" "$(( ${iy:-0} + ${ih:-0} / 2 )).0" > /dev/null
    for _ in $(seq 50); do [ "$(cat "$W/text-opened.txt" 2> /dev/null | wc -l)" -gt "$n" ] && break; sleep 0.2; done
    for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
    stop "$pid"
}
kind_of() { python3 -c 'import json, sys; t = json.load(open(sys.argv[1])); print(t.get("kind", ""), t.get("address", ""))' "$W/gnome-$1.target" 2> /dev/null; }
opened() { tail -1 "$W/text-opened.txt" 2> /dev/null; }
kinds_started=$SECONDS
gnome_text email ada@example.org "New Email"
check "text: on an email address, New Email and Copy ($(kind_of email): $(cat "$W/gnome-email.rows"))" \
    test "$(kind_of email) $(cat "$W/gnome-email.rows")" = "email mailto:ada@example.org New Email Copy"
check "text: ... a tap on New Email: the user's mailto: handler gets $(opened)" test "$(opened)" = "mailto:ada@example.org"
gnome_text phone 7946 "Call"
check "text: on a phone number, Call, Send Message and Copy ($(kind_of phone): $(cat "$W/gnome-phone.rows"))" \
    test "$(kind_of phone) $(cat "$W/gnome-phone.rows")" = "phone tel:+442079460958 Call Send Message Copy"
check "text: ... a tap on Call: the tel: handler gets $(opened)" test "$(opened)" = "tel:+442079460958"
gnome_text date December "Create Event"
check "text: on a date, Create Event and Copy ($(kind_of date): $(cat "$W/gnome-date.rows"))" \
    test "$(kind_of date) $(cat "$W/gnome-date.rows")" = "date 2026-12-03 Create Event Copy"
check "text: ... a tap on Create Event: the calendar app is handed an iCalendar file of 3 December 2026 ($(opened); $(grep -a '^DTSTART' "$W/event.ics" 2> /dev/null | tr -d '\r'))" \
    bash -c "case '$(opened)' in /*/forcetouch/event-*.ics) grep -aq '^DTSTART;VALUE=DATE:20261203' '$W/event.ics' ;; *) exit 1 ;; esac"
echo "figure: text: the email address's, the phone number's and the date's presses and taps took $(( SECONDS - kinds_started )) s"
stop "$menus_pid"
stop "$text_pid"
[ -n "${dictd_pid:-}" ] && stop "$dictd_pid"
echo "figure: the text section took $(( SECONDS - text_started )) s"
echo "figure: the under-the-finger section took $(( SECONDS - under_section_started )) s"
if [ -n "${SAVE_IMAGES:-}" ]; then
    cp "$W/under-app-menu.png" docs/images/gnome-app-icon-menu.png
    cp "$W/under-link-preview.png" docs/images/gnome-link-in-app-preview.png
    [ -n "${kx:-}" ] && convert "$W/gnome-look-up.png" -crop $(( ${kw:-0} + 80 ))x$(( ${ah:-0} + ${ay:-0} - ${ky:-0} + 80 ))+$(( ${kx:-0} > 40 ? ${kx:-0} - 40 : 0 ))+$(( ${ky:-0} > 40 ? ${ky:-0} - 40 : 0 )) +repage \
        docs/images/gnome-look-up.png
    echo "gnome-app-icon-menu.png and gnome-link-in-app-preview.png copied to docs/images/"
fi
