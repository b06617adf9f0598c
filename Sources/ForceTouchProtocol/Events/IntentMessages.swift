/// `{"event":"intent-resolved",…}`: how each parameter of an intent (or of one step of a
/// chain, `step` its path) was resolved, as SiriKit's resolve phase reports it.
public struct IntentResolvedMessage: Codable, Hashable, Sendable {
    public var event = "intent-resolved"
    public var intent: String
    public var step: [Int]
    public var parameters: [Parameter]

    /// One parameter's resolution: `unsupported` adds `reason`, `disambiguation` `choices`,
    /// `success` and `confirmation-required` `value`.
    public struct Parameter: Codable, Hashable, Sendable {
        public var name: String
        public var type: String
        public var result: String
        public var value: JSONValue?
        public var reason: String?
        public var choices: [JSONValue]?
        /// Where the value came from (`gesture.force`, `steps.previous.output`…).
        public var source: String?

        public init(name: String, type: String, result: String, value: JSONValue? = nil, reason: String? = nil,
                    choices: [JSONValue]? = nil, source: String? = nil) {
            self.name = name
            self.type = type
            self.result = result
            self.value = value
            self.reason = reason
            self.choices = choices
            self.source = source
        }
    }

    public init(intent: String, step: [Int], parameters: [Parameter]) {
        self.intent = intent
        self.step = step
        self.parameters = parameters
    }
}

/// `{"event":"intent-run",…}`: a handler (`stage` `handle`) or confirm handler (`confirm`)
/// starting, with its argv.
public struct IntentRunMessage: Codable, Hashable, Sendable {
    public var event = "intent-run"
    public var intent: String
    public var step: [Int]
    public var stage: String
    public var argv: [String]

    public init(intent: String, step: [Int], stage: String, argv: [String]) {
        self.intent = intent
        self.step = step
        self.stage = stage
        self.argv = argv
    }
}

/// `{"event":"intent-response",…}`: what a handler answered. Inside an outcome's
/// `results` it comes without `event`.
public struct IntentResponseMessage: Codable, Hashable, Sendable {
    public var event: String?
    public var intent: String
    public var step: [Int]
    public var stage: String
    public var code: String
    public var exitStatus: Int
    public var output: JSONValue?
    public var message: String?

    public init(asEvent: Bool, intent: String, step: [Int], stage: String, code: String, exitStatus: Int,
                output: JSONValue?, message: String?) {
        self.event = asEvent ? "intent-response" : nil
        self.intent = intent
        self.step = step
        self.stage = stage
        self.code = code
        self.exitStatus = exitStatus
        self.output = output
        self.message = message
    }
}

/// `{"event":"intent-outcome",…}`: how a whole run ended; `parameter` names the parameter
/// that stopped it, when one did.
public struct IntentOutcomeMessage: Codable, Hashable, Sendable {
    public var event = "intent-outcome"
    public var intent: String
    public var code: String
    public var succeeded: Bool
    public var output: JSONValue?
    public var message: String?
    public var parameter: String?
    public var parameterIntent: String?
    public var resolution: String?
    public var results: [IntentResponseMessage]

    public init(intent: String, code: String, succeeded: Bool, output: JSONValue?, message: String?,
                parameter: String? = nil, parameterIntent: String? = nil, resolution: String? = nil,
                results: [IntentResponseMessage]) {
        self.intent = intent
        self.code = code
        self.succeeded = succeeded
        self.output = output
        self.message = message
        self.parameter = parameter
        self.parameterIntent = parameterIntent
        self.resolution = resolution
        self.results = results
    }
}

/// What an intent handler reads on stdin: the intent, its resolved parameters, the stage,
/// and the gesture that started it, if one did.
public struct IntentHandlerInput: Codable, Hashable, Sendable {
    public var intent: String
    /// The step's index in its chain (0 for an intent run on its own).
    public var step: Int
    /// The intent whose step this is, in a chain.
    public var chain: String?
    public var stage: String
    public var parameters: [String: JSONValue]
    /// What the confirm handler is asked to confirm (stage `confirm`).
    public var confirm: [String]?
    public var gesture: Gesture?

    /// The gesture that started the run.
    public struct Gesture: Codable, Hashable, Sendable {
        public var gesture: String
        public var phase: String
        public var fingers: Int
        public var x: JSONNumber
        public var y: JSONNumber
        public var force: JSONNumber
        public var stage: String?
        public var device: String?

        public init(gesture: String, phase: String, fingers: Int, x: Double, y: Double, force: Double,
                    stage: String?, device: String?) {
            self.gesture = gesture
            self.phase = phase
            self.fingers = fingers
            self.x = JSONNumber(x)
            self.y = JSONNumber(y)
            self.force = JSONNumber(force)
            self.stage = stage
            self.device = device
        }
    }

    public init(intent: String, step: Int, chain: String?, stage: String, parameters: [String: JSONValue],
                confirm: [String]?, gesture: Gesture?) {
        self.intent = intent
        self.step = step
        self.chain = chain
        self.stage = stage
        self.parameters = parameters
        self.confirm = confirm
        self.gesture = gesture
    }
}
