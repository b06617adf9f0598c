#!/usr/bin/env bash
# The documented commands that need no device and no daemon, run as they are written on this
# machine by `make test`: the first command of the README, and what it promises to print.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
. Tests/Integration/lib.sh
. Tests/Documented/lib.sh
DOC_DIR="$(mktemp -d "${TMPDIR:-/tmp}/forcetouch-doc.XXXXXX")"
trap 'rm -rf "$DOC_DIR"' EXIT

# The README shows what `make demo` prints: its first plain ``` block after the command.
expected="$(awk '/^`make demo` replays/ { found = 1 } found && /^```$/ { if (inside) exit; inside = 1; next } inside' README.md)"

doc <<'CMD'
make demo
CMD
check "make demo exits 0" test "$doc_status" -eq 0
check "the README shows make demo's output" test -n "$expected"
# Sorted: each action is a process of its own, and two that start in the same frame (a peek
# and the pop right after it) may print in either order.
actual="$(grep '^action: ' "$DOC_OUT" | sort)"
expected="$(sort <<< "$expected")"
check "make demo prints exactly the actions the README shows" test "$actual" = "$expected"
[ "$actual" = "$expected" ] || diff <(echo "$expected") <(echo "$actual")

# forcetest replay on the bundled corpus, with the built forcetest on PATH as an installed one
# would be: the README shows rows of its summary table, which must be in the output as shown.
BIN="${FORCETOUCH_BIN:-$ROOT/.build/debug}"
expected="$(awk '/^forcetest replay --summary Tests\// { found = 1; next }
    found && /^```/ { if (++fences == 3) exit; next } found && fences == 2' README.md)"
doc_runner=(env "PATH=$BIN:$PATH")
doc <<'CMD'
forcetest replay --summary Tests/ForceTouchCoreTests/Fixtures/recordings/corpus
CMD
doc_runner=()
check "forcetest replay --summary on the corpus exits 0" test "$doc_status" -eq 0
check "the README shows rows of its summary table" test "$(grep -c 'evemu' <<< "$expected")" -ge 3
missing="$(while IFS= read -r line; do grep -Fxq -- "$line" "$DOC_OUT" || echo "$line"; done <<< "$expected")"
check "forcetest replay --summary prints every line the README shows, as shown" test -z "$missing"
[ -z "$missing" ] || { echo "not printed:"; echo "$missing"; }

# --explain on a corpus recording: the refusals the README shows, each with its figures.
doc_runner=(env "PATH=$BIN:$PATH")
doc <<'CMD'
forcetest replay --explain Tests/ForceTouchCoreTests/Fixtures/recordings/corpus/AlpsPS2-ALPS-GlidePoint.right-edge-scroll.evemu
CMD
doc_runner=()
check "forcetest replay --explain exits 0" test "$doc_status" -eq 0
check "forcetest replay --explain says why the tap and the deep press were refused" \
    grep -q "tap refused: lasted 0.36 s > 0.35 s tap limit" "$DOC_OUT"
check "forcetest replay --explain prints the deep press's refusal" grep -q "refused: force 0.42 < peek 2.25" "$DOC_OUT"

# The benchmark the README describes: it prints its figures (nothing here judges them).
doc <<'CMD'
make bench
CMD
check "make bench exits 0" test "$doc_status" -eq 0
check "make bench prints events per second, ns per event and allocations per event" \
    bash -c "grep -Eq '[0-9.]+ ?M? events/s' '$DOC_OUT' && grep -Eq 'ns.*event' '$DOC_OUT' && grep -Eq 'allocations' '$DOC_OUT'"
grep -E 'events/s|ns|allocations' "$DOC_OUT"

summary documented-commands-on-host
