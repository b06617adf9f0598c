const { GLib } = imports.gi;
const Me = imports.misc.extensionUtils.getCurrentExtension();
const Util = imports.misc.util;
const { Gone } = Me.imports.missing;

var Helper = class Helper {
    enable() {
        this._bytes = imports.byteArray.fromString('x');
        this._dir = Me.dir;
    }

    disable() {}
};
