/* The AssistiveTouch button in GNOME Shell (docs/SPEC.md §6, §11), drawn with St where
 * forcetouch-overlay draws it with GTK. */
const { St, Clutter } = imports.gi;
const Main = imports.ui.main;

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { ButtonPlacement } = Me.imports.buttonModel;

/* Idle the button is translucent (as the overlay draws it at 0.55), dragged opaque. */
const IDLE_OPACITY = 140;

/* The round button floating on the touchscreen's output where the daemon's `AssistiveButton`
 * signal puts it (buttonModel.js, a port of ButtonPlacement): a dark disc with a light ring
 * around a light dot, as iOS draws it. It only shows: the daemon sees the touches on it, runs the
 * slots, moves it and keeps its place, so the button takes no input at all (not reactive, out of
 * the input region): a tap or click passes through to what is under it. Hidden when the daemon
 * says `hidden` and when it leaves the bus (it shows it again when it comes back). */
var AssistiveButton = class AssistiveButton {
    constructor({ log, outputs }) {
        this._log = log;
        this._outputs = outputs;
        this._shown = false;
        this._disc = new St.Widget({
            name: 'forcetouch-assistive-button',
            layout_manager: new Clutter.BinLayout(),
            reactive: false,
            visible: false,
        });
        this._ring = new St.Widget({ x_align: Clutter.ActorAlign.CENTER, y_align: Clutter.ActorAlign.CENTER });
        this._dot = new St.Widget({ x_align: Clutter.ActorAlign.CENTER, y_align: Clutter.ActorAlign.CENTER });
        this._disc.add_child(this._ring);
        this._disc.add_child(this._dot);
    }

    /* AssistiveButton(d x, d y, d size, s output, s state): the centre 0..1 across the output,
     * the side a fraction of its shorter side, `idle`, `dragging` or `hidden`. */
    onAssistiveButton(params) {
        const x = params.get_child_value(0).get_double();
        const y = params.get_child_value(1).get_double();
        const size = params.get_child_value(2).get_double();
        const output = params.get_child_value(3).get_string()[0];
        const state = params.get_child_value(4).get_string()[0];
        const { monitor } = this._outputs.locate(x, y, 'touch', output);
        const b = new ButtonPlacement(x, y, size, state, monitor);
        if (!b.visible) {
            this._hide('');
            return;
        }
        const d = b.square.width, left = monitor.x + b.square.x, top = monitor.y + b.square.y;
        // The ring's circle is 0.62 of the radius, the dot's 0.36, as the overlay draws them.
        const ring = Math.round(d * 0.62), dot = Math.round(d * 0.36), line = Math.max(2, Math.round(d * 0.05));
        this._disc.style = `background-color: #1f1f1f; border-radius: ${d / 2}px;`;
        this._ring.set_size(ring + line, ring + line);
        this._ring.style = `border: ${line}px solid #bfbfbf; border-radius: ${(ring + line) / 2}px;`;
        this._dot.set_size(dot, dot);
        this._dot.style = `background-color: #f5f5f5; border-radius: ${dot / 2}px;`;
        // In the shell's scene (top chrome, out of the input region) only while it shows.
        if (!this._disc.get_parent())
            Main.layoutManager.addTopChrome(this._disc, { affectsInputRegion: false });
        this._disc.set_position(left, top);
        this._disc.set_size(d, d);
        this._disc.opacity = b.dragging ? 255 : IDLE_OPACITY;
        this._disc.show();
        Main.layoutManager.uiGroup.set_child_above_sibling(this._disc, null);
        // What tests check a screenshot against: the circle's square on the stage.
        const where = `button ${left} ${top} ${d} ${state}`;
        if (this._shown)
            this._log.verbose(where);
        else
            this._log.info(where);
        this._shown = true;
    }

    _hide(why) {
        if (!this._disc.get_parent())
            return;
        this._disc.hide();
        Main.layoutManager.removeChrome(this._disc);
        this._log.info(`button hidden${why ? `: ${why}` : ''}`);
    }

    onDaemonGone() {
        this._hide('forcetouchd left the bus');
    }

    destroy() {
        if (this._disc.get_parent())
            Main.layoutManager.removeChrome(this._disc);
        this._disc.destroy();
        this._disc = null;
    }
};
