import ForceTouchEngine

/// What a `click` action does: a pointer button pressed and released at the position of
/// the gesture, once or twice. `click = "right"` is the touchscreen's long-press right
/// click; `double-left` opens what a double click opens.
public struct PointerClick: Hashable, Sendable, CustomStringConvertible {
    /// A pointer button, by the name users know it.
    public enum Button: String, CaseIterable, Hashable, Sendable {
        case left, right, middle

        /// The kernel's EV_KEY code for it.
        public var code: UInt16 {
            switch self {
            case .left: BTN.LEFT
            case .right: BTN.RIGHT
            case .middle: BTN.MIDDLE
            }
        }
    }

    public var button: Button
    /// 1 for a click, 2 for a double click.
    public var count: Int

    public init(button: Button, count: Int = 1) {
        self.button = button
        self.count = count
    }

    /// Reads `left`, `right`, `middle`, or one of them after `double-`.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        let double = lower.hasPrefix("double-")
        guard let button = Button(rawValue: double ? String(lower.dropFirst("double-".count)) : lower) else {
            return nil
        }
        self.init(button: button, count: double ? 2 : 1)
    }

    /// Every name `click` accepts, for messages.
    public static var names: [String] {
        Button.allCases.map(\.rawValue) + Button.allCases.map { "double-" + $0.rawValue }
    }

    public var description: String { (count == 2 ? "double-" : "") + button.rawValue }
}
