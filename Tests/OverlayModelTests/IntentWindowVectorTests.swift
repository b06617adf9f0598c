import OverlayModel
import Testing

/// The intent window's model as vectors for the GNOME Shell extension's port of it
/// (intentModel.js): where the window goes (IntentWindowPlacement), how a response looks
/// (IntentResponseLook), the frame laid out for each state (IntentWindowFrame), and whole runs
/// of events through IntentWindowInteraction with every effect, state and frame after each.
/// Written to Tests/GnomeShell/vectors/intent.json (see GoldenVectors).
@Suite struct IntentWindowVectorTests {
    struct Placement: Encodable {
        var size: [Int], output: [Int], located: Bool, finger: [Double], placement: String, pointer: [Double]?
        var x: Int, y: Int
    }

    struct Look: Encodable {
        var code: String, badge: String, showsMessage: Bool, failed: Bool, offersOpen: Bool, opensApp: Bool
        var isFailure: Bool
    }

    struct Question: Encodable {
        var kind: String
        var choices: [String]?

        init(_ q: IntentQuestion) {
            switch q {
            case .confirm: kind = "confirm"
            case .choose(let c): kind = "choose"; choices = c
            case .value: kind = "value"
            }
        }
    }

    /// A state as the port builds it: `asking` with its question, or `showingResponse`.
    struct StateVector: Encodable {
        var name: String
        var question: Question?
        var code: String?
        var final: Bool?

        init(_ s: IntentWindowInteraction.State) {
            name = s.name
            switch s {
            case .hidden: break
            case .asking(let q): question = Question(q)
            case .showingResponse(let c, let f): code = c; final = f
            }
        }
    }

    struct Button: Encodable {
        var name: String, label: String, primary: Bool, rect: [Int]
    }

    struct Frame: Encodable {
        var width: Int, height: Int, buttons: [Button]

        init(_ f: IntentWindowFrame) {
            width = f.width
            height = f.height
            buttons = f.buttons.map { Button(name: $0.name, label: $0.label, primary: $0.primary, rect: $0.rect.vector) }
        }
    }

    struct FrameCase: Encodable {
        var state: StateVector, header: Int, message: Int, middle: Int, frame: Frame
    }

    struct Event: Encodable {
        var type: String
        var id: UInt32?, app: String?, question: Question?, code: String?, final: Bool?
        var x: Double?, y: Double?, entry: String?, text: String?

        init(_ e: IntentWindowEvent) {
            switch e {
            case .started(let i, let a): type = "started"; id = i; app = a
            case .asked(let i, let q): type = "asked"; id = i; question = Question(q)
            case .responded(let i, let c, let f): type = "responded"; id = i; code = c; final = f
            case .pressed: type = "pressed"
            case .released(let px, let py, let en): type = "released"; x = px; y = py; entry = en
            case .submitted(let t): type = "submitted"; text = t
            case .dismissTimerFired: type = "dismissTimerFired"
            case .daemonGone: type = "daemonGone"
            }
        }
    }

    struct Call: Encodable {
        var method: String, id: UInt32, yes: Bool? = nil, value: String? = nil
    }

    struct Effects: Encodable {
        var accepted: Bool, newRun: Bool, hide: String?, show: Bool, call: Call?, tapped: String?
        /// `arm N` (milliseconds) or `cancel`; absent to leave the timer.
        var dismiss: String?
        var spinning: Bool

        init(_ e: IntentWindowEffects) {
            accepted = e.accepted
            newRun = e.newRun
            hide = e.hide?.rawValue
            show = e.show
            switch e.call {
            case .confirm(let id, let yes)?: call = Call(method: "confirm", id: id, yes: yes)
            case .answer(let id, let value)?: call = Call(method: "answer", id: id, value: value)
            case .openApp(let id)?: call = Call(method: "openApp", id: id)
            case nil: call = nil
            }
            tapped = e.tapped
            switch e.dismiss {
            case .arm(let ms)?: dismiss = "arm \(ms)"
            case .cancel?: dismiss = "cancel"
            case nil: dismiss = nil
            }
            spinning = e.spinning
        }
    }

    /// One event, then (when it shows) the layout the glue asks for with these heights; what
    /// the model says after it.
    struct Step: Encodable {
        var event: Event
        var layout: [Int]
        var effects: Effects
        var state: StateVector
        var kind: String, code: String, run: UInt32
        var drawn: Frame
        var transitions: [String]
    }

    struct Scenario: Encodable {
        var name: String
        var steps: [Step]
    }

    struct Vectors: Encodable {
        var dismissMilliseconds: Int, width: Int, maxButtons: Int
        var placements: [Placement], looks: [Look], frames: [FrameCase], scenarios: [Scenario]
    }

    /// What a scenario does: an event, or a tap in the middle of a button of the frame drawn.
    enum Action {
        case event(IntentWindowEvent, middle: Int = 0)
        case tap(String, entry: String = "")
    }

    static func run(_ name: String, header: Int = 60, message: Int = 16, _ actions: [Action]) -> Scenario {
        var window = IntentWindowInteraction()
        var steps: [Step] = []
        for action in actions {
            let event: IntentWindowEvent, middle: Int
            switch action {
            case .event(let e, let m): event = e; middle = m
            case .tap(let button, let entry):
                let r = window.drawn.buttons.first { $0.name == button }!.rect
                event = .released(x: Double(r.x) + Double(r.width) / 2, y: Double(r.y) + Double(r.height) / 2, entry: entry)
                middle = 0
            }
            let e = window.handle(event)
            if e.show { _ = window.layout(header: header, message: message, middle: middle) }
            steps.append(Step(event: Event(event), layout: [header, message, middle], effects: Effects(e),
                              state: StateVector(window.state), kind: window.kind, code: window.code, run: window.run,
                              drawn: Frame(window.drawn), transitions: window.takeTransitions().map(\.description)))
        }
        return Scenario(name: name, steps: steps)
    }

    static var scenarios: [Scenario] {
        let colours = ["red", "green", "blue"]
        let many = (1...15).map { "choice \($0)" }
        return [
            run("confirm, Next, success, left alone", [
                .event(.started(id: 3, app: "ft-notes.desktop")), .event(.asked(id: 3, question: .confirm)),
                .tap("next"), .event(.responded(id: 3, code: "success", final: true), middle: 20),
                .event(.dismissTimerFired),
            ]),
            run("confirm, Cancel: the run's failure is not shown", [
                .event(.started(id: 4, app: "")), .event(.asked(id: 4, question: .confirm)), .event(.pressed),
                .tap("cancel"), .event(.responded(id: 4, code: "failure", final: true)),
            ]),
            run("three choices, the second", header: 44, [
                .event(.started(id: 5, app: "")), .event(.asked(id: 5, question: .choose(colours))),
                .tap("choice-1"), .event(.responded(id: 5, code: "success", final: true), middle: 18),
            ]),
            run("more choices than buttons", [
                .event(.started(id: 6, app: "")), .event(.asked(id: 6, question: .choose(many))), .tap("choice-10"),
            ]),
            run("a value: OK, then Enter", [
                .event(.started(id: 7, app: "")), .event(.asked(id: 7, question: .value)), .tap("ok", entry: "7"),
                .event(.asked(id: 7, question: .value)), .event(.submitted("8")),
                .event(.responded(id: 7, code: "success", final: true)),
            ]),
            run("failure requiring app launch: Open", [
                .event(.started(id: 8, app: "ft-notes.desktop")),
                .event(.responded(id: 8, code: "failure-requiring-app-launch", final: true), middle: 0), .tap("open"),
            ]),
            run("a touched response stays until tapped, then opens the app", [
                .event(.started(id: 9, app: "ft-notes.desktop")),
                .event(.responded(id: 9, code: "success", final: true), middle: 30), .event(.pressed),
                .event(.dismissTimerFired), .event(.released(x: 170, y: 70, entry: "")),
            ]),
            run("a tap on a response without an app closes it", [
                .event(.started(id: 10, app: "")), .event(.responded(id: 10, code: "ready", final: true)),
                .event(.released(x: 5, y: 5, entry: "")), .event(.released(x: 5, y: 5, entry: "")),
            ]),
            run("in progress, then the final state", [
                .event(.started(id: 11, app: "")), .event(.responded(id: 11, code: "in-progress", final: false), middle: 18),
                .event(.dismissTimerFired), .event(.responded(id: 11, code: "success", final: true), middle: 18),
            ]),
            run("a failure with its message, then an unspecified one", [
                .event(.started(id: 12, app: "")), .event(.responded(id: 12, code: "failure", final: false), middle: 0),
                .event(.responded(id: 12, code: "unspecified", final: true)),
            ]),
            run("the daemon gone: the question goes without a call, and a new daemon's run 1 starts afresh", [
                .event(.started(id: 1, app: "ft-notes.desktop")), .event(.asked(id: 1, question: .confirm)),
                .event(.daemonGone), .event(.daemonGone), .event(.responded(id: 1, code: "success", final: true)),
                .event(.asked(id: 1, question: .value)),
            ]),
            run("the daemon gone while a response waits to close itself", [
                .event(.started(id: 2, app: "")), .event(.responded(id: 2, code: "success", final: true)),
                .event(.daemonGone),
            ]),
            run("a question of a run not seen starting, ended by its failure", [
                .event(.started(id: 13, app: "x.desktop")), .event(.responded(id: 13, code: "success", final: true)),
                .event(.asked(id: 99, question: .confirm)), .event(.released(x: 2, y: 2, entry: "")),
                .event(.responded(id: 99, code: "failure", final: true)),
                .event(.responded(id: 99, code: "success", final: true)),
            ]),
            run("continue in app shows nothing", [
                .event(.started(id: 14, app: "x.desktop")), .event(.asked(id: 14, question: .confirm)), .tap("next"),
                .event(.responded(id: 14, code: "continue-in-app", final: true)),
            ]),
            run("a new run replaces the window; a stale run's response is not shown", [
                .event(.started(id: 15, app: "")), .event(.asked(id: 15, question: .value)),
                .event(.started(id: 16, app: "")), .event(.responded(id: 15, code: "success", final: true)),
                .event(.asked(id: 16, question: .choose(["a", "b"]))), .tap("cancel"),
            ]),
        ]
    }

    static var placements: [Placement] {
        var out: [Placement] = []
        let fingers: [(Double, Double)] = [(0, 0), (0.25, 0.25), (0.3, 0.667), (0.5, 0.5), (0.7, 0.1), (0.9, 0.9),
                                           (1, 1), (0.1, 0.95), (100.5 / 1024, 50.5 / 768), (-0.2, 1.3)]
        let sizes = [(340, 118), (340, 200), (340, 700), (1000, 200)]
        let outputs = [(1024, 768), (1920, 1080)]
        func add(_ size: (Int, Int), _ output: (Int, Int), _ located: Bool, _ finger: (Double, Double),
                 _ placement: String, _ pointer: (Double, Double)?) {
            let p = IntentWindowPlacement(size: size, output: output, located: located, finger: finger,
                                          placement: placement, pointer: pointer)
            out.append(Placement(size: [size.0, size.1], output: [output.0, output.1], located: located,
                                 finger: [finger.0, finger.1], placement: placement,
                                 pointer: pointer.map { [$0.0, $0.1] }, x: p.x, y: p.y))
        }
        for output in outputs {
            for size in sizes {
                for finger in fingers { add(size, output, true, finger, "touch", nil) }
                add(size, output, false, (0.9, 0.9), "touch", nil)
                add(size, output, true, (0, 0), "pointer", (100, 100))
                add(size, output, true, (0, 0), "pointer", (1000.5, 700.5))
                add(size, output, true, (0.2, 0.2), "pointer", nil)
            }
        }
        add((340, 118), (341, 117), false, (0, 0), "touch", nil)
        return out
    }

    static var looks: [Look] {
        ["success", "ready", "in-progress", "failure", "failure-requiring-app-launch", "continue-in-app",
         "unspecified", "failure-other", "", "something"].map {
            let l = IntentResponseLook(code: $0)
            let badge = switch l.badge { case .check: "check"; case .spinner: "spinner"; case .alert: "alert" }
            return Look(code: $0, badge: badge, showsMessage: l.showsMessage, failed: l.failed,
                        offersOpen: l.offersOpen, opensApp: l.opensApp, isFailure: l.isFailure)
        }
    }

    static var frames: [FrameCase] {
        let states: [IntentWindowInteraction.State] = [
            .hidden, .asking(.confirm), .asking(.choose(["one"])), .asking(.choose((0..<14).map { "c\($0)" })),
            .asking(.value), .showingResponse(code: "success", final: true),
            .showingResponse(code: "in-progress", final: false), .showingResponse(code: "failure", final: true),
            .showingResponse(code: "failure-requiring-app-launch", final: true),
        ]
        var out: [FrameCase] = []
        for state in states {
            for (header, message, middle) in [(60, 16, 0), (75, 0, 200), (54, 32, 18)] {
                out.append(FrameCase(state: StateVector(state), header: header, message: message, middle: middle,
                                     frame: Frame(IntentWindowFrame(state: state, header: header, message: message,
                                                                    middle: middle))))
            }
        }
        return out
    }

    @Test func theVectorsAreTheModels() throws {
        try GoldenVectors.check("intent", Vectors(
            dismissMilliseconds: IntentWindowInteraction.dismissMilliseconds, width: IntentWindowFrame.width,
            maxButtons: IntentWindowFrame.maxButtons, placements: Self.placements, looks: Self.looks,
            frames: Self.frames, scenarios: Self.scenarios))
    }
}
