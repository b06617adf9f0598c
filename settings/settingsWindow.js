/* forcetouch Settings' window: the daemon's settings as rows, each change a call to the daemon
 * (which edits the file in place and reloads), the answer shown again; a refusal is a toast with
 * the daemon's file:line message. AdwPreferencesWindow lays it out down to phone width. */
import Adw from 'gi://Adw';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

import { AssistiveTouchGroup } from './assistiveTouchGroup.js';
import { BindingsGroup } from './bindingsGroup.js';
import { DaemonSettings, daemonMessage } from './daemonSettings.js';
import { DevicesGroup } from './devicesGroup.js';
import { ForceTestArea } from './forceTestArea.js';
import { _, format } from './i18n.js';
import { QuickActionsGroup } from './quickActionsGroup.js';
import { ToggleGroup } from './toggleGroup.js';
import { UnderFingerGroup } from './underFingerGroup.js';

/* A switch at the end of a row, named for AT-SPI by the row's title (the row labels its
 * activatable widget). */
function switchRow(group, title, subtitle, onSet) {
    const toggle = new Gtk.Switch({ valign: Gtk.Align.CENTER });
    const row = new Adw.ActionRow({ title, subtitle, activatable_widget: toggle });
    row.add_suffix(toggle);
    group.add(row);
    let updating = false;
    toggle.connect('notify::active', () => {
        if (!updating)
            onSet(toggle.active);
    });
    return active => {
        updating = true;
        toggle.active = active;
        updating = false;
    };
}

export class SettingsWindow {
    constructor(application) {
        this.window = new Adw.PreferencesWindow({
            application,
            title: _('forcetouch Settings'),
            default_width: 640,
            default_height: 760,
            search_enabled: false,
        });
        this._daemon = new DaemonSettings({
            onChanged: settings => this._show(settings),
            onReloaded: (loaded, message) => this._reloaded(loaded, message),
            onPaused: paused => this._showRunning(!paused),
            onOwner: present => this._owner(present),
            onPressForce: press => {
                this._forceArea.show(press);
                this._hapticArea.show(press);
            },
        });
        this._build();
        const undo = new Gtk.ShortcutController();
        undo.add_shortcut(new Gtk.Shortcut({
            trigger: Gtk.ShortcutTrigger.parse_string('<Control>z'),
            action: Gtk.CallbackAction.new(() => {
                this._undo();
                return true;
            }),
        }));
        this.window.add_controller(undo);
    }

    _build() {
        const page = new Adw.PreferencesPage({ title: _('Settings'), icon_name: 'input-touchpad-symbolic' });
        this.window.add(page);

        const general = new Adw.PreferencesGroup({ title: _('forcetouch') });
        page.add(general);
        this._undoButton = new Gtk.Button({ label: _('Undo'), valign: Gtk.Align.CENTER, sensitive: false });
        this._undoButton.connect('clicked', () => this._undo());
        general.set_header_suffix(this._undoButton);
        this._showRunning = switchRow(general, _('Force Touch'),
            _('When off, gestures are still recognized, but nothing bound to them runs'),
            on => this._daemon.setPaused(!on).catch(e => {
                this._toast(daemonMessage(e), true);
                this._daemon.readPaused();
            }));
        this._fileRow = new Adw.ActionRow({ title: _('Configuration file') });
        general.add(this._fileRow);

        this._devices = new DevicesGroup(page, (text, lasting) => this._toast(text, lasting));

        const sensitivity = new Adw.PreferencesGroup({
            title: _('3D Touch Sensitivity'),
            description: _('How firmly to press for peek and pop'),
        });
        page.add(sensitivity);
        this._sensitivity = new ToggleGroup(sensitivity, [
            { value: 'light', label: _('Light') },
            { value: 'medium', label: _('Medium') },
            { value: 'firm', label: _('Firm') },
        ], (value, label) => this._set('sensitivity', JSON.stringify(value), format(_('3D Touch sensitivity: %s'), label)));
        this._forceArea = new ForceTestArea(sensitivity, 'force');

        const hapticTouch = new Adw.PreferencesGroup({
            title: _('Haptic Touch'),
            description: _('A long press that acts as a deep press; automatic: on devices without force'),
        });
        page.add(hapticTouch);
        this._hapticTouch = new ToggleGroup(hapticTouch, [
            { value: 'auto', label: _('Automatic') },
            { value: 'on', label: _('On') },
            { value: 'off', label: _('Off') },
        ], (value, label) => this._set('haptic-touch', JSON.stringify(value), format(_('Haptic Touch: %s'), label)));
        const touchTime = new Adw.PreferencesGroup({
            title: _('Touch Duration'),
            description: _('How long to hold for Haptic Touch'),
        });
        page.add(touchTime);
        this._touchTime = new ToggleGroup(touchTime, [
            { value: 'fast', label: _('Fast') },
            { value: 'slow', label: _('Slow') },
        ], (value, label) => this._set('haptic-touch-time', JSON.stringify(value), format(_('Touch duration: %s'), label)),
        // Seconds written in the file: a duration of its own, shown as it is.
        seconds => format(_('Custom: %s s'), Number(seconds).toFixed(2)));
        this._hapticArea = new ForceTestArea(touchTime, 'haptic-touch');

        const feedback = new Adw.PreferencesGroup({ title: _('Feedback') });
        page.add(feedback);
        this._showHaptics = switchRow(feedback, _('Haptics'), _('A tick at peek and pop where the device can'),
            on => this._set('haptics', JSON.stringify(on ? 'auto' : 'off'), on ? _('Haptics on') : _('Haptics off')));

        this._underFinger = new UnderFingerGroup(page, (list, title, on) => this._set('under-finger', JSON.stringify(list),
            format(on ? _('Looked up under the finger: %s') : _('No longer looked up under the finger: %s'), title)));

        this._quickActions = new QuickActionsGroup(page, this._daemon,
            (promise, done, after) => this._change(promise, done, after));

        this._bindings = new BindingsGroup(page, this._daemon,
            (promise, done, after) => this._change(promise, done, after));
        this._assistiveTouch = new AssistiveTouchGroup(page, this._daemon,
            (promise, done, after) => this._change(promise, done, after));
    }

    /* The daemon gone is said until it comes back (a restart, a replaying daemon taking the name). */
    _owner(present) {
        this._devices.read();
        if (present) {
            this._absent?.dismiss();
            this._absent = null;
            this._daemon.readPaused();
            this._change(this._daemon.get());
        } else {
            this._absent = this._toast(_('forcetouchd is not running on this session: nothing can be changed until it is'), true);
        }
    }

    _show(settings) {
        this._fileRow.subtitle = GLib.markup_escape_text(settings.file, -1);
        this._sensitivity.show(settings.sensitivity);
        this._hapticTouch.show(settings.hapticTouch);
        this._touchTime.show(settings.hapticTouchTime);
        this._showHaptics(settings.haptics !== 'off');
        this._underFinger.show(settings.underFingerKinds ?? [], settings.underFinger);
        this._quickActions.show(settings.quickActions);
        this._bindings.show(settings.bindings, settings.gestureKinds ?? [], settings.bindingKeys ?? []);
        this._assistiveTouch.show(settings.assistiveTouch ?? [], settings.assistiveTouchButton,
            settings.assistiveTouchNumbers ?? []);
        this._undoButton.sensitive = settings.canUndo;
    }

    /* A reload that failed shows its message until one succeeds (the file mended). */
    _reloaded(loaded, message) {
        if (loaded) {
            this._refusal?.dismiss();
            this._change(this._daemon.get());
        } else {
            this._toast(message, true);
        }
    }

    _set(key, value, done) {
        this._change(this._daemon.set(key, value), done);
    }

    _undo() {
        this._change(this._daemon.undo(), _('Change undone'));
    }

    /* A call's outcome: a refusal shows the daemon's message and the settings are read again
     * (the row the user touched goes back to what the file says). */
    _change(promise, done, after) {
        promise.then(() => {
            after?.();
            if (done)
                this._toast(done, false, true);
        }).catch(e => {
            this._toast(daemonMessage(e), true);
            this._daemon.get().catch(() => {});
        });
    }

    /* A refusal (lasting) shows at once and stays until dismissed or mended; a change's toast
     * offers its undo. */
    _toast(text, lasting = false, undoable = false) {
        const toast = new Adw.Toast({
            title: GLib.markup_escape_text(text, -1),
            timeout: lasting ? 0 : 4,
            priority: lasting ? Adw.ToastPriority.HIGH : Adw.ToastPriority.NORMAL,
        });
        // One at a time: toasts left queued would speak of changes long past.
        this._shown?.dismiss();
        this._shown = toast;
        if (lasting)
            this._refusal = toast;
        if (undoable) {
            toast.button_label = _('Undo');
            toast.connect('button-clicked', () => this._undo());
        }
        this.window.add_toast(toast);
        return toast;
    }
}
