/* exported Log, VERBOSE */
import GLib from 'gi://GLib';

export var VERBOSE = GLib.getenv('FORCETOUCH_VERBOSE') === '1';

export var Log = class Log {
    constructor(tag) {
        this.tag = tag;
    }

    info(line) {
        log(`${this.tag}: ${line}`);
    }
};

let notExported = 1;
