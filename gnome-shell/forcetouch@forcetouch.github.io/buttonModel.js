/* Where the AssistiveTouch button is drawn: a port of Sources/OverlayModel's ButtonPlacement
 * (docs/SPEC.md §6, §11), checked against the vectors the Swift model writes
 * (Tests/GnomeShell/vectors/button.json). No toolkit: assistiveButton.js draws what it says. */

const Me = imports.misc.extensionUtils.getCurrentExtension();
const { roundHalfAway } = Me.imports.rounding;

/* The button's square on its output, from the daemon's `AssistiveButton` signal, kept whole on
 * it. The drag and the settle at an edge are the daemon's: the extension only draws where it
 * is told. */
var ButtonPlacement = class ButtonPlacement {
    /* The button centred at `x`, `y` (0…1 across the output), its side `size` times the output's
     * shorter side, in `state` (`idle`, `dragging` or `hidden`), on an output of `output`
     * ({ width, height }) pixels. */
    constructor(x, y, size, state, output) {
        /* Whether it shows: not when the daemon says `hidden`, nor for a size of 0 or NaN. */
        this.visible = state !== 'hidden' && size > 0;
        /* Dragged by the finger: drawn opaque rather than translucent. */
        this.dragging = state === 'dragging';
        const w = output.width, h = output.height;
        const side = this.visible
            ? Math.max(roundHalfAway(size * Math.min(w, h)), ButtonPlacement.smallest) : ButtonPlacement.smallest;
        const left = roundHalfAway(x * w - side / 2), top = roundHalfAway(y * h - side / 2);
        /* The circle's square, { x, y, width, height } in the output's pixels from its top left. */
        this.square = {
            x: Math.min(Math.max(left, 0), Math.max(0, w - side)),
            y: Math.min(Math.max(top, 0), Math.max(0, h - side)),
            width: side,
            height: side,
        };
    }
};

/* The smallest square drawn, in pixels: a button of a tiny `size` stays something to see. */
ButtonPlacement.smallest = 8;
