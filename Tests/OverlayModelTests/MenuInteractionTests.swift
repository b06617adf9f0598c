import OverlayModel
import Testing

/// The press / slide / dismiss machine, driven by the daemon's signals in virtual time: each
/// behaviour overlay-on-host.sh checks on a screenshot, and the calls it checks on the bus.
@Suite struct MenuInteractionTests {
    static let screen = (width: 1024.0, height: 768.0)

    /// The machine with a frame drawn after every event, as the overlay draws one.
    struct Driver {
        var menu = MenuInteraction()
        var effects: [MenuEffects] = []

        @discardableResult
        mutating func send(_ event: MenuEvent) -> MenuEffects {
            let e = menu.handle(event)
            effects.append(e)
            _ = frame()
            return e
        }

        mutating func progress(_ phase: String, _ stage: String, _ t: Double, _ c: Double, _ x: Double = 0.3,
                               _ y: Double = 0.4, placement: String = "touch", preview: Bool = true) -> MenuEffects {
            send(.progress(phase: phase, stage: stage, transition: t, commit: c, x: x, y: y, placement: placement,
                           preview: preview))
        }

        mutating func frame(pointer: (x: Double, y: Double)? = nil, placed: Bool = false) -> MenuFrame {
            menu.frame(surface: MenuInteractionTests.screen, pointer: pointer, placed: placed)
        }

        var states: [String] { menu.transitions.map(\.to.name) }

        /// A press at (0.3, 0.4) that opens menu `id` of three rows and pops, the finger still down.
        mutating func popMenu(id: UInt32) {
            _ = progress("began", "", 0.3, 0)
            send(.shown(id: id, items: 3, x: 0.3, y: 0.4, atPointer: false))
            _ = progress("changed", "pop", 1, 1)
        }
    }

    /// Where the centre of `row` was drawn, as a fraction of the screen: the finger sliding there.
    static func centre(of row: Int, in frame: MenuFrame) -> (x: Double, y: Double) {
        let r = frame.layout.rows[row]
        return ((Double(r.x) + Double(r.width) / 2) / screen.width, (Double(r.y) + Double(r.height) / 2) / screen.height)
    }

    /// What is under the finger is looked up at a press's first progress only, whatever the
    /// menu shows: ready by peek, and asked once.
    @Test func aPressIsLookedUpWhenItBeginsOnly() {
        var d = Driver()
        #expect(d.progress("began", "", 0.2, 0).lookUp)
        #expect(!d.progress("changed", "", 0.6, 0).lookUp)
        d.send(.shown(id: 7, items: 3, x: 0.3, y: 0.4, atPointer: false))
        #expect(!d.progress("ended", "", 0, 0).lookUp)
        // A new press on the open menu's screen is looked up too.
        #expect(d.progress("began", "", 0.1, 0).lookUp)
        #expect(!d.progress("cancelled", "", 0, 0).lookUp)
    }

    @Test func aPressGrowsACardThenTheMenuPeeksAndPops() {
        var d = Driver()
        _ = d.progress("began", "", 0.2, 0)
        _ = d.progress("changed", "", 0.6, 0)
        var f = d.frame()
        #expect(f.visible && f.menuID == 0)
        #expect(f.layout.card.x == 307 + 14 && f.layout.card.y == 307 + 14)
        #expect(abs(f.growth.scale - 0.59) < 1e-9 && abs(f.growth.dimming - 0.18) < 1e-9)
        d.send(.shown(id: 7, items: 3, x: 0.3, y: 0.4, atPointer: false))
        _ = d.progress("changed", "peek", 1, 0)
        let peek = d.frame().layout.card.width
        _ = d.progress("changed", "peek", 1, 0.5)
        let mid = d.frame().layout.card.width
        _ = d.progress("changed", "pop", 1, 1)
        f = d.frame()
        #expect(peek < mid && mid < f.layout.card.width)
        #expect(f.layout.card == PixelRect(x: 321, y: 321, width: 300, height: 192))
        #expect(f.growth == .full)
        #expect(d.states == ["previewing(towards peek)", "sliding(towards peek)", "sliding(peek)", "sliding(pop)"])
    }

    @Test func aTapShowsNothingUntilThePressIsOnItsWay() {
        var d = Driver()
        _ = d.progress("began", "", 0.05, 0)
        #expect(!d.frame().visible)
        _ = d.progress("changed", "", 0.06, 0)
        #expect(d.frame().visible)
    }

    @Test func liftedOffTheMenuItStaysOpenUntilTheDaemonDismissesIt() {
        var d = Driver()
        d.popMenu(id: 7)
        let lifted = d.progress("ended", "pop", 1, 1, 0.9, 0.9)
        #expect(lifted.choose == nil && lifted.dismiss == nil)
        #expect(d.menu.state == .open && d.frame().visible && d.frame().growth == .full)
        // Another menu's dismissal changes nothing; this one's closes it, with no call back.
        #expect(d.send(.dismissed(id: 6)) == MenuEffects())
        #expect(d.menu.state == .open)
        let gone = d.send(.dismissed(id: 7))
        #expect(gone.redraw && gone.dismiss == nil)
        #expect(d.menu.state == .hidden && !d.frame().visible)
    }

    /// The daemon's name lost its owner (killed, restarted, upgraded): whatever it showed goes at
    /// once, from every state, and nothing is chosen or dismissed (there is nobody to tell).
    @Test func theDaemonGoneTakesTheMenuAndTheGrowingCardWithIt() {
        var d = Driver()
        _ = d.progress("began", "", 0.6, 0)
        #expect(d.frame().visible)
        let growing = d.send(.daemonGone)
        #expect(growing == MenuEffects(redraw: true))
        #expect(d.menu.state == .hidden && !d.frame().visible)
        // A menu the finger still holds, and one left open.
        d.popMenu(id: 7)
        #expect(d.menu.state == .sliding(.pop))
        #expect(d.send(.daemonGone) == MenuEffects(redraw: true))
        #expect(d.menu.state == .hidden && d.menu.menuID == 0 && !d.frame().visible)
        d.send(.shown(id: 8, items: 3, x: 0.3, y: 0.4, atPointer: false))
        #expect(d.menu.state == .open)
        #expect(d.send(.daemonGone) == MenuEffects(redraw: true))
        #expect(d.menu.state == .hidden && !d.frame().visible)
        // Nothing left: nothing to redraw; and the finger lifting later chooses nothing.
        #expect(d.send(.daemonGone) == MenuEffects())
        let lifted = d.progress("ended", "pop", 1, 1)
        #expect(lifted.choose == nil && lifted.dismiss == nil && d.menu.state == .hidden)
        #expect(d.menu.transitions.map(\.description).contains("open -> hidden (daemon gone)"))
    }

    @Test func aPressReleasedBeforePeekLeavesNothing() {
        var d = Driver()
        _ = d.progress("began", "", 0.5, 0, 0.5, 0.5)
        #expect(d.frame().visible)
        let released = d.progress("ended", "", 0.5, 0, 0.5, 0.5)
        #expect(released.redraw && released.choose == nil && released.dismiss == nil)
        #expect(d.menu.state == .hidden && !d.frame().visible)
    }

    @Test func aCancelledPressIsReleasedToo() {
        var d = Driver()
        _ = d.progress("began", "", 0.5, 0)
        _ = d.progress("cancelled", "", 0.5, 0)
        #expect(d.menu.state == .hidden)
    }

    @Test func slidingOntoARowAfterPopHighlightsItAndLiftingThereChoosesItOnce() {
        var d = Driver()
        d.popMenu(id: 12)
        let at = Self.centre(of: 2, in: d.frame())
        _ = d.progress("changed", "pop", 1, 1, at.x, at.y)
        #expect(d.frame().highlight == 2)
        let lifted = d.progress("ended", "pop", 1, 1, at.x, at.y)
        #expect(lifted.choose == 2 && lifted.dismiss == nil)
        #expect(d.menu.state == .hidden && !d.frame().visible)
        // A tap after that on the same spot is the overlay's own: nothing more is chosen.
        #expect(d.progress("began", "", 0.1, 0, at.x, at.y).choose == nil)
        #expect(d.progress("ended", "", 0.1, 0, at.x, at.y).choose == nil)
        #expect(d.effects.compactMap(\.choose) == [2])
    }

    @Test func beforePopASlideHighlightsNothingAndLiftingLeavesTheMenuOpen() {
        var d = Driver()
        _ = d.progress("began", "", 0.3, 0)
        d.send(.shown(id: 12, items: 3, x: 0.3, y: 0.4, atPointer: false))
        _ = d.progress("changed", "peek", 1, 0)
        let at = Self.centre(of: 0, in: d.frame())
        _ = d.progress("changed", "peek", 1, 0.1, at.x, at.y)
        #expect(d.frame().highlight == nil)
        #expect(d.progress("ended", "peek", 1, 0.1, at.x, at.y).choose == nil)
        #expect(d.menu.state == .open)
    }

    @Test func slidingOffARowClearsItsHighlight() {
        var d = Driver()
        d.popMenu(id: 12)
        let at = Self.centre(of: 1, in: d.frame())
        _ = d.progress("changed", "pop", 1, 1, at.x, at.y)
        #expect(d.frame().highlight == 1)
        _ = d.progress("changed", "pop", 1, 1, 0.9, 0.1)
        #expect(d.frame().highlight == nil)
    }

    @Test func aPressAtThePointerOpensThereAndDoesNotSlide() {
        var d = Driver()
        _ = d.progress("began", "", 0.3, 0, placement: "pointer")
        d.send(.shown(id: 16, items: 3, x: 0, y: 0, atPointer: true))
        _ = d.progress("changed", "pop", 1, 1, placement: "pointer")
        let f = d.frame(pointer: (500, 300))
        #expect(f.atPointer && f.layout.card == PixelRect(x: 514, y: 314, width: 300, height: 192))
        // On Wayland the pointer's place is not known: the middle of the output.
        #expect(d.frame(pointer: nil).layout.card.x == 512 + 14)
        // The pad's position says nothing of the screen: no row under it, lifting leaves it open.
        _ = d.frame(pointer: (500, 300))
        #expect(d.progress("ended", "pop", 1, 1, 0.6, 0.5, placement: "pointer").choose == nil)
        #expect(d.menu.state == .open)
    }

    @Test func aTapOnARowChoosesItAndATapOutsideDismisses() {
        var d = Driver()
        d.send(.shown(id: 10, items: 3, x: 0.3, y: 0.4, atPointer: false))
        let row = d.frame().layout.rows[1]
        let chosen = d.send(.released(x: Double(row.x + 10), y: Double(row.y + 10)))
        #expect(chosen.choose == 1 && chosen.dismiss == nil && d.menu.state == .hidden)
        d.send(.shown(id: 11, items: 3, x: 0.3, y: 0.4, atPointer: false))
        let outside = d.send(.released(x: 5, y: 5))
        #expect(outside.dismiss == 11 && outside.choose == nil && d.menu.state == .hidden)
        // With no menu a release is nobody's.
        #expect(d.send(.released(x: 5, y: 5)) == MenuEffects())
    }

    @Test func escapeDismissesAnOpenMenuOnly() {
        var d = Driver()
        #expect(d.send(.escape) == MenuEffects())
        d.send(.shown(id: 9, items: 1, x: 0.5, y: 0.5, atPointer: false))
        #expect(d.send(.escape).dismiss == 9)
        #expect(d.menu.state == .hidden)
    }

    @Test func aTouchElsewhereLeavesAnOpenMenuButANewDeepPressReplacesIt() {
        var d = Driver()
        d.send(.shown(id: 14, items: 3, x: 0.3, y: 0.4, atPointer: false))
        // Looked up as any press is (it may go on to a deep press), the menu left as it is.
        #expect(d.progress("began", "", 0.2, 0, 0.8, 0.8) == MenuEffects(lookUp: true))
        #expect(d.progress("ended", "", 0.2, 0, 0.8, 0.8) == MenuEffects())
        #expect(d.menu.state == .open && d.menu.menuID == 14)
        let replaced = d.progress("changed", "peek", 1, 0, 0.8, 0.8)
        #expect(replaced.dismiss == 14 && replaced.beganPress && replaced.redraw)
        #expect(d.menu.state == .previewing(.peek) && d.menu.menuID == 0 && d.menu.items == 0)
        #expect(d.menu.finger == (0.8, 0.8))
        #expect(d.states == ["open", "previewing(peek)"])
    }

    @Test func aMenuShownWithNoPressIsOpenAtFullSize() {
        var d = Driver()
        d.send(.shown(id: 8, items: 3, x: 0.95, y: 0.95, atPointer: false))
        let f = d.frame()
        #expect(d.menu.state == .open && f.visible && f.growth == .full && f.menuID == 8)
    }

    @Test func aPlacedWindowDrawsTheWholeMenu() {
        var d = Driver()
        d.send(.shown(id: 13, items: 3, x: 0.3, y: 0.4, atPointer: false))
        #expect(d.frame(placed: true).layout.card == PixelRect(x: 0, y: 0, width: 300, height: 192))
    }

    @Test func onlyTheFirstProgressOfAPressTakesItsPlace() {
        var d = Driver()
        #expect(d.progress("began", "", 0.2, 0, 0.1, 0.1).beganPress)
        #expect(!d.progress("changed", "", 0.4, 0, 0.5, 0.5).beganPress)
        #expect(d.menu.finger == (0.1, 0.1))
    }

    @Test func transitionsAreLoggedWithTheirCause() {
        var d = Driver()
        _ = d.progress("began", "", 0.2, 0)
        _ = d.progress("ended", "", 0.2, 0)
        let log = d.menu.takeTransitions().map(\.description)
        #expect(log == ["hidden -> previewing(towards peek) (progress towards peek)",
                        "previewing(towards peek) -> hidden (lifted)"])
        #expect(d.menu.transitions.isEmpty)
    }

    // MARK: A press that opens nothing (issue 51)

    /// The shipped configuration's press on the empty desktop: the daemon says, from its `began`
    /// on, that it is not known to open anything. Nothing is drawn, not the card, not the
    /// dimming, before peek or after, and the press is still followed to its end.
    @Test func aPressNotKnownToOpenAnythingDrawsNothingBeforeOrAfterPeek() {
        var d = Driver()
        var frames: [MenuFrame] = []
        for (phase, stage, t, c) in [("began", "", 0.3, 0.0), ("changed", "", 0.9, 0.0), ("changed", "peek", 1, 0.0),
                                     ("changed", "peek", 1, 0.6), ("changed", "pop", 1, 1)] {
            _ = d.progress(phase, stage, t, c, preview: false)
            frames.append(d.frame())
        }
        #expect(frames.allSatisfy { !$0.visible })
        #expect(!d.menu.isVisible && d.menu.state == .previewing(.pop))
        // The daemon's `cancelled` (nothing to show): nothing was there, nothing is left.
        _ = d.progress("cancelled", "", 0, 0)
        #expect(d.menu.state == .hidden && !d.frame().visible)
    }

    /// A press on a link: nothing while the lookup runs, then the card grows from the first
    /// progress that says the press opens something, as it always did; its menu slides after.
    @Test func theCardGrowsOnceThePressIsKnownToOpenSomething() {
        var d = Driver()
        _ = d.progress("began", "", 0.3, 0, preview: false)
        #expect(!d.frame().visible)
        let began = d.progress("changed", "", 0.6, 0)
        #expect(began.redraw && d.frame().visible && d.menu.state == .previewing(.towardsPeek))
        _ = d.progress("changed", "peek", 1, 0)
        d.send(.shown(id: 4, items: 2, x: 0.3, y: 0.4, atPointer: false))
        // Once the menu is shown, what the daemon says of the press no longer matters: it is drawn.
        _ = d.progress("changed", "peek", 1, 0.5, preview: false)
        #expect(d.menu.state == .sliding(.peek) && d.frame().visible)
        _ = d.progress("ended", "peek", 1, 0.5, preview: false)
        #expect(d.menu.state == .open && d.frame().visible)
    }

    /// A menu that comes for a press drawn as nothing (the lookup answered after the burst of a
    /// replay) opens under the finger that is still down, which then slides on it.
    @Test func aMenuForAPressDrawnAsNothingOpensUnderItsFinger() {
        var d = Driver()
        _ = d.progress("began", "", 0.3, 0, preview: false)
        _ = d.progress("changed", "peek", 1, 0, preview: false)
        d.send(.shown(id: 5, items: 3, x: 0.3, y: 0.4, atPointer: false))
        #expect(d.menu.state == .sliding(.peek) && d.frame().visible)
    }
}
