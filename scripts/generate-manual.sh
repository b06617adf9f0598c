#!/usr/bin/env bash
# forcetouchd(8), forcetest(1), forcectl(1) and forcetouch-overlay(1), generated from the programs' own argument parsers
# by swift-argument-parser's generate-manual plugin, into $MANPAGES (`make man`; `make install`
# gzips them into MANDIR). The plugin builds every product in $CONFIGURATION in $BUILDDIR, with
# the same flags as `make build` (SWIFT_BUILD_FLAGS), so it finds them built and rebuilds nothing.
# It gives every program the one --section it is told: it runs once for section 1 and once for 8.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
BUILDDIR="${BUILDDIR:-.build}"
CONFIGURATION="${CONFIGURATION:-release}"
MANPAGES="${MANPAGES:-$BUILDDIR/man}"
read -r -a flags <<< "${SWIFT_BUILD_FLAGS:-}"
# The pages' date is the release's (debian/changelog's latest entry), not the build's: the same
# sources give the same pages.
released="$(sed -n 's/^ -- .*>  //p' debian/changelog | head -n 1)"
date="$(date -u -d "$released" +%Y-%m-%d)"
out="$BUILDDIR/plugins/GenerateManual/outputs"
generate() {
    "$SWIFT" package --scratch-path "$BUILDDIR" "${flags[@]}" plugin generate-manual \
        --configuration "$CONFIGURATION" --date "$date" --authors "forcetouch contributors" --section "$1" >&2
}
mkdir -p "$MANPAGES"
generate 1
# The products are one target (Sources/forcetouch), whose folder holds every page.
cp "$out/forcetouch/forcetest.1" "$out/forcetouch/forcectl.1" "$out/forcetouch/forcetouch-overlay.1" "$MANPAGES/"
generate 8
cp "$out/forcetouch/forcetouchd.8" "$MANPAGES/"
echo "manual pages in $MANPAGES: $(cd "$MANPAGES" && echo forcetouchd.8 forcetest.1 forcectl.1 forcetouch-overlay.1)"
