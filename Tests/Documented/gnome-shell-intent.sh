# The intent window, the AssistiveTouch button and what is under a point in GNOME Shell
# (gnome-shell/…/intentWindow.js, assistiveButton.js, underPoint.js; docs/SPEC.md §11, "The intent
# window, the button and what is under a point in GNOME Shell"): gnome-shell-on-host.sh's
# section for them, sourced once the shell runs (start_gnome_shell). Signals from a stand-in owning
# the daemon's name (bus-peer.sh) place the window and the button, and the stand-in's log shows the
# calls a tap makes; a real forcetouchd then runs intents from `forcectl intent NAME --window`,
# answered by virtual taps and keys. Each window and the button are checked on a screenshot against
# the rectangle the extension logs; the window goes when the daemon does (killed, or its name
# taken). Last, ObjectAt is asked, as the daemon asks it (any other caller is refused), about the
# desktop, the top bar, a real GTK window (zenity, Wayland) whose title is hostile (a forged log
# line, 3,000 characters: bounded and escaped) and, in the overview, the dash's icons and the
# window's preview.

# The extension's lines, `forcetouch: ` cut, in $W/ext.log (the overlay's --verbose lines: the
# same checks read both).
ext_log() { sed -n 's/.*forcetouch: //p' "$SHELL_LOG" > "$W/ext.log"; }
# ext_wait PATTERN SECONDS: until the extension logs a line matching PATTERN after the mark $m.
ext_wait() { wait_for_new "$m" "forcetouch: $1" "$SHELL_LOG" "$2" > /dev/null && ext_log; }
intent_button() { grep -E "^intent-button $1 $2 " "$W/ext.log" | tail -1 | awk '{ print $(NF-3), $(NF-2), $(NF-1), $NF }'; }
centre_of() { local r=($1); echo "$(( r[0] + r[2] / 2 )) $(( r[1] + r[3] / 2 ))"; }
# differs A B: two colours more than 24 apart in some channel.
differs() { local a=($1) b=($2) i; for i in 0 1 2; do [ $(( a[i] - b[i] )) -gt 24 ] || [ $(( b[i] - a[i] )) -gt 24 ] && return 0; done; return 1; }
# card_at FILE X Y W H: the card's colour just inside each edge, and not just outside it (the
# desktop's): it is drawn where the log says, to 3 px.
card_at() {
    local f="$1" x="$2" y="$3" w="$4" h="$5" fmt="" p
    # In, out pairs across the left, right, bottom and top edges; one convert for all.
    for p in $(( x + 4 )),$(( y + h / 2 )) $(( x - 4 )),$(( y + h / 2 )) $(( x + w - 5 )),$(( y + h / 2 )) \
             $(( x + w + 3 )),$(( y + h / 2 )) $(( x + w / 2 )),$(( y + h - 4 )) $(( x + w / 2 )),$(( y + h + 3 )) \
             $(( x + w / 2 )),$(( y + 4 )) $(( x + w / 2 )),$(( y - 4 )); do
        fmt="$fmt%[fx:int(255*p{$p}.r)] %[fx:int(255*p{$p}.g)] %[fx:int(255*p{$p}.b)]\n"
    done
    local c=() line
    while read -r line; do c+=("$line"); done < <(convert "$f" -format "$fmt" info:)
    [ ${#c[@]} -eq 8 ] || return 1
    for p in 0 2 4 6; do ! differs "${c[0]}" "${c[p]}" && differs "${c[p]}" "${c[p + 1]}" || return 1; done
}
is_blue() { local c=($1); [ "${c[2]}" -gt 180 ] && [ "${c[0]}" -lt 90 ]; }
is_red() { local c=($1); [ "${c[0]}" -gt 180 ] && [ "${c[1]}" -lt 90 ]; }
# A real GTK window of a Debian app (zenity, Wayland), its app known from its desktop entry, for
# ObjectAt below: started now, as it takes a while (it opens at the top left, away from the rest).
# Its title is hostile, as another application's may be: a newline and a terminal's escape
# sequences that would forge a line of the log, then 3,000 characters more (Wayland carries 4 KiB).
mkdir -p "$HOMEDIR/.local/share/applications"
printf '[Desktop Entry]\nType=Application\nName=Zenity\nExec=zenity --info\n' > "$HOMEDIR/.local/share/applications/zenity.desktop"
chown -R "$U:$G" "$HOMEDIR/.local/share/applications"
probe_head="forcetouch probe"$'\n\e[31m'"error: FORGED LOG LINE"$'\e[0m'
# What the extension may say of it: 500 characters (Unicode scalars), the last one `…`, as GVariant
# prints it (`gdbus call`, bus-peer's log), and as it is logged (escaped as forcetouch-overlay does).
probe_tail="$(head -c $(( 499 - ${#probe_head} )) /dev/zero | tr '\0' x)…"
probe_said="forcetouch probe\\n\\u001b[31merror: FORGED LOG LINE\\u001b[0m$probe_tail"
probe_logged="forcetouch probe\\n\\e[31merror: FORGED LOG LINE\\e[0m$probe_tail"
bg_user "$W/zenity.log" env WAYLAND_DISPLAY=wayland-0 GDK_BACKEND=wayland zenity --info \
    --title "$probe_head$(head -c 3000 /dev/zero | tr '\0' x)" --text 'What is under the finger?'
zenity_pid=$last_pid
# From the desktop, whatever the sections before left open.
shell_call Overview false > /dev/null
peer_start
# A gesture's run at (0.3, 0.4) of the output: the window opens 14 px right of and below it.
m="$(mark "$SHELL_LOG")"
peer_emit IntentStarted "uint32 5" "'greet'" "'Send greeting'" "'ft-notes.desktop'" 0.3 0.4 "'touch'" "''" true
peer_emit IntentConfirm "uint32 5" "'greet'" "'Send greeting'" "'Send “hello” to Alice?'" "'text'" 30.0
check "intent: a confirmation shows the intent window" ext_wait 'intent-window 5 confirm ' 10
box="$(window_box confirm "$W/ext.log")" b=($box)
check "intent: ... beside the gesture, 14 px right of and below it (307,307 + 14: $box)" test "${b[0]} ${b[1]} ${b[2]}" = "321 321 340"
gshot "$W/gnome-intent-confirm.png"
check "intent: ... drawn there on a screenshot" card_at "$W/gnome-intent-confirm.png" $box
next="$(intent_button 5 next)" nb=($next)
c="$(rgb "$W/gnome-intent-confirm.png" $(( nb[0] + 8 )) $(( nb[1] + nb[3] / 2 )))"
check "intent: ... with a blue Next button ($c at $next)" is_blue "$c"
cancel="$(intent_button 5 cancel)" cb=($cancel)
c="$(rgb "$W/gnome-intent-confirm.png" $(( cb[0] + 8 )) $(( cb[1] + cb[3] / 2 )))"
check "intent: ... beside a Cancel that is not ($c at $cancel)" bash -c "! { $(declare -f is_blue); is_blue '$c'; }"
# Near the bottom right corner it opens left and up.
m="$(mark "$SHELL_LOG")"
peer_emit IntentStarted "uint32 6" "'pick'" "'Pick a colour'" "'ft-notes.desktop'" 0.95 0.95 "'touch'" "''" true
peer_emit IntentChoose "uint32 6" "'pick'" "'Pick a colour'" "'Which colour?'" "'colour'" "['red', 'green', 'blue']" 30.0
check "intent: a disambiguation shows its choices" ext_wait 'intent-window 6 choose ' 10
box="$(window_box choose "$W/ext.log")" b=($box)
check "intent: ... three of them and Cancel" test "$(grep -c '^intent-button 6 ' "$W/ext.log")" = 4
check "intent: ... opening left of and above a gesture near the corner ($box)" \
    test $(( b[0] + b[2] )) = $(( 973 - 14 )) -a $(( b[1] + b[3] )) = $(( 730 - 14 ))
gshot "$W/gnome-intent-choose.png"
check "intent: ... drawn there" card_at "$W/gnome-intent-choose.png" $box
m="$(mark "$SHELL_LOG")" p="$(mark "$PEER_LOG")"
shell_call Tap $(centre_of "$(intent_button 6 choice-1)") > /dev/null
check "intent: a virtual tap on the second choice answers green (AnswerIntent to the daemon)" \
    wait_for_new "$p" "^call AnswerIntent \(uint32 6, 'green'\)" "$PEER_LOG" 10
check "intent: ... and the window waits with a spinner" ext_wait 'intent-window 6 response in-progress ' 10
peer_emit IntentResponse "uint32 6" "'pick'" "'Pick a colour'" "'failure-requiring-app-launch'" "'Sign in first'" "''" "''" "'ft-notes.desktop'" true
check "intent: a failure requiring the app shows Open" ext_wait 'intent-button 6 open "Open" ' 10
box="$(window_box 'response failure-requiring-app-launch' "$W/ext.log")" b=($box)
gshot "$W/gnome-intent-open.png"
c="$(rgb "$W/gnome-intent-open.png" $(( b[0] + b[2] - 18 - 14 - 8 )) $(( b[1] + 16 + 14 )))"
check "intent: ... with a red badge ($c)" is_red "$c"
m="$(mark "$SHELL_LOG")"
shell_call Click $(centre_of "$(intent_button 6 open)") > /dev/null
check "intent: a click on Open asks the daemon to open the app (OpenIntentApp)" \
    wait_for_new "$p" '^call OpenIntentApp \(uint32 6,\)' "$PEER_LOG" 10
check "intent: ... and closes the window" ext_wait 'intent-window 6 hidden: app opened' 10
# An image no handler should name, but one may: a FIFO (opening it would hang the shell) and a
# 206-byte PNG whose header claims 16384×16384 pixels are refused, their path shown as the text.
mkfifo -m 644 "$W/fifo.png"
cp Tests/Documented/images/claims-16384x16384.png "$W/huge.png" && chmod 644 "$W/huge.png"
m="$(mark "$SHELL_LOG")"
peer_emit IntentStarted "uint32 7" "'show'" "'FIFO'" "''" 0.5 0.5 "'touch'" "''" false
peer_emit IntentResponse "uint32 7" "'show'" "'FIFO'" "'success'" "''" "''" "'$W/fifo.png'" "''" true
check "intent: an image output that is a FIFO is not opened" ext_wait "intent 7: cannot show $W/fifo.png: not a regular file" 10
check "intent: ... its window shows at once, without an image" ext_wait 'intent-window 7 response success [0-9 ]+$' 10
peer_emit IntentStarted "uint32 8" "'show'" "'Huge'" "''" 0.5 0.5 "'touch'" "''" false
peer_emit IntentResponse "uint32 8" "'show'" "'Huge'" "'success'" "''" "''" "'$W/huge.png'" "''" true
check "intent: an image whose header claims 16384×16384 pixels is refused from its header" \
    ext_wait "intent 8: cannot show $W/huge.png: its header says 16384×16384 pixels" 10
# The daemon killed (SIGKILL) while its window asks, its name passing at once to a process waiting
# in the bus's queue for it (no moment without an owner): the window has no one to answer it and
# goes, from the screen too.
m="$(mark "$SHELL_LOG")"
peer_emit IntentStarted "uint32 9" "'greet'" "'Send greeting'" "''" 0.3 0.4 "'touch'" "''" true
peer_emit IntentConfirm "uint32 9" "'greet'" "'Send greeting'" "'Send it?'" "'text'" 30.0
ext_wait 'intent-window 9 confirm ' 10
box="$(window_box confirm "$W/ext.log")"
m="$(mark "$SHELL_LOG")"
peer_replaced
check "intent: the daemon killed while its window asks, another process taking its name at once: the window goes" \
    ext_wait 'intent-window 9 hidden: ' 5
gshot "$W/gnome-intent-replaced.png"
check "intent: ... from the screen too (not at $box)" bash -c "! { $(declare -f card_at differs); card_at '$W/gnome-intent-replaced.png' $box; }"
stop "$queued_pid"
peer_start

# The AssistiveTouch button where the daemon puts it, translucent idle, opaque dragged.
m="$(mark "$SHELL_LOG")"
peer_emit AssistiveButton 0.9 0.5 0.1 "''" "'idle'"
check "button: the daemon's AssistiveButton draws the button" ext_wait 'button [0-9]+ [0-9]+ [0-9]+ idle' 10
sq="$(grep -E '^button [0-9]' "$W/ext.log" | tail -1 | awk '{ print $2, $3, $4 }')" s=($sq)
check "button: ... centred at 0.9, 0.5 of the output, 77 px (0.1 of 768): $sq" test "$sq" = "883 346 77"
gshot "$W/gnome-button-idle.png"
idle="$(rgb "$W/gnome-button-idle.png" $(( s[0] + 8 )) $(( s[1] + s[2] / 2 )))"
desk="$(rgb "$W/gnome-button-idle.png" $(( s[0] - 6 )) $(( s[1] + s[2] / 2 )))"
m="$(mark "$SHELL_LOG")"
peer_emit AssistiveButton 0.9 0.5 0.1 "''" "'dragging'"
ext_wait 'button 883 346 77 dragging' 10
gshot "$W/gnome-button.png"
drag="$(rgb "$W/gnome-button.png" $(( s[0] + 8 )) $(( s[1] + s[2] / 2 )))"
centre="$(rgb "$W/gnome-button.png" $(( s[0] + s[2] / 2 )) $(( s[1] + s[2] / 2 )))"
check "button: ... dark dragged ($drag); idle, translucent: the desktop ($desk) shows through ($idle)" \
    bash -c "set -- $drag $idle $desk; [ \$1 -lt 50 ] && [ \$6 -gt \$(( \$3 + 15 )) ] && [ \$6 -lt \$(( \$9 - 15 )) ]"
check "button: ... with its light dot in the middle ($centre)" bash -c "set -- $centre; [ \$1 -gt 200 ]"
m="$(mark "$SHELL_LOG")"
peer_emit AssistiveButton 0.9 0.5 0.1 "''" "'hidden'"
check "button: hidden, it goes" ext_wait 'button hidden$' 10
gshot "$W/gnome-button-hidden.png"
c="$(rgb "$W/gnome-button-hidden.png" $(( s[0] + s[2] / 2 )) $(( s[1] + s[2] / 2 )))"
check "button: ... from the screen too ($c where its dot was)" bash -c "set -- $c; [ \$1 -lt 200 ]"
m="$(mark "$SHELL_LOG")"
peer_emit AssistiveButton 0.1 0.2 0.08 "''" "'idle'"
ext_wait 'button ' 10
peer_stop
check "button: when the daemon leaves the bus, the button goes with it" ext_wait 'button hidden: forcetouchd left the bus' 10

# A real forcetouchd running intents: a virtual tap on Next performs ConfirmIntent (the run's
# success comes back), a value typed on the virtual keyboard runs its intent with it, and an
# image output shows its pixels.
convert -size 480x300 xc:'#c02890' "$W/shot.png" && chmod 644 "$W/shot.png"
cat > "$W/intents.toml" <<TOML
[[intent]]
name = "greet"
title = "Send greeting"
prompt = "Send “{text}” to Alice?"
handler = ["sh", "-c", "printf 'Sent: %s' \"\$FORCETOUCH_PARAM_TEXT\""]

[intent.parameters.text]
type = "string"
value = "hello"
confirm = true

[[intent]]
name = "count"
title = "Count"
prompt = "How many?"
handler = ["sh", "-c", "printf 'counted %s' \"\$FORCETOUCH_PARAM_N\""]

[intent.parameters.n]
type = "number"
required = true

[[intent]]
name = "show-shot"
title = "Screenshot"
handler = ["printf", "%s", "$W/shot.png"]
TOML
chmod 644 "$W/intents.toml"
bg_user "$W/intent-daemon.log" "$BIN/forcetouchd" --config "$W/intents.toml"
daemon_pid=$last_pid
wait_for 'overlay .* on the bus' "$W/intent-daemon.log" 10 > /dev/null
m="$(mark "$SHELL_LOG")"
bg_user "$W/greet.txt" forcectl intent greet --window
cli_pid=$last_pid
check "intent: forcectl intent greet --window shows the confirmation, centred (no gesture)" ext_wait 'intent-window [0-9]+ confirm 342 ' 20
id="$(grep -E '^intent-window [0-9]+ confirm' "$W/ext.log" | tail -1 | awk '{ print $2 }')"
shell_call Tap $(centre_of "$(intent_button "$id" next)") > /dev/null
check "intent: a virtual tap on Next confirms: the daemon runs it (forcectl: success)" \
    bash -c "for i in \$(seq 100); do grep -q '^greet: success' '$W/greet.txt' && exit 0; sleep 0.1; done; exit 1"
check "intent: ... and the window shows the success" ext_wait "intent-window $id response success " 10
box="$(window_box 'response success' "$W/ext.log")" b=($box)
gshot "$W/gnome-intent-success.png"
c="$(rgb "$W/gnome-intent-success.png" $(( b[0] + b[2] - 18 - 14 - 8 )) $(( b[1] + 16 + 14 )))"
check "intent: ... with a green check mark ($c)" is_green "$c"
check "intent: left alone, it dismisses itself after 4 s" ext_wait "intent-window $id hidden: timed out" 10
stop "$cli_pid"
m="$(mark "$SHELL_LOG")"
bg_user "$W/count.txt" forcectl intent count --window
cli_pid=$last_pid
check "intent: a required value asks for it in a text field" ext_wait 'intent-window [0-9]+ value ' 20
id="$(grep -E '^intent-window [0-9]+ value' "$W/ext.log" | tail -1 | awk '{ print $2 }')"
shell_call Key 0x37 > /dev/null; shell_call Key 0xff0d > /dev/null
check "intent: 7 typed on the keyboard and Enter run the intent with it (forcectl: counted 7)" \
    bash -c "for i in \$(seq 100); do grep -q 'counted 7' '$W/count.txt' && exit 0; sleep 0.1; done; exit 1"
stop "$cli_pid"
m="$(mark "$SHELL_LOG")"
bg_user "$W/shot.txt" forcectl intent show-shot --window
cli_pid=$last_pid
check "intent: an output naming an image shows the image" ext_wait 'intent-window [0-9]+ response success .* image$' 20
box="$(window_box 'response success' "$W/ext.log")" b=($box)
gshot "$W/gnome-intent-image.png"
c="$(rgb "$W/gnome-intent-image.png" $(( b[0] + b[2] / 2 )) $(( b[1] + b[3] - 40 )))"
check "intent: ... its pixels scaled into the window ($c in $box)" \
    bash -c "set -- $c; [ \$1 -gt 160 ] && [ \$2 -lt 80 ] && [ \$3 -gt 110 ]"
stop "$cli_pid"
# The daemon killed (SIGKILL: a crash, an upgrade) while its window asks for a value, the keyboard
# grabbed for the text field: the window goes at once.
m="$(mark "$SHELL_LOG")"
bg_user "$W/count-killed.txt" forcectl intent count --window
cli_pid=$last_pid
ext_wait 'intent-window [0-9]+ value ' 20
id="$(grep -E '^intent-window [0-9]+ value' "$W/ext.log" | tail -1 | awk '{ print $2 }')"
vbox="$(window_box value "$W/ext.log")"
crash "$daemon_pid"
check "intent: forcetouchd killed (SIGKILL) while its window asks for a value: the window goes (intent ${id:-?})" \
    ext_wait "intent-window ${id:-x} hidden: " 5
echo "figure: the intent window went $(ms_to "$m" "forcetouch: intent-window ${id:-x} hidden: ") ms after forcetouchd was killed"
gshot "$W/gnome-intent-killed.png"
check "intent: ... from the screen too (not at $vbox)" bash -c "! { $(declare -f card_at differs); card_at '$W/gnome-intent-killed.png' $vbox; }"
stop "$cli_pid"; stop "$daemon_pid"
if [ -n "${SAVE_IMAGES:-}" ]; then
    # Cut to the window or the button, with a margin of the desktop.
    crop() { local r=($2); convert "$1" -crop "$(( r[2] + 48 ))x$(( r[3] + 48 ))+$(( r[0] - 24 ))+$(( r[1] - 24 ))" +repage "$3"; }
    crop "$W/gnome-intent-confirm.png" "321 321 340 130" docs/images/gnome-intent-confirm.png
    crop "$W/gnome-intent-image.png" "$box" docs/images/gnome-intent-image.png
    crop "$W/gnome-button.png" "883 346 77 77" docs/images/gnome-button.png
    echo "screenshots copied to docs/images/"
fi

# ---------------------------------------------------------------- what is under a point (ObjectAt)
# object_at X Y [X Y…]: what the extension says is at each point, asked as forcetouchd asks it,
# from the owner of its name (as_daemon): one reply a line. plain_object_at X Y: asked by a plain
# client of the bus (gdbus call), as any application could; its error on stdout.
object_at() {
    local calls=()
    while [ $# -ge 2 ]; do calls+=("($1, $2)"); shift 2; done
    as_daemon ObjectAt "${calls[@]}" | sed 1d
}
plain_object_at() {
    as_user timeout 10 gdbus call --session -d io.github.forcetouch.Overlay1 -o /io/github/forcetouch/Overlay1 \
        -m io.github.forcetouch.Overlay1.ObjectAt "$1" "$2" 2>&1
}
# The empty desktop: nothing, and why.
o="$(object_at 700.0 600.0)"
check "under: empty desktop is nothing, with why ($o)" bash -c "grep -q \"'kind': <'nothing'>\" <<< \"\$1\" && grep -q \"'why': <'the desktop\" <<< \"\$1\"" _ "$o"
# light_box FILE X Y W H: the box of light pixels (a GTK window's) within that part of FILE.
light_box() {
    convert "$1" -crop "$4x$5+$2+$3" +repage -colorspace gray -threshold 85% -format '%@' info: 2>/dev/null |
        awk -F'[x+]' -v X="$2" -v Y="$3" 'NF == 4 && $1 > 0 { print $3 + X, $4 + Y, $1, $2 }'
}
zbox=""
for _ in $(seq 50); do
    gshot "$W/gnome-zenity.png"
    zbox="$(light_box "$W/gnome-zenity.png" 0 40 1024 728)"
    [ -n "$zbox" ] && break
    sleep 0.2
done
zb=($zbox)
zx="$(( zb[0] + zb[2] / 2 ))" zy="$(( zb[1] + zb[3] / 2 ))"
# Only the daemon may ask: a window's title and pid are not for any client of the bus. While a
# daemon (the stand-in) owns its name, a plain client asking is refused, and learns nothing.
peer_start
o="$(plain_object_at "$zx.0" "$zy.0")"
check "under: a plain client's ObjectAt on zenity's window is refused: AccessDenied ($o)" \
    grep -q 'org.freedesktop.DBus.Error.AccessDenied' <<< "$o"
check "under: ... and says nothing of the window" bash -c "! grep -q 'probe' <<< \"\$1\"" _ "$o"
check "under: ... which the extension's verbose log says (refused ObjectAt from …)" \
    wait_for "forcetouch: refused ObjectAt from :[0-9.]+: not io\.github\.forcetouch\.Daemon1's owner \\($PEER_UNIQUE\\)" "$SHELL_LOG" 5
# What the extension sends the daemon at a press on the window (PressTarget) is bounded: its title
# at 500 characters, with the forged line escaped (as bus-peer prints a string: GVariant's text).
m="$(mark "$PEER_LOG")"
peer_emit PressProgress "'began'" "''" 0.0 0.0 "$(awk -v v=$zx 'BEGIN { printf "%.6f", v / 1024 }')" \
    "$(awk -v v=$zy 'BEGIN { printf "%.6f", v / 768 }')" "'touch'" "''" true
wait_for_new "$m" '^call PressTarget ' "$PEER_LOG" 10
check "under: a press on the window tells the daemon its title, cut to 500 characters ($(( $(mark "$PEER_LOG") - m )) bytes sent)" \
    bash -c "tail -c +$(( m + 1 )) '$PEER_LOG' | grep '^call PressTarget ' | grep -qF \"'window-title': <'\$1'>\"" _ "$probe_said"
peer_emit PressProgress "'cancelled'" "''" 0.0 0.0 0.0 0.0 "'touch'" "''" true
peer_stop
m="$(mark "$SHELL_LOG")"
o="$(object_at "$zx.0" "$zy.0")"
check "under: the daemon's ObjectAt on zenity's window (${zb[*]}) is that window, its title cut to 500 characters" \
    grep -qF "'window-title': <'$probe_said'>" <<< "$o"
check "under: ... of the app zenity.desktop, its pid $zenity_pid" \
    bash -c "grep -q \"'app-id': <'zenity.desktop'>\" <<< \"\$1\" && grep -q \"'window-pid': <uint32 $zenity_pid>\" <<< \"\$1\"" _ "$o"
check "under: ... logged in one line, its newline and escape sequences escaped" \
    bash -c "tail -c +$(( m + 1 )) '$SHELL_LOG' | grep -aF 'forcetouch: object-at $zx $zy: ' | grep -qF \"window-title=\\\"\$1\\\"\"" _ "$probe_logged"
check "under: ... and no line of the shell's log is forged by the title" \
    bash -c "! grep -a 'FORGED LOG LINE' '$SHELL_LOG' | grep -av 'forcetouch: '"
o="$(object_at 40.0 15.0)"
check "under: the top bar's Activities button is the shell's, no app's ($o)" \
    bash -c "grep -q \"'kind': <'nothing'>\" <<< \"\$1\" && grep -q \"'why': <\\\"the shell's\" <<< \"\$1\"" _ "$o"
# In the overview, the dash's icons know their apps: Firefox's, a favourite, and zenity's, running.
as_user gsettings set org.gnome.shell favorite-apps "['firefox-esr.desktop']"
shell_call Overview true > /dev/null
found="" xs=($(seq 408 24 624)) points=() i=0
for x in "${xs[@]}"; do points+=("$x.0" 730.0); done
while IFS= read -r o; do
    grep -q "'kind': <'app-icon'>" <<< "$o" && found="$found ${xs[i]}:$(sed -n "s/.*'app-id': <'\([^']*\)'>.*/\1/p" <<< "$o")"
    i=$(( i + 1 ))
done < <(object_at "${points[@]}")
gshot "$W/gnome-overview.png"
check "under: in the overview, points on the dash are app icons of their apps ($found)" \
    bash -c "grep -q 'firefox-esr.desktop' <<< '$found' && grep -q 'zenity.desktop' <<< '$found'"
zb=($(light_box "$W/gnome-overview.png" 180 160 660 480))
o="$(object_at "$(( zb[0] + zb[2] / 2 )).0" "$(( zb[1] + zb[3] / 4 )).0")"
check "under: ... and zenity's window preview there (${zb[*]}) is its window ($o)" \
    bash -c "grep -q \"'kind': <'window'>\" <<< \"\$1\" && grep -q \"'app-id': <'zenity.desktop'>\" <<< \"\$1\"" _ "$o"
# The app grid's icons too (zenity's is there at least, in its first rows): Show Apps is the
# dash's last button.
shell_call Click 567 720 > /dev/null
found=""
points=() where=()
for y in 280 370; do
    for x in $(seq 160 100 860); do points+=("$x.0" "$y.0") where+=("$x,$y"); done
done
for try in 1 2 3 4 5; do
    [ "$try" = 1 ] || sleep 0.5
    i=0
    while IFS= read -r o; do
        grep -q "'kind': <'app-icon'>" <<< "$o" && found="$found ${where[i]}:$(sed -n "s/.*'app-id': <'\([^']*\)'>.*/\1/p" <<< "$o")"
        i=$(( i + 1 ))
    done < <(object_at "${points[@]}")
    [ -n "$found" ] && break
done
gshot "$W/gnome-app-grid.png"
check "under: in the app grid, points on icons are app icons of their apps ($found)" grep -q 'desktop' <<< "$found"
shell_call Overview false > /dev/null
stop "$zenity_pid"
