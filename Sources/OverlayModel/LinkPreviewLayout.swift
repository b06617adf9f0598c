/// Where a link's preview and its actions are drawn (iOS 13's context menu): the preview card
/// (the page's title and address, and the page's rendering where there is one) above, the
/// actions' card below it, the two one block that opens from the finger as the menu does and
/// grows from the corner at the finger. Unlike the menu, the block can be taller than the room
/// on either side of the finger: it is then moved so that, full size, it is whole on the output
/// (`MenuLayout.edge` inside it), and grows from its corner nearest the finger. A word's Look Up
/// card (`LookUpCard`) is placed the same: its definition where a link's page would be.
public struct LinkPreviewLayout: Hashable, Sendable {
    /// The preview's and the actions' width at pop, as the menu's.
    public static let width = MenuLayout.width
    /// The preview's header: the title's line and the address's.
    public static let headerHeight = 56.0
    /// The page's rendering under the header, 3:2.
    public static let pageHeight = 200.0
    /// Between the preview and the actions.
    public static let spacing = 10.0

    /// The whole block: preview, spacing and actions.
    public var bounds: PixelRect
    /// The preview card.
    public var preview: PixelRect
    /// The page's rendering in it, if the preview has one.
    public var page: PixelRect?
    /// A word's definition in it, under the header, for a Look Up card; and its height at pop.
    public var definition: PixelRect?
    public var definitionHeight: Double
    /// The actions' card and its rows, as a menu's.
    public var actions: MenuLayout
    /// The scale everything is drawn at (1 at pop).
    public var scale: Double

    /// What a point of the window is on.
    public enum Part: Hashable, Sendable {
        case preview
        case row(Int)
    }

    /// The block's height at pop for `items` action rows, with a definition `definition` high.
    public static func height(items: Int, page: Bool, definition: Double = 0) -> Double {
        headerHeight + (page ? pageHeight : 0) + definition + spacing + Double(max(items, 1)) * MenuLayout.rowHeight
    }

    /// The preview of a link whose menu has `items` actions (`page`: with a rendering; a word's
    /// card: `definition` high under its header) grown to `scale`, beside `finger` in a window of
    /// `surface` pixels; `placed` as `MenuLayout`'s.
    public init(items: Int, page: Bool, definition: Double = 0, finger: (x: Double, y: Double),
                surface: (width: Double, height: Double), scale: Double, placed: Bool = false) {
        let body = page ? 0 : max(definition, 0)
        let w = Self.width, h = Self.height(items: items, page: page, definition: body)
        var s = scale, x0: Double, y0: Double
        if placed {
            s = 1
            x0 = 0
            y0 = 0
        } else {
            let way = OpeningDirection(finger: finger, size: (w, h), surface: surface)
            // Full size first, kept on the output; then grown from its corner at the finger.
            var fx = way.left ? finger.x - MenuLayout.gap - w : finger.x + MenuLayout.gap
            var fy = way.up ? finger.y - MenuLayout.gap - h : finger.y + MenuLayout.gap
            fx = Self.kept(fx, size: w, within: surface.width)
            fy = Self.kept(fy, size: h, within: surface.height)
            x0 = way.left ? fx + w * (1 - s) : fx
            y0 = way.up ? fy + h * (1 - s) : fy
        }
        self.scale = s
        let previewHeight = Self.headerHeight + (page ? Self.pageHeight : 0) + body
        bounds = PixelRect(x: MenuLayout.round(x0), y: MenuLayout.round(y0), width: MenuLayout.round(w * s),
                           height: MenuLayout.round(h * s))
        preview = PixelRect(x: bounds.x, y: bounds.y, width: bounds.width, height: MenuLayout.round(previewHeight * s))
        self.page = page
            ? PixelRect(x: bounds.x, y: MenuLayout.round(y0 + Self.headerHeight * s), width: bounds.width,
                        height: MenuLayout.round(Self.pageHeight * s))
            : nil
        definitionHeight = body
        self.definition = body > 0
            ? PixelRect(x: bounds.x, y: MenuLayout.round(y0 + Self.headerHeight * s), width: bounds.width,
                        height: MenuLayout.round(body * s))
            : nil
        let actionsY = y0 + (previewHeight + Self.spacing) * s
        var rows: [PixelRect] = []
        rows.reserveCapacity(items)
        for i in 0..<items {
            rows.append(PixelRect(x: bounds.x, y: MenuLayout.round(actionsY + Double(i) * MenuLayout.rowHeight * s),
                                  width: bounds.width, height: MenuLayout.round(MenuLayout.rowHeight * s)))
        }
        let card = PixelRect(x: bounds.x, y: MenuLayout.round(actionsY), width: bounds.width,
                             height: MenuLayout.round(Double(max(items, 1)) * MenuLayout.rowHeight * s))
        actions = MenuLayout(card: card, rows: rows, scale: s)
    }

    /// What a point of the window is on, if anything.
    public func part(at x: Double, _ y: Double) -> Part? {
        if let row = actions.row(at: x, y) { return .row(row) }
        return preview.contains(x: x, y: y) ? .preview : nil
    }

    /// `origin` moved, if it must be, so that `size` from it is inside `0…extent` less the edge;
    /// a block bigger than the output keeps its start on it.
    static func kept(_ origin: Double, size: Double, within extent: Double) -> Double {
        max(MenuLayout.edge, min(origin, extent - MenuLayout.edge - size))
    }
}
