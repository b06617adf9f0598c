import ForceTouchCore
import ForceTouchEngine
import Testing
@testable import ForceTouchLinux
import ForceTouchTestDevices

/// When the daemon asks to save what a device learned: after every read it asks the session
/// whether a write is worth it at the read's time, and a save (made or failed) starts the
/// wait again.
@Suite struct LearnedCalibrationSaveTests {
    static func session() -> DeviceSession {
        DeviceSession(node: InputNode(devnode: "/dev/input/event9"), description: EventScript.touchscreen(),
                      device: nil, configuration: Configuration())
    }

    /// Feeds one-finger touches held at 58 (of 0...255), 0.5 s apart from `start` seconds;
    /// returns the time of the last event.
    @discardableResult
    static func touch(_ s: DeviceSession, _ count: Int, from start: Double) -> Timestamp {
        var script = EventScript(device: EventScript.touchscreen())
        script.heldTouches(Array(repeating: 58, count: count), start: start)
        for e in script.events { _ = s.feed(e) }
        return script.events.last!.time
    }

    @Test func theFirstTouchesAreSavedThenNewsAtMostOnceAMinute() {
        let s = Self.session()
        #expect(!s.learnedWorthSaving(at: Timestamp(seconds: 0)))
        var t = Self.touch(s, 1, from: 0)
        #expect(s.hasUnsavedTouches)
        #expect(s.learnedWorthSaving(at: t))
        s.learnedSaved(at: t)
        #expect(!s.hasUnsavedTouches)

        // Touches go on: within the minute they wait, unsaved.
        t = Self.touch(s, 10, from: 1)
        #expect(s.engine.learned.touches == 11)
        #expect(s.hasUnsavedTouches)
        #expect(!s.learnedWorthSaving(at: t))
        #expect(!s.learnedWorthSaving(at: Timestamp(seconds: 60)))
        // A minute after the save, the next read saves them.
        #expect(s.learnedWorthSaving(at: Timestamp(seconds: 61)))
        t = Self.touch(s, 1, from: 61)
        #expect(s.learnedWorthSaving(at: t))
        s.learnedSaved(at: t)
        #expect(!s.learnedWorthSaving(at: Timestamp(seconds: 200)))
    }

    @Test func theFirstAverageIsSavedAtOnce() {
        let s = Self.session()
        var t = Self.touch(s, 19, from: 0)
        s.learnedSaved(at: t)
        #expect(s.engine.learned.average == nil)
        // The twentieth touch gives the first average: the device's calibration source
        // changes, and that is written without waiting out the minute.
        t = Self.touch(s, 1, from: 10)
        #expect(s.engine.learned.touches == 20)
        #expect(s.engine.learned.average != nil)
        #expect(s.learnedWorthSaving(at: t))
        s.learnedSaved(at: t)
        // Later moves of the average wait like any news.
        t = Self.touch(s, 5, from: 11)
        #expect(s.hasUnsavedTouches)
        #expect(!s.learnedWorthSaving(at: t))
    }
}
