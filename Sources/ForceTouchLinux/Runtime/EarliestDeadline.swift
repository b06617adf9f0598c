import ForceTouchCore

/// The earliest of many deadlines that change one at a time: the daemon's sessions, whose
/// earliest deadline the loop arms its timer for at every turn.
///
/// Each move is told with the deadline it replaced, which keeps the earliest without a look
/// at the others, unless the earliest itself went later or went away: only then, and after
/// `invalidate()`, does `earliest(of:)` look at them all again.
struct EarliestDeadline {
    private var value: Timestamp?
    private var isStale = false

    /// One deadline went from `old` to `new`.
    mutating func moved(from old: Timestamp?, to new: Timestamp?) {
        if let new, value.map({ new <= $0 }) ?? true {
            value = new
        } else if old != nil, old == value {
            isStale = true
        }
    }

    /// Deadlines came or went, or moved without being told: the next `earliest(of:)` looks.
    mutating func invalidate() { isStale = true }

    /// The earliest deadline; `all` gives every deadline, and is called only when stale.
    mutating func earliest(of all: () -> [Timestamp?]) -> Timestamp? {
        if isStale {
            value = all().compactMap { $0 }.min()
            isStale = false
        }
        return value
    }
}
