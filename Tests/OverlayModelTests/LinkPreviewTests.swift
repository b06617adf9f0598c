import OverlayModel
import Testing

/// A link's preview above its actions (iOS 13's context menu): where the two cards go and how
/// they grow, what link-preview-on-host.sh checks on screenshots, and what a press, a slide,
/// pop and a tap do to it, what it checks on the bus.
@Suite struct LinkPreviewTests {
    static let screen = (width: 1024.0, height: 768.0)
    static let link = LinkTarget(openRow: 0, page: true)

    @Test func thePreviewIsAboveItsActionsBesideTheFinger() {
        let l = LinkPreviewLayout(items: 2, page: true, finger: (100, 60), surface: Self.screen, scale: 1)
        #expect(l.bounds == PixelRect(x: 114, y: 74, width: 300, height: 56 + 200 + 10 + 128))
        #expect(l.preview == PixelRect(x: 114, y: 74, width: 300, height: 256))
        #expect(l.page == PixelRect(x: 114, y: 130, width: 300, height: 200))
        #expect(l.actions.card == PixelRect(x: 114, y: 340, width: 300, height: 128))
        #expect(l.actions.rows.map(\.y) == [340, 404])
        #expect(l.part(at: 200, 200) == .preview)
        #expect(l.part(at: 200, 350) == .row(0))
        #expect(l.part(at: 200, 335) == nil)
        #expect(l.part(at: 50, 350) == nil)
    }

    @Test func withoutARenderingThePreviewIsItsHeaderAlone() {
        let l = LinkPreviewLayout(items: 2, page: false, finger: (100, 60), surface: Self.screen, scale: 1)
        #expect(l.page == nil)
        #expect(l.preview.height == 56)
        #expect(l.actions.card.y == 74 + 56 + 10)
    }

    @Test func itGrowsFromItsCornerAtTheFinger() {
        let sizes = [0.75, 1].map { s in
            let l = LinkPreviewLayout(items: 2, page: true, finger: (100, 60), surface: Self.screen, scale: s)
            #expect(l.bounds.x == 114 && l.bounds.y == 74)
            return l.bounds.height
        }
        #expect(sizes == [296, 394])
        // Near the bottom-right corner it opens above and to the left, that corner kept.
        let small = LinkPreviewLayout(items: 2, page: true, finger: (1000, 740), surface: Self.screen, scale: 0.5)
        #expect(small.bounds.x + small.bounds.width == 986 && small.bounds.y + small.bounds.height == 726)
    }

    @Test func aBlockTallerThanTheRoomOnEitherSideIsKeptWholeOnTheOutput() {
        // 394 px high at pop: neither below (300 + 14 + 394 > 440) nor above a finger at 300 of 448.
        let surface = (width: 1024.0, height: 448.0)
        let full = LinkPreviewLayout(items: 2, page: true, finger: (100, 300), surface: surface, scale: 1)
        #expect(full.bounds.y >= 8 && full.bounds.y + full.bounds.height <= 440)
        // Opening up (there is less room below), it is moved down to the output's top edge…
        #expect(full.bounds.y == 8 && full.bounds.y + full.bounds.height == 402)
        // …and grows from the corner nearest the finger of that place: its bottom.
        let half = LinkPreviewLayout(items: 2, page: true, finger: (100, 300), surface: surface, scale: 0.5)
        #expect(half.bounds.y + half.bounds.height == 402)
        // Bigger than the output: its top stays on it.
        let tiny = LinkPreviewLayout(items: 4, page: true, finger: (100, 100), surface: (1024, 300), scale: 1)
        #expect(tiny.bounds.y == 8)
    }

    @Test func aPlacedWindowIsTheWholeBlockAtItsOrigin() {
        let l = LinkPreviewLayout(items: 2, page: false, finger: (500, 500), surface: (300, 194), scale: 0.4,
                                  placed: true)
        #expect(l.bounds == PixelRect(x: 0, y: 0, width: 300, height: 194))
        #expect(l.scale == 1)
    }

    /// The machine, a frame drawn after every event as the overlay draws one.
    struct Driver {
        var menu = MenuInteraction()

        @discardableResult
        mutating func send(_ event: MenuEvent) -> MenuEffects {
            let e = menu.handle(event)
            _ = frame()
            return e
        }

        @discardableResult
        mutating func progress(_ phase: String, _ stage: String, _ t: Double, _ c: Double, _ x: Double = 0.1,
                               _ y: Double = 0.1) -> MenuEffects {
            send(.progress(phase: phase, stage: stage, transition: t, commit: c, x: x, y: y, placement: "touch"))
        }

        mutating func frame() -> MenuFrame { menu.frame(surface: LinkPreviewTests.screen, pointer: nil, placed: false) }

        /// A press at (0.1, 0.1) that peeks at a link with Open and Copy Link, the finger still down.
        mutating func peek(id: UInt32 = 3) {
            progress("began", "", 0.3, 0)
            send(.shown(id: id, items: 2, x: 0.1, y: 0.1, atPointer: false, link: LinkPreviewTests.link))
            progress("changed", "peek", 1, 0)
        }
    }

    /// The centre of what `frame` drew as `rect`, as a fraction of the screen.
    static func centre(_ r: PixelRect) -> (x: Double, y: Double) {
        ((Double(r.x) + Double(r.width) / 2) / screen.width, (Double(r.y) + Double(r.height) / 2) / screen.height)
    }

    @Test func aLinksMenuIsDrawnAsItsPreviewAboveItsActions() {
        var d = Driver()
        d.peek()
        let f = d.frame()
        #expect(f.visible && f.menuID == 3)
        let link = try! #require(f.link)
        #expect(f.layout == link.actions)
        #expect(link.bounds.x == 102 + 14 && link.bounds.y == 77 + 14)
        #expect(abs(link.scale - 0.75) < 1e-9)
        // An ordinary menu has none.
        var m = Driver()
        m.progress("began", "", 0.3, 0)
        m.send(.shown(id: 4, items: 2, x: 0.1, y: 0.1, atPointer: false))
        #expect(m.frame().link == nil)
    }

    @Test func pressingOnToPopOpensTheLinkOnceAndShowsNothingUntilTheFingerLifts() {
        var d = Driver()
        d.peek()
        #expect(d.progress("changed", "peek", 1, 0.6).choose == nil)
        let popped = d.progress("changed", "pop", 1, 1)
        #expect(popped.choose == 0 && popped.redraw)
        #expect(d.menu.state == .popped && !d.frame().visible)
        // The same finger goes on being reported: no second choice, no card.
        #expect(d.progress("changed", "pop", 1, 1) == MenuEffects())
        #expect(!d.frame().visible)
        d.progress("ended", "pop", 1, 1)
        #expect(d.menu.state == .hidden)
        // The next press previews again.
        d.progress("began", "", 0.5, 0)
        #expect(d.frame().visible)
    }

    @Test func liftedAtPeekThePreviewStaysWithItsActionsForATap() {
        var d = Driver()
        d.peek()
        let lifted = d.progress("ended", "peek", 1, 0)
        #expect(lifted.choose == nil && lifted.dismiss == nil)
        #expect(d.menu.state == .open)
        let f = d.frame()
        #expect(f.visible && f.growth == .full)
        let link = try! #require(f.link)
        // A tap on Copy Link chooses it.
        let copy = link.actions.rows[1]
        #expect(d.send(.released(x: Double(copy.x + 10), y: Double(copy.y + 10))).choose == 1)
        #expect(d.menu.state == .hidden)
    }

    @Test func aTapOnThePreviewOpensTheLinkAndOutsideDismisses() {
        var d = Driver()
        d.peek()
        d.progress("ended", "peek", 1, 0)
        let link = try! #require(d.frame().link)
        #expect(d.send(.released(x: Double(link.preview.x + 20), y: Double(link.preview.y + 20))).choose == 0)
        var e = Driver()
        e.peek(id: 5)
        e.progress("ended", "peek", 1, 0)
        let outside = e.send(.released(x: 900, y: 700))
        #expect(outside.dismiss == 5 && outside.choose == nil)
    }

    @Test func slidingOntoAnActionAtPeekHighlightsItAndLiftingChoosesIt() {
        var d = Driver()
        d.peek()
        let link = try! #require(d.frame().link)
        let copy = Self.centre(link.actions.rows[1])
        d.progress("changed", "peek", 1, 0, copy.x, copy.y)
        #expect(d.frame().highlight == 1)
        // On the preview: nothing highlighted, and lifting there leaves it open.
        let preview = Self.centre(link.preview)
        d.progress("changed", "peek", 1, 0, preview.x, preview.y)
        #expect(d.frame().highlight == nil)
        d.progress("changed", "peek", 1, 0, copy.x, copy.y)
        let chosen = d.progress("ended", "peek", 1, 0, copy.x, copy.y)
        #expect(chosen.choose == 1)
        #expect(d.menu.state == .hidden)
    }

    @Test func aLinkMenuThatComesAfterPopOpensTheLinkAtOnce() {
        var d = Driver()
        d.progress("began", "", 0.3, 0)
        d.progress("changed", "pop", 1, 1)
        let e = d.send(.shown(id: 9, items: 2, x: 0.1, y: 0.1, atPointer: false, link: Self.link))
        #expect(e.choose == 0 && d.menu.state == .popped)
    }

    @Test func aLinkWithoutAnOpenRowDoesNotOpenAtPop() {
        var d = Driver()
        d.progress("began", "", 0.3, 0)
        d.send(.shown(id: 2, items: 1, x: 0.1, y: 0.1, atPointer: false, link: LinkTarget(openRow: nil, page: false)))
        #expect(d.progress("changed", "pop", 1, 1).choose == nil)
        #expect(d.frame().visible)
    }
}
