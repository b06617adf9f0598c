/// When an overlay may preview a press — the card growing under the finger, the rest of the
/// output dimmed — and when the preview must go (SPEC §11, issue 41).
///
/// A preview announces a menu, so it starts only once the press is on its way to peek (the
/// deep-press recognizer holds the contact at or above peek, or a deep press began), never
/// for an ordinary touch however long it rests: a long press at force 1.05 previewed nothing
/// for its whole hold before. It goes as soon as the press stops being on its way (force fell
/// back, the finger moved) or a long press or any other gesture takes the contact; a taken
/// contact previews nothing more until it lifts. Once peek fired the menu is open and the
/// finger is followed to its lift, whatever its force (slide to select).
///
/// ```
///            onItsWay              peeked
/// idle ─────────────────▶ shown ──────────▶ staged ──lift──▶ idle (ended)
///  ▲  ◀── !onItsWay: cancelled ──┘  │  lift: ended
///  │                                └─ taken: cancelled ─▶ taken ──lift──▶ idle
/// ```
public struct PressPreview: Hashable, Sendable {
    /// What to tell the overlay after a step: nothing, or the progress message's phase.
    public enum Step: String, Hashable, Sendable {
        case none, began, changed, ended, cancelled
    }

    private enum State: Hashable, Sendable { case idle, shown, staged, taken }
    private var state = State.idle

    public init() {}

    /// Whether a preview is on the overlay now.
    public var isShown: Bool { state == .shown || state == .staged }

    /// After a read (or a deadline): the followed contact is `down` or lifted, and on its way
    /// to a deep press or not (`GestureEngine.isDeepPressing`).
    public mutating func sample(down: Bool, onItsWay: Bool) -> Step {
        switch state {
        case .idle:
            guard down, onItsWay else { return .none }
            state = .shown
            return .began
        case .shown:
            if !down { state = .idle; return .ended }
            if !onItsWay { state = .idle; return .cancelled }
            return .changed
        case .staged:
            if !down { state = .idle; return .ended }
            return .changed
        case .taken:
            if !down { state = .idle }
            return .none
        }
    }

    /// The deep press reached peek: its menu opens, and the preview, which its stage message
    /// puts on screen, follows the finger to its lift.
    public mutating func peeked() { state = .staged }

    /// A long press, or any gesture but the deep press, took the contact: the preview goes,
    /// and none comes back for it until it lifts. A menu already open stays for the finger.
    public mutating func taken() -> Step {
        guard state != .staged else { return .none }
        let step: Step = state == .shown ? .cancelled : .none
        state = .taken
        return step
    }
}
