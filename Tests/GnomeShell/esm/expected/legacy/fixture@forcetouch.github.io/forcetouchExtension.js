/* exported ForcetouchExtension */
// Every form: gi names on one line, ui modules, Me and its siblings, exported vars.
import GLib from 'gi://GLib'; import Gio from 'gi://Gio'; import GObject from 'gi://GObject'; import St from 'gi://St'; import Clutter from 'gi://Clutter'; import Meta from 'gi://Meta'; import Shell from 'gi://Shell';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as PopupMenu from 'resource:///org/gnome/shell/ui/popupMenu.js';

import { Log } from './log.js';
import { DAEMON_NAME, SIGNALS } from './busProtocol.js';

// A comment may say imports.gi or Me.imports: comments are left as they are.
export var ForcetouchExtension = class ForcetouchExtension {
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
