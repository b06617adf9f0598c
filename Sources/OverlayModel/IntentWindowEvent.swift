/// What reaches the intent window (SPEC §11, "The intent window"): the daemon's signals, with
/// only the fields its states depend on (the texts it draws stay with the glue), the user's
/// touches, and the timers it asked the glue to arm.
public enum IntentWindowEvent: Hashable, Sendable {
    /// IntentStarted: run `id` begins; `app` is the intent's app, empty for none.
    case started(id: UInt32, app: String)
    /// IntentConfirm, IntentChoose or IntentNeedsValue: run `id` waits on the question.
    case asked(id: UInt32, question: IntentQuestion)
    /// IntentResponse: what run `id`'s handlers answered, and whether it is the run's last word.
    case responded(id: UInt32, code: String, final: Bool)
    /// A press (or a touch) begins on the window: a response touched no longer closes by itself.
    case pressed
    /// A click or a touch lifted at x, y of the window; `entry` is the text field's text, which
    /// OK answers with.
    case released(x: Double, y: Double, entry: String)
    /// Return in the text field.
    case submitted(String)
    /// The dismiss timer the window armed (`IntentWindowEffects.dismiss`) ran out.
    case dismissTimerFired
    /// The daemon's name lost its owner, or another process took it: the run it asked about is
    /// over, and the window goes without a call.
    case daemonGone
}
