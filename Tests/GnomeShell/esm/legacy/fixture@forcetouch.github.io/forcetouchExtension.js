/* exported ForcetouchExtension */
// Every form: gi names on one line, ui modules, Me and its siblings, exported vars.
const { GLib, Gio, GObject, St, Clutter, Meta, Shell } = imports.gi;
const Main = imports.ui.main;
const PopupMenu = imports.ui.popupMenu;
const Me = imports.misc.extensionUtils.getCurrentExtension();
const { Log } = Me.imports.log;
const { DAEMON_NAME, SIGNALS } = Me.imports.busProtocol;

// A comment may say imports.gi or Me.imports: comments are left as they are.
var ForcetouchExtension = class ForcetouchExtension {
    constructor() {
        this._log = new Log('fixture');
        this._names = [DAEMON_NAME, ...Object.keys(SIGNALS)];
        this._kinds = [GLib, Gio, GObject, St, Clutter, Meta, Shell].map(m => typeof m);
    }

    enable() {
        this._group = Main.layoutManager.uiGroup;
        this._menuClass = PopupMenu.PopupMenu;
    }

    disable() {
        this._group = null;
    }
};
