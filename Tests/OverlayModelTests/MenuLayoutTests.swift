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
