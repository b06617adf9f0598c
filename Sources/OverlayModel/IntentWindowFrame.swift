/// The intent window laid out for its state: its size and its buttons' rectangles, from the
/// heights of the texts the glue measures with Pango (the header: the title and the prompt;
/// a response's message and its output).
public struct IntentWindowFrame: Hashable, Sendable {
    /// One button of the window.
    public struct Button: Hashable, Sendable {
        /// Its name in the log and the tests: next, cancel, ok, open, choice-N.
        public var name: String
        public var label: String
        /// Drawn blue: the answer that goes on.
        public var primary: Bool
        /// In the window's logical pixels.
        public var rect: PixelRect
    }

    // The window's sizes in logical pixels. The glue draws the texts at the same padding.
    public static let width = 340, pad = 18, buttonHeight = 40, rowHeight = 44, entryHeight = 36
    /// The most buttons a window has: the choices beyond it are not shown.
    public static let maxButtons = 12

    public var width = IntentWindowFrame.width
    public var height = 0
    public var buttons: [Button] = []

    public init() {}

    /// The frame for `state` below a header `header` pixels high; `message` and `middle` are a
    /// response's message's and output's heights (0 for none).
    public init(state: IntentWindowInteraction.State, header: Int, message: Int = 0, middle: Int = 0) {
        let pad = Self.pad, inner = Self.width - 2 * pad, half = (inner - 10) / 2
        var y = header
        func add(_ name: String, _ label: String, _ x: Int, _ width: Int, _ h: Int, primary: Bool = false) {
            buttons.append(Button(name: name, label: label, primary: primary,
                                  rect: PixelRect(x: x, y: y, width: width, height: h)))
        }
        switch state {
        case .hidden: return
        case .asking(.confirm):
            add("cancel", "Cancel", pad, half, Self.buttonHeight)
            add("next", "Next", pad + half + 10, half, Self.buttonHeight, primary: true)
            y += Self.buttonHeight + pad
        case .asking(.choose(let choices)):
            // One row is kept for Cancel.
            for (i, choice) in choices.prefix(Self.maxButtons - 1).enumerated() {
                add("choice-\(i)", choice, pad, inner, Self.rowHeight - 6)
                y += Self.rowHeight
            }
            y += 4
            add("cancel", "Cancel", pad, inner, Self.buttonHeight)
            y += Self.buttonHeight + pad
        case .asking(.value):
            y += Self.entryHeight + 12  // the text field, a widget the glue places below the header
            add("cancel", "Cancel", pad, half, Self.buttonHeight)
            add("ok", "OK", pad + half + 10, half, Self.buttonHeight, primary: true)
            y += Self.buttonHeight + pad
        case .showingResponse(let code, _):
            let look = IntentResponseLook(code: code)
            if look.showsMessage && message > 0 { y += message + 8 }
            if middle > 0 { y += middle + 12 }
            if look.offersOpen {
                add("open", "Open", pad, inner, Self.buttonHeight, primary: true)
                y += Self.buttonHeight + 8
            }
            y += pad - 6
        }
        height = y
    }

    /// The button under x, y of the window.
    public func button(at x: Double, _ y: Double) -> Button? {
        buttons.first { $0.rect.contains(x: x, y: y) }
    }
}
