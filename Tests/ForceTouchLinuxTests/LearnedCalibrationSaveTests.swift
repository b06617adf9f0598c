import ForceTouchCore
import Testing
@testable import ForceTouchLinux

/// When the daemon asks to save what a device learned: after every read it asks the session
/// whether a write is worth it, and a save (made or failed) resets the count.
@Suite struct LearnedCalibrationSaveTests {
    /// One-finger touches held at 58 (of 0...255), 0.5 s apart.
    static func touches(_ count: Int) -> [InputEvent] {
        var s = EventScript(device: EventScript.touchscreen())
        s.heldTouches(Array(repeating: 58, count: count))
        return s.events
    }

    static func session() -> DeviceSession {
        DeviceSession(node: InputNode(devnode: "/dev/input/event9"), description: EventScript.touchscreen(),
                      device: nil, configuration: Configuration())
    }

    @Test func aSaveIsWorthItEveryFiveTouchesAndWhenTheAverageMoves() {
        let s = Self.session()
        var events = Self.touches(25)[...]
        /// Feeds the touches up to the `n`th, lift included (each lifts 0.08 s after it lands).
        func feed(through n: Int) {
            while let e = events.first, e.time.microseconds <= Int64((Double(n - 1) * 0.5 + 0.25) * 1e6) {
                _ = s.feed(e)
                events.removeFirst()
            }
        }
        // Four touches: not yet.
        feed(through: 4)
        #expect(s.engine.learned.touches == 4)
        #expect(s.hasUnsavedTouches)
        #expect(!s.learnedWorthSaving)
        feed(through: 5)
        #expect(s.engine.learned.touches == 5)
        #expect(s.learnedWorthSaving)

        // Saved (or tried): the count starts again from there.
        s.savedLearned = s.engine.learned
        #expect(!s.hasUnsavedTouches)
        #expect(!s.learnedWorthSaving)
        feed(through: 19)
        s.savedLearned = s.engine.learned
        #expect(s.engine.learned.average == nil)

        // The twentieth touch gives the first average: worth a write though only one
        // touch waits.
        feed(through: 20)
        #expect(s.engine.learned.touches == 20)
        #expect(s.engine.learned.average != nil)
        #expect(s.learnedWorthSaving)
    }
}
