/// One step of a recognizer's reasoning: a change of state, or a candidate it refused and
/// the rule that refused it, with the figures (moved 3.4 mm > 2 mm slop).
///
/// A fixed-size value, so that recording one allocates nothing: text is made from it
/// outside the engine (`forcetest replay --explain`, the daemon's debug log), as libinput
/// logs its tap machine's transitions for a user to find why a tap was lost.
public struct GestureNote: Hashable, Sendable {
    public var time: Timestamp
    /// The state machine that speaks: the tap machine (double taps included), the long
    /// press, the deep press, or the claims.
    public var recognizer: Recognizer
    /// The contact's slot, for the deep press and the claims, which decide per contact; nil
    /// for the others, which decide over a whole touch sequence.
    public var slot: Int?
    public var event: Event

    public init(time: Timestamp, recognizer: Recognizer, slot: Int? = nil, event: Event) {
        self.time = time
        self.recognizer = recognizer
        self.slot = slot
        self.event = event
    }

    /// The engine's state machines that explain themselves, by the names the notes use.
    public enum Recognizer: String, Hashable, Sendable {
        case tap
        case longPress = "long-press"
        case deepPress = "deep-press"
        case hapticTouch = "haptic-touch"
        /// `ContactClaims`: whether a contact is held back, passed to the clone or claimed.
        case claims = "claim"
    }

    /// What happened.
    public enum Event: Hashable, Sendable {
        /// The recognizer went from one named state to another.
        case transition(from: RecognizerState, to: RecognizerState)
        /// A candidate gesture (`gesture`) was refused, and why.
        case refused(GestureKind, Refusal)
    }
}

/// The named states of the recognizers, as their state diagrams (beside each recognizer's
/// code) name them.
public enum RecognizerState: String, Hashable, Sendable {
    /// Nothing down, nothing pending.
    case idle
    /// Tap: contacts down that may still be a tap.
    case touching
    /// Tap: all up after a tap, which waits out the double-tap window.
    case waiting
    /// Long press: down and still, waiting for the deadline.
    case possible
    /// Long press: fired, until the contacts lift.
    case began
    /// No longer a candidate until every contact lifts.
    case failed
    /// Deep press: at or above peek, not yet for the dwell.
    case holding
    /// Deep press: pressed (stage peek).
    case peek
    /// Deep press: pressed past pop.
    case pop
    /// Deep press: moved beyond the slop before pressing.
    case moving
    /// Claims: held back from the clone while it may still become a claimed gesture.
    case undecided
    /// Claims: not forcetouch's; the clone gets it.
    case passed
    /// Claims: forcetouch's; the app beneath never gets it as a touch.
    case claimed
}

/// Why a candidate was refused, with the figures the rule compared. Distances are in
/// millimetres, times in seconds, forces in the engine's force units.
public enum Refusal: Hashable, Sendable {
    /// A contact moved farther than the slop.
    case moved(millimetres: Double, slop: Double)
    /// The touch lasted longer than a tap may.
    case tooLong(seconds: Double, limit: Double)
    /// The contacts lifted before the long press's deadline.
    case liftedEarly(seconds: Double, duration: Double)
    /// The contacts lifted after the long press's duration, while it still waited for a
    /// deep press being decided (SPEC §4: the long press waits for it).
    case liftedWaitingForDeepPress(seconds: Double, duration: Double)
    /// A contact's state was lost (SYN_DROPPED, a tracking id reused, the device gone).
    case lost
    /// Another gesture took the touch first.
    case taken(by: GestureKind)
    /// The second tap came too long after the first lifted.
    case secondTapTooLate(seconds: Double, limit: Double)
    /// The second tap was too far from the first.
    case secondTapTooFar(millimetres: Double, limit: Double)
    /// The two taps had different finger counts.
    case secondTapFingers(first: Int, second: Int)
    /// The contact never pressed as hard as peek.
    case belowPeek(force: Double, peek: Double)
    /// Force stayed at or above peek for less than the dwell that tells a press from a tap.
    case shortOfDwell(seconds: Double, dwell: Double)
    /// A pen's tip lifted before the pen hold, which tells a deliberate pen press from a tap.
    case shortOfPenHold(seconds: Double, hold: Double)
    /// A Haptic Touch is one finger's: more came.
    case fingers(count: Int, limit: Int)
}

/// The notes of one engine, kept in fixed storage the caller drains: off by default, and
/// then it costs a test of a flag per decision; on, a ring of `capacity` notes made once,
/// the oldest overwritten (and counted in `dropped`) when the caller drains too late.
public struct GestureTrace: Sendable {
    public private(set) var isOn = false
    /// Notes lost because the ring was full.
    public private(set) var dropped = 0
    private var ring: [GestureNote] = []
    private var first = 0
    private var count = 0

    public init() {}

    /// Starts recording, into a ring of `capacity` notes.
    public mutating func start(capacity: Int = 256) {
        guard !isOn else { return }
        ring = Array(repeating: GestureNote(time: .zero, recognizer: .tap, event: .transition(from: .idle, to: .idle)),
                     count: max(capacity, 1))
        isOn = true
    }

    /// Records a note when on. The note is made only then: an autoclosure, which does not
    /// escape, so nothing is allocated either way.
    @inline(__always)
    mutating func record(_ note: @autoclosure () -> GestureNote) {
        guard isOn else { return }
        append(note())
    }

    /// A transition, unless it goes nowhere.
    @inline(__always)
    mutating func transition(_ recognizer: GestureNote.Recognizer, _ from: RecognizerState, _ to: RecognizerState,
                             at time: Timestamp, slot: Int? = nil) {
        guard isOn, from != to else { return }
        append(GestureNote(time: time, recognizer: recognizer, slot: slot, event: .transition(from: from, to: to)))
    }

    @inline(never)
    private mutating func append(_ note: GestureNote) {
        if count == ring.count {
            ring[first] = note
            first = (first + 1) % ring.count
            dropped += 1
        } else {
            ring[(first + count) % ring.count] = note
            count += 1
        }
    }

    /// Hands every note recorded since the last drain to `body`, oldest first, and forgets them.
    public mutating func drain(_ body: (GestureNote) -> Void) {
        for k in 0..<count { body(ring[(first + k) % ring.count]) }
        first = 0
        count = 0
    }

    /// Whether a drain would hand over anything.
    public var isEmpty: Bool { count == 0 }
}
