/* exported Log, VERBOSE */
const { GLib } = imports.gi;

var VERBOSE = GLib.getenv('FORCETOUCH_VERBOSE') === '1';

var Log = class Log {
    constructor(tag) {
        this.tag = tag;
    }

    info(line) {
        log(`${this.tag}: ${line}`);
    }
};

let notExported = 1;
