import ForceTouchProtocol

/// The intent window's states (SPEC §11, "The intent window"): which question it asks, the
/// response it shows, and when it closes. A value with no clock and no toolkit: the overlay's
/// C glue feeds it the daemon's signals, the taps and the timers it armed for it, and draws
/// the frames it lays out; the tests feed it the same events in virtual time.
///
/// ```
/// hidden ──asked──▶ asking(q) ──Next, a choice, a value──▶ showingResponse(in-progress)
///   │ responded            │ Cancel, or a failure ending the run: hidden (cancelled)
///   ▼                      ▼ responded
/// showingResponse(code, final) ──a later response──▶ showingResponse(…)
///   │ final and untouched for 4 s: hidden (timed out) · a tap: hidden (app opened / tapped)
///   └ continue-in-app: hidden, the daemon opens the app · a new run: hidden (replaced)
/// any state ──the daemon gone──▶ hidden (daemon gone), its run forgotten
/// ```
/// The window closes at once (there is no closing animation), so there is no closing state.
public struct IntentWindowInteraction: Sendable {
    /// The window's named states.
    public enum State: Hashable, Sendable {
        /// Nothing shown.
        case hidden
        /// A question, waiting on the user.
        case asking(IntentQuestion)
        /// What the run's handlers answered: `code` (INIntentResponseCode's name), and whether
        /// it is final (in-progress is not: a later response replaces it).
        case showingResponse(code: String, final: Bool)

        /// The state's name in the log.
        public var name: String {
            switch self {
            case .hidden: "hidden"
            case .asking(.confirm): "asking(confirm)"
            case .asking(.choose(let c)): "asking(choose \(c.count))"
            case .asking(.value): "asking(value)"
            case .showingResponse(let code, let final):
                "showingResponse(\(LogText.escaped(code))\(final ? ", final" : ""))"
            }
        }
    }

    /// How long a final response stays untouched before it closes itself.
    public static let dismissMilliseconds = 4000

    public private(set) var state = State.hidden
    /// The run shown or last shown, 0 for none.
    public private(set) var run: UInt32 = 0
    /// The run Cancel (or its failure while asking) stopped: its later responses are not shown.
    private var cancelled: UInt32 = 0
    /// The run has an app to open (a tap on a response, Open).
    private var hasApp = false
    /// A response was touched: it stays until tapped.
    private var touched = false
    /// The frame last laid out: what a tap is tested against, as the user saw it.
    public private(set) var drawn = IntentWindowFrame()
    /// The state changes since the glue last took them (`takeTransitions`).
    public private(set) var transitions: [IntentWindowTransition] = []

    public init() {}

    /// The window's kind in the log (`intent-window 3 confirm …`).
    public var kind: String {
        switch state {
        case .hidden: "none"
        case .asking(.confirm): "confirm"
        case .asking(.choose): "choose"
        case .asking(.value): "value"
        case .showingResponse: "response"
        }
    }

    /// The response's code shown, "" for none.
    public var code: String {
        if case .showingResponse(let code, _) = state { code } else { "" }
    }

    /// Lays the window out for its state (see `IntentWindowFrame`) and keeps the frame for taps.
    public mutating func layout(header: Int, message: Int = 0, middle: Int = 0) -> IntentWindowFrame {
        drawn = IntentWindowFrame(state: state, header: header, message: message, middle: middle)
        return drawn
    }

    /// The transitions since the last call, for the log.
    public mutating func takeTransitions() -> [IntentWindowTransition] {
        defer { transitions = [] }
        return transitions
    }

    /// Takes one event; returns what the glue does for it.
    public mutating func handle(_ event: IntentWindowEvent) -> IntentWindowEffects {
        let before = state
        var e = IntentWindowEffects()
        switch event {
        case .started(let id, let app):
            hide(.replaced, &e)
            run = id
            hasApp = !app.isEmpty
            touched = false
            e.accepted = true
        case .asked(let id, let question):
            if id != run {
                hide(.replaced, &e)
                run = id
                hasApp = false
                touched = false
                e.newRun = true
            }
            e.accepted = true
            enter(.asking(question), &e)
        case .responded(let id, let code, let final):
            guard id == run, id != cancelled else { break }
            e.accepted = true
            let look = IntentResponseLook(code: code)
            if case .asking = state, final, look.isFailure {
                // The question was cancelled elsewhere (the socket, the bus) or timed out: the
                // run stopped unconfirmed, and the window goes as Cancel would have closed it.
                cancelled = id
                hide(.cancelled, &e)
            } else if look.opensApp {
                hide(.continueInApp, &e)
            } else {
                enter(.showingResponse(code: code, final: final), &e)
            }
        case .pressed:
            // A response touched stays until tapped (a press on a question's button is no such touch).
            if case .showingResponse = state {
                touched = true
                e.dismiss = .cancel
            }
        case .released(let x, let y, let entry):
            if let button = drawn.button(at: x, y) {
                e.tapped = button.name
                press(button, entry: entry, &e)
            } else if case .showingResponse = state {
                e.tapped = "window"
                if hasApp { openApp(&e) } else { hide(.tapped, &e) }
            }
        case .submitted(let text):
            if case .asking(.value) = state { answer(text, &e) }
        case .dismissTimerFired:
            if case .showingResponse(_, true) = state, !touched { hide(.timedOut, &e) }
        case .daemonGone:
            // Nobody is left to answer a question or open an app; a daemon started anew counts
            // its runs from 1 again, so the gone one's run is not kept to match them.
            hide(.daemonGone, &e)
            run = 0
            cancelled = 0
            hasApp = false
            touched = false
        }
        // The spinner turns while an in-progress response shows, whatever the event.
        e.spinning = spinning
        if state != before { transitions.append(IntentWindowTransition(from: before, to: state, cause: event)) }
        return e
    }

    private var spinning: Bool {
        if case .showingResponse(let code, _) = state { IntentResponseLook(code: code).badge == .spinner } else { false }
    }

    /// Shows `next`; a final response untouched closes itself after a while.
    private mutating func enter(_ next: State, _ e: inout IntentWindowEffects) {
        state = next
        e.show = true
        if case .showingResponse(_, true) = next, !touched {
            e.dismiss = .arm(milliseconds: Self.dismissMilliseconds)
        } else {
            e.dismiss = .cancel
        }
    }

    private mutating func hide(_ reason: IntentWindowEffects.HideReason, _ e: inout IntentWindowEffects) {
        e.dismiss = .cancel
        e.show = false
        guard state != .hidden else { return }
        state = .hidden
        drawn = IntentWindowFrame()
        e.hide = reason
    }

    private mutating func press(_ button: IntentWindowFrame.Button, entry: String, _ e: inout IntentWindowEffects) {
        switch button.name {
        case "next": e.call = .confirm(id: run, yes: true); waiting(&e)
        case "cancel":
            // Cancelled: the run stops, and its failure is not shown.
            e.call = .confirm(id: run, yes: false)
            cancelled = run
            hide(.cancelled, &e)
        case "ok": answer(entry, &e)
        case "open": openApp(&e)
        default: answer(button.label, &e)  // a choice: its value
        }
    }

    private mutating func answer(_ value: String, _ e: inout IntentWindowEffects) {
        e.call = .answer(id: run, value: value)
        waiting(&e)
    }

    /// Shows the in-progress state until the daemon says how the run went.
    private mutating func waiting(_ e: inout IntentWindowEffects) {
        enter(.showingResponse(code: "in-progress", final: false), &e)
    }

    private mutating func openApp(_ e: inout IntentWindowEffects) {
        if hasApp { e.call = .openApp(id: run) }
        hide(.appOpened, &e)
    }
}
