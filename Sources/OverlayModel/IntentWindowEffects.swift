/// What an event asks of the intent window's glue: whether to take the signal's texts, to show
/// or hide the window, which method to call on the daemon, and which timers to run. The
/// window's state itself is `IntentWindowInteraction.state`.
public struct IntentWindowEffects: Hashable, Sendable {
    /// A method call to the daemon. The bus's member names stay in its table (bus-protocol.h);
    /// these say which.
    public enum Call: Hashable, Sendable {
        /// ConfirmIntent(id, yes).
        case confirm(id: UInt32, yes: Bool)
        /// AnswerIntent(id, value).
        case answer(id: UInt32, value: String)
        /// OpenIntentApp(id).
        case openApp(id: UInt32)
    }

    /// Why the window closes, as its log says (`intent-window 3 hidden: timed out`).
    public enum HideReason: String, Hashable, Sendable {
        case replaced
        case cancelled
        case continueInApp = "continue-in-app"
        case appOpened = "app opened"
        case tapped
        case timedOut = "timed out"
        case daemonGone = "daemon gone"
    }

    /// What to do with the dismiss timer.
    public enum Timer: Hashable, Sendable {
        /// Arm it (replacing one running) to fire `dismissTimerFired` after this many milliseconds.
        case arm(milliseconds: Int)
        /// Stop it if it runs.
        case cancel
    }

    /// The signal is this window's: the glue keeps its texts (title, prompt, message, output)
    /// to draw them.
    public var accepted = false
    /// The question is of a run the window did not see start (the overlay came onto the bus
    /// since): its title replaces the last run's, and it has no app, output or place: centred.
    public var newRun = false
    /// Closes the window (before anything shown after it), logged with this reason.
    public var hide: HideReason?
    /// Lays the window out for the new state and shows (or redraws) it.
    public var show = false
    /// The method to call.
    public var call: Call?
    /// The button a tap hit (`next`, `choice-1`, …), or `window` for a response's body, for the log.
    public var tapped: String?
    /// The dismiss timer's change, nil to leave it.
    public var dismiss: Timer?
    /// The spinner turns (its redraw ticks run): an in-progress response shows.
    public var spinning = false

    public init() {}
}
