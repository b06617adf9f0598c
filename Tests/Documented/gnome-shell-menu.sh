# The quick-action menu at the finger in GNOME Shell (gnome-shell/…/menu.js, docs/SPEC.md §11):
# gnome-shell-on-host.sh's menu section, sourced once the shell runs (start_gnome_shell), with
# bus-peer.sh's stand-in. First the press's steps come as the daemon's signals from the stand-in
# owning its name, as overlay-on-host.sh's `stages` sends them to forcetouch-overlay; the screenshots
# (taken inside the shell, after its next paint) at each stage are checked on their pixels: the
# card within a few pixels of the finger, growing from peek to pop, opening up and to the left
# near the bottom-right corner, gone once dismissed, and a slide chooses; texts bounded and logged
# escaped; gone when the daemon's name passes to another process. Then a real forcetouchd
# replays a deep press: the extension shows the daemon's menu, a virtual tap on an item performs
# it, Escape dismisses the next one, and the next goes when the daemon is killed.

# The card on a screenshot (x y w h): the shell's menus are grey (#303030, white text) and the
# headless desktop is blue, dimmed or not: the box of the unsaturated pixels below the top bar
# (32 px, which the dimming covers too); empty when there is none.
gcard_box() {
    convert "$1" -crop 1024x728+0+40 +repage -colorspace HSL -channel G -separate +channel \
        -threshold 25% -negate -format '%@' info: 2>/dev/null |
        sed -n 's/^\([1-9][0-9]*\)x\([1-9][0-9]*\)+\([0-9]*\)+\([0-9]*\)$/\3 \4 \1 \2/p' |
        awk '{ print $1, $2 + 40, $3, $4 }'
}
# The last card the extension logged (x y w h), and the rectangle at the end of an `item` line.
glogged_box() { sed -n 's/.*forcetouch: menu [0-9]* scale [0-9.]* //p' "$SHELL_LOG" | tail -1 | awk '{ print $1, $2, $3, $4 }'; }
# gwait_drawn OFFSET: a geometry line (or `hidden`) past OFFSET of the shell's log.
gwait_drawn() { wait_for_new "$1" 'forcetouch: (menu [0-9]+ scale|hidden)' "$SHELL_LOG" 10; }
# gshoot FILE WANT: screenshots until the card on it is WANT (a box; empty: none), at most 5
# times; $gbox is the card on the last one.
gshoot() {
    for _ in $(seq 5); do
        gshot "$1"
        gbox="$(gcard_box "$1")"
        if [ -z "$2" ]; then [ -z "$gbox" ] && return 0; else near "$gbox" "$2" && return 0; fi
        sleep 0.3
    done
}
# The corner of box B (x y w h) from the finger FX FY: right and down (rd) or left and up (lu),
# 10 to 18 px each way.
corner_at() {
    local b=($1) fx=$2 fy=$3 dx dy
    [ ${#b[@]} -eq 4 ] || return 1
    if [ "$4" = rd ]; then dx=$(( b[0] - fx )) dy=$(( b[1] - fy )); else dx=$(( fx - b[0] - b[2] )) dy=$(( fy - b[1] - b[3] )); fi
    [ "$dx" -ge 10 ] && [ "$dx" -le 18 ] && [ "$dy" -ge 10 ] && [ "$dy" -le 18 ]
}
# The signals as the daemon sends them, from the stand-in.
menu_progress() { peer_emit PressProgress "'$1'" "'$2'" "$3" "$4" "$5" "$6" "'touch'" "''" "${7:-true}"; }
menu_shown() { peer_emit MenuShown "uint32 $1" "$MENU_ITEMS" "$2" "$3" "'touch'" "''" "@a{sv} {}"; }
menu_dismissed() { peer_emit MenuDismissed "uint32 $1" "'dismissed'"; }
MENU_ITEMS="[{'type': <'compose'>, 'title': <'New message'>, 'subtitle': <'To the last person you wrote to, with a subtitle long enough to wrap onto a second line and then some more'>, 'icon': <'document-edit'>}, {'type': <'search'>, 'title': <'Search'>, 'icon': <'edit-find'>}, {'type': <'timer'>, 'title': <'Start timer'>, 'subtitle': <'5 minutes'>, 'icon': <'alarm'>}]"

menu_section_started=$SECONDS
# The desktop one solid blue, whatever wallpaper the machine has (the card is found by its grey).
for key in "picture-uri ''" "picture-uri-dark ''" "color-shading-type 'solid'" "primary-color '#023c88'"; do
    eval "as_user gsettings set org.gnome.desktop.background $key"
done
peer_start
# Screenshots until the shell has painted the desktop's new colour (nothing grey left on it).
gshoot "$W/menu-desktop.png" ""
check "gnome: the desktop is blue below the top bar, with nothing grey on it" test -z "$(gcard_box "$W/menu-desktop.png")"
# ---------------------------------------------------------------- a press that opens nothing
# The daemon says the press is not known to open anything (PressProgress `preview` false: the
# shipped configuration's press on what has no menu, issue 51): nothing is drawn, towards peek or
# at it, and the press is still followed.
m="$(mark "$SHELL_LOG")"
menu_progress began '' 0.3 0.0 0.3 0.4 false
menu_progress changed '' 0.9 0.0 0.3 0.4 false
menu_progress changed peek 1.0 0.2 0.3 0.4 false
wait_for_new "$m" 'forcetouch: menu state: previewing\(towards peek\) -> previewing\(peek\)' "$SHELL_LOG" 10
# Nothing to wait for when nothing is drawn: a time window for a card.
sleep 0.5
gshot "$W/menu-unknown.png"
box="$(gcard_box "$W/menu-unknown.png")"
check "gnome: a press not known to open anything draws nothing, towards peek or at it (card '$box')" \
    bash -c "[ -z '$box' ] && ! tail -c +$((m + 1)) '$SHELL_LOG' | grep -q 'forcetouch: menu 0 scale'"
menu_progress cancelled '' 0.0 0.0 0.3 0.4
wait_for_new "$m" 'forcetouch: menu state: previewing\(peek\) -> hidden' "$SHELL_LOG" 10 > /dev/null

# ---------------------------------------------------------------- the stages of a press
fx=307 fy=307
m="$(mark "$SHELL_LOG")"
menu_progress began '' 0.2 0.0 0.3 0.4
menu_progress changed '' 0.6 0.0 0.3 0.4
gwait_drawn "$m"
gshoot "$W/menu-growing.png" "$(glogged_box)"
box="$gbox"
check "gnome: towards peek, a card grows under the finger ($box, logged $(glogged_box), finger $fx,$fy)" \
    near "$box" "$(glogged_box)"
check "gnome: ... its corner 10–18 px right of and below the finger" corner_at "$box" $fx $fy rd
m="$(mark "$SHELL_LOG")"
menu_shown 7 0.3 0.4
menu_progress changed peek 1.0 0.0 0.3 0.4
wait_for_new "$m" 'forcetouch: menu 7 scale 0.750' "$SHELL_LOG" 10
gshoot "$W/menu-peek.png" "$(glogged_box)"
box="$gbox"
check "gnome: at peek the menu is on screen where the extension says ($box)" \
    near "$box" "$(glogged_box)"
check "gnome: ... its corner at the finger, opening right and down" corner_at "$box" $fx $fy rd
w_peek=$(echo "$box" | awk '{ print $3 }')
m="$(mark "$SHELL_LOG")"
menu_progress changed peek 1.0 0.5 0.3 0.4
wait_for_new "$m" 'forcetouch: menu 7 scale 0.875' "$SHELL_LOG" 10
gshoot "$W/menu-mid.png" "$(glogged_box)"
w_mid=$(echo "$gbox" | awk '{ print $3 }')
m="$(mark "$SHELL_LOG")"
menu_progress changed pop 1.0 1.0 0.3 0.4
wait_for_new "$m" 'forcetouch: menu 7 scale 1.000' "$SHELL_LOG" 10
gshoot "$W/menu-pop.png" "$(glogged_box)"
box="$gbox"
w_pop=$(echo "$box" | awk '{ print $3 }')
check "gnome: it grows from peek to mid-way to pop (${w_peek:-0} < ${w_mid:-0} < ${w_pop:-0} px wide)" \
    test "${w_peek:-0}" -gt 0 -a "${w_peek:-0}" -lt "${w_mid:-0}" -a "${w_mid:-0}" -lt "${w_pop:-0}"
check "gnome: ... its corner still at the finger at pop ($box)" corner_at "$box" $fx $fy rd
check "gnome: the items' rectangles are logged with their titles" \
    bash -c "grep -q 'forcetouch: item 0 \"New message\" ' '$SHELL_LOG' && grep -q 'forcetouch: item 2 \"Start timer\" ' '$SHELL_LOG'"
blue() { convert "$1" -format "%[fx:int(255*p{$2,$3}.b)]" info:; }
undimmed="$(blue "$W/menu-desktop.png" 900 700)" dimmed="$(blue "$W/menu-pop.png" 900 700)"
check "gnome: the rest of the monitor is dimmed at pop (blue $undimmed -> $dimmed, 0.45)" \
    test "$dimmed" -lt $(( undimmed * 60 / 100 )) -a "$dimmed" -gt $(( undimmed * 50 / 100 ))
# Lifted off the menu: it stays for a tap.
m="$(mark "$SHELL_LOG")"
menu_progress ended pop 1.0 1.0 0.9 0.9
wait_for_new "$m" 'forcetouch: menu state: sliding\(pop\) -> open' "$SHELL_LOG" 5
gshoot "$W/menu-lifted.png" "$(glogged_box)"
check "gnome: lifted off the menu, it stays open ($gbox)" test -n "$gbox"
# Dismissed by the daemon: gone.
m="$(mark "$SHELL_LOG")"
menu_dismissed 7
gwait_drawn "$m"
gshoot "$W/menu-gone.png" ""
check "gnome: dismissed, nothing is left on screen" test -z "$gbox"
check "gnome: ... nor dimmed (blue $(blue "$W/menu-gone.png" 900 700))" test "$(blue "$W/menu-gone.png" 900 700)" = "$undimmed"
# Near the bottom-right corner it opens up and to the left.
m="$(mark "$SHELL_LOG")"
menu_shown 8 0.95 0.95
gwait_drawn "$m"
gshoot "$W/menu-edge.png" "$(glogged_box)"
box="$gbox"
check "gnome: near the bottom-right corner it opens above and to the left ($box, finger 973,730)" \
    corner_at "$box" 973 730 lu
m="$(mark "$SHELL_LOG")"
menu_dismissed 8
gwait_drawn "$m"
# A press released before peek leaves nothing behind.
m="$(mark "$SHELL_LOG")"
menu_progress began '' 0.5 0.0 0.5 0.5
gwait_drawn "$m"
m="$(mark "$SHELL_LOG")"
menu_progress ended '' 0.5 0.0 0.5 0.5
gwait_drawn "$m"
gshoot "$W/menu-released.png" ""
check "gnome: a press released before peek leaves nothing behind" test -z "$gbox"
# Slide to select: the finger that opened the menu, still down after pop, slides onto an item
# and lifts there (its path comes as the daemon's PressProgress, as for a live press).
m="$(mark "$SHELL_LOG")"
menu_progress began '' 0.3 0.0 0.3 0.4
menu_shown 12 0.3 0.4
menu_progress changed pop 1.0 1.0 0.3 0.4
wait_for_new "$m" 'forcetouch: menu 12 scale 1.000' "$SHELL_LOG" 10
read -r ix iy iw ih < <(shell_log_since "$m" | grep '^item 2 "Start timer"' | tail -1 | rect)
sx="$(awk -v v=$(( ix + iw / 2 )) 'BEGIN { printf "%.4f", v / 1024 }')"
sy="$(awk -v v=$(( iy + ih / 2 )) 'BEGIN { printf "%.4f", v / 768 }')"
m="$(mark "$SHELL_LOG")"
menu_progress changed pop 1.0 1.0 "$sx" "$sy"
check "gnome: slide: the finger over \"Start timer\" ($sx, $sy) highlights it" \
    wait_for_new "$m" 'forcetouch: menu 12 scale .* highlight 2 ' "$SHELL_LOG" 5
gshot "$W/menu-slide.png"
read -r lit unlit < <(convert "$W/menu-slide.png" -format \
    "%[fx:int(255*p{$(( ix + 10 )),$(( iy + ih / 2 ))}.r)] %[fx:int(255*p{$(( ix + 10 )),$(( iy - ih / 2 ))}.r)]" info:)
check "gnome: slide: ... drawn highlighted (its grey $lit, the row above's $unlit)" \
    test "${lit:-0}" -ge 65 -a "${unlit:-99}" -le 55
menu_progress ended pop 1.0 1.0 "$sx" "$sy"
check "gnome: slide: lifting there chooses it" wait_for_new "$m" 'forcetouch: choose 2 "Start timer"' "$SHELL_LOG" 5
check "gnome: ... the extension asked the daemon to perform it" \
    wait_for "^call ChooseQuickAction \('timer',\)" "$PEER_LOG" 5
check "gnome: ... and logged its answer" wait_for_new "$m" 'forcetouch: chose timer: success: stand-in' "$SHELL_LOG" 5
gshoot "$W/menu-chosen.png" ""
check "gnome: ... and nothing is left on screen" test -z "$gbox"
# A finger down before the menu showed and lifted after is not a tap: it is the one that opened
# it (slide to select), whose lift the daemon tells. A tap outside dismisses the menu.
m="$(mark "$SHELL_LOG")"
shell_call Touch begin 3 900.0 200.0 > /dev/null
menu_shown 10 0.3 0.4
gwait_drawn "$m"
shell_call Touch end 3 900.0 200.0 > /dev/null
# Nothing to wait for when the menu stays: a time window for the lift to dismiss it.
sleep 0.3
check "gnome: a finger down before the menu and lifted outside it after does not dismiss it" \
    bash -c "! tail -c +$((m + 1)) '$SHELL_LOG' | grep -q 'forcetouch: dismiss 10$'"
shell_call Tap 900.0 700.0 > /dev/null
check "gnome: a tap outside the menu dismisses it" wait_for_new "$m" 'forcetouch: dismiss 10$' "$SHELL_LOG" 5
check "gnome: ... through the daemon (DismissMenu)" wait_for '^call DismissMenu \(uint32 10,\)' "$PEER_LOG" 5
m="$(mark "$SHELL_LOG")"
menu_shown 20 0.3 0.4
menu_shown 21 0.6 0.2
check "gnome: a new menu replaces the one shown" wait_for_new "$m" 'forcetouch: menu 21 scale 1\.000 628 168 300 192 ' "$SHELL_LOG" 5
m="$(mark "$SHELL_LOG")"
menu_dismissed 21
gwait_drawn "$m"
# A new deep press elsewhere dismisses an open menu and grows its own card: a touch alone does
# not, its peek does.
m="$(mark "$SHELL_LOG")"
menu_shown 14 0.3 0.4
gwait_drawn "$m"
menu_progress began '' 0.3 0.0 0.8 0.2
menu_progress changed '' 0.7 0.0 0.8 0.2
# Nothing to wait for when the menu stays: a time window for the touch to dismiss it.
sleep 0.3
check "gnome: a touch elsewhere leaves the menu open" \
    bash -c "! tail -c +$((m + 1)) '$SHELL_LOG' | grep -q 'forcetouch: dismiss 14$'"
menu_progress changed peek 1.0 0.0 0.8 0.2
check "gnome: a new press reaching peek elsewhere dismisses it" wait_for_new "$m" 'forcetouch: dismiss 14$' "$SHELL_LOG" 5
check "gnome: ... and grows its card at the new finger, opening left" \
    wait_for_new "$m" 'forcetouch: menu 0 scale 0\.750 580 168 225 48 ' "$SHELL_LOG" 5
m="$(mark "$SHELL_LOG")"
menu_progress ended peek 1.0 0.0 0.8 0.2
gwait_drawn "$m"
# At the pointer (a touchpad's or a pen's menu): the pointer's place on the monitor, not the device's.
shell_call Click 500.0 300.0 > /dev/null
m="$(mark "$SHELL_LOG")"
peer_emit MenuShown "uint32 16" "$MENU_ITEMS" 0.9 0.9 "'pointer'" "''" "@a{sv} {}"
check "gnome: a touchpad's menu opens at the pointer (corner 514,314)" \
    wait_for_new "$m" 'forcetouch: menu 16 scale 1\.000 514 314 300 192 ' "$SHELL_LOG" 5
m="$(mark "$SHELL_LOG")"
menu_dismissed 16
gwait_drawn "$m"
# A click on an item chooses it, as a tap does.
m="$(mark "$SHELL_LOG")"
menu_shown 22 0.3 0.4
wait_for_new "$m" 'forcetouch: item 1 "Search"' "$SHELL_LOG" 10
read -r ix iy iw ih < <(shell_log_since "$m" | grep '^item 1 "Search"' | tail -1 | rect)
shell_call Click "$(( ix + iw / 2 )).0" "$(( iy + ih / 2 )).0" > /dev/null
check "gnome: a click on \"Search\" chooses it" wait_for_new "$m" 'forcetouch: choose 1 "Search"' "$SHELL_LOG" 5
# What a menu names is bounded: an icon-file that is a FIFO is not opened, one whose header
# claims 16384×16384 pixels is refused from it, and a 1 MB title is cut before St lays it out.
mkfifo -m 644 "$W/icon.fifo"
cp Tests/Documented/images/claims-16384x16384.png "$W/huge.png" && chmod 644 "$W/huge.png"
title="$(head -c 1000000 /dev/zero | tr '\0' x)"
m="$(mark "$SHELL_LOG")"
peer_emit MenuShown "uint32 44" "[{'type': <'a'>, 'title': <'$title'>, 'icon-file': <'$W/icon.fifo'>}, {'type': <'b'>, 'title': <'Huge'>, 'icon-file': <'$W/huge.png'>}]" 0.3 0.4 "'touch'" "''" "@a{sv} {}"
unset title
gwait_drawn "$m"
check "gnome: a menu whose icon-file is a FIFO is drawn, the FIFO refused, not read" \
    wait_for_new "$m" "forcetouch: menu 44: icon $W/icon.fifo not shown: not a regular file" "$SHELL_LOG" 5
check "gnome: ... an icon whose header claims 16384×16384 pixels refused from it" \
    wait_for_new "$m" "forcetouch: menu 44: icon $W/huge.png not shown: its header says 16384×16384 pixels" "$SHELL_LOG" 5
drawn_title="$(shell_log_since "$m" | grep -a '^item 0 "' | tail -1 | sed -E 's/^item 0 "(.*)" [-0-9]+ [-0-9]+ [-0-9]+ [-0-9]+$/\1/')"
check "gnome: a 1 MB title is cut to 500 characters, the last an ellipsis (${#drawn_title})" \
    test "${#drawn_title}" = 500 -a "${drawn_title: -1}" = "…"
m="$(mark "$SHELL_LOG")"
menu_dismissed 44
gwait_drawn "$m"
# Another application's text with a newline and a terminal's escape sequences (an app's name, as
# the daemon passes it on) is logged escaped, in the extension's one line: no line is forged.
m="$(mark "$SHELL_LOG")"
peer_emit MenuShown "uint32 45" "[{'type': <'a'>, 'title': <'Open'>}]" 0.3 0.4 "'touch'" "''" \
    "{'kind': <'window'>, 'name': <'Bank of Example\n\u001b[31merror: FORGED LOG LINE\u001b[0m'>}"
gwait_drawn "$m"
check "gnome: a name with a newline and escape sequences is logged escaped, in one line" \
    grep -aqF 'forcetouch: menu 45 shown: 1 item(s) at 0.300,0.400 (touch) for window "Bank of Example\n\e[31merror: FORGED LOG LINE\e[0m"' "$SHELL_LOG"
check "gnome: ... and no line of the shell's log is forged by it" \
    bash -c "! grep -a 'FORGED LOG LINE' '$SHELL_LOG' | grep -av 'forcetouch: '"
m="$(mark "$SHELL_LOG")"
menu_dismissed 45
gwait_drawn "$m"
# ---------------------------------------------------------------- a link's preview
# A menu for a link (its target `link`, an address): the preview card above its actions, the page
# rendered by forcetouch-page-snapshot into an image the card shows (linkPreview.js); pressing on to
# pop opens the link (ChooseQuickAction link.open) and hides everything while the finger is down.
cat > "$W/link-page.html" <<'HTML'
<!DOCTYPE html>
<html><head><title>Peek Test Page</title></head>
<body style="margin:0; background:#e65100; color:white; font:64px sans-serif">
<h1 style="margin:40px">Peek and pop</h1>
</body></html>
HTML
chmod 644 "$W/link-page.html"
LINK_PAGE="file://$W/link-page.html"
LINK_ITEMS="[{'type': <'link.open'>, 'title': <'Open'>, 'icon': <'web-browser'>}, {'type': <'link.copy'>, 'title': <'Copy Link'>, 'icon': <'edit-copy'>}]"
link_shown() { peer_emit MenuShown "uint32 $1" "$LINK_ITEMS" 0.3 0.2 "'touch'" "''" "{'kind': <'link'>, 'name': <'Peek and pop'>, 'address': <'$LINK_PAGE'>}"; }
link_started=$SECONDS
m="$(mark "$SHELL_LOG")"
menu_progress began '' 0.3 0.0 0.3 0.2
link_shown 70
menu_progress changed peek 1.0 0.0 0.3 0.2
check "gnome: a link's menu renders its page with forcetouch-page-snapshot" \
    wait_for_new "$m" "forcetouch: link-preview 70: rendering $LINK_PAGE \(at most 5\.0 s\)" "$SHELL_LOG" 10
check "gnome: ... which comes with its title" \
    wait_for_new "$m" 'forcetouch: link-preview 70: page rendered in [0-9]+ ms: "Peek Test Page"' "$SHELL_LOG" 15
echo "figure: $(shell_log_since "$m" | grep -o 'page rendered in [0-9]* ms' | tail -1) (the command, WebKit's start and the page)"
# Lifted at peek off the block: it stays open, full size, for a tap.
menu_progress ended peek 1.0 0.0 0.3 0.2
wait_for_new "$m" 'forcetouch: menu state: sliding\(peek\) -> open' "$SHELL_LOG" 5
check "gnome: ... the preview is logged with the page's title and address, above the page's place and the actions" \
    wait_for_new "$m" "forcetouch: preview 70 [0-9]+ [0-9]+ 300 256 \"Peek Test Page\" $LINK_PAGE\$" "$SHELL_LOG" 5
read -r px py pw ph < <(shell_log_since "$m" | grep '^page 70 ' | tail -1 | rect)
read -r ax ay aw ah < <(shell_log_since "$m" | grep '^actions 70 ' | tail -1 | rect)
block="$(shell_log_since "$m" | grep '^menu 70 scale 1.000 ' | tail -1 | awk '{ print $5, $6, $7, $8 }')"
gshoot "$W/link-preview.png" "$block"
check "gnome: the link's block is on screen where the extension says ($gbox, logged $block)" near "$gbox" "$block"
read -r pr pg pb < <(convert "$W/link-preview.png" -format \
    "%[fx:int(255*p{$(( px + pw / 2 )),$(( py + ph - 20 ))}.r)] %[fx:int(255*p{$(( px + pw / 2 )),$(( py + ph - 20 ))}.g)] %[fx:int(255*p{$(( px + pw / 2 )),$(( py + ph - 20 ))}.b)]" info:)
check "gnome: ... the page's rendering in its place ($px,$py ${pw}x$ph): the page's orange (rgb $pr,$pg,$pb, #e65100)" \
    test "${pr:-0}" -ge 190 -a "${pg:-0}" -ge 50 -a "${pg:-255}" -le 120 -a "${pb:-255}" -le 60
read -r hr < <(convert "$W/link-preview.png" -format "%[fx:int(255*p{$(( px + 8 )),$(( py - 30 ))}.r)]" info:)
read -r ar < <(convert "$W/link-preview.png" -format "%[fx:int(255*p{$(( ax + 8 )),$(( ay + ah / 2 ))}.r)]" info:)
check "gnome: ... the header above it and the actions below are the shell's menu grey (red $hr, $ar)" \
    test "${hr:-0}" -ge 30 -a "${hr:-255}" -le 90 -a "${ar:-0}" -ge 30 -a "${ar:-255}" -le 90
# A tap on the preview opens the link, as Open does.
shell_call Tap "$(( px + pw / 2 )).0" "$(( py + ph / 2 )).0" > /dev/null
check "gnome: a tap on the preview opens the link (Open)" wait_for_new "$m" 'forcetouch: choose 0 "Open"' "$SHELL_LOG" 5
check "gnome: ... through the daemon (ChooseQuickAction link.open)" wait_for "^call ChooseQuickAction \('link.open',\)" "$PEER_LOG" 5
gshoot "$W/link-tapped.png" ""
check "gnome: ... and the preview is gone" test -z "$gbox"
check "gnome: ... its image file too" bash -c "! ls -d /tmp/forcetouch-preview-* 2> /dev/null"
# Pressing on to pop opens the link, and the finger still down shows nothing until it lifts.
m="$(mark "$SHELL_LOG")"
calls="$(grep -c "^call ChooseQuickAction ('link.open',)" "$PEER_LOG")"
menu_progress began '' 0.3 0.0 0.3 0.2
link_shown 71
menu_progress changed peek 1.0 0.5 0.3 0.2
wait_for_new "$m" 'forcetouch: menu 71 scale 0\.875' "$SHELL_LOG" 10
menu_progress changed pop 1.0 1.0 0.3 0.2
check "gnome: pop on a link's preview opens it" wait_for_new "$m" 'forcetouch: menu state: sliding\(peek\) -> popped' "$SHELL_LOG" 5
check "gnome: ... through the daemon (a second ChooseQuickAction link.open)" \
    bash -c "for _ in \$(seq 50); do [ \$(grep -c \"^call ChooseQuickAction ('link.open',)\" '$PEER_LOG') -gt $calls ] && exit 0; sleep 0.1; done; exit 1"
gshoot "$W/link-popped.png" ""
check "gnome: ... nothing is left on screen while the finger is down" test -z "$gbox"
menu_progress ended pop 1.0 1.0 0.3 0.2
check "gnome: ... until it lifts" wait_for_new "$m" 'forcetouch: menu state: popped -> hidden' "$SHELL_LOG" 5
echo "figure: the link preview's section took $(( SECONDS - link_started )) s"

# The daemon killed (SIGKILL) while its menu shows, its name passing at once to a process waiting
# in the bus's queue for it (no moment without an owner): nobody answers for the menu, which goes.
m="$(mark "$SHELL_LOG")"
menu_shown 46 0.3 0.4
gwait_drawn "$m"
m="$(mark "$SHELL_LOG")"
peer_replaced
check "gnome: the daemon killed while its menu shows, another process taking its name at once: the menu goes" \
    wait_for_new "$m" 'forcetouch: hidden' "$SHELL_LOG" 5
gshoot "$W/menu-replaced.png" ""
check "gnome: ... from the screen too" test -z "$gbox"
check "gnome: ... and the extension says why" \
    wait_for_new "$m" 'forcetouch: io\.github\.forcetouch\.Daemon1: another process took its name: what it showed goes' "$SHELL_LOG" 5
stop "$queued_pid"

# ---------------------------------------------------------------- a real forcetouchd
# The demo's deep press alone (at 0.3, 0.4: from 5 s into the recording), replayed by the daemon
# as a live device is read; its quick actions each leave a file.
{
    sed -n '/^E:/q;p' demo/touchscreen-gestures.evemu
    echo 'E: 0.400000 0003 002f 0000'
    awk '/^E: / { t = $2 + 0; if (t >= 5 && t < 6) { printf "E: %.6f %s %s %s\n", t - 4.5, $3, $4, $5 } }' \
        demo/touchscreen-gestures.evemu
} > "$W/deep-press.evemu"
cat > "$W/menu.toml" <<TOML
[[quick-action]]
type = "compose"
title = "New message"
icon-type = "compose"
exec = ["touch", "$W/performed-compose"]

[[quick-action]]
type = "search"
title = "Search"
subtitle = "Files, apps and settings"
icon-type = "search"
exec = ["touch", "$W/performed-search"]

[[binding]]
gesture = "deep-press"
quick-actions = true
TOML
chmod 644 "$W/deep-press.evemu" "$W/menu.toml"
m="$(mark "$SHELL_LOG")"
bg_user "$W/menu-replay.log" "$BIN/forcetouchd" --config "$W/menu.toml" --replay "$W/deep-press.evemu"
replay_pid=$last_pid
check "gnome: forcetouchd replays a deep press and shows its menu in the extension" \
    wait_for_new "$m" 'forcetouch: menu [0-9]+ shown: 2 item\(s\) at 0\.300,0\.[0-9]+ \(touch\)' "$SHELL_LOG" 30
wait_for_new "$m" 'forcetouch: menu [0-9]+ scale 1\.000' "$SHELL_LOG" 10
gshoot "$W/menu-daemon.png" "$(glogged_box)"
read -r ix iy iw ih < <(shell_log_since "$m" | grep '^item 1 "Search"' | tail -1 | rect)
m2="$(mark "$SHELL_LOG")"
shell_call Tap "$(( ix + iw / 2 )).0" "$(( iy + ih / 2 )).0" > /dev/null
check "gnome: a virtual tap on \"Search\" chooses it through the daemon: performed, success" \
    wait_for_new "$m2" 'forcetouch: chose search: success' "$SHELL_LOG" 10
check "... its action ran (its file is there)" bash -c "for _ in \$(seq 30); do [ -e '$W/performed-search' ] && exit 0; sleep 0.1; done; exit 1"
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
check "gnome: the replay ends once its menu is answered" bash -c "! kill -0 $replay_pid 2>/dev/null"
stop "$replay_pid"
m="$(mark "$SHELL_LOG")"
bg_user "$W/menu-replay2.log" "$BIN/forcetouchd" --config "$W/menu.toml" --replay "$W/deep-press.evemu"
replay_pid=$last_pid
wait_for_new "$m" 'forcetouch: menu [0-9]+ scale 1\.000' "$SHELL_LOG" 30
id="$(shell_log_since "$m" | sed -n 's/^menu \([0-9]*\) shown:.*/\1/p' | tail -1)"
shell_call Key 65307 > /dev/null
check "gnome: Escape dismisses the daemon's menu ${id:-?}" wait_for_new "$m" "forcetouch: dismiss ${id:-x}\$" "$SHELL_LOG" 5
check "... the daemon's menu ends: cancelled" wait_for 'deep-press began: cancelled: menu dismissed' "$W/menu-replay2.log" 5
check "... and nothing was performed" test ! -e "$W/performed-compose"
for _ in $(seq 50); do kill -0 "$replay_pid" 2>/dev/null || break; sleep 0.1; done
stop "$replay_pid"
# The daemon killed (SIGKILL: a crash, an upgrade) while its menu shows: the card goes at once,
# not left dead over the apps.
m="$(mark "$SHELL_LOG")"
bg_user "$W/menu-replay3.log" "$BIN/forcetouchd" --config "$W/menu.toml" --replay "$W/deep-press.evemu"
replay_pid=$last_pid
wait_for_new "$m" 'forcetouch: menu [0-9]+ scale 1\.000' "$SHELL_LOG" 30
id="$(shell_log_since "$m" | sed -n 's/^menu \([0-9]*\) shown:.*/\1/p' | tail -1)"
m="$(mark "$SHELL_LOG")"
crash "$replay_pid"
check "gnome: forcetouchd killed (SIGKILL) while its menu ${id:-?} shows: the menu goes" \
    wait_for_new "$m" 'forcetouch: hidden' "$SHELL_LOG" 5
echo "figure: the menu went $(ms_to "$m" 'forcetouch: hidden') ms after forcetouchd was killed"
gshoot "$W/menu-killed.png" ""
check "gnome: ... from the screen too" test -z "$gbox"
check "gnome: ... and the extension says why" \
    wait_for_new "$m" 'forcetouch: io\.github\.forcetouch\.Daemon1: it left the bus: what it showed goes' "$SHELL_LOG" 5
stop "$replay_pid"
echo "figure: the menu's section took $(( SECONDS - menu_section_started )) s"
if [ -n "${SAVE_IMAGES:-}" ]; then
    cp "$W/menu-peek.png" docs/images/gnome-menu-peek.png
    cp "$W/menu-pop.png" docs/images/gnome-menu-pop.png
    cp "$W/link-preview.png" docs/images/gnome-link-preview.png
    echo "gnome-menu-peek.png, gnome-menu-pop.png and gnome-link-preview.png copied to docs/images/"
fi
