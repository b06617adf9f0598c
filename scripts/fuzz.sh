#!/usr/bin/env bash
# make fuzz: builds forcetouch-fuzz with libFuzzer and AddressSanitizer (swiftc
# -sanitize=fuzzer,address; C and C++ dependencies -fsanitize=fuzzer-no-link,address) in
# .build/fuzz, and runs each target for FUZZ_SECONDS (default 60), or FUZZ_RUNS inputs from
# FUZZ_SEED, from a seed corpus made of the repository's fixtures (scripts/fuzz.sh seeds
# TARGET DIR), plus Fuzz/seeds and Fuzz/regressions. A crash leaves its input in
# .build/fuzz/artifacts/TARGET/ and fails the run: add it to Fuzz/regressions/TARGET/ with the
# fix (`swift test` replays that directory).
# Usage: scripts/fuzz.sh [TARGET...]   (evemu libinput config plist shortcuts quirks protocol numbers)
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${FUZZ_SECONDS:-60}"
# FUZZ_RUNS=N with FUZZ_SEED=S makes a run repeatable (what `make test` uses): N inputs from
# the seeded generator instead of a time limit, so CI sees the inputs a developer saw.
RUNS="${FUZZ_RUNS:-}"
SEED="${FUZZ_SEED:-0}"
ALL="evemu libinput config plist shortcuts quirks protocol numbers dict text"
FX=Tests/ForceTouchCoreTests/Fixtures

# seeds TARGET DIR: copies the fixtures that are TARGET's kind of input into DIR.
seeds() {
    local dir="$2"; mkdir -p "$dir"
    case "$1" in
        evemu) cp "$FX"/golden/*.evemu "$FX"/recordings/*.evemu "$FX"/recordings/corpus/*.evemu \
                  "$FX"/pen-tablet.desc "$FX"/pen-tablet.events demo/*.evemu \
                  Tests/Integration/recordings/*.desc Tests/Integration/recordings/*.events "$dir"/ ;;
        libinput) cp "$FX"/*.yml "$dir"/ ;;
        config) cp config/forcetouch.toml config/demo.toml config/examples/*.toml "$FX"/golden/*.toml "$dir"/ ;;
        plist) cp "$FX"/*.plist "$dir"/ ;;
        quirks) cp quirks/*.quirks "$dir"/ ;;
        dict) cp "$FX"/dict/*.reply "$dir"/ ;;
        text) awk -F ' => ' '!/^#/ && NF == 2 { gsub("\xe2\x80\xb8", "", $1); f = sprintf("%s/corpus-%03d.txt", d, NR); printf "%s", $1 > f; close(f) }' \
                  d="$dir" "$FX"/text-detection/corpus.txt ;;
    esac
    [ -d "Fuzz/seeds/$1" ] && cp Fuzz/seeds/"$1"/* "$dir"/
    [ -d "Fuzz/regressions/$1" ] && cp Fuzz/regressions/"$1"/* "$dir"/ 2>/dev/null
    return 0
}
if [ "${1:-}" = seeds ]; then seeds "$2" "$3"; exit; fi

targets="${*:-$ALL}"
BIN=.build/fuzz/debug/forcetouch-fuzz
echo "fuzz: building $BIN with libFuzzer and AddressSanitizer"
if ! swift build --build-path .build/fuzz -c debug --product forcetouch-fuzz \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFORCETOUCH_LIBFUZZER \
        -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address > .build/fuzz-build.log 2>&1; then
    tail -20 .build/fuzz-build.log
    echo "fuzz: this toolchain cannot build with -sanitize=fuzzer: replaying the seeds through the plain build only" >&2
    swift build --product forcetouch-fuzz >/dev/null || exit 1
    rc=0
    for t in $targets; do
        d=".build/fuzz-seeds/$t"; rm -rf "$d"; seeds "$t" "$d"
        .build/debug/forcetouch-fuzz "$t" "$d" || rc=1
    done
    exit "$rc"
fi
rc=0
for t in $targets; do
    corpus=".build/fuzz/corpus/$t" art=".build/fuzz/artifacts/$t/"
    # A repeatable run starts from the seeds alone, not from what earlier runs added.
    [ -n "$RUNS" ] && rm -rf "$corpus"
    mkdir -p "$corpus" "$art"
    seeds "$t" "$corpus"
    if [ -n "$RUNS" ]; then
        limit=(-runs="$RUNS" -seed="$SEED"); what="$RUNS runs, seed $SEED"
    else
        limit=(-max_total_time="$SECONDS_EACH"); what="${SECONDS_EACH} s"
    fi
    echo "fuzz: $t for $what ($(ls "$corpus" | wc -l) inputs in the corpus)"
    # The Swift backtracer and ASan both want the crash: let ASan report it.
    if ! FUZZ_TARGET="$t" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
            "$BIN" "${limit[@]}" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
            -print_final_stats=1 -artifact_prefix="$art" "$corpus" > ".build/fuzz/$t.log" 2>&1; then
        echo "fuzz: $t FAILED: see .build/fuzz/$t.log and $art" >&2
        grep -E "ERROR|Fatal error|deadly signal|timeout|out-of-memory" ".build/fuzz/$t.log" | head -5 >&2
        rc=1
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" ".build/fuzz/$t.log" | sed "s/^/fuzz: $t: /"
done
exit "$rc"
