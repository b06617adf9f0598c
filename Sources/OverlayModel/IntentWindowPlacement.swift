/// Where the intent window goes on its output (SPEC §11, "The intent window"): beside the
/// gesture, opening as the menu does (`OpeningDirection`), kept `MenuLayout.edge` inside the
/// output; centred when the run has no place (a run from forcectl or the bus).
public struct IntentWindowPlacement: Hashable, Sendable {
    /// The window's top left corner, in the output's pixels.
    public var x: Int
    public var y: Int

    /// A window of `size` pixels on an output of `output` pixels. `located`: the run came from
    /// a gesture at `finger` (0…1 across the output); with the `pointer` placement it opens at
    /// `pointer` (window pixels), or in the output's middle where the pointer is not known.
    public init(size: (width: Int, height: Int), output: (width: Int, height: Int), located: Bool,
                finger: (x: Double, y: Double), placement: String, pointer: (x: Double, y: Double)?) {
        guard located else {
            x = (output.width - size.width) / 2
            y = (output.height - size.height) / 2
            return
        }
        let ow = Double(output.width), oh = Double(output.height)
        let w = Double(size.width), h = Double(size.height)
        let at: (x: Double, y: Double) = placement == "pointer" ? (pointer ?? (ow / 2, oh / 2))
            : (finger.x * ow, finger.y * oh)
        let way = OpeningDirection(finger: at, size: (w, h), surface: (ow, oh))
        let edge = Int(MenuLayout.edge)
        let left = MenuLayout.round(way.left ? at.x - MenuLayout.gap - w : at.x + MenuLayout.gap)
        let top = MenuLayout.round(way.up ? at.y - MenuLayout.gap - h : at.y + MenuLayout.gap)
        x = min(max(left, edge), max(edge, output.width - size.width - edge))
        y = min(max(top, edge), max(edge, output.height - size.height - edge))
    }
}
