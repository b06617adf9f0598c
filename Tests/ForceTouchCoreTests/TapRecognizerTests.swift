import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

@Suite struct TapRecognizerTests {
    // The test touchscreen has 10 units per mm: the 2 mm slop is 20 units.

    @Test func tapJustInsideSlopAndTime() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300)
        s.move(0.1, x: 519, y: 300); s.syn(0.1)       // 1.9 mm
        s.lift(0.35)                                   // exactly the limit
        let g = gestures(s)
        #expect(names(g) == ["tap ended"])
        #expect(g.first?.fingers == 1)
        #expect(abs((g.first?.x ?? 0) - 0.5) < 1e-9)
        #expect(abs((g.first?.y ?? 0) - 0.5) < 1e-9)
    }

    @Test func noTapJustOutsideSlop() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300)
        s.move(0.1, x: 521, y: 300); s.syn(0.1)       // 2.1 mm
        s.lift(0.2)
        #expect(gestures(s).isEmpty)
    }

    @Test func noTapJustOutsideTime() {
        var s = touchscreenScript()
        s.touch(0, x: 500, y: 300)
        s.lift(0.351)
        #expect(names(gestures(s)).allSatisfy { $0 != "tap ended" })
    }

    @Test func tapWaitsForDoubleTapWindowWhenDoubleTapIsBound() {
        var s = touchscreenScript()
        s.tap(1.0, x: 500, y: 300, duration: 0.1)
        let g = gestures(s)
        #expect(names(g) == ["tap ended"])
        #expect(g[0].time == Timestamp(seconds: 1.4))   // release 1.1 + 0.3 window
    }

    @Test func tapFiresAtReleaseWhenNoDoubleTapIsBound() {
        var s = touchscreenScript()
        s.tap(1.0, x: 500, y: 300, duration: 0.1)
        var settings = GestureSettings()
        settings.waitsForDoubleTap = false
        let g = gestures(s, settings: settings)
        #expect(names(g) == ["tap ended"])
        #expect(g[0].time == Timestamp(seconds: 1.1))
    }

    @Test func doubleTap() {
        var s = touchscreenScript()
        s.tap(0, x: 500, y: 300)
        s.tap(0.3, x: 540, y: 320)              // 0.22 s after the first ended, 4.5 mm away
        let g = gestures(s)
        #expect(names(g) == ["double-tap ended"])
        #expect(g[0].fingers == 1)
    }

    @Test func doubleTapWithoutWaitingReportsBothTapsThenTheDoubleTap() {
        var s = touchscreenScript()
        s.tap(0, x: 500, y: 300)
        s.tap(0.3, x: 500, y: 300)
        var settings = GestureSettings()
        settings.waitsForDoubleTap = false
        #expect(names(gestures(s, settings: settings)) == ["tap ended", "tap ended", "double-tap ended"])
    }

    @Test func secondTapTooLateIsTwoTaps() {
        var s = touchscreenScript()
        s.tap(0, x: 500, y: 300, duration: 0.08)
        s.tap(0.39, x: 500, y: 300)             // 0.31 s after the first ended
        #expect(names(gestures(s)) == ["tap ended", "tap ended"])
    }

    @Test func secondTapTooFarIsTwoTaps() {
        var s = touchscreenScript()
        s.tap(0, x: 100, y: 300)
        s.tap(0.2, x: 205, y: 300)              // 10.5 mm away
        let g = gestures(s)
        #expect(names(g) == ["tap ended", "tap ended"])
        #expect(g[0].x < g[1].x)
    }

    @Test func twoFingerTap() {
        var s = touchscreenScript()
        s.down(0, slot: 0, x: 400, y: 300)
        s.down(0, slot: 1, x: 600, y: 300)
        s.syn(0)
        s.up(0.1, slot: 0); s.up(0.1, slot: 1); s.syn(0.1)
        let g = gestures(s)
        #expect(names(g) == ["tap ended"])
        #expect(g.first?.fingers == 2)
        #expect(abs((g.first?.x ?? 0) - 0.5) < 1e-9)
    }

    @Test func threeFingerTapWithStaggeredContacts() {
        var s = touchscreenScript()
        s.touch(0, slot: 0, x: 300, y: 300)
        s.touch(0.02, slot: 1, x: 500, y: 300)
        s.touch(0.03, slot: 2, x: 700, y: 300)
        s.lift(0.1, slot: 1)
        s.lift(0.12, slot: 0)
        s.lift(0.15, slot: 2)
        let g = gestures(s)
        #expect(names(g) == ["tap ended"])
        #expect(g.first?.fingers == 3)
    }

    @Test func twoFingerTapsDoNotPairWithOneFingerTaps() {
        var s = touchscreenScript()
        s.tap(0, x: 500, y: 300)
        s.down(0.2, slot: 0, x: 500, y: 300); s.down(0.2, slot: 1, x: 520, y: 300); s.syn(0.2)
        s.up(0.25, slot: 0); s.up(0.25, slot: 1); s.syn(0.25)
        let g = gestures(s)
        #expect(names(g) == ["tap ended", "tap ended"])
        #expect(g.map(\.fingers) == [1, 2])
    }

    @Test func contactThatEndsWithoutAGesture() {
        var s = touchscreenScript()
        s.touch(0, x: 100, y: 100)
        for i in 1...20 { s.move(Double(i) * 0.01, x: 100 + Int32(i) * 10); s.syn(Double(i) * 0.01) }
        s.lift(0.25)
        #expect(gestures(s).isEmpty)
    }

    // A single-touch touchpad whose axes report no resolution (as older PS/2 pads do):
    // forcetouch takes a touchpad that says no size to be 69 × 50 mm, so the test pad's
    // 690 × 500 units are 10 per millimetre. Taken as 1/150 of the axis diagonal instead, a
    // unit would be 0.18 mm, and a finger's jitter would be millimetres.

    /// A 70 ms tap whose position wanders by a few units, as every real finger's does:
    /// 1.7 mm by the estimate (3 mm if 1/150 of the diagonal were a millimetre).
    @Test func aQuickTapWithJitterOnATouchpadWithoutResolution() {
        var s = EventScript(device: EventScript.touchpadWithoutResolution())
        s.touch(0, x: 300, y: 250, pressure: 60)
        s.move(0.024, x: 305, y: 241, pressure: 62); s.syn(0.024)
        s.move(0.048, x: 306, y: 234, pressure: 57); s.syn(0.048)
        s.lift(0.07)
        let g = gestures(s)
        #expect(names(g) == ["tap ended"])
        #expect(g.first?.fingers == 1)
    }

    /// A double tap whose second tap lands 8 mm from the first (by the estimate; 14 mm if
    /// 1/150 of the diagonal were a millimetre): within the 10 mm double-tap distance.
    @Test func aDoubleTapOnATouchpadWithoutResolution() {
        var s = EventScript(device: EventScript.touchpadWithoutResolution())
        s.tap(0, x: 300, y: 250, duration: 0.09)
        s.tap(0.3, x: 310, y: 329, duration: 0.12)
        let g = gestures(s)
        #expect(names(g) == ["double-tap ended"])
        #expect(g.first?.fingers == 1)
    }

    /// The estimate is a touchpad's: a touchscreen without resolution keeps 1/150 of its
    /// diagonal as a millimetre, and a device that reports resolution is measured.
    @Test func distancesAreEstimatedByTheDeviceClass() {
        let pad = DeviceGeometry(device: EventScript.touchpadWithoutResolution())
        #expect(pad.scale == .touchpadSize(width: 69, height: 50))
        #expect(abs(pad.distance(dx: 10, dy: 0) - 1) < 1e-9 && abs(pad.distance(dx: 0, dy: 10) - 1) < 1e-9)
        var screen = EventScript.touchscreen()
        for code in [ABS.MT_POSITION_X, ABS.MT_POSITION_Y] { screen.absInfo[code]!.resolution = 0 }
        let g = DeviceGeometry(device: screen)
        #expect(g.scale == .diagonal)
        #expect(abs(g.distance(dx: 1000, dy: 600) - 150) < 1e-9)
        #expect(DeviceGeometry(device: EventScript.touchscreen()).scale == .resolution)
        #expect(!DeviceGeometry(device: EventScript.touchscreen()).scale.isEstimated)
    }
}
