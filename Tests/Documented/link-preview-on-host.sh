#!/usr/bin/env bash
# A deep press on a link (docs/SPEC.md §11, "The link's preview"; issue 43, item 3): forcetouch-
# overlay shows iOS 13's context menu, the link's preview card above its actions, under Xvfb
# with openbox and a real dbus-daemon. The daemon's signals come from the stand-in owning its
# name (bus-peer.sh): a MenuShown whose target is a link to a local page the test writes. The
# page is rendered by WebKitGTK (forcetouch-overlay-webkit.so) and its title shown; screenshots
# at peek and once lifted are checked on their pixels against the rectangles --verbose logs;
# popping asks the daemon for the link's Open item and lifting at peek leaves the actions, of
# which a tap chooses Copy Link; with --no-link-preview nothing is rendered. Pages over HTTP
# (fixtures/preview-pages.py, issue 48) show what a previewed page may do: its JavaScript stops
# and its web processes exit with the preview (at dismiss, the timeout, a failed load or its
# memory bound), and no cookie or storage passes to the next. How long the page took to appear,
# and the overlay's processes and memory before, while and after, are printed, not asserted.
# Usage: Tests/Documented/link-preview-on-host.sh   (FORCETOUCH_BIN: the binaries, default
#        .build/debug; SAVE_IMAGES=1 copies the two screenshots to docs/images/)
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup link-preview-on-host link-preview
host_requires Xvfb openbox import xdotool convert dbus-daemon gdbus
host_binaries
host_home
. Tests/Documented/bus-peer.sh
check "forcetouch-overlay-webkit.so is built beside the overlay (WebKitGTK 4.1's development files: make overlay-gtk)" \
    test -e "$BIN/forcetouch-overlay-webkit.so"
# The page: a title, and a body of one colour the screenshot can find.
cat > "$W/page.html" <<'HTML'
<!DOCTYPE html>
<html><head><title>Peek Test Page</title></head>
<body style="margin:0; background:#1565c0; color:white; font:64px sans-serif">
<h1 style="margin:40px">Peek and pop</h1>
</body></html>
HTML
chmod 644 "$W/page.html"
PAGE="file://$W/page.html"
chown -R "$U:$G" "$HOMEDIR" "$RUNTIME"
chmod 777 "$W"
start_session_bus
start_x11

emit() { peer_emit "$@"; }
progress() { emit PressProgress "'$1'" "'$2'" "$3" "$4" "$5" "$6" "'touch'" "''" "${7:-true}"; }
LINK_ITEMS="[{'type': <'link.open'>, 'title': <'Open'>, 'icon': <'web-browser'>}, {'type': <'link.copy'>, 'title': <'Copy Link'>, 'icon': <'edit-copy'>}]"
# link_shown ID X Y [ADDRESS]: the daemon's menu for a link to ADDRESS (the page), its text "the
# test page".
link_shown() {
    emit MenuShown "uint32 $1" "$LINK_ITEMS" "$2" "$3" "'touch'" "''" \
        "{'kind': <'link'>, 'name': <'the test page'>, 'address': <'${4:-$PAGE}'>, 'app-id': <''>, 'icon': <''>, 'why': <''>}"
}
dismissed() { emit MenuDismissed "uint32 $1" "'$2'"; }
# The rectangle of the last `WHAT ID x y w h …` line of LOG.
logged() { grep -E "^$1 $2 " "$3" | tail -1 | awk '{ print $3, $4, $5, $6 }'; }
logged_item() { logged_rect 0 "^item $1 \"$2\" " "$3"; }
# blue FILE X Y: the pixel is the page's blue (#1565c0), scaled or not.
blue() { local c=($(rgb "$1" "$2" "$3")); [ "${c[2]}" -gt 150 ] && [ "${c[0]}" -lt 60 ] && [ "${c[1]}" -lt 140 ]; }
# The number of the page's blue pixels in FILE.
blue_pixels() { convert "$1" -fx '(b > 0.6 && r < 0.25 && g < 0.55) ? 1 : 0' -format '%[fx:int(mean*w*h+0.5)]' info:; }
calls() { grep -c "^call ChooseQuickAction ('$1',)" "$PEER_LOG"; }

# ---------------------------------------------------------------- peek, with the page
bg_user "$W/overlay.log" "$BIN/forcetouch-overlay" --verbose --link-preview-timeout 20
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/overlay.log" 10 > /dev/null
sleep 0.5
# WebKitGTK (some 30 MB) is mapped at the first press on its way to a deep press, off GTK's
# thread, not by an overlay nobody presses.
check "the overlay started and not pressed holds no WebKitGTK ($(grep -c libwebkit2gtk /proc/$overlay_pid/maps) mapping(s))" \
    bash -c "! grep -q libwebkit2gtk /proc/$overlay_pid/maps"
peer_start
# A press the daemon does not know to open anything (PressProgress `preview` false: the shipped
# configuration's press on the empty desktop, issue 51) draws nothing, towards peek or at it;
# once the daemon says it opens something, its card grows.
m="$(mark "$W/overlay.log")"
progress began '' 0.3 0.0 0.5 0.5 false
progress changed '' 0.9 0.0 0.5 0.5 false
# Nothing to wait for when nothing is drawn: a time window for a card, at each step.
sleep 0.3
shot_x11 "$W/unknown-towards.png"
progress changed peek 1.0 0.2 0.5 0.5 false
sleep 0.3
shot_x11 "$W/unknown-peek.png"
check "a press not known to open anything draws nothing, towards peek or at it (no card on screen: '$(card_box "$W/unknown-towards.png")' '$(card_box "$W/unknown-peek.png")'; none drawn)" \
    bash -c "[ -z \"\$(card_box '$W/unknown-towards.png')\" ] && [ -z \"\$(card_box '$W/unknown-peek.png')\" ] &&
             ! tail -c +$((m + 1)) '$W/overlay.log' | grep -q '^menu 0 scale'"
progress changed peek 1.0 0.4 0.5 0.5 true
wait_for_new "$m" '^menu 0 scale' "$W/overlay.log" 10 > /dev/null
shoot "$W/known.png" "$(grep -E '^menu 0 scale' "$W/overlay.log" | tail -1 | awk '{ print $5, $6, $7, $8 }')" shot_x11
check "... and once the daemon says it opens something, its card grows at the finger (card at $(card_box "$W/known.png"))" \
    near "$(card_box "$W/known.png")" "$(grep -E '^menu 0 scale' "$W/overlay.log" | tail -1 | awk '{ print $5, $6, $7, $8 }')"
progress cancelled '' 0.0 0.0 0.5 0.5
wait_for_new "$m" '^hidden' "$W/overlay.log" 10 > /dev/null

# The finger at (0.1, 0.1) of the 1024×768 screen: 102, 77.
fx=102 fy=77
m="$(mark "$W/overlay.log")"
progress began '' 0.3 0.0 0.1 0.1
progress changed '' 0.7 0.0 0.1 0.1
link_shown 21 0.1 0.1
progress changed peek 1.0 0.0 0.1 0.1
shown_at=$(date +%s%N)
wait_for_new "$m" '^link-preview 21: page (rendered|not rendered)' "$W/overlay.log" 25 > /dev/null
rendered="$(grep -E '^link-preview 21: page rendered in' "$W/overlay.log")"
check "... a press on its way to a deep press opened the page renderer off GTK's thread ($(grep -a '^link-preview: ' "$W/overlay.log" | head -1))" \
    bash -c "grep -aq '^link-preview: forcetouch-overlay-webkit.so opened in .* off GTK' '$W/overlay.log' && grep -q libwebkit2gtk /proc/$overlay_pid/maps"
echo "figure: the page's rendering appeared $(echo "$rendered" | sed -E 's/.* in ([0-9]+) ms.*/\1/') ms after MenuShown (the overlay's count; the first WebKit process of the session included)"
check "the link's page is rendered, its title read from it ($rendered)" grep -q '^link-preview 21: page rendered in [0-9]* ms: "Peek Test Page"$' "$W/overlay.log"
# The menu's first frame does not wait for WebKit to start a view for the page (some milliseconds):
# under X11 it is drawn (and logged) as MenuShown comes, the page's load started after it.
check "the link's menu is drawn before its page starts loading ($(tail -c +$((m + 1)) "$W/overlay.log" | grep -E '^(menu 21 scale|link-preview 21: rendering)' | head -1 | cut -c1-40))" \
    bash -c "tail -c +$((m + 1)) '$W/overlay.log' | grep -E '^(menu 21 scale|link-preview 21: rendering)' | head -1 | grep -q '^menu 21 scale'"
# shot_blue FILE X Y: screenshots until the page's blue is at X, Y, at most 5 s (the rendered
# page is drawn in the overlay's next frame).
shot_blue() { for _ in $(seq 25); do shot_x11 "$1"; blue "$@" && return 0; sleep 0.2; done; return 1; }
read -r gx gy gw gh <<< "$(logged page 21 "$W/overlay.log")"
shot_blue "$W/peek.png" $(( gx + gw / 2 )) $(( gy + gh / 2 ))
check "--verbose logs the preview card with the page's title and address" \
    grep -q "^preview 21 [0-9]* [0-9]* [0-9]* [0-9]* \"Peek Test Page\" $PAGE\$" "$W/overlay.log"
read -r px py pw ph <<< "$(logged preview 21 "$W/overlay.log")"
read -r gx gy gw gh <<< "$(logged page 21 "$W/overlay.log")"
read -r ax ay aw ah <<< "$(logged actions 21 "$W/overlay.log")"
check "at peek the preview's corner is at the finger ($px,$py; finger $fx,$fy) and its actions are below it ($ax,$ay)" \
    test $(( px - fx )) -ge 10 -a $(( px - fx )) -le 18 -a $(( py - fy )) -ge 10 -a $(( py - fy )) -le 18 -a "$ay" -gt $(( py + ph ))
check "... grown to 3/4 of its size ($pw px wide)" test "$pw" = 225
check "the page's rendering is on screen where the overlay says (blue at the middle of $gx $gy $gw $gh)" \
    blue "$W/peek.png" $(( gx + gw / 2 )) $(( gy + gh / 2 ))
check "... and the header above it is the light card, not the page" \
    test "$(pixel "$W/peek.png" $(( px + pw - 8 )) $(( py + 6 )))" -gt 200
check "... and the actions' card below is light" test "$(pixel "$W/peek.png" $(( ax + aw - 8 )) $(( ay + ah / 2 )))" -gt 200
convert "$W/peek.png" -crop "${gw}x${gh}+${gx}+${gy}" +repage "$W/page-part.png"
total="$(blue_pixels "$W/peek.png")" inside="$(blue_pixels "$W/page-part.png")"
check "... and none of the page is drawn outside its place ($inside of $total blue pixels inside)" \
    test "$total" -gt 0 -a "$total" -le "$inside"
# Lifted at peek: the preview stays, full size, with its actions for a tap.
m="$(mark "$W/overlay.log")"
progress ended peek 1.0 0.0 0.1 0.1
wait_for_new "$m" '^menu 21 scale 1\.000' "$W/overlay.log" 10 > /dev/null
read -r px py pw ph <<< "$(logged preview 21 "$W/overlay.log")"
shot_blue "$W/lifted.png" $(( px + pw / 2 )) $(( py + 56 + 100 ))
read -r ax ay aw ah <<< "$(logged actions 21 "$W/overlay.log")"
check "lifted at peek, the preview stays full size ($pw x $ph) with its actions below ($aw x $ah)" \
    test "$pw" = 300 -a "$ph" = 256 -a "$aw" = 300 -a "$ah" = 128 -a "$ay" = $(( py + ph + 10 ))
check "... on screen: the page in the preview and the light actions' card" \
    blue "$W/lifted.png" $(( px + pw / 2 )) $(( py + 56 + 100 ))
check "... and the light actions' card" test "$(pixel "$W/lifted.png" $(( ax + 8 )) $(( ay + ah - 8 )))" -gt 200
check "... its actions are the daemon's items: Open and Copy Link" \
    bash -c "grep -q '^item 0 \"Open\" ' '$W/overlay.log' && grep -q '^item 1 \"Copy Link\" ' '$W/overlay.log'"
# A tap on Copy Link chooses it: the daemon copies (ChooseQuickAction link.copy).
read -r ix iy iw ih <<< "$(logged_item 1 'Copy Link' "$W/overlay.log")"
as_user xdotool mousemove $(( ix + iw / 2 )) $(( iy + ih / 2 )) click 1
wait_for '^chose link.copy: success' "$W/overlay.log" 10 > /dev/null
check "a tap on Copy Link asks the daemon for it (ChooseQuickAction 'link.copy')" test "$(calls link.copy)" = 1
dismissed 21 chosen
shoot "$W/gone.png" "" shot_x11
check "... and the preview is gone" test -z "$(card_box "$W/gone.png")"

# ---------------------------------------------------------------- pop
# Pressing on to pop opens the link: the Open item, chosen once, as a tap on it would.
m="$(mark "$W/overlay.log")"
progress began '' 0.3 0.0 0.1 0.1
link_shown 22 0.1 0.1
progress changed peek 1.0 0.0 0.1 0.1
progress changed peek 1.0 0.6 0.1 0.1
progress changed pop 1.0 1.0 0.1 0.1
wait_for '^chose link.open: success' "$W/overlay.log" 10 > /dev/null
check "pressing on to pop opens the link (ChooseQuickAction 'link.open')" test "$(calls link.open)" = 1
progress changed pop 1.0 1.0 0.1 0.1
progress changed pop 1.0 1.0 0.12 0.12
shoot "$W/popped.png" "" shot_x11
check "... once, and the finger still down shows nothing more" \
    bash -c "[ \"\$(grep -c \"^call ChooseQuickAction ('link.open',)\" '$PEER_LOG')\" = 1 ] && [ -z \"\$(convert '$W/popped.png' -colorspace gray -threshold 85% -format '%@' info: 2> /dev/null | grep -v '^0x0')\" ]"
progress ended pop 1.0 1.0 0.12 0.12
dismissed 22 chosen
# The page may have come while the menu was still up (a local page renders in some 100 ms):
# what counts is that nothing comes once the overlay has hidden the menu, a second later.
wait_for_new "$m" '^menu state: .* -> hidden' "$W/overlay.log" 10 > /dev/null
md="$(mark "$W/overlay.log")"
sleep 1
check "... its page load stopped with the menu (nothing rendered after it went)" \
    bash -c "tail -c +$((m + 1)) '$W/overlay.log' | grep -q '^menu state: .* -> hidden' && ! tail -c +$((md + 1)) '$W/overlay.log' | grep -q '^link-preview 22: page rendered'"
stop "$overlay_pid"

# ---------------------------------------------------------------- --no-link-preview
bg_user "$W/off.log" "$BIN/forcetouch-overlay" --verbose --no-link-preview
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/off.log" 10 > /dev/null
progress began '' 0.3 0.0 0.1 0.1
link_shown 23 0.1 0.1
progress ended peek 1.0 0.0 0.1 0.1
wait_for '^menu 23 scale 1\.000' "$W/off.log" 10 > /dev/null
shoot "$W/off.png" "$(grep -E '^menu 23 scale' "$W/off.log" | tail -1 | awk '{ print $5, $6, $7, $8 }')" shot_x11
check "with --no-link-preview the page is neither fetched nor rendered (the log says so)" \
    bash -c "grep -q '^link-preview 23: $PAGE: no page rendering (--no-link-preview)' '$W/off.log' && ! grep -q '^page 23 ' '$W/off.log'"
check "... the card is the link's text and address, its actions below" \
    bash -c "grep -q '^preview 23 [0-9]* [0-9]* 300 56 \"the test page\" $PAGE\$' '$W/off.log' && grep -q '^item 1 \"Copy Link\" ' '$W/off.log'"
check "... and no blue of the page anywhere on screen ($(blue_pixels "$W/off.png") pixels)" test "$(blue_pixels "$W/off.png")" = 0
check "... its card on screen where the overlay says" near "$(card_box "$W/off.png")" "$(grep -E '^menu 23 scale' "$W/off.log" | tail -1 | awk '{ print $5, $6, $7, $8 }')"
dismissed 23 dismissed
stop "$overlay_pid"

# ---------------------------------------------------------------- what a previewed page may do
# Pages served over HTTP by fixtures/preview-pages.py (issue 48): one whose JavaScript pings the
# server and that sets a cookie and fills localStorage, one that never finishes loading, one
# that takes memory, a redirect loop. A page's web processes are the overlay's own processes:
# counted, and their memory printed, before, while and after a page runs; the server's log says
# what each page asked for, with which cookie, and when.
/usr/bin/python3 Tests/Documented/fixtures/preview-pages.py > "$W/pages.log" 2>&1 &
pages_pid=$!
pids+=("$pages_pid")
wait_for '^port [0-9]+$' "$W/pages.log" 10 > /dev/null
SITE="http://127.0.0.1:$(awk '/^port / { print $2 }' "$W/pages.log")"
bg_user "$W/pages-overlay.log" "$BIN/forcetouch-overlay" --verbose --link-preview-timeout 4
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/pages-overlay.log" 10 > /dev/null
# The processes the overlay started (its descendants): `PID RSS-KB NAME` a line each.
own_processes() {
    ps -e -o pid=,ppid=,rss=,comm= | awk -v root="$overlay_pid" '
        { pid[NR] = $1; parent[NR] = $2; line[NR] = $1 " " $3 " " $4 }
        END { mine[root] = 1
              do { more = 0
                   for (i = 1; i <= NR; i++) if (mine[parent[i]] && !mine[pid[i]]) { mine[pid[i]] = 1; more = 1 } } while (more)
              for (i = 1; i <= NR; i++) if (mine[pid[i]] && pid[i] != root) print line[i] }'
}
# The overlay's memory and its processes', for the figures.
memory() {
    own_processes | awk -v own="$(ps -o rss= -p "$overlay_pid")" '
        { n++; kb += $2; names = names " " $3 "(" int($2 / 1024) ")" }
        END { printf "the overlay %d MB; %d process(es) of its own, %d MB%s%s", own / 1024, n, kb / 1024, n ? ":" : "", names }'
}
# Waits up to 10 s for the overlay to have no process of its own left.
wait_alone() { for _ in $(seq 100); do [ -z "$(own_processes)" ] && return 0; sleep 0.1; done; return 1; }
# requests OFFSET PATH: how many requests for PATH… the server got past OFFSET of its log.
requests() { tail -c "+$(( $1 + 1 ))" "$W/pages.log" | grep -c "^GET $2"; }
# preview_of ID ADDRESS: a press on a link to ADDRESS, lifted at peek: its menu stays.
preview_of() { progress began '' 0.3 0.0 0.1 0.1; link_shown "$1" 0.1 0.1 "$2"; progress ended peek 1.0 0.0 0.1 0.1; }
outcome() { tail -c "+$(( $1 + 1 ))" "$W/pages-overlay.log" | grep -m1 -E "^link-preview $2: page (rendered|not rendered)"; }
# watch OFFSET ID: samples the overlay's processes every 100 ms until preview ID's page is
# rendered or not (at most 20 s); $peak is the most memory they had together, `memory` then.
watch() {
    local kb most=0
    peak="$(memory)"
    for _ in $(seq 200); do
        kb="$(own_processes | awk '{ kb += $2 } END { print kb + 0 }')"
        [ "$kb" -gt "$most" ] && most=$kb peak="$(memory)"
        [ -n "$(outcome "$1" "$2")" ] && return 0
        sleep 0.1
    done
}

# A page that pings its server for as long as it runs: at MenuDismissed it stops, with its processes.
before="$(memory)"
m="$(mark "$W/pages.log")" o="$(mark "$W/pages-overlay.log")"
preview_of 31 "$SITE/page?n=1"
watch "$o" 31
wait_for_new "$m" '^GET /ping' "$W/pages.log" 10 > /dev/null
dismissed 31 dismissed
d="$(mark "$W/pages.log")"
wait_alone
# Nothing to wait for when nothing is asked: a time window (the page pinged every 100 ms).
sleep 0.5
after="$(memory)"
echo "figure: before the preview, $before"
echo "figure: while its page ran (the most, sampled every 100 ms), $peak"
echo "figure: once the menu was dismissed, $after"
check "a previewed page's JavaScript runs ($(requests "$m" /ping) pings; $(outcome "$o" 31))" test "$(requests "$m" /ping)" -gt 0
check "... and after MenuDismissed the page asks for nothing more ($(requests "$d" /) requests after it)" test "$(requests "$d" /)" = 0
check "... and none of the overlay's processes for it is left ($(own_processes | awk '{ print $3 }' | xargs))" test -z "$(own_processes)"

# The next preview starts with nothing stored: no cookie sent, nothing in localStorage.
m="$(mark "$W/pages.log")" o="$(mark "$W/pages-overlay.log")"
preview_of 32 "$SITE/page?n=2"
wait_for_new "$m" '^GET /ping\?from=page2&' "$W/pages.log" 20 > /dev/null
asked="$(tail -c "+$(( m + 1 ))" "$W/pages.log" | grep -m1 '^GET /page')"
pinged="$(tail -c "+$(( m + 1 ))" "$W/pages.log" | grep -m1 '^GET /ping?from=page2&')"
check "the next preview's page is asked for with no cookie, though the last one set one ($asked)" test "$asked" = "GET /page?n=2 cookie=-"
check "... and its JavaScript finds nothing the last one stored in localStorage ($pinged)" grep -q 'stored=%2F' <<< "$pinged"
wait_for_new "$o" '^link-preview 32: page (rendered|not rendered)' "$W/pages-overlay.log" 20 > /dev/null
dismissed 32 dismissed
wait_alone

# A redirect loop: the load fails, and its processes go at once, the menu still up.
m="$(mark "$W/pages.log")" o="$(mark "$W/pages-overlay.log")"
preview_of 33 "$SITE/loop"
wait_for_new "$o" '^link-preview 33: page (rendered|not rendered)' "$W/pages-overlay.log" 20 > /dev/null
wait_alone
failed="$(outcome "$o" 33)"
check "a page that fails to load ($(requests "$m" /loop) redirects; $failed) leaves no process of the overlay's own ($(own_processes | awk '{ print $3 }' | xargs))" \
    test -n "$(grep 'not rendered' <<< "$failed")" -a -z "$(own_processes)"
dismissed 33 dismissed

# A page still loading at the timeout: stopped, with its processes.
m="$(mark "$W/pages.log")" o="$(mark "$W/pages-overlay.log")"
preview_of 34 "$SITE/slow"
wait_for_new "$m" '^GET /ping\?from=slow&' "$W/pages.log" 20 > /dev/null
wait_for_new "$o" '^link-preview 34: page (rendered|not rendered)' "$W/pages-overlay.log" 20 > /dev/null
wait_alone
t="$(mark "$W/pages.log")"
# Nothing to wait for when nothing is asked: a time window (the page pinged every 100 ms).
sleep 0.5
check "a page still loading at the timeout ($(requests "$m" /ping) pings; $(outcome "$o" 34)) asks for nothing more ($(requests "$t" /) requests) and leaves no process ($(own_processes | awk '{ print $3 }' | xargs))" \
    test "$(requests "$m" /ping)" -gt 0 -a "$(requests "$t" /)" = 0 -a -z "$(own_processes)"
dismissed 34 dismissed

# forcetouch-page-snapshot, the same rendering as a command that writes a PNG (for the GNOME Shell
# extension, gnome-shell-on-host.sh): the page into a new file with its title; bounded in time,
# its processes gone with it; no file written through a link; no scheme but a page's fetched.
snap="$W/snapshot.png"
title="$(as_user timeout 20 "$BIN/forcetouch-page-snapshot" "$PAGE" "$snap" 5 2> "$W/snapshot.err")"
status=$?
check "forcetouch-page-snapshot renders the page into a PNG with its title ($status, \"$title\", $(identify -format '%wx%h' "$snap" 2> /dev/null); $(tail -1 "$W/snapshot.err"))" \
    test "$status" = 0 -a "$title" = "Peek Test Page" -a "$(identify -format '%wx%h' "$snap" 2> /dev/null)" = 900x600
check "... the page's own pixels (its blue in the middle)" blue "$snap" 450 400
m="$(mark "$W/pages.log")"
as_user timeout 20 "$BIN/forcetouch-page-snapshot" "$SITE/slow?n=snapshot" "$W/slow.png" 2 2> "$W/snapshot-slow.err"
status=$?
t="$(mark "$W/pages.log")"
# Nothing to wait for when nothing is asked: a time window (the page pinged every 100 ms).
sleep 0.5
check "... a page still loading after its timeout: exit 1, no file, and nothing more asked for once it exited ($(requests "$m" /ping) pings before, $(requests "$t" /) after; $(tail -1 "$W/snapshot-slow.err"))" \
    test "$status" = 1 -a ! -e "$W/slow.png" -a "$(requests "$m" /ping)" -gt 0 -a "$(requests "$t" /)" = 0
ln -s "$W/elsewhere.png" "$W/link.png"
as_user timeout 20 "$BIN/forcetouch-page-snapshot" "$PAGE" "$W/link.png" 5 2> "$W/snapshot-link.err"
status=$?
check "... a file already there (a link) is not written through (exit $status; $(tail -1 "$W/snapshot-link.err"))" \
    test "$status" = 1 -a ! -e "$W/elsewhere.png"
as_user timeout 20 "$BIN/forcetouch-page-snapshot" "mailto:someone@example.org" "$W/mail.png" 5 2> "$W/snapshot-mail.err"
status=$?
check "... a link that is no page is not fetched (exit $status; $(tail -1 "$W/snapshot-mail.err"))" \
    test "$status" = 1 -a ! -e "$W/mail.png"

# A page that takes 64 MB more every 100 ms, up to 1.5 GB: stopped at the preview's bound.
m="$(mark "$W/pages.log")" o="$(mark "$W/pages-overlay.log")"
preview_of 35 "$SITE/hog"
watch "$o" 35
held="$(tail -c "+$(( m + 1 ))" "$W/pages.log" | grep -o 'mb=[0-9]*' | tail -1)"
stopped="$(outcome "$o" 35)" held="${held#mb=}"
echo "figure: a page taking memory, at its most (sampled every 100 ms): $peak; the page said it held ${held:-no} MB at most"
wait_alone
check "a page that takes memory is stopped at the preview's bound ($stopped; it held ${held:-no} MB of the 1536 it would), its processes with it" \
    test -n "$(grep 'memory' <<< "$stopped")" -a "${held:-0}" -lt 1536 -a -z "$(own_processes)"
dismissed 35 dismissed
echo "figure: after these five previews, $(memory)"
stop "$overlay_pid"
stop "$pages_pid"
peer_stop

# ---------------------------------------------------------------- the real daemon
# forcetouchd replays a deep press; what is under the finger comes from a stand-in for the
# overlay's lookup (looker.py: it answers each `began` with PressTarget, a link to the page),
# and the overlay is the real one. Open (`gio open`, the daemon's) starts the recording URL
# handler, the default for text/html; lifted at peek, a tap on Copy Link puts the address on the
# clipboard (the daemon's xclip), read back with xclip -o.
# The overlay runs with --no-under-finger: the daemon takes the first answer for its press, and
# the overlay's own (under Xvfb, accessibility off: nothing, at once) would race the stand-in's.
# A real link under the finger, through AT-SPI, is under-finger-lookup-on-host.sh's.
cat > "$W/looker.py" <<'PY'
#!/usr/bin/python3
# The overlay's lookup, stood in for: each PressProgress `began` is answered at once with
# PressTarget(FACTS-JSON + the press's x, y). Owns no name: the real overlay shows the menu.
import json
import sys
from gi.repository import Gio, GLib
facts = json.loads(sys.argv[1])
PATH = "/io/github/forcetouch/Daemon1"
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
def on_signal(_c, _sender, _path, iface, _member, parameters):
    phase, _stage, _t, _c2, x, y = parameters.unpack()[:6]
    if phase != "began":
        return
    sent = {"press-x": GLib.Variant("d", x), "press-y": GLib.Variant("d", y)}
    sent.update({k: GLib.Variant("s", v) for k, v in facts.items()})
    bus.call_sync(iface, PATH, iface, "PressTarget", GLib.Variant("(a{sv})", (sent,)), None,
                  Gio.DBusCallFlags.NONE, 5000, None)
    print(f"answered {x} {y}", flush=True)
bus.signal_subscribe(None, "io.github.forcetouch.Daemon1", "PressProgress", PATH, None, Gio.DBusSignalFlags.NONE, on_signal)
print("ready", flush=True)
GLib.MainLoop().run()
PY
cat > "$W/record-url" <<SH
#!/bin/sh
echo "\$1" >> "$W/opened.txt"
SH
mkdir -p "$HOMEDIR/.local/share/applications"
cat > "$HOMEDIR/.local/share/applications/recorder.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Recorder
Exec=$W/record-url %u
MimeType=text/html;x-scheme-handler/file;
DESKTOP
printf '[Default Applications]\ntext/html=recorder.desktop\nx-scheme-handler/file=recorder.desktop\n' > "$HOMEDIR/.config/mimeapps.list"
# The page is a local file: a file: link opens only where the user lists the scheme (SPEC §11,
# `open-schemes`, http and https by default; under-finger-on-host.sh checks the refusals).
cat > "$CONFIG" <<TOML
[quick-actions]
open-schemes = ["http", "https", "file"]

[[quick-action]]
type = "search"
title = "Search"
exec = ["true"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
cp demo/touchscreen-gestures.evemu "$W/pop.evemu"
# The same press eased off at peek (force 2.35, pop is 5.49): it peeks and lifts.
sed -e 's/ 0003 003a 0130/ 0003 003a 0095/; s/ 0003 003a 0170/ 0003 003a 0095/; s/ 0003 003a 0210/ 0003 003a 0095/; s/ 0003 003a 0120/ 0003 003a 0090/' \
    demo/touchscreen-gestures.evemu > "$W/peek.evemu"
chmod 755 "$W/record-url" "$W/looker.py"
chmod 644 "$W/pop.evemu" "$W/peek.evemu"
chown -R "$U:$G" "$HOMEDIR"
bg_user "$W/daemon-overlay.log" "$BIN/forcetouch-overlay" --verbose --no-under-finger
overlay_pid=$last_pid
wait_for 'Overlay1 on the session bus' "$W/daemon-overlay.log" 10 > /dev/null
check "with --no-under-finger the overlay says it looks nothing up" \
    grep -q '^under-finger: off (--no-under-finger): what is under the finger is not looked up$' "$W/daemon-overlay.log"
bg_user "$W/looker.log" /usr/bin/python3 "$W/looker.py" "{\"role\": \"link\", \"name\": \"the test page\", \"address\": \"$PAGE\"}"
looker_pid=$last_pid
wait_for '^ready' "$W/looker.log" 10 > /dev/null
# The daemon holds its MenuShown for the lookup (at most 100 ms after peek); replayed, it comes
# after the press has gone past pop and lifted (a replay plays in virtual time): the daemon, which
# remembered the pop, shows the menu and then chooses Open itself, the one path pop and a tap on
# Open take (were the menu not held, the overlay would pop it, having seen the press reach pop).
m="$(mark "$W/daemon-overlay.log")"
bg_user "$W/pop-replay.log" "$BIN/forcetouchd" --verbose --replay "$W/pop.evemu"
replay_pid=$last_pid
wait_for_new "$m" '^menu [0-9]* shown: ' "$W/daemon-overlay.log" 30 > /dev/null
check "the real daemon's menu for the link (looker: $(head -2 "$W/looker.log" | tail -1))" \
    grep -q '^menu [0-9]* shown: 2 item(s) .* for link "the test page"' "$W/daemon-overlay.log"
wait_for "$PAGE" "$W/opened.txt" 10 > /dev/null
# Opened once: the replaying daemon, which opens it, has ended (its replay played out).
for _ in $(seq 100); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
check "a replayed press that pops opens the page with the default browser, once (the daemon's gio open): the recording URL handler got (GIO gives a local file's path) $(cat "$W/opened.txt" 2>/dev/null)" \
    bash -c "grep -qx -e '$PAGE' -e '$W/page.html' '$W/opened.txt' && [ \"\$(wc -l < '$W/opened.txt')\" = 1 ]"
check "... by its Open item (popped during the hold, or the overlay's pop), the menu dismissed as chosen" \
    bash -c "{ grep -q 'popped during the hold: link.open' '$W/pop-replay.log' || grep -q '^chose link.open: success' '$W/daemon-overlay.log'; } &&
             tail -c +\$(( $m + 1 )) '$W/daemon-overlay.log' | grep -q '^menu [0-9]* dismissed: chosen'"
stop "$replay_pid"
m="$(mark "$W/daemon-overlay.log")"
bg_user "$W/peek-replay.log" "$BIN/forcetouchd" --verbose --replay "$W/peek.evemu"
replay_pid=$last_pid
wait_for_new "$m" '^item 1 "Copy Link" ' "$W/daemon-overlay.log" 30 > /dev/null
# The preview settled (its page rendered or not) and the menu on screen before the tap.
wait_for_new "$m" '^link-preview [0-9]+: page (rendered|not rendered)' "$W/daemon-overlay.log" 20 > /dev/null
shoot "$W/peek-menu.png" "$(grep -E '^menu [0-9]+ scale' "$W/daemon-overlay.log" | tail -1 | awk '{ print $5, $6, $7, $8 }')" shot_x11
read -r ix iy iw ih <<< "$(logged_item 1 'Copy Link' "$W/daemon-overlay.log")"
as_user xdotool mousemove $(( ix + iw / 2 )) $(( iy + ih / 2 )) click 1
# The daemon answers the choice once xclip has taken the clipboard (its first process exits then).
wait_for '^chose link.copy: ' "$W/daemon-overlay.log" 10 > /dev/null
clip="$(as_user timeout 5 xclip -o -selection clipboard 2>&1)"
check "lifted at peek, a tap on Copy Link puts the address on the clipboard ($clip; $(grep -m1 '^chose link.copy' "$W/daemon-overlay.log"))" \
    test "$clip" = "$PAGE"
check "... and only the stand-in answered the daemon (no answer dropped)" \
    bash -c "! grep -q 'answer dropped' '$W/pop-replay.log' '$W/peek-replay.log'"
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
stop "$replay_pid"; stop "$looker_pid"; stop "$overlay_pid"

if [ -n "${SAVE_IMAGES:-}" ]; then
    cp "$W/peek.png" docs/images/link-preview-peek.png
    cp "$W/lifted.png" docs/images/link-preview-lifted.png
fi
stop "$openbox_pid"; stop "$xvfb_pid"
summary link-preview-on-host
