/* An app's open windows in its deep-press menu (docs/SPEC.md §11, issue 52): the shell lists the
 * windows it has with what is under the finger (PressTarget's `windows`), and brings the one the
 * daemon names to the front when its item is chosen (the Daemon1 signal ActivateWindow), as a
 * force click on a macOS Dock icon shows the app's windows and switches to one. */
const { Meta, Shell } = imports.gi;
const Main = imports.ui.main;
const Me = imports.misc.extensionUtils.getCurrentExtension();
const { boundedText } = Me.imports.bounded;

/* The most windows listed: the daemon refuses more (PressTargetFacts.maximumWindows). */
var WINDOWS_MAX = 64;

/* The ordinary windows, most recently used first, as [id, app id, title] (`a(uss)`): the id is
 * the window's stable sequence, which ActivateWindow names; the app id is the Desktop Entry's id
 * less `.desktop` where the shell's window tracker knows the window's app, else its WM class (a
 * Wayland app id), as the daemon matches a window to an app; texts bounded (bounded.js). */
var openWindows = function openWindows() {
    const tracker = Shell.WindowTracker.get_default();
    return global.display.get_tab_list(Meta.TabList.NORMAL, null).slice(0, WINDOWS_MAX).map(window => {
        const app = tracker.get_window_app(window);
        const id = app && !app.is_window_backed() ? app.get_id().replace(/\.desktop$/, '') : window.get_wm_class() ?? '';
        return [window.get_stable_sequence(), boundedText(id), boundedText(window.get_title() ?? '')];
    });
};

/* The part that answers ActivateWindow(u window): the window listed with that id activated (its
 * workspace too, the overview left), as the shell's own switcher does; logs `activate-window N
 * "TITLE": focused` (or `not focused`), or `activate-window N: no such window` when it is gone. */
var WindowActivator = class WindowActivator {
    constructor({ log }) {
        this._log = log;
    }

    onActivateWindow(params) {
        const [id] = params.deepUnpack();
        const window = global.display.get_tab_list(Meta.TabList.NORMAL, null)
            .find(w => w.get_stable_sequence() === id);
        if (!window) {
            this._log.info(`activate-window ${id}: no such window`);
            return;
        }
        Main.activateWindow(window);
        this._log.info(`activate-window ${id} "${boundedText(window.get_title() ?? '')}": ` +
            `${window.has_focus() ? 'focused' : 'not focused'}`);
    }

    destroy() {
    }
};
