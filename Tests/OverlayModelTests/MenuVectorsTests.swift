import FoundationEssentials
import OverlayModel
import Testing

/// The menu's model as golden vectors for its JavaScript port in the GNOME Shell extension
/// (gnome-shell/…/menuModel.js): layouts, growths and sequences of events with what the model
/// answers after each, written to Tests/GnomeShell/vectors/menu.json, which
/// Tests/GnomeShell/model-vectors.js runs the port over (ProgramTests' GnomeModelVectorTests runs
/// it with gjs). The file is golden: a change of the model that changes it fails here until
/// `FORCETOUCH_REGENERATE=1 swift test --skip-build --filter MenuVectorsTests` rewrites it, and
/// then the port fails until it follows.
@Suite struct MenuVectorsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OverlayModelTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
    static let path = "Tests/GnomeShell/vectors/menu.json"
    static var regenerate: Bool { ProcessInfo.processInfo.environment["FORCETOUCH_REGENERATE"] == "1" }

    // MARK: What the file holds

    struct Vectors: Encodable {
        var about = """
            Made by Tests/OverlayModelTests/MenuVectorsTests.swift from Sources/OverlayModel; do not edit: \
            FORCETOUCH_REGENERATE=1 swift test --skip-build --filter MenuVectorsTests rewrites it. \
            Rectangles are [x, y, width, height]; a missing choose, dismiss, highlight or row is none.
            """
        var contents: [ContentCase]
        var layouts: [LayoutCase]
        var linkLayouts: [LinkLayoutCase]
        var growths: [GrowthCase]
        var sequences: [Sequence]
        var highlightRanges: [HighlightRangeCase]
        var highlights: [HighlightCase]
        var highlightTint = HighlightTint()
    }

    /// `TextHighlight.characters(start:end:readFrom:sentLength:)`: the range asked of the text
    /// object for MenuShown's `text-start`, `text-end`, as [from, to], or none.
    struct HighlightRangeCase: Encodable {
        var start: String
        var end: String
        var readFrom: Int
        var sentLength: Int
        var characters: [Int]?
    }

    /// `TextHighlight(x:y:width:height:originX:originY:windowX:…)`: the application's extents in
    /// coordinates whose origin is `origin`, on a window at `window` ([x, y, width, height]).
    struct HighlightCase: Encodable {
        var extents: [Int]
        var origin: [Int]
        var window: [Int]
        var rect: [Int]?
    }

    /// How the highlight is drawn where the window blends (the shell always does).
    struct HighlightTint: Encodable {
        var red = TextHighlight.red, green = TextHighlight.green, blue = TextHighlight.blue
        var alpha = TextHighlight.alpha, cornerRadius = TextHighlight.cornerRadius
    }

    /// `MenuContent(target:items:)`: a MenuShown's dictionaries as the bus carried them (each a
    /// list of [key, value] string pairs, in order) and what the menu draws of them.
    struct ContentCase: Encodable {
        var target: [[String]]
        var items: [[[String]]]
        var kind: String
        var name: String
        var rows: [Row]
        var heading: Heading?
        var link: Link?
        var lookUp: LookUp?
        /// The row pop chooses: a link's Open, a word's Look Up in its dictionary application.
        var popRow: Int?

        struct Row: Encodable {
            var type: String
            var title: String
            var subtitle: String?
            var icon: String
            var iconFile: String
        }

        struct Heading: Encodable {
            var title: String
            var icon: String
            var iconFile: String
        }

        struct Link: Encodable {
            var address: String
            var name: String
            var openRow: Int?
        }

        /// A word's card: its senses as [text, lines].
        struct LookUp: Encodable {
            var word: String
            var source: String
            var senses: [Sense]
            var bodyHeight: Double

            struct Sense: Encodable {
                var text: String
                var lines: Int
            }
        }

        init(target: [(String, String)], items: [[(String, String)]]) {
            let c = MenuContent(target: BusStrings(target.map { (key: $0.0, value: $0.1) }),
                                items: items.map { BusStrings($0.map { (key: $0.0, value: $0.1) }) })
            self.target = target.map { [$0.0, $0.1] }
            self.items = items.map { $0.map { [$0.0, $0.1] } }
            kind = c.kind
            name = c.name
            rows = c.rows.map { Row(type: $0.type, title: $0.title, subtitle: $0.subtitle, icon: $0.icon, iconFile: $0.iconFile) }
            heading = c.heading.map { Heading(title: $0.title, icon: $0.icon, iconFile: $0.iconFile) }
            link = c.link.map { Link(address: $0.address, name: $0.name, openRow: $0.openRow) }
            lookUp = c.lookUp.map { card in
                LookUp(word: card.word, source: card.source,
                       senses: card.senses.map { LookUp.Sense(text: $0.text, lines: $0.lines) }, bodyHeight: card.bodyHeight)
            }
            popRow = c.popRow
        }
    }

    /// `LinkPreviewLayout(items:page:finger:surface:scale:placed:)` and `part(at:)` at a few points.
    struct LinkLayoutCase: Encodable {
        var items: Int
        var page: Bool
        /// A word's card: its definition's height (only when it has one).
        var definition: Double?
        var finger: [Double]
        var surface: [Double]
        var scale: Double
        var placed: Bool
        var link: LinkFrame
        var partAt: [PartAt]
    }

    /// A link's preview as drawn: the block, the preview card, the page's place in it, the actions.
    struct LinkFrame: Encodable {
        var bounds: [Int]
        var preview: [Int]
        var page: [Int]?
        var definition: [Int]?
        var actions: [Int]
        var rows: [[Int]]
        var scale: Double

        init(_ l: LinkPreviewLayout) {
            bounds = l.bounds.vector
            preview = l.preview.vector
            page = l.page?.vector
            definition = l.definition?.vector
            actions = l.actions.card.vector
            rows = l.actions.rows.map(\.vector)
            scale = l.scale
        }
    }

    /// What a point is on: a row, the preview (`preview` true), or nothing (neither).
    struct PartAt: Encodable {
        var x: Double
        var y: Double
        var row: Int?
        var preview: Bool?
    }

    /// `MenuLayout(items:finger:surface:scale:placed:heading:)` and `row(at:)` at a few points;
    /// `heading` (and its rectangle `headingRect`) only for a menu headed by its app.
    struct LayoutCase: Encodable {
        var items: Int
        var finger: [Double]
        var surface: [Double]
        var scale: Double
        var placed: Bool
        var heading: Bool?
        var card: [Int]
        var headingRect: [Int]?
        var rows: [[Int]]
        var drawnScale: Double
        var rowAt: [RowAt]
    }

    struct RowAt: Encodable {
        var x: Double
        var y: Double
        var row: Int?
        /// On the heading (`isOnHeading`), only when it is.
        var onHeading: Bool?
    }

    /// `MenuGrowth(stage:transition:commit:)`, the stage as the bus says it.
    struct GrowthCase: Encodable {
        var stage: String
        var transition: Double
        var commit: Double
        var scale: Double
        var dimming: Double
    }

    /// A named run of steps on one `MenuInteraction`.
    struct Sequence: Encodable {
        var name: String
        var steps: [Step]
    }

    /// One event handled, or one frame drawn, and what the model said.
    struct Step: Encodable {
        var input: Input
        /// After an event: its effects, the state and the transitions it made.
        var effects: Effects?
        var state: String
        var visible: Bool
        var menuID: UInt32
        var highlight: Int?
        var transitions: [String]
        /// After a frame: the frame.
        var frame: Frame?
    }

    /// An event as the glue gets it (PressProgress's arguments as the bus carries them), or a frame.
    struct Input: Encodable {
        var kind: String
        var phase: String?
        var stage: String?
        var transition: Double?
        var commit: Double?
        var x: Double?
        var y: Double?
        var placement: String?
        /// PressProgress's `preview`: the press is known to open something (only when false).
        var preview: Bool?
        var id: UInt32?
        var items: Int?
        /// MenuShown's target is an app: its heading (only when it is).
        var heading: Bool?
        /// MenuShown's target is a link: its `LinkTarget` (only when it is).
        var link: LinkInput?
        var surface: [Double]?
        var pointer: [Double]?
        var placed: Bool?
    }

    /// A `LinkTarget`: the row that opens the link (none: no Open item) and whether the page is rendered.
    struct LinkInput: Encodable {
        var openRow: Int?
        var page: Bool
    }

    struct Effects: Encodable {
        var choose: Int?
        var dismiss: UInt32?
        var beganPress: Bool
        var redraw: Bool
    }

    struct Frame: Encodable {
        var visible: Bool
        var menuID: UInt32
        var scale: Double
        var dimming: Double
        var card: [Int]
        var heading: [Int]?
        var rows: [[Int]]
        var layoutScale: Double
        var highlight: Int?
        var atPointer: Bool
        /// A link's preview, for a menu shown for a link.
        var link: LinkFrame?
    }

    static func rect(_ r: PixelRect) -> [Int] { [r.x, r.y, r.width, r.height] }

    // MARK: Making them

    /// Drives one machine and records each step.
    struct Recorder {
        var menu = MenuInteraction()
        var steps: [Step] = []
        var surface = (width: 1024.0, height: 768.0)

        mutating func record(_ input: Input, effects: Effects?, frame: Frame?) {
            steps.append(Step(input: input, effects: effects, state: menu.state.name, visible: menu.isVisible,
                              menuID: menu.menuID, highlight: menu.highlight,
                              transitions: menu.takeTransitions().map(\.description), frame: frame))
        }

        mutating func event(_ input: Input, _ event: MenuEvent) {
            let e = menu.handle(event)
            record(input, effects: Effects(choose: e.choose, dismiss: e.dismiss, beganPress: e.beganPress,
                                           redraw: e.redraw), frame: nil)
        }

        /// A frame, as the glue draws one after each event that asks for it.
        mutating func frame(pointer: (x: Double, y: Double)? = nil, placed: Bool = false) {
            let f = menu.frame(surface: surface, pointer: pointer, placed: placed)
            let input = Input(kind: "frame", surface: [surface.width, surface.height],
                              pointer: pointer.map { [$0.x, $0.y] }, placed: placed)
            record(input, effects: nil, frame: Frame(
                visible: f.visible, menuID: f.menuID, scale: f.growth.scale, dimming: f.growth.dimming,
                card: rect(f.layout.card), heading: f.layout.heading.map(rect), rows: f.layout.rows.map(rect),
                layoutScale: f.layout.scale,
                highlight: f.highlight, atPointer: f.atPointer, link: f.link.map(LinkFrame.init)))
        }

        mutating func progress(_ phase: String, _ stage: String, _ t: Double, _ c: Double, _ x: Double = 0.3,
                               _ y: Double = 0.4, placement: String = "touch", preview: Bool = true, draw: Bool = true) {
            event(Input(kind: "progress", phase: phase, stage: stage, transition: t, commit: c, x: x, y: y,
                        placement: placement, preview: preview ? nil : false),
                  .progress(phase: phase, stage: stage, transition: t, commit: c, x: x, y: y, placement: placement,
                            preview: preview))
            if draw { frame() }
        }

        mutating func shown(_ id: UInt32, items: Int = 3, _ x: Double = 0.3, _ y: Double = 0.4,
                            placement: String = "touch", heading: Bool = false, link: LinkTarget? = nil,
                            draw: Bool = true) {
            event(Input(kind: "shown", x: x, y: y, placement: placement, id: id, items: items,
                        heading: heading ? true : nil, link: link.map { LinkInput(openRow: $0.openRow, page: $0.page) }),
                  .shown(id: id, items: items, x: x, y: y, atPointer: placement == "pointer", link: link,
                         heading: heading))
            if draw { frame() }
        }

        mutating func dismissed(_ id: UInt32) {
            event(Input(kind: "dismissed", id: id), .dismissed(id: id))
            frame()
        }

        mutating func released(_ x: Double, _ y: Double) {
            event(Input(kind: "released", x: x, y: y), .released(x: x, y: y))
            frame()
        }

        mutating func escape() {
            event(Input(kind: "escape"), .escape)
            frame()
        }

        mutating func daemonGone() {
            event(Input(kind: "daemonGone"), .daemonGone)
            frame()
        }

        /// The centre of the drawn row, as a fraction of the surface: a finger sliding there.
        func centre(of row: Int) -> (x: Double, y: Double) {
            let r = menu.drawn!.rows[row]
            return ((Double(r.x) + Double(r.width) / 2) / surface.width,
                    (Double(r.y) + Double(r.height) / 2) / surface.height)
        }

        /// The centre of the drawn heading, as a fraction of the surface and in its pixels.
        func headingCentre() -> (x: Double, y: Double, px: Double, py: Double) {
            let r = menu.drawn!.heading!
            let px = Double(r.x) + Double(r.width) / 2, py = Double(r.y) + Double(r.height) / 2
            return (px / surface.width, py / surface.height, px, py)
        }

        /// The centre of the drawn link preview's card, in surface pixels: a tap there.
        func previewCentre() -> (x: Double, y: Double) {
            let r = menu.drawnLink!.preview
            return (Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2)
        }

        /// The centre of the drawn row in surface pixels: a tap there.
        func pixelCentre(of row: Int) -> (x: Double, y: Double) {
            let r = menu.drawn!.rows[row]
            return (Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2)
        }
    }

    static func sequence(_ name: String, _ body: (inout Recorder) -> Void) -> Sequence {
        var r = Recorder()
        r.frame()
        body(&r)
        return Sequence(name: name, steps: r.steps)
    }

    static func sequences() -> [Sequence] {
        [
            sequence("a press grows a card, then the menu peeks and pops") { r in
                r.progress("began", "", 0.2, 0)
                r.progress("changed", "", 0.6, 0)
                r.shown(7)
                r.progress("changed", "peek", 1, 0)
                r.progress("changed", "peek", 1, 0.5)
                r.progress("changed", "pop", 1, 1)
            },
            sequence("a press not known to open anything draws nothing, before peek or after") { r in
                r.progress("began", "", 0.3, 0, preview: false)
                r.progress("changed", "", 0.8, 0, preview: false)
                r.progress("changed", "peek", 1, 0, preview: false)
                r.progress("changed", "peek", 1, 0.5, preview: false)
                r.progress("cancelled", "", 0, 0)
            },
            sequence("a press whose menu becomes known grows its card from then, and its menu slides") { r in
                r.progress("began", "", 0.3, 0, preview: false)
                r.progress("changed", "", 0.6, 0, preview: false)
                r.progress("changed", "", 0.7, 0)
                r.progress("changed", "peek", 1, 0)
                r.shown(30)
                r.progress("changed", "peek", 1, 0.5, preview: false)
                r.progress("ended", "peek", 1, 0.5, preview: false)
            },
            sequence("a menu that comes for a press drawn as nothing shows, and the finger slides on it") { r in
                r.progress("began", "", 0.3, 0, preview: false)
                r.progress("changed", "peek", 1, 0, preview: false)
                r.shown(31)
                r.progress("changed", "pop", 1, 1, preview: false)
                r.progress("ended", "pop", 1, 1, 0.9, 0.9, preview: false)
            },
            sequence("a tap shows nothing until the press is on its way") { r in
                r.progress("began", "", 0.05, 0)
                r.progress("changed", "", 0.06, 0)
                r.progress("ended", "", 0.06, 0)
            },
            sequence("lifted off the menu it stays open until the daemon dismisses it") { r in
                r.progress("began", "", 0.3, 0)
                r.shown(7)
                r.progress("changed", "pop", 1, 1)
                r.progress("ended", "pop", 1, 1, 0.9, 0.9)
                r.dismissed(6)
                r.dismissed(7)
            },
            sequence("slide to select: after pop the row under the finger is highlighted, lifting chooses it") { r in
                r.progress("began", "", 0.3, 0)
                r.shown(12)
                r.progress("changed", "pop", 1, 1)
                let (x, y) = r.centre(of: 2)
                r.progress("changed", "pop", 1, 1, x, y)
                r.progress("changed", "", 0.4, 0.1, x, y)
                let (x1, y1) = r.centre(of: 1)
                r.progress("changed", "pop", 1, 1, x1, y1)
                r.progress("ended", "pop", 1, 1, x, y)
                r.progress("began", "", 0.1, 0, x, y)
                r.progress("ended", "", 0.1, 0, x, y)
            },
            sequence("before pop a slide highlights nothing and lifting leaves the menu open") { r in
                r.progress("began", "", 0.3, 0)
                r.shown(5)
                r.progress("changed", "peek", 1, 0.4)
                let (x, y) = r.centre(of: 0)
                r.progress("changed", "peek", 1, 0.6, x, y)
                r.progress("cancelled", "peek", 1, 0.6, x, y)
                let (px, py) = r.pixelCentre(of: 1)
                r.released(px, py)
            },
            sequence("an open menu: a tap outside or Escape dismisses it, a tap on a row chooses it") { r in
                r.shown(9)
                r.released(1000, 20)
                r.shown(10)
                r.escape()
                r.escape()
                r.released(500, 500)
                r.shown(11, items: 4, 0.1, 0.1)
                let (px, py) = r.pixelCentre(of: 3)
                r.released(px, py)
            },
            sequence("near the bottom-right corner it opens above and to the left") { r in
                r.progress("began", "", 0.5, 0, 0.95, 0.95)
                r.shown(8, 0.95, 0.95)
                r.progress("changed", "peek", 1, 0.3, 0.95, 0.95)
                r.progress("changed", "pop", 1, 1, 0.95, 0.95)
                r.dismissed(8)
                r.shown(13, items: 2, 0.99, 0.02)
                r.shown(14, items: 1, 0.01, 0.99)
            },
            sequence("a new press reaching a stage elsewhere dismisses an open menu, a touch does not") { r in
                r.shown(14)
                r.progress("began", "", 0.3, 0, 0.8, 0.2)
                r.progress("changed", "", 0.7, 0, 0.8, 0.2)
                r.progress("changed", "peek", 1, 0, 0.8, 0.2)
                r.progress("changed", "bogus", 0.9, 0, 0.8, 0.2)
                r.progress("ended", "peek", 1, 0, 0.8, 0.2)
            },
            sequence("a touchpad's menu opens at the pointer, else in the middle") { r in
                r.progress("began", "", 0.5, 0, 0.9, 0.9, placement: "pointer")
                r.frame(pointer: (500, 300))
                r.shown(16, 0.9, 0.9, placement: "pointer")
                r.frame(pointer: (500, 300))
                r.progress("changed", "pop", 1, 1, 0.1, 0.1, placement: "pointer")
                r.progress("ended", "pop", 1, 1, 0.1, 0.1, placement: "pointer")
                r.dismissed(16)
            },
            sequence("a placed surface draws the whole menu at its origin") { r in
                r.shown(13, draw: false)
                r.frame(placed: true)
                r.dismissed(13)
            },
            sequence("a menu shown with no press, a second replacing it") { r in
                r.shown(20, items: 0)
                r.shown(21, items: 4, 0.5, 0.5)
                r.progress("began", "", 0.3, 0, 0.5, 0.5)
                r.progress("changed", "", 0.9, 0, 0.5, 0.5)
                r.dismissed(21)
            },
            sequence("an app's menu is headed by its name: the heading is no row, a tap on it does nothing") { r in
                r.progress("began", "", 0.3, 0)
                r.shown(40, items: 2, heading: true)
                r.progress("changed", "peek", 1, 0.5)
                r.progress("changed", "pop", 1, 1)
                let h = r.headingCentre()
                r.progress("changed", "pop", 1, 1, h.x, h.y)
                let (x, y) = r.centre(of: 1)
                r.progress("changed", "pop", 1, 1, x, y)
                r.progress("ended", "pop", 1, 1, h.x, h.y)
                r.released(h.px, h.py)
                let (px, py) = r.pixelCentre(of: 0)
                r.released(px, py)
                r.shown(41, items: 3, 0.97, 0.97, heading: true)
                r.released(r.headingCentre().px, r.headingCentre().py)
                r.escape()
                r.shown(42, items: 1, 0.5, 0.5, heading: true, draw: false)
                r.frame(placed: true)
                r.dismissed(42)
            },
            sequence("the daemon gone takes what it showed, and tells it nothing") { r in
                r.progress("began", "", 0.6, 0)
                r.daemonGone()
                r.progress("began", "", 0.6, 0)
                r.shown(50)
                r.progress("changed", "pop", 1, 1)
                r.daemonGone()
                r.shown(51)
                r.daemonGone()
                r.daemonGone()
            },
            sequence("a link's preview: at peek a slide highlights an action, lifting on it chooses it") { r in
                r.progress("began", "", 0.3, 0)
                r.shown(60, items: 2, link: LinkTarget(openRow: 0, page: true))
                r.progress("changed", "peek", 1, 0)
                let (x, y) = r.centre(of: 1)
                r.progress("changed", "peek", 1, 0.4, x, y)
                r.progress("ended", "peek", 1, 0.4, x, y)
            },
            sequence("a link's preview popped opens it; the finger still down shows nothing until it lifts") { r in
                r.progress("began", "", 0.3, 0)
                r.shown(61, items: 2, link: LinkTarget(openRow: 0, page: true))
                r.progress("changed", "peek", 1, 0.5)
                r.progress("changed", "pop", 1, 1)
                r.progress("changed", "pop", 1, 1, 0.5, 0.5)
                r.progress("ended", "pop", 1, 1, 0.5, 0.5)
                r.progress("began", "", 0.3, 0)
            },
            sequence("a link's menu that comes after pop opens it at once") { r in
                r.progress("began", "", 0.3, 0)
                r.progress("changed", "pop", 1, 1)
                r.shown(62, items: 2, link: LinkTarget(openRow: 1, page: false))
                r.progress("ended", "pop", 1, 1)
            },
            sequence("a link lifted elsewhere stays open: a tap on the preview opens it, on a row chooses, outside dismisses") { r in
                r.progress("began", "", 0.3, 0)
                r.shown(63, items: 2, link: LinkTarget(openRow: 0, page: true))
                r.progress("changed", "peek", 1, 0.2)
                r.progress("ended", "peek", 1, 0.2, 0.9, 0.1)
                let p = r.previewCentre()
                r.released(p.x, p.y)
                r.shown(64, items: 2, link: LinkTarget(openRow: 0, page: false))
                let (px, py) = r.pixelCentre(of: 1)
                r.released(px, py)
                r.shown(65, items: 2, 0.9, 0.9, link: LinkTarget(openRow: 0, page: true))
                r.released(5, 5)
                r.shown(66, items: 2, 0.5, 0.5, link: LinkTarget(openRow: nil, page: true))
                let q = r.previewCentre()
                r.released(q.x, q.y)
                r.escape()
            },
            sequence("a link's menu with no Open item pops to nothing: it stays under the finger") { r in
                r.progress("began", "", 0.3, 0)
                r.shown(67, items: 1, link: LinkTarget(openRow: nil, page: false))
                r.progress("changed", "pop", 1, 1)
                r.progress("ended", "pop", 1, 1, 0.95, 0.95)
                r.daemonGone()
            },
            sequence("a link's preview near the bottom-right corner, taller than the room, is kept on the output") { r in
                r.progress("began", "", 0.4, 0, 0.95, 0.6)
                r.shown(68, items: 2, 0.95, 0.6, link: LinkTarget(openRow: 0, page: true))
                r.progress("changed", "peek", 1, 0.5, 0.95, 0.6)
                r.surface = (800, 400)
                r.progress("changed", "peek", 1, 0.75, 0.95, 0.6)
                r.dismissed(68)
                r.shown(69, items: 2, placement: "pointer", link: LinkTarget(openRow: 0, page: true), draw: false)
                r.frame(pointer: (100, 100))
                r.frame(placed: true)
                r.dismissed(69)
            },
            sequence("on another surface") { r in
                r.surface = (1920, 1080)
                r.progress("began", "", 0.25, 0, 0.5, 0.5)
                r.shown(30, items: 4, 0.5, 0.5)
                r.progress("changed", "peek", 1, 0.25, 0.5, 0.5)
                r.surface = (800, 600)
                r.progress("changed", "peek", 1, 0.75, 0.5, 0.5)
                r.progress("changed", "pop", 1, 1, 0.5, 0.5)
            },
        ]
    }

    static func layouts() -> [LayoutCase] {
        var cases: [LayoutCase] = []
        let fingers: [(Double, Double)] = [(307, 307), (0, 0), (1000, 100), (100, 700), (972.8, 729.6), (511.5, 383.5),
                                           (702, 566), (703, 567), (1023, 767)]
        for surface in [(1024.0, 768.0), (1920.0, 1080.0)] {
            for finger in fingers {
                for items in [0, 1, 3, 4] {
                    for scale in [0.35, 0.59, 1.0] {
                        for placed in scale == 1 ? [false, true] : [false] {
                            let l = MenuLayout(items: items, finger: finger, surface: surface, scale: scale, placed: placed)
                            var probes: [RowAt] = []
                            for r in l.rows where scale != 0.35 {
                                for (x, y) in [(Double(r.x), Double(r.y)), (Double(r.x + r.width) - 0.5, Double(r.y + r.height) - 0.5),
                                               (Double(r.x + r.width), Double(r.y)), (Double(r.x), Double(r.y + r.height))] {
                                    probes.append(RowAt(x: x, y: y, row: l.row(at: x, y)))
                                }
                            }
                            probes.append(RowAt(x: finger.0, y: finger.1, row: l.row(at: finger.0, finger.1)))
                            cases.append(LayoutCase(items: items, finger: [finger.0, finger.1], surface: [surface.0, surface.1],
                                                    scale: scale, placed: placed, card: rect(l.card), rows: l.rows.map(rect),
                                                    drawnScale: l.scale, rowAt: probes))
                        }
                    }
                }
            }
        }
        // Headed by the app: the heading on top, the rows under it, opening every way.
        for finger in fingers {
            for items in [1, 4] {
                for scale in [0.59, 1.0] {
                    for placed in scale == 1 ? [false, true] : [false] {
                        let surface = (1024.0, 768.0)
                        let l = MenuLayout(items: items, finger: finger, surface: surface, scale: scale, placed: placed,
                                           heading: true)
                        let h = l.heading!
                        var points = [(Double(h.x), Double(h.y)), (Double(h.x + h.width) - 0.5, Double(h.y + h.height) - 0.5),
                                      (Double(h.x), Double(h.y + h.height)), finger]
                        for r in l.rows { points.append((Double(r.x) + 1, Double(r.y) + 1)) }
                        let probes = points.map { p in
                            RowAt(x: p.0, y: p.1, row: l.row(at: p.0, p.1), onHeading: l.isOnHeading(p.0, p.1) ? true : nil)
                        }
                        cases.append(LayoutCase(items: items, finger: [finger.0, finger.1], surface: [surface.0, surface.1],
                                                scale: scale, placed: placed, heading: true, card: rect(l.card),
                                                headingRect: rect(h), rows: l.rows.map(rect), drawnScale: l.scale,
                                                rowAt: probes))
                    }
                }
            }
        }
        return cases
    }

    static func contents() -> [ContentCase] {
        let open = [("type", "link.open"), ("title", "Open"), ("icon", "web-browser")]
        let copy = [("type", "link.copy"), ("title", "Copy Link"), ("icon", "edit-copy")]
        let run = [("type", "run"), ("title", "Run"), ("subtitle", "Tool"), ("icon-file", "/opt/tool/run.png")]
        let other = [("type", "new"), ("title", "New"), ("subtitle", "A new one"), ("kind", "static")]
        let link = [("kind", "link"), ("name", "Example"), ("address", "https://example.org/")]
        let lookUp = [("type", "text.look-up"), ("title", "Look Up “Force”"), ("subtitle", "n 1: a powerful effect")]
        let copyText = [("type", "text.copy"), ("title", "Copy"), ("subtitle", "Force"), ("icon", "edit-copy")]
        let lookUpInApp = [("type", "text.look-up-app"), ("title", "Look Up in Dictionary"), ("icon", "accessories-dictionary")]
        return [
            ContentCase(target: link, items: [open, copy]),
            ContentCase(target: link, items: [copy, open]),
            ContentCase(target: link, items: [open, copy, open]),
            ContentCase(target: link, items: [copy]),
            ContentCase(target: [("kind", "link"), ("name", "Example"), ("address", "")], items: [open, copy]),
            ContentCase(target: [("kind", "link"), ("address", "file:///tmp/page.html")], items: [open]),
            ContentCase(target: [("kind", "app-icon"), ("name", "Tool"), ("icon", "tool")], items: [run, other]),
            ContentCase(target: [("kind", "window"), ("name", "Tool"), ("icon", "/opt/tool/tool.png")], items: [run]),
            ContentCase(target: [("kind", "app-icon"), ("name", "Tool")], items: []),
            ContentCase(target: [("kind", "app-icon"), ("icon", "tool")], items: [run]),
            ContentCase(target: [("kind", "nothing"), ("name", "Tool"), ("why", "the desktop")], items: [run, other]),
            ContentCase(target: [], items: [other, [("title", "No type")], []]),
            ContentCase(target: [("kind", "app-icon"), ("kind", "link"), ("name", "Tool"), ("name", "Other")],
                        items: [[("title", "First"), ("title", "Second"), ("subtitle", "Tool")]]),
            // A word's Look Up card: WordNet's answer (CRLF lines, its headword first), none and
            // why, a text without numbered senses, a long one, and a word without a name.
            ContentCase(target: [("kind", "word"), ("name", "Force"), ("definition", Self.wordNetForce),
                                 ("dictionary", "WordNet (r) 3.0 (2006), dictd 1.13")], items: [lookUp, copyText]),
            // Pop on a word chooses its (last) Look Up in Dictionary row.
            ContentCase(target: [("kind", "word"), ("name", "Force"), ("definition", "1: one")],
                        items: [lookUp, lookUpInApp, copyText, lookUpInApp]),
            ContentCase(target: [("kind", "word"), ("name", "naïve"),
                                 ("dictionary", "no dictionary server on 127.0.0.1:2628: install dictd and dict-wn")],
                        items: [lookUp]),
            ContentCase(target: [("kind", "word"), ("name", "x"), ("definition", "x\n\u{3000}a\u{85}b\u{2028}c  d\u{A0}é\r2:"),
                                 ("dictionary", "d")], items: []),
            ContentCase(target: [("kind", "word"), ("name", "long"),
                                 ("definition", "1: " + String(repeating: "word ", count: 300) + "2: x 3: y n 4: z 5: w 6: v")],
                        items: [copyText]),
            ContentCase(target: [("kind", "word"), ("definition", "1: one")], items: [lookUp]),
        ]
    }

    /// WordNet's answer for "force" as dictd sends it, CRLF lines (its first senses).
    static let wordNetForce = """
        force\r
            n 1: a powerful effect or influence; "the force of his eloquence\r
                 easily persuaded them"\r
            2: (physics) the influence that produces a change in a physical\r
               quantity; "force equals mass times acceleration"\r
            v 1: to cause to do through pressure or necessity\r
        """

    static func linkLayouts() -> [LinkLayoutCase] {
        var cases: [LinkLayoutCase] = []
        let fingers: [(Double, Double)] = [(307, 307), (0, 0), (1000, 100), (100, 700), (972.8, 729.6), (511.5, 383.5),
                                           (702, 566), (1023, 767)]
        for surface in [(1024.0, 768.0), (800.0, 400.0)] {
            for finger in fingers {
                for items in [0, 2] {
                    for (page, definition) in [(false, 0.0), (true, 0.0), (false, 101.0)] {
                        for scale in [0.35, 0.59, 1.0] {
                            for placed in scale == 1 ? [false, true] : [false] {
                                let l = LinkPreviewLayout(items: items, page: page, definition: definition, finger: finger,
                                                          surface: surface, scale: scale, placed: placed)
                                var points = [(Double(l.preview.x), Double(l.preview.y)), finger,
                                              (Double(l.preview.x + l.preview.width) - 0.5, Double(l.preview.y + l.preview.height) - 0.5),
                                              (Double(l.preview.x), Double(l.preview.y + l.preview.height) + 1)]
                                for r in l.actions.rows {
                                    points += [(Double(r.x), Double(r.y)), (Double(r.x + r.width), Double(r.y))]
                                }
                                let probes = points.map { p -> PartAt in
                                    switch l.part(at: p.0, p.1) {
                                    case .row(let row)?: PartAt(x: p.0, y: p.1, row: row)
                                    case .preview?: PartAt(x: p.0, y: p.1, preview: true)
                                    case nil: PartAt(x: p.0, y: p.1)
                                    }
                                }
                                cases.append(LinkLayoutCase(items: items, page: page,
                                                            definition: definition > 0 ? definition : nil,
                                                            finger: [finger.0, finger.1],
                                                            surface: [surface.0, surface.1], scale: scale, placed: placed,
                                                            link: LinkFrame(l), partAt: probes))
                            }
                        }
                    }
                }
            }
        }
        return cases
    }

    static func highlightRanges() -> [HighlightRangeCase] {
        let cases: [(String, String, Int, Int)] = [
            ("16", "21", 0, 41), ("238", "243", 760, 481), ("", "", 0, 40), ("5", "5", 0, 40), ("9", "4", 0, 40),
            ("30", "41", 0, 40), ("0", "40", 0, 40), ("-1", "3", 0, 40), ("x", "3", 0, 40), ("0", "1001", 0, 1200),
            ("0", "1000", 0, 1200), ("2", "7", -1, 40), (" 2", "7", 0, 40), ("+2", "7", 0, 40),
        ]
        return cases.map { start, end, from, length in
            let r = TextHighlight.characters(start: start, end: end, readFrom: from, sentLength: length)
            return HighlightRangeCase(start: start, end: end, readFrom: from, sentLength: length,
                                      characters: r.map { [$0.lowerBound, $0.upperBound] })
        }
    }

    static func highlights() -> [HighlightCase] {
        let cases: [([Int], [Int], [Int])] = [
            ([400, 300, 41, 17], [0, 0], [100, 50, 1280, 1024]),
            ([52, 30, 41, 17], [160, 90], [0, 0, 1024, 768]),
            ([52, 30, 41, 17], [1184, 90], [1024, 0, 1024, 768]),
            ([52, 30, 41, 17], [1184, 90], [0, 0, 1024, 768]),
            ([400, 300, 0, 17], [0, 0], [0, 0, 1280, 1024]),
            ([400, 300, 41, -1], [0, 0], [0, 0, 1280, 1024]),
            ([-60, 300, 40, 17], [0, 0], [0, 0, 1280, 1024]),
            ([-42, 300, 40, 17], [0, 0], [0, 0, 1280, 1024]),
            ([1281, 0, 40, 17], [0, 0], [0, 0, 1280, 1024]),
            ([1279, 1021, 40, 17], [0, 0], [0, 0, 1280, 1024]),
            ([12, 8, 30, 20], [-40, -30], [-100, -100, 200, 200]),
        ]
        return cases.map { e, o, w in
            let h = TextHighlight(x: e[0], y: e[1], width: e[2], height: e[3], originX: o[0], originY: o[1],
                                  windowX: w[0], windowY: w[1], windowWidth: w[2], windowHeight: w[3])
            return HighlightCase(extents: e, origin: o, window: w, rect: h.map { rect($0.rect) })
        }
    }

    static func growths() -> [GrowthCase] {
        var cases: [GrowthCase] = []
        for stage in ["", "peek", "pop", "other"] {
            for t in [0, 0.05, 0.2, 0.5, 0.6, 1] {
                for c in [0, 0.25, 0.5, 1] {
                    let g = MenuGrowth(stage: PressStage(bus: stage), transition: t, commit: c)
                    cases.append(GrowthCase(stage: stage, transition: t, commit: c, scale: g.scale, dimming: g.dimming))
                }
            }
        }
        return cases
    }

    /// The file: JSON with one case or step a line, so that a change of the model shows in the
    /// diff as the lines it changes.
    static func made() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func line(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        func list(_ lines: [String], indent: String) -> String {
            lines.map { indent + $0 }.joined(separator: ",\n")
        }
        let v = Vectors(contents: Self.contents(), layouts: Self.layouts(), linkLayouts: Self.linkLayouts(),
                        growths: Self.growths(), sequences: Self.sequences(), highlightRanges: Self.highlightRanges(),
                        highlights: Self.highlights())
        var sequenceLines: [String] = []
        for s in v.sequences {
            let name = try line(s.name), steps = list(try s.steps.map(line), indent: "    ")
            sequenceLines.append("{\"name\": \(name), \"steps\": [\n\(steps)\n  ]}")
        }
        let about = try line(v.about)
        let layoutLines = list(try v.layouts.map(line), indent: "  "), growthLines = list(try v.growths.map(line), indent: "  ")
        let linkLines = list(try v.linkLayouts.map(line), indent: "  ")
        let contentLines = list(try v.contents.map(line), indent: "  ")
        let rangeLines = list(try v.highlightRanges.map(line), indent: "  ")
        let highlightLines = list(try v.highlights.map(line), indent: "  ")
        return """
            {
            "about": \(about),
            "contents": [
            \(contentLines)
            ],
            "layouts": [
            \(layoutLines)
            ],
            "linkLayouts": [
            \(linkLines)
            ],
            "growths": [
            \(growthLines)
            ],
            "sequences": [
            \(list(sequenceLines, indent: "  "))
            ],
            "highlightRanges": [
            \(rangeLines)
            ],
            "highlights": [
            \(highlightLines)
            ],
            "highlightTint": \(try line(v.highlightTint))
            }

            """
    }

    @Test func theVectorsFileIsTheModels() throws {
        let made = try Self.made()
        let url = Self.root.appendingPathComponent(Self.path)
        if Self.regenerate {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try made.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let same = committed == made
        #expect(same, """
            \(Self.path) is not what the menu's model makes: \
            FORCETOUCH_REGENERATE=1 swift test --skip-build --filter MenuVectorsTests rewrites it (then make \
            gnome-shell/…/menuModel.js follow: Tests/GnomeShell/model-vectors.js)
            """)
    }

    /// The vectors reach what the host suites check on screenshots: the sequences do choose,
    /// dismiss and highlight, and the layouts open every way.
    @Test func theVectorsCoverEveryOutcome() {
        let steps = Self.sequences().flatMap(\.steps)
        #expect(steps.contains { $0.effects?.choose != nil })
        #expect(steps.contains { $0.effects?.dismiss != nil })
        #expect(steps.contains { $0.effects?.beganPress == true })
        #expect(steps.contains { $0.frame?.highlight != nil })
        #expect(Set(steps.map(\.state)).isSuperset(of: ["hidden", "previewing(towards peek)", "sliding(peek)",
                                                        "sliding(pop)", "open", "popped"]))
        // A link's: its preview drawn with and without the page, a pop and a tap on the preview choosing Open.
        let linked = steps.compactMap(\.frame?.link)
        #expect(linked.contains { $0.page != nil } && linked.contains { $0.page == nil })
        #expect(steps.contains { $0.input.link != nil && $0.effects?.choose != nil })
        #expect(steps.contains { $0.state == "popped" && $0.effects?.choose != nil })
        // MenuContent's: a link, its Open row or none, a heading, a subtitle hidden under it, a duplicate key.
        let contents = Self.contents()
        #expect(contents.contains { $0.link?.openRow != nil } && contents.contains { $0.link != nil && $0.link?.openRow == nil })
        #expect(contents.contains { $0.heading != nil } && contents.contains { $0.heading?.iconFile.isEmpty == false })
        #expect(contents.contains { c in c.heading != nil && c.rows.contains { $0.subtitle == nil } })
        #expect(contents.contains { $0.lookUp != nil && $0.popRow != nil } && contents.contains { $0.lookUp != nil && $0.popRow == nil })
        let parts = Self.linkLayouts().flatMap(\.partAt)
        #expect(parts.contains { $0.preview == true } && parts.contains { $0.row != nil }
                && parts.contains { $0.row == nil && $0.preview == nil })
        let layouts = Self.layouts().filter { !$0.placed && $0.scale == 1 && $0.items == 3 }
        let cornerAt = Set(layouts.map { l in
            [l.card[0] > Int(l.finger[0]), l.card[1] > Int(l.finger[1])]
        })
        #expect(cornerAt.count == 4)
        let headed = Self.layouts().filter { $0.heading == true && !$0.placed && $0.scale == 1 }
        #expect(Set(headed.map { [$0.card[0] > Int($0.finger[0]), $0.card[1] > Int($0.finger[1])] }).count == 4)
        #expect(headed.flatMap(\.rowAt).contains { $0.onHeading == true && $0.row == nil })
        #expect(steps.contains { $0.frame?.heading != nil })
        // TextHighlight's: a range and none, a rectangle and none, from screen and window coordinates.
        #expect(Self.highlightRanges().contains { $0.characters != nil } && Self.highlightRanges().contains { $0.characters == nil })
        let placed = Self.highlights()
        #expect(placed.contains { $0.rect != nil && $0.origin != [0, 0] } && placed.contains { $0.rect != nil && $0.origin == [0, 0] })
        #expect(placed.contains { $0.rect == nil })
    }
}
