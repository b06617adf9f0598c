import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// When the overlay may preview a press and when the preview must go (issue 41: a plain long
/// press at ordinary force dimmed the screen and showed an empty card for its whole hold).
/// The engine is driven as the daemon drives it: the rule is sampled after each read (here
/// each frame) for the first contact down, told of each deep-press stage and of any other
/// gesture that takes the contact. Each step is `phase@seconds`.
@Suite struct PressPreviewTests {
    static func steps(_ script: EventScript, settings: GestureSettings = GestureSettings()) -> [String] {
        var engine = GestureEngine(device: script.device, settings: settings)
        var preview = PressPreview()
        var out: [String] = []
        func note(_ step: PressPreview.Step, _ t: Timestamp) {
            if step != .none { out.append("\(step.rawValue)@\(TextFormat.number(t.seconds))") }
        }
        func handle(_ events: [GestureEvent]) {
            for e in events where e.contacts.contains(0) {
                if e.gesture == .deepPress {
                    if e.stage != nil { preview.peeked(); out.append("\(e.stage!.rawValue)@\(TextFormat.number(e.time.seconds))") }
                } else if e.phase == .began || e.phase == .ended {
                    note(preview.taken(), e.time)
                }
            }
        }
        for event in script.events {
            // A deadline (the long press's, the dwell's) fires with no read after it.
            while let d = engine.nextDeadline, d <= event.time {
                engine.advance(to: d)
                handle(engine.takeOutput())
            }
            engine.process(event)
            guard event.type == EV.SYN, event.code == SYN.REPORT else { continue }
            handle(engine.takeOutput())
            let contacts = engine.frames.contacts
            let down = contacts[0].isDown
            note(preview.sample(down: down, onItsWay: down && engine.isDeepPressing(0)), event.time)
        }
        return out
    }

    /// The case found on sway: a finger resting at an ordinary force (about 1.05, half way to
    /// peek) for 1.5 s, long past the long press: nothing is previewed, before or after.
    @Test func aPlainLongPressAtOrdinaryForcePreviewsNothing() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, force: 1.05)
        for k in 1...75 { s.move(Double(k) * 0.02, force: k % 2 == 0 ? 1.05 : 1.1); s.syn(Double(k) * 0.02) }
        s.lift(1.6)
        #expect(names(gestures(s)).contains("long-press began"))
        #expect(Self.steps(s) == [])
    }

    /// A deep press previews from the frame it reaches peek, through peek and pop, to its
    /// lift: the card grows while the dwell runs and the menu follows the finger.
    @Test func aDeepPressPreviewsFromPeekToItsLift() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, force: 1.05)
        s.move(0.1, force: 1.5); s.syn(0.1)
        s.move(0.2, force: 2.1); s.syn(0.2)     // on its way: the dwell starts
        s.move(0.3, force: 2.2); s.syn(0.3)
        s.move(0.5, force: 5.2); s.syn(0.5)     // peek at 0.4 from the dwell's deadline, then pop
        s.move(0.7, force: 1.0); s.syn(0.7)     // eased off, still down: slide to select
        s.lift(0.9)
        #expect(Self.steps(s) == ["began@0.2", "changed@0.3", "peek@0.4", "pop@0.5", "changed@0.5",
                                  "changed@0.7", "ended@0.9"])
    }

    /// A firm touch that reaches peek and falls back before the dwell is over is no deep press:
    /// its preview goes at once, not when the finger lifts, and comes back if it presses again.
    @Test func aPressThatFallsBackBeforePeekLosesItsPreview() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, force: 1.05)
        s.move(0.05, force: 2.1); s.syn(0.05)
        s.move(0.1, force: 1.05); s.syn(0.1)
        s.move(0.3, force: 1.05); s.syn(0.3)
        s.lift(0.4)
        #expect(Self.steps(s) == ["began@0.05", "cancelled@0.1"])
    }

    /// A long press that fired takes the contact: pressing past peek after it previews
    /// nothing (the long press's action ran; no menu comes for that touch).
    @Test func aContactALongPressTookPreviewsNothingUntilItLifts() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, force: 1.05)
        s.move(0.6, force: 1.05); s.syn(0.6)    // the long press fired at 0.5
        s.move(0.7, force: 2.2); s.syn(0.7)
        s.move(0.8, force: 2.2); s.syn(0.8)
        s.lift(0.85)
        let steps = Self.steps(s)
        #expect(!steps.contains { $0.hasPrefix("began") }, "\(steps)")
    }

    /// The rule on its own: taken while shown, the preview is cancelled; after peek nothing
    /// takes it from the finger; a lift always ends what is shown.
    @Test func theRuleStepByStep() {
        var p = PressPreview()
        #expect(p.sample(down: true, onItsWay: false) == PressPreview.Step.none)
        #expect(p.sample(down: true, onItsWay: true) == .began)
        #expect(p.isShown)
        #expect(p.taken() == .cancelled)
        #expect(p.sample(down: true, onItsWay: true) == PressPreview.Step.none)
        #expect(p.sample(down: false, onItsWay: false) == PressPreview.Step.none)
        #expect(p.sample(down: true, onItsWay: true) == .began)
        p.peeked()
        #expect(p.taken() == PressPreview.Step.none)
        #expect(p.sample(down: true, onItsWay: false) == .changed)
        #expect(p.sample(down: false, onItsWay: false) == .ended)
        #expect(!p.isShown)
    }
}
