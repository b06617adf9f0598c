import ForceTouchEngine

/// How many of one device's recognizer notes the daemon's debug log writes (`--verbose`):
/// a token bucket of `burst` notes, refilled at `perSecond` notes a second of the notes' own
/// (event) time. The notes past it are counted, not written, and one line says how many:
/// at the first note a second or more after the first one left out, and at the end
/// (`finish`).
///
/// Why: ten fingers on a touchscreen at 1 kHz make some 750 notes a second (each contact's
/// deep press going idle → holding → idle, and refused), and writing each one tripled the
/// daemon's CPU, above libinput's (issue 40). No one reads 750 lines a second; a person
/// looking at why a gesture was missed reads the first ones of a touch, and a few gestures'
/// worth fit in the burst whole. `forcetest replay --explain` writes every note.
///
/// Event time, not the wall clock: a replay writes exactly the lines the live device would,
/// and a test can count them.
public struct GestureNoteBudget: Sendable {
    /// Notes written a second, once the burst is spent.
    public static let perSecond = 50.0
    /// Notes written at once after a quiet spell: a few gestures' worth, whole.
    public static let burst = 100.0
    /// How often, at most, a line says how many notes were left out while they are.
    public static let summaryInterval = Timestamp.Duration(seconds: 1)

    private var tokens = Self.burst
    private var last: Timestamp?
    /// Notes left out since the last line that said so, and how many of them were refusals.
    public private(set) var leftOut = 0
    private var leftOutRefusals = 0
    /// The times of the first and the last note left out since that line.
    private var leftOutSince = Timestamp.zero
    private var leftOutUntil = Timestamp.zero

    public init() {}

    /// Writes `note` (as `GestureNoteText.text`) through `write` if the budget allows, else
    /// counts it; first, when it is due, the line that says how many were left out.
    public mutating func take(_ note: GestureNote, write: (String) -> Void) {
        let t = note.time
        if let last, t > last {
            tokens = min(Self.burst, tokens + (t - last).seconds * Self.perSecond)
        }
        if last.map({ t > $0 }) ?? true { last = t }
        let admitted = tokens >= 1
        // Not at every note the refilled bucket lets through again: under a steady flood
        // that is one in fifteen, and the count would double the lines it saves.
        if leftOut > 0, t - leftOutSince >= Self.summaryInterval {
            write(summary())
        }
        guard admitted else {
            if leftOut == 0 { leftOutSince = t; leftOutUntil = t }
            leftOutUntil = max(leftOutUntil, t)
            leftOut += 1
            if case .refused = note.event { leftOutRefusals += 1 }
            return
        }
        tokens -= 1
        write(GestureNoteText.text(note))
    }

    /// Says how many notes were left out, if any were since the last such line: at a
    /// replay's end, when a device goes.
    public mutating func finish(write: (String) -> Void) {
        guard leftOut > 0 else { return }
        write(summary())
    }

    /// `812 note(s) not logged in 1.0 s (203 refusal(s)): more than 50 a second`, the time
    /// from the first note left out to the last; and starts counting again.
    private mutating func summary() -> String {
        let span = max((leftOutUntil - leftOutSince).seconds, 0)
        let line = "\(leftOut) note(s) not logged in \(TextFormat.fixed(span, decimals: 1)) s "
            + "(\(leftOutRefusals) refusal(s)): more than \(TextFormat.number(Self.perSecond)) a second"
        leftOut = 0
        leftOutRefusals = 0
        return line
    }
}
