/* The one rounding of every model port (menuModel.js, intentModel.js, buttonModel.js): the Swift
 * model's MenuLayout.round, C's lround, halves away from zero, so that a port's rectangles are
 * the pixels forcetouch-overlay draws. (Math.round sends -2.5 to -2.) Tests/GnomeShell/model-vectors.js
 * fails on a *Model.js that rounds in another way. */

/* `v` to the nearest whole number, halves away from zero. */
var roundHalfAway = function roundHalfAway(v) {
    const a = Math.abs(v);
    const whole = Math.floor(a);
    const r = a - whole >= 0.5 ? whole + 1 : whole;
    return v < 0 ? -r : r;
};
