import ForceTouchCore
import ForceTouchEngine

/// A recording played at the pace it was recorded (`forcetouchd --replay FILE --paced`): its
/// events moved onto the daemon's clock, the first at `start`, and handed out a frame at a time
/// (up to its `SYN_REPORT`) once that frame's moment has come, as a live device's reads bring
/// them. What the daemon waits for in real time meanwhile (the overlay's lookup, its deadline
/// after peek) gets the time it gets with a hand's press, not the instant a whole press takes
/// in virtual time.
struct PacedReplay {
    /// The recording's events on the daemon's clock.
    private let events: [InputEvent]
    /// Where each frame ends (one past its `SYN_REPORT`, or the last event's index for events
    /// left after the last report), in order.
    private let frameEnds: [Int]
    /// The next frame to hand out.
    private var nextFrame = 0

    init(_ recording: Recording, startingAt start: Timestamp) {
        let shift = start - (recording.events.first?.time ?? start)
        let moved = recording.events.map { e in
            InputEvent(time: e.time + shift, type: e.type, code: e.code, value: e.value)
        }
        var ends = moved.indices.filter { moved[$0].isSynReport }.map { $0 + 1 }
        if ends.last != moved.count, !moved.isEmpty { ends.append(moved.count) }
        events = moved
        frameEnds = ends
    }

    /// Whether every event has been handed out.
    var finished: Bool { nextFrame == frameEnds.count }

    /// When the next frame is due (its last event's time), for the event loop's timer; nil once
    /// every event has been handed out.
    var nextDeadline: Timestamp? {
        finished ? nil : events[frameEnds[nextFrame] - 1].time
    }

    /// The frames due at `now`, in order: every whole frame whose moment has come, several when
    /// the daemon was late (a live read drains what the kernel holds the same way).
    mutating func due(at now: Timestamp) -> ArraySlice<InputEvent> {
        let first = nextFrame == 0 ? 0 : frameEnds[nextFrame - 1]
        while let d = nextDeadline, d <= now { nextFrame += 1 }
        let end = nextFrame == 0 ? 0 : frameEnds[nextFrame - 1]
        return events[first..<end]
    }
}
