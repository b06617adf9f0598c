import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

@Suite struct LongPressRecognizerTests {
    @Test func stillFingerThatSendsNoEventsFiresAtTheDeadline() {
        var s = touchscreenScript()
        s.touch(2.0, x: 500, y: 300)
        // Nothing more until the lift: the deadline must come from the engine's clock.
        var engine = GestureEngine(device: s.device)
        for e in s.events { engine.process(e) }
        #expect(engine.output.isEmpty)
        #expect(engine.nextDeadline == Timestamp(seconds: 2.5))
        engine.advance(to: Timestamp(seconds: 2.499999))
        #expect(engine.output.isEmpty)
        engine.advance(to: Timestamp(seconds: 2.5))
        let began = engine.takeOutput()
        #expect(names(began) == ["long-press began"])
        #expect(began.first?.time == Timestamp(seconds: 2.5))
        #expect(began.first?.fingers == 1)
        engine.process(InputEvent(time: Timestamp(seconds: 3.1), type: EV.ABS, code: ABS.MT_TRACKING_ID, value: -1))
        engine.process(InputEvent(time: Timestamp(seconds: 3.1), type: EV.SYN, code: SYN.REPORT, value: 0))
        #expect(names(engine.takeOutput()) == ["long-press ended"])
    }

    @Test func deadlineFiresBeforeALaterEventIsApplied() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300)
        s.lift(0.9)
        let g = gestures(s)
        #expect(names(g) == ["long-press began", "long-press ended"])
        #expect(g[0].time == Timestamp(seconds: 0.5))
        #expect(g[1].time == Timestamp(seconds: 0.9))
    }

    @Test func movementBeyondSlopBreaksTheLongPress() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300)
        s.move(0.2, x: 525); s.syn(0.2)          // 2.5 mm
        s.move(0.3, x: 500); s.syn(0.3)          // back again: too late, it already failed
        s.lift(0.9)
        #expect(gestures(s).isEmpty)
    }

    @Test func movementWithinSlopKeepsIt() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300)
        s.move(0.2, x: 515, y: 310); s.syn(0.2)  // 1.8 mm
        s.lift(0.7)
        #expect(names(gestures(s)) == ["long-press began", "long-press ended"])
    }

    @Test func shortHoldIsNoLongPress() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300)
        s.lift(0.45)
        #expect(!names(gestures(s)).contains("long-press began"))
    }

    @Test func twoFingerLongPress() {
        var s = touchscreenScript()
        s.down(0, slot: 0, x: 400, y: 300); s.down(0, slot: 1, x: 600, y: 300); s.syn(0)
        s.up(1, slot: 0); s.up(1, slot: 1); s.syn(1)
        let g = gestures(s)
        #expect(names(g) == ["long-press began", "long-press ended"])
        #expect(g.map(\.fingers) == [2, 2])
    }

    @Test func customDuration() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300)
        s.lift(0.6)
        var settings = GestureSettings()
        settings.longPressDuration = .init(seconds: 0.75)
        #expect(gestures(s, settings: settings).isEmpty)
    }
}
