/* The extension's lines in the shell's log (the journal, or the shell's stderr). */
const { GLib } = imports.gi;

/* What a text may not carry into a line of the log as it is: the control characters (Unicode's
 * Cc: C0, DEL, C1), the line and paragraph separators, and the backslash that escapes them. */
const ESCAPED = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

/* `line` as one line of the log: texts from other applications (a window's title, an app's name,
 * an intent's prompt) are in the lines, and a newline in one would write a line of its own into
 * the log, an escape sequence drive a terminal. Written as forcetouch-overlay writes them
 * (OverlayModel's LogText, bounded.c's ft_log_text), so that one set of checks reads either:
 * `\n`, `\r`, `\t`, `\e`, the other C0 and DEL as `\xHH`, C1 and the separators as `\u{HHHH}`,
 * and a backslash `\\`, so that an escape in the log is never the text's own. */
var escapedLine = function escapedLine(line) {
    return String(line).replace(ESCAPED, c => {
        const code = c.charCodeAt(0);
        if (NAMED[c])
            return NAMED[c];
        return code < 0x20 || code === 0x7f
            ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16).padStart(4, '0')}}`;
    });
};

/* What the extension says: `info` always, `verbose` only when the shell runs with
 * FORCETOUCH_VERBOSE=1 — the same lines forcetouch-overlay writes with --verbose (SPEC §11),
 * so that one set of checks reads either. Every line starts `forcetouch: `, and is one line
 * (escapedLine). */
var Log = class Log {
    constructor() {
        this.isVerbose = GLib.getenv('FORCETOUCH_VERBOSE') === '1';
    }

    info(line) {
        log(`forcetouch: ${escapedLine(line)}`);
    }

    verbose(line) {
        if (this.isVerbose)
            log(`forcetouch: ${escapedLine(line)}`);
    }
};
