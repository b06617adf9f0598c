import ForceTouchProtocol

/// One change of the intent window's state and the event that made it, for the overlay's
/// `--verbose` log, as `MenuTransition` is the menu's.
public struct IntentWindowTransition: Hashable, Sendable, CustomStringConvertible {
    public var from: IntentWindowInteraction.State
    public var to: IntentWindowInteraction.State
    public var cause: IntentWindowEvent

    public var description: String { "\(from.name) -> \(to.name) (\(cause.name))" }
}

extension IntentWindowEvent {
    /// The event's kind, for the log (never the texts: a value typed may be private).
    var name: String {
        switch self {
        case .started(let id, _): "started \(id)"
        case .asked(let id, _): "asked \(id)"
        case .responded(let id, let code, let final): "responded \(id) \(LogText.escaped(code))\(final ? " final" : "")"
        case .pressed: "pressed"
        case .released: "released"
        case .submitted: "submitted"
        case .dismissTimerFired: "dismiss timer"
        case .daemonGone: "daemon gone"
        }
    }
}
