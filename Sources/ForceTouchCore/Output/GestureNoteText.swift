import ForceTouchEngine

/// A recognizer's note as one readable line, beside the gestures in `forcetest replay
/// --explain`, `watch --explain` and the daemon's debug log: the engine keeps the figures,
/// text is made here, where allocating is fine.
public enum GestureNoteText {
    /// `0.412000  why: tap refused: moved 3.41 mm > 2 mm slop`,
    /// `0.100000  why: deep-press [slot 0] idle → holding`.
    public static func line(_ note: GestureNote) -> String {
        "\(note.time.description)  why: " + text(note)
    }

    /// The note without its time.
    public static func text(_ note: GestureNote) -> String {
        var s = note.recognizer.rawValue
        if let slot = note.slot { s += " [slot \(slot)]" }
        switch note.event {
        case .transition(let from, let to):
            s += " \(from.rawValue) → \(to.rawValue)"
        case .refused(let gesture, let why):
            if gesture.rawValue != note.recognizer.rawValue { s += " (\(gesture.rawValue))" }
            s += " refused: " + reason(why)
        }
        return s
    }

    /// The rule and its figures: `force 2.1 < peek 2.35`.
    public static func reason(_ why: Refusal) -> String {
        switch why {
        case .moved(let mm, let slop): "moved \(figure(mm)) mm > \(figure(slop)) mm slop"
        case .tooLong(let s, let limit): "lasted \(figure(s)) s > \(figure(limit)) s tap limit"
        case .liftedEarly(let s, let duration): "lifted after \(figure(s)) s < \(figure(duration)) s"
        case .liftedWaitingForDeepPress(let s, let duration):
            "lifted after \(figure(s)) s, past \(figure(duration)) s but while waiting for a deep press to be decided"
        case .lost: "the contact's state was lost"
        case .taken(let other): "taken by the \(other.rawValue)"
        case .secondTapTooLate(let s, let limit): "second tap \(figure(s)) s after the first > \(figure(limit)) s"
        case .secondTapTooFar(let mm, let limit): "second tap \(figure(mm)) mm from the first > \(figure(limit)) mm"
        case .secondTapFingers(let first, let second): "second tap with \(second) fingers, the first with \(first)"
        case .belowPeek(let force, let peek): "force \(figure(force)) < peek \(figure(peek))"
        case .shortOfDwell(let s, let dwell): "at or above peek for \(figure(s)) s < \(figure(dwell)) s dwell"
        case .shortOfPenHold(let s, let hold): "pen down \(figure(s)) s < \(figure(hold)) s pen hold"
        case .fingers(let count, let limit): "\(count) fingers > \(limit)"
        }
    }

    /// Two decimals at most: the figures are read by people, and a rule's own figure
    /// (2 mm, 0.35 s) is written as the configuration writes it.
    static func figure(_ v: Double) -> String {
        TextFormat.number((v * 100).rounded() / 100)
    }
}
