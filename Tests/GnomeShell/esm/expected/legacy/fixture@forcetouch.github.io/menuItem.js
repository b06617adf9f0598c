/* exported MenuItem */
// A shell class subclassed at the top level: what the gjs load test's stand-ins must allow.
import GObject from 'gi://GObject';
import * as PopupMenu from 'resource:///org/gnome/shell/ui/popupMenu.js';

export var MenuItem = GObject.registerClass(
class MenuItem extends PopupMenu.PopupBaseMenuItem {
    _init(title) {
        super._init({ reactive: true });
        this._title = title;
    }
});
