#!/usr/bin/env bash
# The GNOME Shell extension as it ships (issue 42, README "GNOME 45 and later"), without a
# running shell (Tests/Documented/gnome-shell-on-host.sh runs it in GNOME Shell 43):
# - scripts/gnome-extension-esm.py on its fixtures (Tests/GnomeShell/esm): every legacy form
#   rewritten as expected, and an unknown use of `imports` refused with FILE:LINE, nothing written;
# - `make gnome-extension` as the README shows it: the GNOME 43 variant is the source, the 45+
#   one is generated, and each bundle `gnome-extensions pack` made holds every file of its
#   variant; `gnome-extensions install` takes the 45+ bundle;
# - the 45+ variant LOADED by Debian's gjs as GNOME 45 would (`gjs -m`): every module links and
#   evaluates, extension.js's default export extends the shell's Extension, constructs, and has
#   enable() and disable() (the shell's own modules are stand-ins, Tests/GnomeShell/esm/stub-shell.py,
#   since GNOME 43 has no ES-module shell; GI is gjs's own, from GNOME 43's typelibs);
# - busProtocol.js's names and signal signatures are the bus's (dbus/io.github.forcetouch.Daemon1.xml).
# Whatever the extension's folder holds when it runs is what is checked. Takes a few seconds.
# Usage: Tests/Documented/gnome-extension-on-host.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
host_setup gnome-extension-on-host gnome-extension
# Neither the programs nor a display: only the tools (host_requires would want forcetouchd built).
check "gjs, gnome-extensions and python3 are installed (scripts/install-deps.sh)" \
    bash -c "command -v gjs && command -v gnome-extensions && command -v python3" > /dev/null ||
    { summary gnome-extension-on-host; exit 1; }
UUID=forcetouch@forcetouch.github.io
SOURCE="gnome-shell/$UUID"
ESM=Tests/GnomeShell/esm
BUILT=.build/gnome-shell
# GNOME 43's St and Shell (in gnome-shell's private directory) and Clutter and Meta (mutter's),
# as the shell finds them: what `gi://St` and the rest load in the ES-module variant.
MUTTER="$(ls -d /usr/lib/*/mutter-* 2> /dev/null | sort -V | tail -n 1)"
gjs_shell() { GI_TYPELIB_PATH="$MUTTER:/usr/lib/gnome-shell" LD_LIBRARY_PATH="$MUTTER:/usr/lib/gnome-shell" gjs "$@"; }
# relay PREFIX < FILE: the PASS/FAIL lines a gjs check printed, counted as this suite's.
relay() {
    local line
    while IFS= read -r line; do
        case "$line" in
            PASS:*) ok "$1${line#PASS: }" ;;
            FAIL:*) bad "$1${line#FAIL: }" ;;
            *) echo "  $line" ;;
        esac
    done
}
check "the extension's folder is $SOURCE, with extension.js and metadata.json" \
    test -f "$SOURCE/extension.js" -a -f "$SOURCE/metadata.json"

# ---------------------------------------------------------------- the generator on its fixtures
for tree in legacy legacy-init; do
    uuid="$(cd "$ESM/$tree" && echo *@*)"
    scripts/gnome-extension-esm.py "$ESM/$tree/$uuid" "$W/esm/$tree/$uuid" > "$W/esm-$tree.log" 2>&1
    check "gnome-extension-esm.py takes every legacy form of $ESM/$tree (exit 0)" test $? -eq 0 || cat "$W/esm-$tree.log"
    diff -ru "$ESM/expected/$tree" "$W/esm/$tree" > "$W/esm-$tree.diff"
    check "... and writes $ESM/expected/$tree, file by file" test $? -eq 0 || head -n 40 "$W/esm-$tree.diff"
done
( cd "$ESM" && "$ROOT/scripts/gnome-extension-esm.py" refused/refused@forcetouch.github.io "$W/refused" ) > "$W/refused.out" 2> "$W/refused.err"
status=$?
sed 's/^/  | /' "$W/refused.err"
check "it refuses a tree with uses of imports and Me it does not know: exit 1" test "$status" -eq 1
check "... naming each as FILE:LINE: what ($ESM/refused.expected)" \
    diff <(grep '^refused/' "$W/refused.err") "$ESM/refused.expected"
check "... and writes nothing" test ! -e "$W/refused"
mkdir -p "$W/full" && touch "$W/full/stale.js"
scripts/gnome-extension-esm.py "$ESM/legacy/fixture@forcetouch.github.io" "$W/full" 2> "$W/full.err"
status=$?
check "it refuses to write into a folder that holds files, and says so" \
    bash -c "test $status -eq 1 && grep -q 'not an empty directory' '$W/full.err'"

# ---------------------------------------------------------------- make gnome-extension, both variants, packed
t=$SECONDS
doc <<'CMD'
make gnome-extension
CMD
echo "make gnome-extension: exit $doc_status after $((SECONDS - t)) s"
check "make gnome-extension succeeds" test "$doc_status" -eq 0 || tail -n 20 "$DOC_OUT"
check "the GNOME 43 variant ($BUILT/43/$UUID) is the source as it is" diff -r "$SOURCE" "$BUILT/43/$UUID"
V45="$BUILT/45/$UUID"
check "the GNOME 45+ variant ($V45) has every file of the source, and only those" \
    diff <(cd "$SOURCE" && find . -type f | sort) <(cd "$V45" && find . -type f | sort)
check "no file of the 45+ variant names imports or Me outside comments" \
    bash -c "! grep -HnE '\\bimports\\b|(^|[^.[:alnum:]_\$])Me\\.' '$V45'/*.js | grep -vE '^[^:]+:[0-9]+:\\s*(//|/?\\*)'"
check "its extension.js has a default export" grep -q '^export default class' "$V45/extension.js"
python3 - "$SOURCE/metadata.json" "$V45/metadata.json" > "$W/metadata.txt" 2>&1 <<'PY'
import json, sys
source, variant = (json.load(open(p)) for p in sys.argv[1:3])
print("43:", source["shell-version"], "45:", variant["shell-version"])
assert source["shell-version"] == ["43", "44"], "the source's shell-version"
assert variant["shell-version"] == ["45", "46", "47", "48"], "the variant's shell-version"
assert {k: v for k, v in source.items() if k != "shell-version"} == \
       {k: v for k, v in variant.items() if k != "shell-version"}, "the other keys"
assert source["uuid"] == "forcetouch@forcetouch.github.io", "the uuid"
PY
status=$?
cat "$W/metadata.txt"
check "metadata.json: shell-version 43, 44 in the source, 45 to 48 in the variant, the rest the same, uuid $UUID" \
    test "$status" -eq 0
for v in 43 45; do
    zip="$BUILT/$v/$UUID.shell-extension.zip"
    check "gnome-extensions pack made the GNOME $v bundle, $zip" test -s "$zip"
    python3 -c 'import sys, zipfile; print("\n".join(sorted(zipfile.ZipFile(sys.argv[1]).namelist())))' "$zip" > "$W/zip-$v.txt" 2>&1
    echo "  $zip: $(paste -sd ' ' "$W/zip-$v.txt")"
    check "... holding metadata.json, extension.js and every module of the $v variant, each as the variant has it" \
        bash -c "diff <(cd '$BUILT/$v/$UUID' && find . -type f | sed 's|^\./||' | sort) '$W/zip-$v.txt' &&
                 python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); sys.exit(any(z.read(n) != open(sys.argv[2] + \"/\" + n, \"rb\").read() for n in z.namelist()))' '$zip' '$BUILT/$v/$UUID'"
done
mkdir -p "$W/home"
doc_runner=(env "HOME=$W/home")
doc <<'CMD'
gnome-extensions install --force .build/gnome-shell/45/forcetouch@forcetouch.github.io.shell-extension.zip
CMD
doc_runner=()
check "gnome-extensions install puts the 45+ bundle in ~/.local/share/gnome-shell/extensions/$UUID" \
    bash -c "test $doc_status -eq 0 && diff -r '$V45' '$W/home/.local/share/gnome-shell/extensions/$UUID'"

# ---------------------------------------------------------------- no API GNOME 45 to 48 took away
# The one source runs on GNOME 43 and on 45 to 48: it may use nothing those removed (the ports'
# notes, gjs.guide "Port Extensions to GNOME Shell 45…48"), each here with what works on both:
# PATTERN @@ VERSION what.
removed=(
    '\bMeta\.Rectangle\b @@ 45 renamed Meta.Rectangle Mtk.Rectangle, which 43 lacks: compare with the monitors'"'"' x, y, width, height, or global.display.get_current_monitor() for the pointer'
    '^const \{[^}]*\b(Gtk|Gdk)\b[^}]*\} *= *imports\.gi @@ 45 loads neither Gtk nor Gdk into the shell'
    '\.(add_actor|remove_actor)\(|\bClutter\.Container\b @@ 46 removed Clutter.Container: add_child, remove_child, St.Bin'"'"'s set_child'
    '\bClutter\.Color\b @@ 47 replaced Clutter.Color with Cogl.Color, which 43'"'"'s St does not take: style with CSS'
)
for rule in "${removed[@]}"; do
    pattern="${rule%% @@ *}" why="${rule#* @@ }"
    grep -HnE "$pattern" "$SOURCE"/*.js | grep -vE '^[^:]+:[0-9]+:\s*(//|/?\*)' > "$W/removed.txt"
    check "the source uses no API GNOME ${why%% *} removed (/$pattern/)" test ! -s "$W/removed.txt" ||
        { echo "  GNOME $why:"; sed 's/^/    /' "$W/removed.txt"; }
done

# ---------------------------------------------------------------- the 45+ variant loaded by gjs
check "GNOME 43's mutter typelibs are found ($MUTTER)" test -e "$MUTTER/Meta-${MUTTER##*-}.typelib"
load() {
    local name="$1" tree="$2"
    python3 "$ESM/stub-shell.py" "$tree" "$W/load-$name" > "$W/stub-$name.log" 2>&1
    check "[$name] stub-shell.py stands in for the shell's modules it imports" test $? -eq 0 || cat "$W/stub-$name.log"
    sed 's/^/  /' "$W/stub-$name.log"
    gjs_shell -m "$ESM/load-esm.js" "$W/load-$name/extension" > "$W/gjs-$name.log" 2>&1
    local status=$?
    relay "[$name] " < "$W/gjs-$name.log"
    check "[$name] gjs -m exits 0 after $(grep -c '^PASS' "$W/gjs-$name.log") checks" test "$status" -eq 0
}
# The fixture first: the loader itself is known to work on a tree made of every form.
load fixture "$ESM/expected/legacy/fixture@forcetouch.github.io"
load forcetouch "$V45"

# ---------------------------------------------------------------- busProtocol.js against the bus's XML
gjs_shell -m Tests/GnomeShell/esm/check-bus-protocol.js "$V45/busProtocol.js" dbus/io.github.forcetouch.Daemon1.xml \
    Sources/COverlay/bus-protocol.h \
    > "$W/bus-protocol.log" 2>&1
status=$?
relay "busProtocol.js: " < "$W/bus-protocol.log"
check "busProtocol.js's check (gjs) exits 0 after $(grep -c '^PASS' "$W/bus-protocol.log") checks" test "$status" -eq 0

summary gnome-extension-on-host
