/// `{"event":"assistive-button",…}`: where the AssistiveTouch button is (SPEC §6, §11), for
/// `forcetouch-overlay` to draw it. The bus's `AssistiveButton` signal carries the same
/// values. Sent when an overlay comes onto the bus, when the configuration changes, and as
/// the button is dragged and dropped.
public struct AssistiveButtonMessage: Codable, Hashable, Sendable {
    public var event = "assistive-button"
    /// The button's centre, 0...1 across the touchscreen's output.
    public var x: JSONNumber
    public var y: JSONNumber
    /// The side of its square, a fraction of each axis; the button is the largest circle in it.
    public var size: JSONNumber
    /// The output the touchscreen drives (its `output`); empty for the only or built-in one.
    public var output: String
    /// `idle` (drawn translucent), `dragging` (opaque, under the finger) or `hidden` (no
    /// button configured).
    public var state: String

    public init(x: Double, y: Double, size: Double, output: String, state: String) {
        self.x = JSONNumber(x)
        self.y = JSONNumber(y)
        self.size = JSONNumber(size)
        self.output = output
        self.state = state
    }
}
