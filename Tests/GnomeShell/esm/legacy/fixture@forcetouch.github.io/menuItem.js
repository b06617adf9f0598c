/* exported MenuItem */
// A shell class subclassed at the top level: what the gjs load test's stand-ins must allow.
const { GObject } = imports.gi;
const PopupMenu = imports.ui.popupMenu;

var MenuItem = GObject.registerClass(
class MenuItem extends PopupMenu.PopupBaseMenuItem {
    _init(title) {
        super._init({ reactive: true });
        this._title = title;
    }
});
