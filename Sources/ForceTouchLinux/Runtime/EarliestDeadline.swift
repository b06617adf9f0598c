import ForceTouchCore
import ForceTouchEngine

/// The earliest of many deadlines that change one at a time: the daemon's sessions, whose
/// earliest deadline the loop arms its timer for at every turn.
///
/// Each move is told with the deadline it replaced, which keeps the earliest without a look
/// at the others, unless the earliest itself went later or went away: only then, and after
/// `invalidate()`, is it stale, for the owner to look at them all and `reset(to:)`.
struct EarliestDeadline {
    /// The earliest deadline, when not stale.
    private(set) var value: Timestamp?
    private(set) var isStale = false

    /// One deadline went from `old` to `new`. Told after every read.
    @inline(always)
    mutating func moved(from old: Timestamp?, to new: Timestamp?) {
        if let new, value.map({ new <= $0 }) ?? true {
            value = new
        } else if old != nil, old == value {
            isStale = true
        }
    }

    /// Deadlines came or went, or moved without being told: it is stale.
    mutating func invalidate() { isStale = true }

    /// The owner looked at all the deadlines: `earliest` is the earliest of them.
    mutating func reset(to earliest: Timestamp?) {
        value = earliest
        isStale = false
    }
}
