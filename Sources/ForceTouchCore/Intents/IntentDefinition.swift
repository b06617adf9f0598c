import ForceTouchEngine
import ForceTouchProtocol
/// A custom intent (SPEC §7), the Linux twin of a custom Siri intent: named, with typed
/// parameters, an optional confirm handler, and either a handler to run or a chain of
/// other intents to run one after the other (the Shortcuts-app pipeline).
///
/// Handlers are argv arrays run without a shell, like `exec` actions. See
/// `IntentConfigParser` for how it is written in the configuration and `IntentRun` for
/// how it runs.
public struct IntentDefinition: Hashable, Sendable {
    public var name: String
    /// In the order they are written; resolved in that order.
    public var parameters: [IntentParameter]
    /// Run after resolution and before handling, when set: proceeds on `ready` (or exit
    /// status 0 without a JSON response), stops the run otherwise. It is also what
    /// confirms the parameters marked `confirm`.
    public var confirm: [String]?
    public var body: IntentBody
    /// Seconds each handler (and confirm handler) of this intent may run; nil leaves it to
    /// the daemon's `action-timeout`.
    public var timeout: Double?
    /// Where the `[[intent]]` block starts, for messages; 0 when not from a file.
    public var line: Int
    /// What the overlay's intent window calls the intent (`title`); nil: its name.
    public var title: String?
    /// The question the confirmation window asks (`prompt`), `{parameter}` replaced by the
    /// parameter's value (`IntentPrompt.fill`); nil: a generic one.
    public var prompt: String?
    /// The intent's app (`app = "x.desktop"`): opened by a tap on the intent window, for
    /// `continue-in-app`, and by the Open button of `failure-requiring-app-launch`.
    public var app: String?

    public init(name: String, parameters: [IntentParameter] = [], confirm: [String]? = nil,
                body: IntentBody, timeout: Double? = nil, line: Int = 0) {
        self.name = name
        self.parameters = parameters
        self.confirm = confirm
        self.body = body
        self.timeout = timeout
        self.line = line
    }

    /// The name the window shows: `title`, else the intent's name.
    public var displayTitle: String { title ?? name }

    /// The handler argv, when the intent has one rather than steps.
    public var handler: [String]? {
        if case .handler(let argv) = body { argv } else { nil }
    }

    /// The chained steps, empty when the intent has a handler.
    public var steps: [IntentChainStep] {
        if case .steps(let steps) = body { steps } else { [] }
    }

    public func parameter(named name: String) -> IntentParameter? {
        parameters.first { $0.name == name }
    }
}

/// What an intent does once its parameters are resolved and confirmed: exactly one of these.
public enum IntentBody: Hashable, Sendable {
    /// Runs a program: argv as written, the parameters as JSON on stdin.
    case handler([String])
    /// Runs other intents in order, each one's output available to the next.
    case steps([IntentChainStep])
}

/// One step of a chain: another intent, by name, with parameter bindings that take the
/// place of that intent's own sources for this run — a literal, a gesture field, an
/// earlier step's output, or one of the chain's own parameters.
public struct IntentChainStep: Hashable, Sendable {
    public var intent: String
    public var parameters: [String: IntentParameterSource]

    public init(intent: String, parameters: [String: IntentParameterSource] = [:]) {
        self.intent = intent
        self.parameters = parameters
    }
}

/// One parameter of an intent.
public struct IntentParameter: Hashable, Sendable {
    public var name: String
    public var type: IntentParameterType
    /// A required parameter without a value stops the run (`needs-value`); an optional one
    /// resolves to `not-required` and is left out of the handler's input.
    public var required: Bool
    /// Where the value comes from; nil when only `forcectl intent NAME key=value` or a
    /// chain step's binding supplies it.
    public var source: IntentParameterSource?
    /// Used when `source` yields nothing (e.g. `gesture.force` in a run by hand).
    public var defaultValue: IntentValue?
    /// The values allowed. A value matching several (by case-insensitive prefix, for
    /// strings) resolves to `disambiguation`; one matching none to `unsupported`; a
    /// required parameter without a value to `disambiguation` among all of them.
    public var choices: [IntentValue]?
    /// The value must be confirmed (`confirmation-required`): by the intent's confirm
    /// handler answering `ready`, or by a run started as already confirmed.
    public var confirm: Bool

    public init(name: String, type: IntentParameterType, required: Bool = false,
                source: IntentParameterSource? = nil, defaultValue: IntentValue? = nil,
                choices: [IntentValue]? = nil, confirm: Bool = false) {
        self.name = name
        self.type = type
        self.required = required
        self.source = source
        self.defaultValue = defaultValue
        self.choices = choices
        self.confirm = confirm
    }
}

/// Where a parameter's value comes from.
public enum IntentParameterSource: Hashable, Sendable {
    /// A value written in the configuration, converted to the parameter's type when resolved.
    case value(JSONValue)
    /// A field of the gesture that started the run; nothing when run by hand.
    case gesture(GestureField)
    /// An earlier step's output in the enclosing chain, or a field inside it when it is
    /// JSON (`steps.1.output.path`); nothing outside a chain or before that step ran.
    case step(IntentStepReference, field: [String])
    /// One of the enclosing chain's own parameters (`parameters.query`): only in a step's
    /// bindings.
    case parameter(String)

    /// Reads the `source = "…"` syntax: `gesture.<field>`, `steps.<n|name|previous>.output[.field…]`
    /// or `parameters.<name>`. The error is a message for the user.
    public static func parse(_ text: String) -> Result<IntentParameterSource, IntentValueError> {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let fields = GestureField.allCases.map { "gesture." + $0.rawValue }.joined(separator: ", ")
        let expected = "expected \(fields), steps.<number|name|previous>.output[.field…] or parameters.<name>"
        switch parts.first {
        case "gesture":
            guard parts.count == 2, let field = GestureField(rawValue: parts[1]) else {
                return .failure(IntentValueError("unknown source \(TextFormat.quoted(text)); \(expected)"))
            }
            return .success(.gesture(field))
        case "steps":
            guard parts.count >= 3, parts[2] == "output", !parts[1].isEmpty else {
                return .failure(IntentValueError(
                    "a step source is written steps.<number|name|previous>.output, optionally followed by "
                        + ".field for a field of a JSON output, not \(TextFormat.quoted(text))"))
            }
            let field = Array(parts.dropFirst(3))
            if field.contains(where: \.isEmpty) {
                return .failure(IntentValueError("empty field name in \(TextFormat.quoted(text))"))
            }
            let reference: IntentStepReference
            if parts[1] == "previous" {
                reference = .previous
            } else if let n = Int(parts[1]) {
                guard n >= 1 else {
                    return .failure(IntentValueError("steps are counted from 1, so steps.\(n) does not exist"))
                }
                reference = .index(n)
            } else {
                reference = .name(parts[1])
            }
            return .success(.step(reference, field: field))
        case "parameters":
            guard parts.count == 2, !parts[1].isEmpty else {
                return .failure(IntentValueError("expected parameters.<name>, not \(TextFormat.quoted(text))"))
            }
            return .success(.parameter(parts[1]))
        default:
            return .failure(IntentValueError("unknown source \(TextFormat.quoted(text)); \(expected)"))
        }
    }

    /// The `source` text that reads back to this; `value` for a literal.
    public var description: String {
        switch self {
        case .value: "value"
        case .gesture(let f): "gesture." + f.rawValue
        case .step(let r, let field): (["steps", r.description, "output"] + field).joined(separator: ".")
        case .parameter(let p): "parameters." + p
        }
    }
}

/// Which earlier step of a chain a source means.
public enum IntentStepReference: Hashable, Sendable, CustomStringConvertible {
    /// 1-based position in the chain.
    case index(Int)
    /// The latest step so far that ran the intent of this name.
    case name(String)
    /// The step just before.
    case previous

    public var description: String {
        switch self {
        case .index(let n): String(n)
        case .name(let s): s
        case .previous: "previous"
        }
    }
}

/// The gesture fields a parameter can take its value from (`gesture.<field>`).
public enum GestureField: String, Hashable, Sendable, CaseIterable {
    case force
    /// `{"x":…,"y":…}` in normalized 0…1 device coordinates.
    case position
    case x
    case y
    case fingers
    /// The kernel's name of the device.
    case device
    /// `tap`, `double-tap`, `long-press` or `deep-press`.
    case gesture
    case phase
    /// `peek` or `pop`, for a deep press only.
    case stage

    /// The parameter types this field can fill; the configuration refuses any other pairing.
    public var types: [IntentParameterType] {
        switch self {
        case .force: [.force, .number, .string]
        case .position: [.point]
        case .x, .y: [.number, .string]
        case .fingers: [.number, .string]
        case .device, .gesture, .phase, .stage: [.string]
        }
    }

    /// The field of `event`, nil when the gesture has none (stage outside a deep press).
    public func value(of event: GestureEvent, deviceName: String?) -> JSONValue? {
        switch self {
        case .force: .number(event.force)
        case .position: .object(["x": .number(event.x), "y": .number(event.y)])
        case .x: .number(event.x)
        case .y: .number(event.y)
        case .fingers: .number(Double(event.fingers))
        case .device: deviceName.map(JSONValue.string)
        case .gesture: .string(event.gesture.rawValue)
        case .phase: .string(event.phase.rawValue)
        case .stage: event.stage.map { .string($0.rawValue) }
        }
    }
}
