/// The highlight over the text a deep press found (docs/SPEC.md §11, "Force Click on text"):
/// as macOS marks the looked-up word, the word (or the email address, phone number, date or
/// web address found) is tinted in the application while its menu shows. The daemon says where
/// the find is in the text the overlay sent (`MenuShown`'s `text-start` and `text-end`); the
/// overlay asks the object it read for that range's extents, in the coordinates it read it in, and
/// draws this; the GNOME Shell extension draws the same (menuModel.js's port, held to this by the vectors).
public struct TextHighlight: Hashable, Sendable {
    /// Where the tint is drawn, in the overlay window's logical pixels.
    public var rect: PixelRect

    /// Room around the glyphs' box, so that the tint does not cut a descender or an accent.
    public static let padding = 2
    /// The rounded corners' radius.
    public static let cornerRadius = 4.0
    /// The tint: a marker's yellow, translucent so the word stays legible under it.
    public static let red = 1.0, green = 0.84, blue = 0.0, alpha = 0.45
    /// Where the overlay's window cannot blend (X11 without a compositing manager) the word is
    /// ringed with an outline this wide instead of tinted, so that it stays legible.
    public static let ringWidth = 3.0
    /// The longest run highlighted: the text sent is at most a few hundred characters.
    public static let maximumLength = 1000

    /// The characters to ask the application for, counted as its Text interface counts: the
    /// target's range (`text-start`, `text-end`, decimal, within the `sentLength` characters
    /// sent) moved to where the text sent began (`readFrom`). Nil when the target has no range
    /// or one that is not inside what was sent.
    public static func characters(start: String, end: String, readFrom: Int, sentLength: Int) -> Range<Int>? {
        guard let s = Int(start), let e = Int(end), s >= 0, e > s, e <= sentLength, e - s <= maximumLength,
              readFrom >= 0 else { return nil }
        return (readFrom + s)..<(readFrom + e)
    }

    /// The tint over the range's extents as the application answered them, `x`, `y`, `width` ×
    /// `height` in the coordinates it was asked in, whose origin is at `originX`, `originY` on the
    /// screen: (0, 0) for screen coordinates (X11); under Wayland, where an application knows only
    /// its own window, its window's content corner in the compositor's layout (sway's tree says
    /// where, as it said for the lookup; the GNOME Shell knows its windows). Drawn in a window
    /// whose top-left is at `windowX`, `windowY` on the screen and which is `windowWidth` x
    /// `windowHeight`: padded, and nil when the application gave no box or the box is outside it.
    public init?(x: Int, y: Int, width: Int, height: Int, originX: Int = 0, originY: Int = 0,
                 windowX: Int, windowY: Int, windowWidth: Int, windowHeight: Int) {
        guard width > 0, height > 0 else { return nil }
        let p = Self.padding
        let rect = PixelRect(x: originX + x - windowX - p, y: originY + y - windowY - p,
                             width: width + 2 * p, height: height + 2 * p)
        guard rect.x < windowWidth, rect.y < windowHeight, rect.x + rect.width > 0, rect.y + rect.height > 0 else { return nil }
        self.rect = rect
    }
}
