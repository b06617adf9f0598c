import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// Auto-calibration (SPEC §2): the average touch learned from ordinary one-finger touches.
/// The test touchscreen's pressure is 0...255; its default average touch is 38.25.
@Suite struct AutoCalibrationTests {
    /// `count` one-finger touches, 0.5 s apart, each held at `level` (with a landing and a
    /// lifting frame at half of it, which the level leaves out).
    static func touches(_ levels: [Int32], start: Double = 0) -> EventScript {
        var s = touchscreenScript()
        s.heldTouches(levels, start: start)
        return s
    }

    static func run(_ s: EventScript, settings: DeviceSettings = DeviceSettings(),
                    learned: LearnedCalibration = LearnedCalibration()) -> GestureEngine {
        var engine = GestureEngine(device: s.device, settings: settings, learned: learned)
        for e in s.events { engine.process(e) }
        while let d = engine.nextDeadline { engine.advance(to: d) }
        return engine
    }

    @Test func convergesWithinTwentyTouchesOnTheirTypicalLevel() {
        let levels: [Int32] = (0..<19).map { 56 + Int32($0 % 5) }  // 56...60
        let before = Self.run(Self.touches(levels))
        #expect(before.learned.touches == 19)
        #expect(before.learned.average == nil)
        #expect(before.calibrationSource == .default)
        #expect(before.forceModel?.average == 38.25)

        let after = Self.run(Self.touches(levels + [58]))
        #expect(after.learned.touches == 20)
        let average = try! #require(after.learned.average)
        #expect(average >= 58 && average <= 59)
        #expect(after.calibrationSource == .learned(touches: 20))
        #expect(after.forceModel?.average == average)
    }

    @Test func oneHardTouchDoesNotMoveIt() {
        var calm = LearnedCalibration()
        var outlier = LearnedCalibration()
        let range = 0.0...255.0
        for i in 0..<30 {
            let level = 60.0 + Double(i % 3)
            calm.observe(level: level, range: range)
            outlier.observe(level: i == 25 ? 250 : level, range: range)
        }
        #expect(calm.average != nil)
        #expect(outlier.average == calm.average)
    }

    @Test func driftIsBoundedPerTouch() {
        var l = LearnedCalibration()
        let range = 0.0...255.0
        for _ in 0..<20 { l.observe(level: 60, range: range) }
        #expect(l.average == 60)
        // The user's touch changes for good: the average follows, a step at a time.
        var previous = 60.0
        for _ in 0..<40 {
            l.observe(level: 120, range: range)
            let now = try! #require(l.average)
            #expect(now - previous <= LearnedCalibration.maximumStep * 255 + 1e-9)
            previous = now
        }
        #expect(previous == 120)
    }

    @Test func deepPressesAndMultiFingerTouchesAreNotLearnedFrom() {
        var s = touchscreenScript()
        // A deliberate press…
        s.touch(0, x: 500, y: 300, pressure: 40)
        s.move(0.05, pressure: 200); s.syn(0.05)
        s.lift(0.5)
        // …and a two-finger tap.
        s.down(1, slot: 0, x: 300, y: 300, pressure: 90); s.down(1, slot: 1, x: 600, y: 300, pressure: 90); s.syn(1)
        s.move(1.02, slot: 0, pressure: 91); s.move(1.02, slot: 1, pressure: 91); s.syn(1.02)
        s.move(1.04, slot: 0, pressure: 90); s.syn(1.04)
        s.up(1.06, slot: 0); s.up(1.06, slot: 1); s.syn(1.06)
        let engine = Self.run(s)
        #expect(names(RecordingPlayback.run(s.recording)).contains("deep-press began peek"))
        #expect(engine.learned.touches == 0)
    }

    @Test func aConfiguredCalibrationWinsOverTheLearnedOne() {
        var learned = LearnedCalibration()
        for _ in 0..<20 { learned.observe(level: 60, range: 0...255) }
        let configured = DeviceSettings(calibrationAverage: 100)
        let engine = Self.run(Self.touches([58, 59, 60]), settings: configured, learned: learned)
        #expect(engine.calibrationSource == .config)
        #expect(engine.forceModel?.average == 100)
        #expect(engine.learned.touches == 23)  // it still learns, for when the config lets go
    }

    @Test func aLearnedCalibrationWinsOverTheDatabase() {
        let quirks = DeviceQuirks(averageTouch: 80, entries: ["Test touchscreens"], averageTouchEntry: "Test touchscreens")
        let fresh = Self.run(Self.touches([58]), settings: DeviceSettings(quirks: quirks))
        #expect(fresh.calibrationSource == .database(entry: "Test touchscreens"))
        #expect(fresh.forceModel?.average == 80)
        var learned = LearnedCalibration()
        for _ in 0..<20 { learned.observe(level: 60, range: 0...255) }
        let engine = Self.run(Self.touches([58]), settings: DeviceSettings(quirks: quirks), learned: learned)
        #expect(engine.calibrationSource == .learned(touches: 21))
        #expect(engine.forceModel?.average == 60)
    }

    /// The learned average applies between touches, never under a finger: when the touch
    /// that completes convergence lifts in the frame another comes down, the new scale waits
    /// until that one lifts too.
    @Test func aNewAverageAppliesOnlyOnceEveryFingerHasLifted() throws {
        var s = Self.touches((0..<19).map { _ in 60 })
        s.down(20, slot: 0, x: 300, y: 300, pressure: 60); s.syn(20)
        s.move(20.02, slot: 0, pressure: 61); s.syn(20.02)
        s.move(20.04, slot: 0, pressure: 60); s.syn(20.04)
        s.up(20.06, slot: 0); s.down(20.06, slot: 1, x: 700, y: 300, pressure: 60); s.syn(20.06)
        var engine = GestureEngine(device: s.device, settings: DeviceSettings())
        for e in s.events { engine.process(e) }
        let learned = try #require(engine.learned.average)
        #expect(learned >= 60 && learned <= 61)
        #expect(engine.calibrationSource == .default)
        #expect(engine.forceModel?.average == 38.25)

        var rest = EventScript(device: s.device)
        rest.lift(20.2, slot: 1)
        for e in rest.events { engine.process(e) }
        #expect(engine.calibrationSource == .learned(touches: 20))
        #expect(engine.forceModel?.average == learned)
    }

    @Test func aPersistedCalibrationRoundTrips() throws {
        var l = LearnedCalibration()
        for i in 0..<25 { l.observe(level: 60 + Double(i % 4), range: 0...255) }
        let data = try JSONEncoder().encode(l)
        #expect(try JSONDecoder().decode(LearnedCalibration.self, from: data) == l)
    }
}
