/// Work that is asked for again and again (reading the installed applications, at each new
/// owner of the overlay's name) run once at a time: asked for while a run goes on, it is
/// folded into one more run after that one, however often it was asked, so that a client
/// that takes and drops the name in a loop costs one thread, not one each time.
struct OneRunAtATime: Sendable {
    /// A run is going on.
    private(set) var running = false
    /// Asked for during the current run: one more run is owed when it ends.
    private(set) var owed = false

    /// Whether to start a run now; false when one is going on (it is owed instead).
    mutating func ask() -> Bool {
        if running {
            owed = true
            return false
        }
        running = true
        return true
    }

    /// The current run ended: whether to start the one owed (still running, then).
    mutating func ended() -> Bool {
        if owed {
            owed = false
            return true
        }
        running = false
        return false
    }
}
