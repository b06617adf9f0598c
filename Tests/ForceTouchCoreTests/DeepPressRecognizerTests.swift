import Testing
@testable import ForceTouchCore

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

    @Test func peekAndPopOnTheirCrossingFrames() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 76); s.syn(0.05)    // just under peek
        s.move(0.06, pressure: 77); s.syn(0.06)    // crosses peek
        s.move(0.07, pressure: 191); s.syn(0.07)   // just under pop
        s.move(0.08, pressure: 192); s.syn(0.08)   // crosses pop
        s.lift(0.2)
        let g = gestures(s)
        #expect(names(g) == ["deep-press began peek", "deep-press changed pop", "deep-press ended"])
        #expect(g.map(\.time) == [0.06, 0.08, 0.2].map { Timestamp(seconds: $0) })
        #expect((g[0].commitProgress ?? 1) < 0.01)
        #expect(g[1].transitionProgress == 1)
        #expect(g[1].commitProgress == 1)
    }

    @Test func peekAndPopCrossedOnASingleFrame() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 30)
        s.move(0.05, pressure: 250); s.syn(0.05)
        s.lift(0.1)
        let g = gestures(s)
        #expect(names(g) == ["deep-press began peek", "deep-press changed pop", "deep-press ended"])
        #expect(g[0].time == g[1].time)
    }

    @Test func hoveringAroundPeekFiresOnce() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        for (i, p) in [78, 74, 79, 70, 80, 65, 77].enumerated() {
            let t = 0.05 + Double(i) * 0.01
            s.move(t, pressure: Int32(p)); s.syn(t)
        }
        s.lift(0.2)
        #expect(names(gestures(s)) == ["deep-press began peek", "deep-press ended"])
    }

    @Test func rearmsAfterFallingBelowHysteresis() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 80); s.syn(0.05)
        s.move(0.06, pressure: 60); s.syn(0.06)    // below 61.2: released
        s.move(0.07, pressure: 80); s.syn(0.07)
        s.lift(0.1)
        #expect(names(gestures(s)) == [
            "deep-press began peek", "deep-press ended", "deep-press began peek", "deep-press ended",
        ])
    }

    @Test func hoveringAroundPopFiresOnceAndRearmsBelowItsHysteresis() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        for (i, p) in [100, 195, 185, 196, 160, 200, 150, 200].enumerated() {
            let t = 0.05 + Double(i) * 0.01
            s.move(t, pressure: Int32(p)); s.syn(t)
        }
        s.lift(0.2)
        #expect(names(gestures(s)) == [
            "deep-press began peek", "deep-press changed pop", "deep-press changed pop", "deep-press ended",
        ])
    }

    @Test func deepPressCancelsPendingLongPressAndTap() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.2, pressure: 100); s.syn(0.2)
        s.move(0.3, pressure: 40); s.syn(0.3)
        s.lift(1.0)
        #expect(names(gestures(s)) == ["deep-press began peek", "deep-press ended"])
    }

    @Test func quickDeepPressIsNotATap() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300, pressure: 100)
        s.lift(0.1)
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
        s.lift(0.1)
        var light = GestureSettings()
        light.sensitivity = .light
        #expect(names(gestures(s, settings: light)).first == "deep-press began peek")
        #expect(gestures(s).isEmpty == false)  // medium: a tap, no deep press
        #expect(!names(gestures(s)).contains("deep-press began peek"))
    }

    @Test func eachContactPressesOnItsOwn() {
        var s = touchscreenScript()
        s.down(0, slot: 0, x: 300, y: 300, pressure: 40); s.down(0, slot: 1, x: 700, y: 300, pressure: 40); s.syn(0)
        s.move(0.1, slot: 1, pressure: 120); s.syn(0.1)
        s.up(0.3, slot: 0); s.up(0.3, slot: 1); s.syn(0.3)
        let g = gestures(s)
        #expect(names(g) == ["deep-press began peek", "deep-press ended"])
        #expect(g[0].x > 0.6)
        #expect(g[0].fingers == 2)
    }
}
