import OverlayModel
import Testing

/// A deep press that lifts before its menu comes (a fast press, an unpaced replay: the daemon
/// holds the menu for what is under the finger): nothing shows, but the window the card was
/// drawn in is kept for the menu, so that its first frame needs no new surface (issue 52, item 5).
/// In virtual time: the glue's timer is the `menuWaitOver` event.
@Suite struct MenuWaitTests {
    typealias Driver = MenuInteractionTests.Driver

    /// A press at (0.3, 0.4) that reaches `stage` and lifts there, no menu yet.
    static func lifted(at stage: String) -> (Driver, MenuEffects) {
        var d = Driver()
        _ = d.progress("began", "", 0.3, 0)
        _ = d.progress("changed", "", 0.8, 0)
        if !stage.isEmpty { _ = d.progress("changed", stage, 1, stage == "pop" ? 1 : 0) }
        let lift = d.progress("ended", stage, 1, 0)
        return (d, lift)
    }

    @Test func aPressLiftedAfterPeekKeepsItsWindowForTheMenuThatComes() {
        for stage in ["peek", "pop"] {
            var (d, lift) = Self.lifted(at: stage)
            #expect(lift.awaitMenu && lift.redraw)
            var frame = d.frame()
            #expect(!frame.visible && frame.keepsWindow && d.menu.state == .hidden)
            d.send(.shown(id: 4, items: 3, x: 0.3, y: 0.4, atPointer: false))
            frame = d.frame()
            #expect(d.menu.state == .open && frame.visible && !frame.keepsWindow && frame.menuID == 4)
            // The timer that fires after the menu came changes nothing.
            let late = d.send(.menuWaitOver)
            #expect(!late.redraw && d.menu.state == .open && d.frame().visible)
        }
    }

    @Test func noMenuComingTheWindowGoes() {
        // The daemon shows nothing for it: PressProgress cancelled.
        var (d, _) = Self.lifted(at: "peek")
        #expect(d.progress("cancelled", "", 0, 0).redraw)
        #expect(!d.frame().keepsWindow && !d.menu.awaitingMenu)
        // Nothing said at all (a binding that opens no menu): the wait runs out.
        (d, _) = Self.lifted(at: "peek")
        #expect(d.send(.menuWaitOver).redraw)
        #expect(!d.frame().keepsWindow && !d.frame().visible && d.menu.state == .hidden)
        // The daemon gone.
        (d, _) = Self.lifted(at: "pop")
        #expect(d.send(.daemonGone).redraw)
        #expect(!d.frame().keepsWindow)
    }

    @Test func aPressLiftedBeforePeekOrCancelledKeepsNothing() {
        var (d, lift) = Self.lifted(at: "")
        #expect(!lift.awaitMenu && !d.frame().keepsWindow)
        d = Driver()
        _ = d.progress("began", "", 0.3, 0)
        _ = d.progress("changed", "peek", 1, 0)
        lift = d.progress("cancelled", "", 0, 0)
        #expect(!lift.awaitMenu && !d.frame().keepsWindow && !d.frame().visible)
    }

    @Test func aNewPressEndsTheWaitAndGrowsItsOwnCard() {
        var (d, _) = Self.lifted(at: "peek")
        let next = d.progress("began", "", 0.3, 0, 0.6, 0.6)
        #expect(next.beganPress && !d.menu.awaitingMenu)
        let frame = d.frame()
        #expect(frame.visible && !frame.keepsWindow && d.menu.state == .previewing(.towardsPeek))
        // Its timer, still running, does not hide the new press's card.
        #expect(!d.send(.menuWaitOver).redraw && d.frame().visible)
    }
}
