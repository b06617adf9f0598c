/* The tests' hands and eyes inside a headless GNOME Shell (Tests/Documented/gnome-shell-on-host.sh).
 * Headless mutter reads no input devices and refuses outside callers its screenshot interface:
 * this companion, enabled only by the test, takes screenshots from inside the shell and makes
 * touches, clicks and keys with Clutter's virtual devices, which reach actors as a user's do. */
const { Gio, GLib, Clutter, Shell } = imports.gi;
const Main = imports.ui.main;

const IFACE = `
<node>
  <interface name="io.github.forcetouch.ShellTest">
    <method name="Ready"><arg type="b" direction="out" name="ready"/></method>
    <method name="Screenshot">
      <arg type="s" direction="in" name="path"/><arg type="b" direction="out" name="ok"/>
    </method>
    <method name="Touch">
      <arg type="s" direction="in" name="phase"/><arg type="u" direction="in" name="slot"/>
      <arg type="d" direction="in" name="x"/><arg type="d" direction="in" name="y"/>
    </method>
    <method name="Tap"><arg type="d" direction="in" name="x"/><arg type="d" direction="in" name="y"/></method>
    <method name="Click"><arg type="d" direction="in" name="x"/><arg type="d" direction="in" name="y"/></method>
    <method name="Key"><arg type="u" direction="in" name="keyval"/></method>
    <method name="StageSize"><arg type="i" direction="out" name="width"/><arg type="i" direction="out" name="height"/></method>
    <method name="Overview"><arg type="b" direction="in" name="shown"/></method>
  </interface>
</node>`;

/* Replies after the stage's next paint, so that a screenshot taken next sees what was asked. */
function afterPaint(invocation, value = null) {
    const id = global.stage.connect('after-paint', () => {
        global.stage.disconnect(id);
        invocation.return_value(value);
    });
    global.stage.queue_redraw();
}

class ShellTest {
    constructor() {
        this._devices = {};
    }

    enable() {
        this._exported = Gio.DBusExportedObject.wrapJSObject(IFACE, this);
        this._exported.export(Gio.DBus.session, '/io/github/forcetouch/ShellTest');
        this._ownId = Gio.bus_own_name(Gio.BusType.SESSION, 'io.github.forcetouch.ShellTest',
            Gio.BusNameOwnerFlags.NONE, null, null, null);
    }

    disable() {
        Gio.bus_unown_name(this._ownId);
        this._exported.unexport();
    }

    _device(type) {
        if (!this._devices[type])
            this._devices[type] = Clutter.get_default_backend().get_default_seat().create_virtual_device(type);
        return this._devices[type];
    }

    /* True once start-up is over and the overview hidden: the desktop is what is on screen. */
    Ready() {
        if (Main.layoutManager._startingUp)
            return false;
        if (Main.overview.visible && !Main.overview.animationInProgress)
            Main.overview.hide();
        return !Main.overview.visible && !Main.overview.animationInProgress;
    }

    ScreenshotAsync([path], invocation) {
        const id = global.stage.connect('after-paint', () => {
            global.stage.disconnect(id);
            try {
                const stream = Gio.File.new_for_path(path).replace(null, false, Gio.FileCreateFlags.NONE, null);
                new Shell.Screenshot().screenshot(false, stream, (shooter, res) => {
                    let ok = false;
                    try {
                        [ok] = shooter.screenshot_finish(res);
                    } catch (e) {
                        logError(e, 'forcetouch-test: screenshot');
                    }
                    stream.close(null);
                    invocation.return_value(new GLib.Variant('(b)', [ok]));
                });
            } catch (e) {
                invocation.return_gerror(e);
            }
        });
        global.stage.queue_redraw();
    }

    TouchAsync([phase, slot, x, y], invocation) {
        const device = this._device(Clutter.InputDeviceType.TOUCHSCREEN_DEVICE);
        const time = GLib.get_monotonic_time();
        if (phase === 'begin')
            device.notify_touch_down(time, slot, x, y);
        else if (phase === 'update')
            device.notify_touch_motion(time, slot, x, y);
        else
            device.notify_touch_up(time, slot);
        afterPaint(invocation);
    }

    TapAsync([x, y], invocation) {
        const device = this._device(Clutter.InputDeviceType.TOUCHSCREEN_DEVICE);
        const time = GLib.get_monotonic_time();
        device.notify_touch_down(time, 0, x, y);
        device.notify_touch_up(time + 50000, 0);
        afterPaint(invocation);
    }

    ClickAsync([x, y], invocation) {
        const device = this._device(Clutter.InputDeviceType.POINTER_DEVICE);
        const time = GLib.get_monotonic_time();
        device.notify_absolute_motion(time, x, y);
        device.notify_button(time + 1000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
        device.notify_button(time + 2000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.RELEASED);
        afterPaint(invocation);
    }

    KeyAsync([keyval], invocation) {
        const device = this._device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
        const time = GLib.get_monotonic_time();
        device.notify_keyval(time, keyval, Clutter.KeyState.PRESSED);
        device.notify_keyval(time + 1000, keyval, Clutter.KeyState.RELEASED);
        afterPaint(invocation);
    }

    StageSize() {
        return [global.stage.width, global.stage.height];
    }

    OverviewAsync([shown], invocation) {
        const done = () => afterPaint(invocation);
        if (shown === Main.overview.visible && !Main.overview.animationInProgress) {
            done();
            return;
        }
        const id = Main.overview.connect(shown ? 'shown' : 'hidden', () => {
            Main.overview.disconnect(id);
            done();
        });
        if (shown)
            Main.overview.show();
        else
            Main.overview.hide();
    }
}

function init() {
    return new ShellTest();
}
