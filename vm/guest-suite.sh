#!/usr/bin/env bash
# One guest script of vm/run-tests.sh, run inside the guest in a root of its own: its row in
# `make test`'s table (scripts/test-phase.sh; the table is kept in the shared directory, for the
# host to add to its own), its time limit, and when it fails, the last lines of the log it names.
#   vm/guest-suite.sh OUT SECONDS LOG SCRIPT [ARGS…]      (LOG "-" when it names none)
set -uo pipefail
[ $# -ge 4 ] || { sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
out="$1" limit="$2" log="$3"
shift 3
name="guest: $(basename "$1" .sh)"
status=0
TEST_TABLE="$out/guest-table.tsv" TEST_PHASE_DEPTH="${TEST_PHASE_DEPTH:-0}" \
    scripts/test-phase.sh run "$name" timeout -k 10 "$limit" "$@" || status=$?
[ "$status" -ne 124 ] || echo "run-tests: $name ran past its limit of $limit s" >&2
if [ "$status" -ne 0 ] && [ "$log" != - ] && [ -f "$out/$log" ]; then
    echo "--- $log (last 60 lines)"
    tail -n 60 "$out/$log"
fi
exit "$status"
