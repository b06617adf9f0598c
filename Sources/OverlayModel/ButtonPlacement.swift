/// Where the AssistiveTouch button is drawn, from the daemon's `AssistiveButton` signal (SPEC
/// §6, §11): the circle's square on its output, kept whole on it. The drag and the settle at an
/// edge are the daemon's (`AssistiveButtonDrag`); the overlay only draws where it is told.
public struct ButtonPlacement: Hashable, Sendable {
    /// The smallest square drawn, in pixels: a button of a tiny `size` stays something to see.
    public static let smallest = 8

    /// Whether the button shows: not when the daemon says `hidden`, nor for a size of 0 or NaN.
    public var visible: Bool
    /// Dragged by the finger: drawn opaque rather than translucent.
    public var dragging: Bool
    /// The circle's square, in the output's pixels from its top left corner.
    public var square: PixelRect

    /// The button centred at `x`, `y` (0…1 across the output), its side `size` times the
    /// output's shorter side, in `state` (`idle`, `dragging` or `hidden`), on an output of
    /// `output` pixels.
    public init(x: Double, y: Double, size: Double, state: String, output: (width: Int, height: Int)) {
        visible = state != "hidden" && size > 0
        dragging = state == "dragging"
        let w = Double(output.width), h = Double(output.height)
        let side = visible ? max(MenuLayout.round(size * min(w, h)), Self.smallest) : Self.smallest
        // Whole on the output: a centre at the very edge puts the square against it.
        let left = MenuLayout.round(x * w - Double(side) / 2), top = MenuLayout.round(y * h - Double(side) / 2)
        square = PixelRect(x: min(max(left, 0), max(0, output.width - side)),
                           y: min(max(top, 0), max(0, output.height - side)), width: side, height: side)
    }
}
