# Shared by the scripts that run documented commands (on-host.sh, in-guest.sh), on top of
# Tests/Integration/lib.sh's bookkeeping.
#
#   doc [--bg] <<'CMD'
#   forcectl shortcuts add '{"type": "timer", "title": "Stop timer"}'
#   CMD
#
# runs the one command line between the markers exactly as it is written — in bash, as a
# user pasting it into a terminal would — prefixed by the array `doc_runner` (set by the
# script: setpriv … to run as the test user; empty to run as root, for sudo commands). Output goes to $DOC_OUT, the status to
# $doc_status; with --bg the command runs in the background and $doc_pid is its pid.
# ProgramTests/DocumentedCommandsTests reads these blocks: every command README.md and the
# shipped configs show must be run by one of them.
doc_runner=()
doc() {
    local bg="" cmd
    [ "${1:-}" = --bg ] && bg=1
    IFS= read -r cmd
    DOC_OUT="$(mktemp "${DOC_DIR:?}/doc.XXXXXX")"
    chmod 666 "$DOC_OUT"
    echo "\$ $cmd"
    if [ -n "$bg" ]; then
        "${doc_runner[@]}" bash -c "$cmd" > "$DOC_OUT" 2>&1 &
        doc_pid=$!
        return 0
    fi
    "${doc_runner[@]}" bash -c "$cmd" > "$DOC_OUT" 2>&1
    doc_status=$?
    sed 's/^/  | /' "$DOC_OUT" | head -n 15
    return 0
}
# doc_says ERE: the last documented command's output has a line matching ERE.
doc_says() { grep -Eq -- "$1" "$DOC_OUT"; }
