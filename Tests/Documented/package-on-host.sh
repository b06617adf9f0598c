#!/usr/bin/env bash
# Packaging on this machine (`make test`): `make install DESTDIR=…` then `make uninstall` leaves
# nothing behind, and `make deb` as the README shows it builds forcetouch_<version>_<arch>.deb
# that lintian passes, holding what the README says, depending on Debian's libraries and not on a
# Swift toolchain. Tests/Integration/deb-in-guest.sh then installs that .deb in the QEMU guest.
# `make deb` is a release build with the Swift runtime linked in (.build-deb): minutes the first
# time on 2 cores, seconds when nothing changed.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
W="$(mktemp -d "${TMPDIR:-/tmp}/forcetouch-package.XXXXXX")"
DOC_DIR="$W/doc" && mkdir "$DOC_DIR"
trap 'rm -rf "$W"' EXIT
version="$(sed -n 's/.*static let string = "\(.*\)"/\1/p' Sources/ForceTouchCommandLine/ForceTouchVersion.swift)"
PROGRAMS=(forcetouchd forcetest forcectl forcetouch-overlay)
# The GNOME Shell extension: its source is the GNOME 43 variant, the one installed (Debian 12's shell).
EXTENSION=forcetouch@forcetouch.github.io
EXTENSION_FILES=($(cd "gnome-shell/$EXTENSION" && find . -type f | sed 's|^\./||' | sort))

# ---------------------------------------------------------------- make install / make uninstall
# Into an empty DESTDIR, with the debug build `make test` has made (the release build is `make deb`'s).
D="$W/destdir"
mkdir "$D"
t=$SECONDS
make install DESTDIR="$D" CONFIGURATION=debug > "$W/install.log" 2>&1
st=$?
echo "make install DESTDIR=…: exit $st after $((SECONDS - t)) s"
check "make install DESTDIR=… CONFIGURATION=debug succeeds" test "$st" -eq 0 || tail -n 20 "$W/install.log"
P="$D/usr/local"
for p in "${PROGRAMS[@]}"; do
    check "installed: bin/$p, its bash, zsh and fish completions" \
        test -x "$P/bin/$p" -a -s "$P/share/bash-completion/completions/$p" \
             -a -s "$P/share/zsh/vendor-completions/_$p" -a -s "$P/share/fish/vendor_completions.d/$p.fish"
done
check "installed: forcetouchd(8), forcetest(1), forcectl(1), gzipped" \
    test -s "$P/share/man/man8/forcetouchd.8.gz" -a -s "$P/share/man/man1/forcetest.1.gz" -a -s "$P/share/man/man1/forcectl.1.gz"
MANPAGER=cat man -l "$P/share/man/man8/forcetouchd.8.gz" > "$W/man.txt" 2>&1
check "forcetouchd.8.gz renders as FORCETOUCHD(8) with every option of forcetouchd --help" \
    bash -c "grep -q '^FORCETOUCHD(8)' '$W/man.txt' &&
             for o in \$('$ROOT/.build/debug/forcetouchd' --help | grep -o -- '--[a-z-]*' | sort -u); do
                 grep -q -- \"\$o\" '$W/man.txt' || { echo \"not in the page: \$o\"; exit 1; }; done"
check "installed: LICENSE with the documentation" cmp -s LICENSE "$P/share/doc/forcetouch/LICENSE"
check "installed: the GNOME Shell extension in share/gnome-shell/extensions/$EXTENSION, its ${#EXTENSION_FILES[@]} files as in gnome-shell/ (GNOME 43)" \
    bash -c "test ${#EXTENSION_FILES[@]} -ge 2 && diff -r 'gnome-shell/$EXTENSION' '$P/share/gnome-shell/extensions/$EXTENSION' &&
             python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1]))[\"shell-version\"] != [\"43\", \"44\"])' \
                 '$P/share/gnome-shell/extensions/$EXTENSION/metadata.json'"
bash -c "source '$P/share/bash-completion/completions/forcetest' && complete -p forcetest" > "$W/complete.txt" 2>&1
check "the installed bash completion loads (complete -p forcetest)" grep -q 'complete .* forcetest$' "$W/complete.txt"
installed="$(find "$D" -not -type d | wc -l)"
make uninstall DESTDIR="$D" CONFIGURATION=debug > "$W/uninstall.log" 2>&1
check "make uninstall DESTDIR=… succeeds" test $? -eq 0
left="$(find "$D" -not -type d)"
check "make uninstall removes all $installed files make install installed" test -z "$left"
[ -z "$left" ] && echo "$installed files installed, none left" || echo "left: $left"
check "... and forcetouch's own directories (share/forcetouch, share/doc/forcetouch, /etc/forcetouch, the extension's)" \
    test ! -e "$P/share/forcetouch" -a ! -e "$P/share/doc/forcetouch" -a ! -e "$D/etc/forcetouch" \
         -a ! -e "$P/share/gnome-shell/extensions/$EXTENSION"
# A configuration the user changed is theirs: uninstall keeps it and says so.
make -o build -o man install DESTDIR="$D" CONFIGURATION=debug > "$W/install2.log" 2>&1
echo '# mine' >> "$D/etc/forcetouch/forcetouch.toml"
make uninstall DESTDIR="$D" CONFIGURATION=debug > "$W/uninstall2.log" 2>&1
check "make uninstall keeps a configuration the user changed, and says so" \
    bash -c "grep -qx '# mine' '$D/etc/forcetouch/forcetouch.toml' && grep -q 'forcetouch.toml was changed: kept' '$W/uninstall2.log'"
check "... and nothing else" test "$(find "$D" -not -type d)" = "$D/etc/forcetouch/forcetouch.toml"

# ---------------------------------------------------------------- make deb
t=$SECONDS
doc <<'CMD'
make deb
CMD
echo "make deb: exit $doc_status after $((SECONDS - t)) s"
check "make deb succeeds (lintian finds no error)" test "$doc_status" -eq 0 || tail -n 30 "$DOC_OUT"
DEB="forcetouch_${version}_$(dpkg --print-architecture).deb"
check "it made $DEB (the programs' --version, this machine's architecture)" test -f "$DEB"
echo "lintian: $(grep -c '^E: ' "$DOC_OUT") errors, $(grep -c '^W: ' "$DOC_OUT") warnings, $(grep -c '^I: ' "$DOC_OUT") notes"
grep -E '^(E|W): ' "$DOC_OUT"
check "lintian ran and reported no error" bash -c "grep -q '^lintian ' '$DOC_OUT' && ! grep -q '^E: ' '$DOC_OUT'"
dpkg-deb -f "$DEB" > "$W/control.txt"
cat "$W/control.txt"
field() { dpkg-deb -f "$DEB" "$1"; }
check "Package forcetouch, Version $version, Architecture $(dpkg --print-architecture)" \
    test "$(field Package) $(field Version) $(field Architecture)" = "forcetouch $version $(dpkg --print-architecture)"
depends="$(field Depends)"
for lib in libc6 libevdev2 libudev1; do
    check "Depends names $lib (dpkg-shlibdeps)" grep -Eq "(^|, )$lib( |,|$)" <<< "$depends"
done
gio_package="$(dpkg-query -S "$(readlink -f /usr/lib/"$(dpkg-architecture -qDEB_HOST_MULTIARCH)"/libgio-2.0.so.0)" | cut -d: -f1)"
check "Depends names $gio_package, whose GIO the programs open when a configuration names an application" \
    grep -Eq "(^|, )$gio_package( |,|$)" <<< "$depends"
check "Depends names no Swift package (there is none in Debian: the runtime is linked in)" \
    bash -c "! grep -qi swift <<< '$depends'"
dpkg-deb -c "$DEB" | awk '{ print $1, $2, $6 }' > "$W/contents.txt"
has() { grep -Eq " \\./${1#/}\$" "$W/contents.txt"; }
for p in /usr/bin/forcetouchd /usr/bin/forcetest /usr/bin/forcectl /usr/lib/udev/rules.d/70-forcetouch.rules \
         /usr/lib/systemd/user/forcetouchd.service /etc/forcetouch/forcetouch.toml \
         /usr/bin/forcetouch-overlay /usr/lib/systemd/user/forcetouch-overlay.service \
         /usr/share/man/man1/forcetouch-overlay.1.gz \
         /usr/share/doc/forcetouch/copyright /usr/share/doc/forcetouch/changelog.gz \
         /usr/share/doc/forcetouch/examples/pen-tablet.toml /usr/share/forcetouch/quirks/10-touchpads.quirks \
         /usr/share/man/man8/forcetouchd.8.gz /usr/share/man/man1/forcetest.1.gz /usr/share/man/man1/forcectl.1.gz \
         /usr/share/bash-completion/completions/forcetouchd /usr/share/zsh/vendor-completions/_forcetest \
         /usr/share/fish/vendor_completions.d/forcectl.fish; do
    check "the package holds $p" has "$p"
done
for f in "${EXTENSION_FILES[@]}"; do
    check "the package holds the GNOME Shell extension's $f (/usr/share/gnome-shell/extensions/$EXTENSION)" \
        has "/usr/share/gnome-shell/extensions/$EXTENSION/$f"
done
check "... and no other file there" \
    test "$(grep -c " \./usr/share/gnome-shell/extensions/$EXTENSION/.*[^/]\$" "$W/contents.txt")" -eq "${#EXTENSION_FILES[@]}"
settings_files=($(cd settings && ls *.js) forcetouch-settings)
settings_held() {
    local f
    for f in "${settings_files[@]}"; do has "/usr/share/forcetouch/settings/$f" || return 1; done
    has /usr/bin/forcetouch-settings && has /usr/share/applications/forcetouch-settings.desktop
}
check "the package holds forcetouch Settings: its ${#settings_files[@]} files in /usr/share/forcetouch/settings, /usr/bin/forcetouch-settings and its Desktop Entry" \
    settings_held
recommends="$(field Recommends)"
check "... and Recommends names gjs, gir1.2-gtk-4.0 and gir1.2-adw-1, which it runs on ($recommends)" \
    bash -c "for p in gjs gir1.2-gtk-4.0 gir1.2-adw-1; do grep -Eq \"(^|, )\$p( |,|\$)\" <<< \"\$1\" || exit 1; done" _ "$recommends"
suggests="$(field Suggests)"
check "... and Suggests names dictd and dict-wn, the loopback dictionary Look Up asks ($suggests)" \
    bash -c "for p in dictd dict-wn; do grep -Eq \"(^|, )\$p( |,|\$)\" <<< \"\$1\" || exit 1; done" _ "$suggests"
check "the package holds /usr/lib/forcetouch/forcetouch-page-snapshot, GNOME Shell's link preview renderer, beside forcetouch-overlay-webkit.so" \
    bash -c "grep -Eq ' \\./usr/lib/forcetouch/forcetouch-page-snapshot\$' '$W/contents.txt' && grep -Eq ' \\./usr/lib/forcetouch/forcetouch-overlay-webkit\\.so\$' '$W/contents.txt'"
check "every file in it is root's (--root-owner-group)" bash -c "! awk '\$2 != \"root/root\"' '$W/contents.txt' | grep -q ."
check "nothing under /usr/local, nothing in /etc but the configuration" \
    bash -c "! grep -Eq ' \\./usr/local/' '$W/contents.txt' && ! grep -E ' \\./etc/.+[^/]\$' '$W/contents.txt' | grep -vq 'etc/forcetouch/forcetouch.toml\$'"
X="$W/extracted"
dpkg-deb -R "$DEB" "$X"
check "conffiles: /etc/forcetouch/forcetouch.toml" test "$(cat "$X/DEBIAN/conffiles")" = /etc/forcetouch/forcetouch.toml
check "postinst and postrm reload udev's rules" \
    bash -c "grep -q 'udevadm control --reload-rules' '$X/DEBIAN/postinst' && grep -q 'udevadm control --reload-rules' '$X/DEBIAN/postrm'"
check "the packaged extension is gnome-shell/$EXTENSION, file for file, mode 0644" \
    bash -c "diff -r 'gnome-shell/$EXTENSION' '$X/usr/share/gnome-shell/extensions/$EXTENSION' &&
             ! find '$X/usr/share/gnome-shell/extensions/$EXTENSION' -type f ! -perm 0644 | grep -q ."
ldd "$X/usr/bin/forcetouchd" > "$W/ldd.txt" 2>&1
cat "$W/ldd.txt"
check "forcetouchd links no Swift library (libswiftCore, libFoundation: linked in)" \
    bash -c "! grep -Eqi 'swift|libFoundation|not found' '$W/ldd.txt'"
check "forcetouchd loads neither libstdc++ (linked in) nor GIO (opened when an application is named)" \
    bash -c "! grep -Eq 'libstdc\+\+|libgio|libglib' '$W/ldd.txt'"
check "forcetouchd's relative relocations are packed (DT_RELR)" bash -c "readelf -d '$X/usr/bin/forcetouchd' | grep -q RELR"
check "... so Depends asks for libc6 2.36, whose loader applies them" grep -Eq "(^|, )libc6 \(>= 2\.36\)" <<< "$depends"
for p in "${PROGRAMS[@]}"; do
    check "the packaged $p --version says $version" test "$("$X/usr/bin/$p" --version 2>&1)" = "$version"
done
# One executable under three names (issue 33): forcetest and forcectl are links to forcetouchd,
# and each name keeps its own command line.
for p in forcetest forcectl forcetouch-overlay; do
    check "/usr/bin/$p is a link to forcetouchd" test "$(readlink "$X/usr/bin/$p")" = forcetouchd
    check "... whose --help is $p's, as the debug build's $p gives it" \
        test "$("$X/usr/bin/$p" --help 2>&1)" = "$("$ROOT/.build/debug/$p" --help 2>&1)"
done
check "the overlay's GTK part is /usr/lib/forcetouch/forcetouch-overlay-gtk.so, and it links GTK 3 and gtk-layer-shell" \
    bash -c "ldd '$X/usr/lib/forcetouch/forcetouch-overlay-gtk.so' | grep -q libgtk-3 && ldd '$X/usr/lib/forcetouch/forcetouch-overlay-gtk.so' | grep -q libgtk-layer-shell"
check "forcetouchd, the executable of every program, links no toolkit (GTK only in the overlay's shared object)" \
    bash -c "! grep -Eq 'libgtk|libgdk|libcairo|libpango' '$W/ldd.txt'"
check "forcetouchd's --help is the debug build's" \
    test "$("$X/usr/bin/forcetouchd" --help 2>&1)" = "$("$ROOT/.build/debug/forcetouchd" --help 2>&1)"
# Without Foundation there is no ICU: its data alone was 37 MB of read-only data.
rodata="$(size -A "$X/usr/bin/forcetouchd" | awk '$1 == ".rodata" { print $2 }')"
echo "forcetouchd: .rodata $((rodata / 1024)) KiB"
check "forcetouchd carries no ICU data (.rodata under 8 MiB: $((rodata / 1024)) KiB)" test "$rodata" -lt $((8 << 20))
du -k "$DEB" "$X/usr/bin/"* | sed 's/^/size KiB: /'
echo "installed size: $(field Installed-Size) KiB"
summary package-on-host
