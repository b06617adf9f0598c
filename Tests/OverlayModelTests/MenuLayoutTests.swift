import OverlayModel
import Testing

/// Where the menu goes and how it grows: what overlay-on-host.sh checks on screenshots, here
/// on the numbers the drawing is given.
@Suite struct MenuLayoutTests {
    static let screen = (width: 1024.0, height: 768.0)

    @Test func itOpensRightAndDownWithItsCornerAGapFromTheFinger() {
        let layout = MenuLayout(items: 3, finger: (307, 307), surface: Self.screen, scale: 1)
        #expect(layout.card == PixelRect(x: 321, y: 321, width: 300, height: 192))
        #expect(layout.rows.map(\.y) == [321, 385, 449])
        #expect(layout.rows.allSatisfy { $0.x == 321 && $0.width == 300 && $0.height == 64 })
    }

    @Test func nearTheBottomRightCornerItOpensAboveAndToTheLeft() {
        let finger = (x: 1024 * 0.95, y: 768 * 0.95)
        let layout = MenuLayout(items: 3, finger: finger, surface: Self.screen, scale: 1)
        #expect(layout.card.x + layout.card.width == Int((finger.x - 14).rounded()))
        #expect(layout.card.y + layout.card.height == Int((finger.y - 14).rounded()))
    }

    @Test func nearOneEdgeOnlyThatDirectionFlips() {
        let right = MenuLayout(items: 2, finger: (1000, 100), surface: Self.screen, scale: 1)
        #expect(right.card == PixelRect(x: 686, y: 114, width: 300, height: 128))
        let bottom = MenuLayout(items: 2, finger: (100, 700), surface: Self.screen, scale: 1)
        #expect(bottom.card == PixelRect(x: 114, y: 558, width: 300, height: 128))
    }

    @Test func growingKeepsTheCornerAtTheFinger() {
        let finger = (x: 307.0, y: 307.0)
        let widths = [0.75, 0.875, 1].map { scale in
            let layout = MenuLayout(items: 3, finger: finger, surface: Self.screen, scale: scale)
            #expect(layout.card.x == 321 && layout.card.y == 321)
            return layout.card.width
        }
        #expect(widths == [225, 263, 300])
        // Opening up and left, the far corner moves and the one at the finger stays.
        let small = MenuLayout(items: 3, finger: (1000, 740), surface: Self.screen, scale: 0.5)
        #expect(small.card.x + small.card.width == 986 && small.card.y + small.card.height == 726)
    }

    @Test func aPreviewWithNoItemsIsOneEmptyRowsCard() {
        let layout = MenuLayout(items: 0, finger: (100, 100), surface: Self.screen, scale: 1)
        #expect(layout.card == PixelRect(x: 114, y: 114, width: 300, height: 64))
        #expect(layout.rows.isEmpty)
        #expect(layout.row(at: 200, 150) == nil)
    }

    @Test func aPlacedWindowIsTheWholeMenuAtItsOrigin() {
        let layout = MenuLayout(items: 3, finger: (500, 500), surface: (300, 192), scale: 0.4, placed: true)
        #expect(layout.card == PixelRect(x: 0, y: 0, width: 300, height: 192))
        #expect(layout.scale == 1)
    }

    @Test func rowsAreHalfOpen() {
        let layout = MenuLayout(items: 3, finger: (0, 0), surface: Self.screen, scale: 1)
        #expect(layout.row(at: 14, 14) == 0)
        #expect(layout.row(at: 313.9, 77.9) == 0)
        #expect(layout.row(at: 100, 78) == 1)
        #expect(layout.row(at: 314, 100) == nil)
        #expect(layout.row(at: 100, 206) == nil)
    }
}

/// A menu for an app headed by its icon and name (iOS's quick actions under the app's name):
/// the heading is the card's top, not a row.
@Suite struct MenuHeadingTests {
    static let screen = MenuLayoutTests.screen

    @Test func theHeadingIsOnTopAndTheRowsUnderIt() {
        let layout = MenuLayout(items: 3, finger: (307, 307), surface: Self.screen, scale: 1, heading: true)
        #expect(layout.card == PixelRect(x: 321, y: 321, width: 300, height: 48 + 192))
        #expect(layout.heading == PixelRect(x: 321, y: 321, width: 300, height: 48))
        #expect(layout.rows.map(\.y) == [369, 433, 497])
        let plain = MenuLayout(items: 3, finger: (307, 307), surface: Self.screen, scale: 1)
        #expect(plain.heading == nil && plain.rows.map(\.y) == [321, 385, 449])
    }

    @Test func aTapOnTheHeadingIsOnNoRow() {
        let layout = MenuLayout(items: 2, finger: (307, 307), surface: Self.screen, scale: 1, heading: true)
        #expect(layout.row(at: 400, 330) == nil && layout.isOnHeading(400, 330))
        #expect(layout.row(at: 400, 368.5) == nil && layout.row(at: 400, 369) == 0)
        #expect(!layout.isOnHeading(400, 369))
        #expect(!MenuLayout(items: 2, finger: (307, 307), surface: Self.screen, scale: 1).isOnHeading(400, 330))
    }

    @Test func itGrowsWithThePressAndKeepsTheCornerAtTheFinger() {
        let peek = MenuLayout(items: 2, finger: (307, 307), surface: Self.screen, scale: 0.5, heading: true)
        #expect(peek.card == PixelRect(x: 321, y: 321, width: 150, height: 88))
        #expect(peek.heading == PixelRect(x: 321, y: 321, width: 150, height: 24))
        #expect(peek.rows.map(\.y) == [345, 377])
        // Near the bottom right corner the whole card, heading and all, opens up and left.
        for scale in [0.5, 1.0] {
            let corner = MenuLayout(items: 4, finger: (1000, 740), surface: Self.screen, scale: scale, heading: true)
            #expect(corner.card.x + corner.card.width == 986 && corner.card.y + corner.card.height == 726)
            #expect(corner.heading!.y == corner.card.y && corner.rows.last!.y + corner.rows.last!.height == 726)
        }
        // Its height counts where it opens: a card that fits without the heading may not with it.
        let low = MenuLayout(items: 3, finger: (300, 540), surface: Self.screen, scale: 1)
        let lowHeaded = MenuLayout(items: 3, finger: (300, 540), surface: Self.screen, scale: 1, heading: true)
        #expect(low.card.y == 554 && lowHeaded.card.y + lowHeaded.card.height == 526)
    }

    @Test func aPlacedMenuHasItsHeadingAtTheOrigin() {
        let placed = MenuLayout(items: 1, finger: (900, 700), surface: Self.screen, scale: 0.4, placed: true, heading: true)
        #expect(placed.card == PixelRect(x: 0, y: 0, width: 300, height: 112))
        #expect(placed.heading == PixelRect(x: 0, y: 0, width: 300, height: 48))
        #expect(placed.rows == [PixelRect(x: 0, y: 48, width: 300, height: 64)])
    }

    /// The machine: a slide over the heading highlights nothing and lifting there chooses
    /// nothing; a tap on it leaves the menu open; a tap on a row under it chooses that row.
    @Test func theHeadingChoosesNothing() {
        var menu = MenuInteraction()
        _ = menu.handle(.progress(phase: "began", stage: "", transition: 0.3, commit: 0, x: 0.3, y: 0.4,
                                  placement: "touch"))
        _ = menu.handle(.shown(id: 5, items: 2, x: 0.3, y: 0.4, atPointer: false, heading: true))
        var f = menu.frame(surface: Self.screen, pointer: nil, placed: false)
        #expect(menu.heading && f.layout.heading != nil)
        let h = f.layout.heading!
        let hx = (Double(h.x) + 100) / Self.screen.width, hy = (Double(h.y) + 20) / Self.screen.height
        _ = menu.handle(.progress(phase: "changed", stage: "pop", transition: 1, commit: 1, x: hx, y: hy,
                                  placement: "touch"))
        f = menu.frame(surface: Self.screen, pointer: nil, placed: false)
        #expect(f.highlight == nil && f.layout.heading == PixelRect(x: 321, y: 321, width: 300, height: 48))
        let lifted = menu.handle(.progress(phase: "ended", stage: "pop", transition: 1, commit: 1, x: hx, y: hy,
                                           placement: "touch"))
        #expect(lifted.choose == nil && lifted.dismiss == nil && menu.state == .open)
        let tapped = menu.handle(.released(x: Double(h.x) + 100, y: Double(h.y) + 20))
        #expect(tapped.choose == nil && tapped.dismiss == nil && menu.state == .open)
        let row = f.layout.rows[1]
        #expect(menu.handle(.released(x: Double(row.x) + 10, y: Double(row.y) + 10)).choose == 1)
        #expect(!menu.heading)
    }

    @Test func aLinkHasNoHeading() {
        var menu = MenuInteraction()
        _ = menu.handle(.shown(id: 6, items: 2, x: 0.3, y: 0.4, atPointer: false,
                               link: LinkTarget(openRow: 0, page: false), heading: true))
        let f = menu.frame(surface: Self.screen, pointer: nil, placed: false)
        #expect(!menu.heading && f.layout.heading == nil && f.link != nil)
    }
}

/// The growth's two progresses.
@Suite struct MenuGrowthTests {
    @Test func itGrowsTowardsPeekThenToPopAndDimsAsItGoes() {
        #expect(MenuGrowth(stage: .towardsPeek, transition: 0, commit: 0) == MenuGrowth(scale: 0.35, dimming: 0))
        #expect(MenuGrowth(stage: .towardsPeek, transition: 1, commit: 0).scale == 0.75)
        #expect(MenuGrowth(stage: .peek, transition: 1, commit: 0) == MenuGrowth(scale: 0.75, dimming: 0.3))
        #expect(MenuGrowth(stage: .peek, transition: 1, commit: 0.5).scale == 0.875)
        #expect(MenuGrowth(stage: .pop, transition: 1, commit: 0.2) == .full)
        #expect(MenuGrowth.full.dimming == 0.45)
    }

    @Test func anUnknownStageCountsAsOnItsWayToPeek() {
        #expect(PressStage(bus: "") == .towardsPeek)
        #expect(PressStage(bus: "squeeze") == .towardsPeek)
        #expect(PressStage(bus: "pop") == .pop)
    }
}
