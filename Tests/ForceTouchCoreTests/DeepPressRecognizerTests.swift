import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// The test touchscreen's pressure is 0...255; uncalibrated, an average touch is 38.25,
/// peek (2.0) is raw 76.5, pop (5.0) raw 191.25; peek re-arms below 61.2, pop below 153.
@Suite struct DeepPressRecognizerTests {
    @Test func thresholdsAreTheSpecDefaults() {
        let engine = GestureEngine(device: EventScript.touchscreen())
        let t = try! #require(engine.thresholds)
        #expect(abs(t.peek - 2.0) < 1e-9)
        #expect(abs(t.pop - 5.0) < 1e-9)
        #expect(abs(t.peekRearm - 1.6) < 1e-9)
    }

    /// A press is deliberate after the dwell (0.2 s) above peek: it fires then, from the
    /// deadline, though the still contact sends no frame; pop fires on its crossing frame.
    @Test func peekFiresWhenTheDwellIsOverAndPopOnItsCrossingFrame() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 76); s.syn(0.05)    // just under peek
        s.move(0.06, pressure: 77); s.syn(0.06)    // crosses peek: the dwell starts
        s.move(0.40, pressure: 191); s.syn(0.40)   // just under pop
        s.move(0.42, pressure: 192); s.syn(0.42)   // crosses pop
        s.lift(0.6)
        let g = gestures(s)
        #expect(names(g) == ["deep-press began peek", "deep-press changed pop", "deep-press ended"])
        #expect(g.map(\.time) == [0.26, 0.42, 0.6].map { Timestamp(seconds: $0) })
        #expect((g[0].commitProgress ?? 1) < 0.01)
        #expect(g[1].transitionProgress == 1)
        #expect(g[1].commitProgress == 1)
    }

    @Test func peekAndPopFireTogetherWhenThePressIsPastPopByTheDwell() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 30)
        s.move(0.05, pressure: 250); s.syn(0.05)
        s.lift(0.4)
        let g = gestures(s)
        #expect(names(g) == ["deep-press began peek", "deep-press changed pop", "deep-press ended"])
        #expect(g[0].time == Timestamp(seconds: 0.25))
        #expect(g[0].time == g[1].time)
    }

    /// The impact of a tap: as hard as a deep press, but over before the dwell.
    @Test func aHardTapIsATapNotADeepPress() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 250)
        s.lift(0.15)
        #expect(names(gestures(s)) == ["tap ended"])
    }

    /// A scroll or drag pressing hard: it moved beyond the slop, so it never deep-presses,
    /// even once it stops and holds.
    @Test func aMovingContactNeverDeepPresses() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 150)
        for i in 1...10 {
            let t = Double(i) * 0.02
            s.move(t, x: 500 + Int32(i) * 30, pressure: 150); s.syn(t)
        }
        s.move(0.3, pressure: 200); s.syn(0.3)
        s.lift(1.2)
        #expect(!names(gestures(s)).contains("deep-press began peek"))
    }

    /// Falling under peek during the dwell starts it again.
    @Test func aDipUnderPeekRestartsTheDwell() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 100); s.syn(0.05)
        s.move(0.20, pressure: 70); s.syn(0.20)    // under peek: not yet deliberate
        s.move(0.21, pressure: 100); s.syn(0.21)
        s.lift(0.6)
        let g = gestures(s)
        #expect(names(g).first == "deep-press began peek")
        #expect(g.first?.time == Timestamp(seconds: 0.41))
    }

    @Test func hoveringAroundPeekFiresOnce() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 90); s.syn(0.05)
        for (i, p) in [78, 74, 79, 70, 80, 65, 77].enumerated() {
            let t = 0.3 + Double(i) * 0.01
            s.move(t, pressure: Int32(p)); s.syn(t)
        }
        s.lift(0.5)
        #expect(names(gestures(s)) == ["deep-press began peek", "deep-press ended"])
    }

    @Test func rearmsAfterFallingBelowHysteresis() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 80); s.syn(0.05)
        s.move(0.30, pressure: 60); s.syn(0.30)    // below 61.2: released
        s.move(0.35, pressure: 80); s.syn(0.35)
        s.lift(0.6)
        let g = gestures(s)
        #expect(names(g) == [
            "deep-press began peek", "deep-press ended", "deep-press began peek", "deep-press ended",
        ])
        #expect(g.map(\.time) == [0.25, 0.30, 0.55, 0.6].map { Timestamp(seconds: $0) })
    }

    @Test func hoveringAroundPopFiresOnceAndRearmsBelowItsHysteresis() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 100); s.syn(0.05)
        for (i, p) in [195, 185, 196, 160, 200, 150, 200].enumerated() {
            let t = 0.3 + Double(i) * 0.01
            s.move(t, pressure: Int32(p)); s.syn(t)
        }
        s.lift(0.45)
        #expect(names(gestures(s)) == [
            "deep-press began peek", "deep-press changed pop", "deep-press changed pop", "deep-press ended",
        ])
    }

    @Test func deepPressCancelsPendingLongPressAndTap() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 100); s.syn(0.05)
        s.move(0.3, pressure: 40); s.syn(0.3)
        s.lift(1.0)
        #expect(names(gestures(s)) == ["deep-press began peek", "deep-press ended"])
    }

    @Test func deepPressAfterLongPressBeganKeepsBoth() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.7, pressure: 100); s.syn(0.7)
        s.lift(1.0)
        #expect(names(gestures(s)) == [
            "long-press began", "deep-press began peek", "deep-press ended", "long-press ended",
        ])
    }

    @Test func sensitivityScalesThresholds() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 70); s.syn(0.05)    // force 1.83: over light's 1.6, under medium's 2.0
        s.lift(0.3)
        var light = GestureSettings()
        light.sensitivity = .light
        #expect(names(gestures(s, settings: light)).first == "deep-press began peek")
        #expect(gestures(s).isEmpty == false)  // medium: a tap, no deep press
        #expect(!names(gestures(s)).contains("deep-press began peek"))
    }

    /// A configured dwell of 0 fires on the crossing frame, as without the rule.
    @Test func aZeroDwellFiresOnTheCrossingFrame() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.06, pressure: 77); s.syn(0.06)
        s.lift(0.1)
        var settings = GestureSettings()
        settings.deepPressDwell = Timestamp.Duration(seconds: 0)
        let g = gestures(s, settings: settings)
        #expect(names(g) == ["deep-press began peek", "deep-press ended"])
        #expect(g.first?.time == Timestamp(seconds: 0.06))
    }

    @Test func eachContactPressesOnItsOwn() {
        var s = touchscreenScript()
        s.down(0, slot: 0, x: 300, y: 300, pressure: 40); s.down(0, slot: 1, x: 700, y: 300, pressure: 40); s.syn(0)
        s.move(0.1, slot: 1, pressure: 120); s.syn(0.1)
        s.up(0.4, slot: 0); s.up(0.4, slot: 1); s.syn(0.4)
        let g = gestures(s)
        #expect(names(g) == ["deep-press began peek", "deep-press ended"])
        #expect(g[0].x > 0.6)
        #expect(g[0].fingers == 2)
    }

    // A pen (EventScript.pen: 0...2047, 100 units/mm): its pressure is drawing pressure, and
    // a firm tap runs it to the top; a press is deliberate only once the tip has been down
    // 0.3 s (GestureSettings.penHold), longer than a pen tap lasts.

    /// A firm quick pen tap: lands at half the range, reaches the top within 0.11 s, holds
    /// it and lifts at 0.26 s — past peek and pop for longer than the dwell, still. A tap,
    /// with the default thresholds and with the Wacom pens' peek of 0.65 alike.
    @Test(arguments: [0.3, 0.65])
    func aFirmQuickPenTapIsATap(peek: Double) {
        var s = EventScript(device: EventScript.pen())
        s.touch(0, x: 10000, y: 6000, pressure: 1060)
        for k in 1...28 {
            let t = Double(k) * 0.004
            s.move(t, x: 10000 + Int32(k % 3), pressure: min(1060 + Int32(k) * 36, 2047)); s.syn(t)
        }
        s.move(0.24, pressure: 2030); s.syn(0.24)
        s.move(0.25, pressure: 1200); s.syn(0.25)
        s.lift(0.26)
        var settings = GestureSettings()
        settings.peekFraction = peek
        let g = gestures(s, settings: settings)
        #expect(names(g) == ["tap ended"])
        #expect(g.first?.force ?? 0 > 6.6)  // the tap reports how hard it was
    }

    /// A deliberate pen press that lands firmly, already past peek, and stays: decided 0.3 s
    /// after the tip came down (not at the dwell's 0.2 s), from the timer, with its pop.
    @Test func aFirmlyLandingPenPressIsDecidedOnceThePenOutlastsATap() {
        var s = EventScript(device: EventScript.pen())
        s.touch(0, x: 10000, y: 6000, pressure: 1700)   // force 5.5: past peek and pop
        s.lift(0.8)
        let g = gestures(s)
        #expect(names(g) == ["deep-press began peek", "deep-press changed pop", "deep-press ended"])
        #expect(g.map(\.time) == [0.3, 0.3, 0.8].map { Timestamp(seconds: $0) })
    }

    /// A deliberate still pen press from 15 % to 95 % of the range over 0.6 s: peek once it
    /// has been past peek for the dwell (it crosses at 0.12 s, after the pen-tap time has
    /// nearly passed), pop on its crossing frame.
    @Test func aDeliberatePenPressPeeksAndPops() {
        var s = EventScript(device: EventScript.pen())
        s.touch(0, x: 10000, y: 6000, pressure: 307)
        for k in 1...60 {
            let t = Double(k) * 0.01
            s.move(t, pressure: 307 + Int32((Double(1945 - 307) * t / 0.6).rounded())); s.syn(t)
        }
        s.lift(0.8)
        let g = gestures(s)
        #expect(names(g) == ["deep-press began peek", "deep-press changed pop", "deep-press ended"])
        #expect(g.map(\.time) == [0.32, 0.45, 0.8].map { Timestamp(seconds: $0) })
    }

    /// `deep-press-time = 0` turns the whole rule off, the pen's part too.
    @Test func aZeroDwellFiresOnAPensCrossingFrame() {
        var s = EventScript(device: EventScript.pen())
        s.touch(0, x: 10000, y: 6000, pressure: 300)
        s.move(0.05, pressure: 700); s.syn(0.05)
        s.lift(0.1)
        var settings = GestureSettings()
        settings.deepPressDwell = Timestamp.Duration(seconds: 0)
        #expect(gestures(s, settings: settings).first?.time == Timestamp(seconds: 0.05))
    }
}
