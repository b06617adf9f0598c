/* The extension's lines in the shell's log (the journal, or the shell's stderr). */
const { GLib } = imports.gi;

/* What the extension says: `info` always, `verbose` only when the shell runs with
 * FORCETOUCH_VERBOSE=1 — the same lines forcetouch-overlay writes with --verbose (SPEC §11),
 * so that one set of checks reads either. Every line starts `forcetouch: `. */
var Log = class Log {
    constructor() {
        this.isVerbose = GLib.getenv('FORCETOUCH_VERBOSE') === '1';
    }

    info(line) {
        log(`forcetouch: ${line}`);
    }

    verbose(line) {
        if (this.isVerbose)
            log(`forcetouch: ${line}`);
    }
};
