import ForceTouchEngine

/// Moving the AssistiveTouch button (SPEC §6): a long press on the button, then the same
/// finger drags it, and where it is let go it settles against the nearer side edge.
///
/// An explicit state machine, fed by the daemon with the long press that began and, after
/// every read, the carrying finger's position:
///
///     idle ──long press began on the button──▶ held ──finger moved──▶ dragging
///       ▲                                        │                        │
///       └──────────── lifted (no move) ──────────┘◀── lifted: dropped ────┘
///
/// A cancelled touch (a `SYN_DROPPED`, the device gone, pause) goes back to idle and leaves
/// the button where it was.
public struct AssistiveButtonDrag: Hashable, Sendable {
    public enum State: Hashable, Sendable {
        case idle
        /// A long press began on the button: its finger (slot) holds it, not moved yet.
        case held(slot: Int, x: Double, y: Double)
        /// The finger moves the button, now at `place`.
        case dragging(slot: Int, place: AssistiveButton.Place)
    }

    /// What a step did to the button.
    public enum Output: Hashable, Sendable {
        case none
        /// It is drawn under the finger, here.
        case moved(AssistiveButton.Place)
        /// Let go: it settled here, and this is where it stays.
        case dropped(AssistiveButton.Place)
    }

    public private(set) var state: State = .idle
    /// How far, as a fraction of the surface, the finger must go before the button follows:
    /// a long press's own jitter does not move it.
    public static let slop = 0.01

    public init() {}

    /// The finger the button follows, if one does.
    public var slot: Int? {
        switch state {
        case .idle: nil
        case .held(let s, _, _), .dragging(let s, _): s
        }
    }

    /// A one-finger long press began: on the button, its finger now holds it.
    public mutating func longPressBegan(_ event: GestureEvent, button: AssistiveButton) {
        guard case .idle = state, event.gesture == .longPress, event.phase == .began, event.fingers == 1,
              let slot = event.contacts.first(where: { _ in true }), button.contains(x: event.x, y: event.y) else { return }
        state = .held(slot: slot, x: event.x, y: event.y)
    }

    /// The holding finger after a read: at (`x`, `y`), or lifted (`down` false).
    public mutating func finger(x: Double, y: Double, down: Bool, button: AssistiveButton) -> Output {
        switch state {
        case .idle:
            return .none
        case .held(let slot, let x0, let y0):
            if !down { state = .idle; return .none }
            guard abs(x - x0) > Self.slop || abs(y - y0) > Self.slop else { return .none }
            let place = button.following(x: x, y: y)
            state = .dragging(slot: slot, place: place)
            return .moved(place)
        case .dragging(let slot, let was):
            if !down {
                state = .idle
                return .dropped(button.settled(x: was.x, y: was.y))
            }
            let place = button.following(x: x, y: y)
            guard place != was else { return .none }
            state = .dragging(slot: slot, place: place)
            return .moved(place)
        }
    }

    /// The touch was cancelled: the button stays where it was.
    public mutating func cancel() { state = .idle }
}
