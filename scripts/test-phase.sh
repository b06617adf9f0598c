#!/usr/bin/env bash
# The table `make test` ends with (issue 50): each phase and suite, its checks passed and failed,
# its wall seconds, and the total, so that a run's time is read off the run rather than guessed.
#
#   scripts/test-phase.sh reset               starts a new table
#   scripts/test-phase.sh run NAME CMD…       runs CMD (its output passed through as it comes)
#                                             and adds NAME's row; exits with CMD's status
#   scripts/test-phase.sh table               prints the table
#
# A phase's checks are read from what its suites print: the closing line of a suite
# (`NAME: N passed, M failed`, Tests/Integration/lib.sh's summary), Swift Testing's
# (`Test run with N tests … passed|failed … with K issues`) and fuzz.sh's (`fuzz: TARGET for …`,
# `fuzz: TARGET FAILED`). A run nested in another (vm/run-tests.sh times each guest script so)
# adds its own row, indented under its phase, whose checks are then the sum of its rows.
# The table lives in TEST_TABLE (default .build/test-table.tsv); a failed phase prints the
# table so far, so that a red run still shows where its time went.
set -uo pipefail
table="${TEST_TABLE:-$(cd "$(dirname "$0")/.." && pwd)/.build/test-table.tsv}"
export TEST_TABLE="$table"

# checks LOG: "PASSED FAILED" read off a phase's output.
checks() {
    awk '
        { sub(/\r$/, "") }
        /^[A-Za-z0-9_.\/ -]+: [0-9]+ passed, [0-9]+ failed$/ {
            n = split($0, w, " "); p += w[n - 3]; f += w[n - 1]; next }
        /Test run with [0-9]+ tests?/ {
            for (i = 1; i <= NF; i++) if ($i == "with" && $(i + 1) ~ /^[0-9]+$/ && $(i + 2) ~ /^tests?$/) t = $(i + 1)
            k = 0; for (i = 1; i <= NF; i++) if ($i == "with" && $(i + 2) ~ /^issues?/) k = $(i + 1)
            p += t - k; f += k; next }
        /^fuzz: [^ ]+ for / { p++; next }
        /^fuzz: [^ ]+ FAILED/ { p--; f++; next }
        END { printf "%d %d\n", p, f }' "$1"
}

print_table() {
    [ -f "$table" ] || { echo "test-phase: no table at $table" >&2; return 0; }
    awk -F'\t' '
        BEGIN { printf "\n%-44s %8s %7s %8s  %s\n", "phase / suite", "passed", "failed", "seconds", "status"
                printf "%-44s %8s %7s %8s  %s\n", "-------------", "------", "------", "-------", "------" }
        { name = ($1 > 0 ? "  " : "") $2
          printf "%-44s %8d %7d %8d  %s\n", name, $3, $4, $5, ($6 == 0 ? "ok" : "FAILED (" $6 ")")
          if ($1 == 0) { p += $3; f += $4; s += $5; if ($6 != 0) bad++ } }
        END { printf "%-44s %8d %7d %8d  %s\n", "total", p, f, s, (bad ? bad " phase(s) failed" : "ok")
              printf "%-44s %8s %7s %8s\n", "", "", "", sprintf("%dm%02ds", s / 60, s % 60) }' "$table"
}

case "${1:-}" in
reset)
    mkdir -p "$(dirname "$table")"
    : > "$table"
    ;;
table)
    print_table
    ;;
run)
    [ $# -ge 3 ] || { echo "usage: $0 run NAME COMMAND…" >&2; exit 64; }
    name="$2"; shift 2
    mkdir -p "$(dirname "$table")"
    touch "$table"
    depth="${TEST_PHASE_DEPTH:-0}"
    log="$(mktemp "${TMPDIR:-/tmp}/test-phase.XXXXXX")"
    # Rows written while this phase runs are its nested runs': they count its checks.
    rows_before="$(wc -l < "$table")"
    start="$(date +%s)"
    TEST_PHASE_DEPTH=$((depth + 1)) "$@" 2>&1 | tee "$log"
    status="${PIPESTATUS[0]}"
    seconds=$(($(date +%s) - start))
    nested="$(tail -n "+$((rows_before + 1))" "$table" | awk -F'\t' -v d=$((depth + 1)) \
        '$1 == d { p += $3; f += $4; n++ } END { if (n) printf "%d %d\n", p, f }')"
    read -r passed failed <<< "${nested:-$(checks "$log")}"
    rm -f "$log"
    # A phase's row goes before its nested rows, where a reader looks for it.
    row="$(printf '%s\t%s\t%s\t%s\t%s\t%s' "$depth" "$name" "$passed" "$failed" "$seconds" "$status")"
    { head -n "$rows_before" "$table"; echo "$row"; tail -n "+$((rows_before + 1))" "$table"; } > "$table.new"
    mv "$table.new" "$table"
    if [ "$status" -ne 0 ] && [ "$depth" -eq 0 ]; then
        echo "test-phase: $name failed (status $status); the table so far:" >&2
        print_table >&2
    fi
    exit "$status"
    ;;
*)
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 64
    ;;
esac
