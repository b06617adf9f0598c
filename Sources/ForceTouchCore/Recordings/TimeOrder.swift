import ForceTouchEngine

/// Something odd in a recording that did not stop it being read, with its line.
public struct RecordingWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: String?
    public var line: Int?
    public var message: String
    public init(line: Int?, _ message: String, file: String? = nil) {
        self.line = line
        self.message = message
        self.file = file
    }
    /// `file:line: warning: message`
    public var description: String {
        var location = file ?? "<recording>"
        if let line { location += ":\(line)" }
        return "\(location): warning: \(message)"
    }
}

/// Keeps a recording's event times from going backwards, as the kernel's monotonic clock
/// never does: an event stamped earlier than the one before it takes that one's time, and
/// the first such line is reported with how many were clamped.
///
/// Clamped, not refused: recordings made on the wall clock (older evemu-record) jump back
/// when NTP steps the clock, and the events are still the device's, in order. libinput
/// replays them in order too, with no pause for the step. A gesture then never ends before
/// it began.
struct TimeOrder {
    private var last: Timestamp?
    private var first: (line: Int?, from: Timestamp, to: Timestamp)?
    private var count = 0

    mutating func clamp(_ time: inout Timestamp, line: Int?) {
        if let last, time < last {
            if first == nil { first = (line, last, time) }
            count += 1
            time = last
        }
        last = time
    }

    var warning: RecordingWarning? {
        guard let first else { return nil }
        let more = count > 1 ? "; \(count) events in all were clamped" : ""
        return RecordingWarning(line: first.line,
                                "event time goes backwards, from \(first.from) to \(first.to): clamped to \(first.from)\(more)")
    }
}
