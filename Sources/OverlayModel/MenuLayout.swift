/// Where the menu and its rows are drawn in the overlay's window: beside the finger, opening
/// to the right and down unless that would leave the output, then to the left and/or up (as
/// iOS opens a quick-action menu near edges). The corner at the finger stays put while the
/// menu grows away from it. A menu for an app (an app's icon, or a window) is headed by the
/// app's icon and name, as iOS heads an app's quick actions: a row above the items that is not
/// an item, so a tap or a slide on it chooses nothing.
public struct MenuLayout: Hashable, Sendable {
    /// The menu's width at pop, in logical pixels (the output's scale factor multiplies them).
    public static let width = 300.0
    /// One row's height at pop.
    public static let rowHeight = 64.0
    /// The heading's height at pop: the app's icon and name above the rows.
    public static let headingHeight = 48.0
    /// From the finger to the menu's nearest corner.
    public static let gap = 14.0
    /// How close to the output's edge the menu may come before it opens the other way.
    public static let edge = 8.0

    /// The menu's card.
    public var card: PixelRect
    /// The heading at the card's top, above the rows, for a menu with one; not a row.
    public var heading: PixelRect?
    /// One rectangle per item, top to bottom.
    public var rows: [PixelRect]
    /// The scale the card is drawn at (1 at pop).
    public var scale: Double

    /// The menu of `items` rows (an empty one still draws one row's card: a preview) grown to
    /// `scale`, beside `finger` in a window of `surface` (width, height) pixels. `placed`: the
    /// window is the menu itself, placed by a compositor that knows nothing of the finger (GNOME),
    /// so it is drawn full size at the window's origin. `heading`: the app's icon and name head
    /// the rows (`headingHeight` more), and the whole card opens from the finger as one.
    public init(items: Int, finger: (x: Double, y: Double), surface: (width: Double, height: Double),
                scale: Double, placed: Bool = false, heading: Bool = false) {
        let top = heading ? Self.headingHeight : 0
        let w = Self.width, h = top + Double(max(items, 1)) * Self.rowHeight
        var s = scale, x0: Double, y0: Double
        if placed {
            s = 1
            x0 = 0
            y0 = 0
        } else {
            let way = OpeningDirection(finger: finger, size: (w, h), surface: surface)
            let cx = way.left ? finger.x - Self.gap : finger.x + Self.gap
            let cy = way.up ? finger.y - Self.gap : finger.y + Self.gap
            x0 = way.left ? cx - w * s : cx
            y0 = way.up ? cy - h * s : cy
        }
        self.scale = s
        card = PixelRect(x: Self.round(x0), y: Self.round(y0), width: Self.round(w * s), height: Self.round(h * s))
        self.heading = heading ? PixelRect(x: card.x, y: card.y, width: card.width, height: Self.round(top * s)) : nil
        var rows: [PixelRect] = []
        rows.reserveCapacity(items)
        for i in 0..<items {
            rows.append(PixelRect(x: card.x, y: Self.round(y0 + (top + Double(i) * Self.rowHeight) * s), width: card.width,
                                  height: Self.round(Self.rowHeight * s)))
        }
        self.rows = rows
    }

    /// A layout computed elsewhere: the actions under a link's preview (`LinkPreviewLayout`).
    init(card: PixelRect, rows: [PixelRect], scale: Double) {
        self.card = card
        heading = nil
        self.rows = rows
        self.scale = scale
    }

    /// The row at a point of the window, if any (the heading is none).
    public func row(at x: Double, _ y: Double) -> Int? {
        rows.firstIndex { $0.contains(x: x, y: y) }
    }

    /// Whether a point of the window is on the heading.
    public func isOnHeading(_ x: Double, _ y: Double) -> Bool {
        heading?.contains(x: x, y: y) ?? false
    }

    /// C's lround: halves away from zero, so the rectangles are those the screenshots were taken of.
    static func round(_ v: Double) -> Int { Int(v.rounded(.toNearestOrAwayFromZero)) }
}
