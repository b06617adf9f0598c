import ForceTouchCore
import ForceTouchEngine
import Testing
@testable import ForceTouchLinux

/// `forcetouchd --replay FILE --paced`: a recording's frames handed out when their moment comes
/// on the daemon's clock, not all at once.
struct PacedReplayTests {
    private func event(_ seconds: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: Timestamp(seconds: seconds), type: type, code: code, value: value)
    }

    /// Three frames recorded at 0.5 s, 0.7 s and 0.95 s: the first is due at the start, the next
    /// 200 ms later, and the last 450 ms after the start, each whole, with its times moved.
    private func recording() -> Recording {
        Recording(device: DeviceDescription(name: "touchscreen"), events: [
            event(0.5, EV.ABS, ABS.MT_TRACKING_ID, 1), event(0.5, EV.ABS, ABS.MT_PRESSURE, 40), event(0.5, EV.SYN, SYN.REPORT, 0),
            event(0.7, EV.ABS, ABS.MT_PRESSURE, 90), event(0.7, EV.SYN, SYN.REPORT, 0),
            event(0.95, EV.ABS, ABS.MT_PRESSURE, 170), event(0.95, EV.SYN, SYN.REPORT, 0),
        ])
    }

    @Test func handsOutEachFrameWhenItsMomentComes() {
        let start = Timestamp(seconds: 1000)
        var replay = PacedReplay(recording(), startingAt: start)
        #expect(replay.nextDeadline == start)
        let first = replay.due(at: start)
        #expect(first.map(\.value) == [1, 40, 0])
        #expect(first.allSatisfy { $0.time == start })
        #expect(replay.nextDeadline == Timestamp(seconds: 1000.2))
        // Not yet: 199 ms after the start, nothing.
        #expect(replay.due(at: Timestamp(seconds: 1000.199)).isEmpty)
        #expect(replay.due(at: Timestamp(seconds: 1000.2)).map(\.value) == [90, 0])
        #expect(!replay.finished)
        #expect(replay.due(at: Timestamp(seconds: 1000.45)).map(\.time) == [Timestamp(seconds: 1000.45), Timestamp(seconds: 1000.45)])
        #expect(replay.finished)
        #expect(replay.nextDeadline == nil)
        #expect(replay.due(at: Timestamp(seconds: 2000)).isEmpty)
    }

    /// A daemon that wakes late (a loaded machine) takes every frame due by then, in order, as a
    /// live read drains what the kernel holds.
    @Test func aLateWakeTakesEveryDueFrameInOrder() {
        var replay = PacedReplay(recording(), startingAt: Timestamp(seconds: 10))
        #expect(replay.due(at: Timestamp(seconds: 10.3)).map(\.value) == [1, 40, 0, 90, 0])
        #expect(replay.nextDeadline == Timestamp(seconds: 10.45))
    }

    /// Events after the last SYN_REPORT are a frame of their own, due at their time; an empty
    /// recording has played out at once.
    @Test func trailingEventsAndEmptyRecordings() {
        var r = recording()
        r.events.append(event(1.25, EV.ABS, ABS.MT_TRACKING_ID, -1))
        var replay = PacedReplay(r, startingAt: Timestamp(seconds: 0.5))
        _ = replay.due(at: Timestamp(seconds: 0.95))
        #expect(replay.nextDeadline == Timestamp(seconds: 1.25))
        #expect(replay.due(at: Timestamp(seconds: 1.25)).map(\.value) == [-1])
        #expect(replay.finished)
        let empty = PacedReplay(Recording(device: DeviceDescription(name: "x"), events: []), startingAt: .zero)
        #expect(empty.finished && empty.nextDeadline == nil)
    }
}
