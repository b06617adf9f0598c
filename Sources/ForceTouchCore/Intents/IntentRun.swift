import ForceTouchEngine
import ForceTouchProtocol
import FoundationEssentials

/// Which of an intent's programs a request is for.
public enum IntentStage: String, Hashable, Sendable {
    case confirm
    case handle
}

/// A program for the daemon to run on behalf of an intent and report back with
/// `IntentRun.deliver`: argv as configured (no shell), `stdin` to write to it, and
/// `environment` to add to the daemon's own.
///
/// stdin is one JSON object on one line:
/// `{"intent":"search-image","step":2,"chain":"search-screenshot","stage":"handle",
///   "parameters":{"path":"/tmp/shot.png"},"gesture":{…}}` — `step` is the position in
/// the enclosing chain (0 outside one) and `chain` that chain's name (absent outside one);
/// `parameters` holds every parameter with a value, as `IntentValue.jsonValue` writes it;
/// a confirm handler also gets `"confirm":[names]`, the parameters it is confirming;
/// `gesture` (gesture, phase, fingers, x, y, force, stage, device) is there when a gesture
/// started the run.
///
/// The environment has the gesture's FORCETOUCH_* variables (as for an `exec` action)
/// when there is one, FORCETOUCH_INTENT, FORCETOUCH_INTENT_STEP, FORCETOUCH_INTENT_CHAIN
/// (in a chain), FORCETOUCH_INTENT_STAGE, and FORCETOUCH_PARAM_<NAME> for each parameter
/// with a value (the name upper-cased, `-` as `_`; a point as `x,y`), so that a program
/// that reads no JSON can still be given them: `["sh", "-c", "grim \"$FORCETOUCH_PARAM_FILE\""]`.
public struct ExecSpec: Hashable, Sendable {
    public var argv: [String]
    public var stdin: String
    public var environment: [String: String]
    /// Seconds, from the intent's `timeout`; nil for the daemon's default.
    public var timeout: Double?
    public var intent: String
    /// As in `ParameterResolution.step`.
    public var step: [Int]
    public var stage: IntentStage

    public init(argv: [String], stdin: String, environment: [String: String], timeout: Double?,
                intent: String, step: [Int], stage: IntentStage) {
        self.argv = argv
        self.stdin = stdin
        self.environment = environment
        self.timeout = timeout
        self.intent = intent
        self.step = step
        self.stage = stage
    }

    /// `FORCETOUCH_PARAM_` plus the name upper-cased, anything but letters and digits as `_`.
    public static func environmentName(forParameter name: String) -> String {
        "FORCETOUCH_PARAM_" + String(name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}

/// What an `IntentRun` wants done next.
public enum IntentStep: Hashable, Sendable {
    /// The parameters of one intent were resolved: log and publish. Not produced for an
    /// intent without parameters.
    case resolved([ParameterResolution])
    /// Run the confirm handler, then call `deliver`.
    case runConfirm(ExecSpec)
    /// Run the handler, then call `deliver`.
    case runHandler(ExecSpec)
    /// A confirm handler or handler answered (after `deliver`): log and publish.
    case responded(IntentStepResult)
    /// An interactive run waits for an answer (`IntentRun.answer`): a confirmation without
    /// a confirm handler, a disambiguation or a missing value. Returned again until answered.
    case ask(IntentQuestion)
    /// The run is over; every later `next()` returns this again.
    case finished(IntentOutcome)
}

/// One confirm handler's or handler's answer.
public struct IntentStepResult: Hashable, Sendable {
    public var intent: String
    public var step: [Int]
    public var stage: IntentStage
    /// For a confirm handler: `ready` when it confirmed, its own code or `failure` when not.
    public var code: IntentResponseCode
    public var output: JSONValue?
    public var message: String?
    public var exitStatus: Int32
    /// The code came from a JSON response rather than the exit status.
    public var explicit: Bool

    public init(intent: String, step: [Int], stage: IntentStage, code: IntentResponseCode,
                output: JSONValue?, message: String?, exitStatus: Int32, explicit: Bool) {
        self.intent = intent
        self.step = step
        self.stage = stage
        self.code = code
        self.output = output
        self.message = message
        self.exitStatus = exitStatus
        self.explicit = explicit
    }
}

/// How a run ended: everything to log and to publish.
public struct IntentOutcome: Hashable, Sendable {
    /// The intent the run started with.
    public var intent: String
    /// The last handler's code; `failure` when resolution or confirmation stopped the run.
    public var code: IntentResponseCode
    /// The last handler's output: for a chain, its last step's.
    public var output: JSONValue?
    public var message: String?
    /// The resolution that stopped the run, when one did.
    public var stoppedAt: ParameterResolution?
    /// Every confirm handler's and handler's answer, in order.
    public var results: [IntentStepResult]

    public init(intent: String, code: IntentResponseCode, output: JSONValue? = nil, message: String? = nil,
                stoppedAt: ParameterResolution? = nil, results: [IntentStepResult] = []) {
        self.intent = intent
        self.code = code
        self.output = output
        self.message = message
        self.stoppedAt = stoppedAt
        self.results = results
    }

    /// `success`, `in-progress` or `ready`.
    public var succeeded: Bool { code.continuesChain }
}

/// One run of an intent, as a pure state machine: it decides, the daemon does.
///
/// The daemon calls `next()` until `.finished`; for `.runConfirm` and `.runHandler` it
/// spawns the program (off the event loop), and calls `deliver(exitStatus:stdout:)` with
/// how it ended, after which `next()` goes on. `.resolved` and `.responded` are to log
/// and publish. Nothing here does I/O, except through the injected `fileExists`.
///
/// The lifecycle of each intent: resolve every parameter (from a `key=value` argument,
/// else the chain step's binding, else its own source, else its default); stop with
/// `failure` naming the parameter when one needs a value, is unsupported or ambiguous;
/// run the confirm handler if there is one (which also confirms `confirm = true`
/// parameters; without one such a parameter stops the run, unless the run was started
/// `confirmed`); then run the handler, or the steps one by one. A step whose code
/// `continuesChain` hands its output on to the next; any other code stops the chain
/// and ends the run with it.
///
/// An `interactive` run (one shown in forcetouch-overlay's intent window) does not stop
/// where someone could answer: a confirmation without a confirm handler, a disambiguation
/// or a missing value become `.ask`, and `answer` goes on (or stops it, for Cancel).
public struct IntentRun: Sendable {
    /// The intent the run started with.
    public let intent: String

    private let catalog: [String: IntentDefinition]
    private let event: GestureEvent?
    private let deviceName: String?
    private let confirmed: Bool
    private let interactive: Bool
    private let fileExists: @Sendable (String) -> Bool

    private var frames: [Frame]
    private var queue: [IntentStep] = []
    private var pending: ExecSpec?
    private var question: IntentQuestion?
    private var results: [IntentStepResult] = []
    private var outcome: IntentOutcome?

    /// Chains may nest; this bounds it even if a cycle slipped past the configuration checks.
    static let maximumDepth = 16

    /// - Parameters:
    ///   - definition: the intent to run.
    ///   - intents: every configured intent, where steps are looked up by name.
    ///   - event: the gesture that started the run; nil when run by hand.
    ///   - deviceName: the kernel's name of the gesture's device (`gesture.device`).
    ///   - arguments: values given by hand (`IntentArguments.parse`), for `definition`'s
    ///     own parameters; they win over every other source.
    ///   - confirmed: counts every `confirm = true` parameter as confirmed (`forcectl
    ///     intent … --yes`). A confirm handler still runs.
    ///   - interactive: someone can answer (an overlay's intent window): a confirmation
    ///     without a confirm handler, a disambiguation and a missing value become `.ask`
    ///     instead of stopping the run.
    ///   - fileExists: checks `file` parameters.
    public init(definition: IntentDefinition, intents: [IntentDefinition] = [], event: GestureEvent? = nil,
                deviceName: String? = nil, arguments: [String: JSONValue] = [:], confirmed: Bool = false,
                interactive: Bool = false, fileExists: @escaping @Sendable (String) -> Bool) {
        intent = definition.name
        var catalog: [String: IntentDefinition] = [:]
        for d in intents where catalog[d.name] == nil { catalog[d.name] = d }
        self.catalog = catalog
        self.event = event
        self.deviceName = deviceName
        self.confirmed = confirmed
        self.interactive = interactive
        self.fileExists = fileExists
        frames = [Frame(definition: definition, path: [], bindings: [:], arguments: arguments)]
        if let unknown = arguments.keys.sorted().first(where: { definition.parameter(named: $0) == nil }) {
            let known = definition.parameters.map { TextFormat.quoted($0.name) }.joined(separator: ", ")
            finish(.failure, nil, "intent \(TextFormat.quoted(definition.name)) has no parameter \(TextFormat.quoted(unknown))"
                + (known.isEmpty ? "" : " (it has \(known))"))
        }
    }

    /// What to do next. While a program is out (after `.runConfirm` or `.runHandler` and
    /// before `deliver`) it returns that same request again.
    public mutating func next() -> IntentStep {
        while true {
            if !queue.isEmpty { return queue.removeFirst() }
            if let outcome { return .finished(outcome) }
            if let question { return .ask(question) }
            if let pending { return pending.stage == .confirm ? .runConfirm(pending) : .runHandler(pending) }
            advance()
        }
    }

    /// Whether the run waits for `deliver`.
    public var isAwaitingDelivery: Bool { pending != nil }

    /// Whether the run waits for `answer`.
    public var isAwaitingAnswer: Bool { question != nil }

    /// Feeds back the answer to the last `.ask`: a confirmation goes on to the handler or
    /// stops the run as "not confirmed"; a value is taken as a `key=value` argument would be
    /// and the intent's parameters are resolved again. Ignored when nothing is asked, or
    /// when the answer does not fit the question.
    public mutating func answer(_ answer: IntentAnswer) {
        guard let q = question, let i = frames.indices.last else { return }
        let name = frames[i].definition.name
        switch (q.kind, answer) {
        case (.confirm, .confirmed(let yes)):
            question = nil
            record(IntentStepResult(intent: name, step: q.step, stage: .confirm, code: yes ? .ready : .failure,
                                    output: nil, message: yes ? "confirmed in the intent window" : "cancelled in the intent window",
                                    exitStatus: 0, explicit: true))
            if yes {
                frames[i].state = .confirmed
            } else {
                finishFrame(.failure, nil, "intent \(TextFormat.quoted(name)) was not confirmed (cancelled in the intent window)")
            }
        case (.choose, .value(let text)), (.value, .value(let text)):
            question = nil
            frames[i].arguments[q.parameter] = .string(text)
            frames[i].state = .start
        case (.choose, .confirmed(false)), (.value, .confirmed(false)):
            question = nil
            finishFrame(.failure, nil, "parameter \(TextFormat.quoted(q.parameter)) of intent \(TextFormat.quoted(name)) "
                + "was not given a value (cancelled in the intent window)")
        default:
            break
        }
    }

    /// Feeds back how the program of the last `.runConfirm` or `.runHandler` ended:
    /// its exit status (the daemon's convention for a signal or a timeout, anything but 0)
    /// and what it wrote to stdout. Ignored when nothing is awaited.
    public mutating func deliver(exitStatus: Int32, stdout: Data) {
        deliver(exitStatus: exitStatus, stdout: [UInt8](stdout))
    }

    public mutating func deliver(exitStatus: Int32, stdout: [UInt8]) {
        guard let spec = pending, let i = frames.indices.last else { return }
        pending = nil
        let response = IntentResponse.parse(exitStatus: exitStatus, stdout: stdout)
        let name = frames[i].definition.name
        switch spec.stage {
        case .confirm:
            let proceeds = response.explicit ? response.code == .ready : exitStatus == 0
            let code: IntentResponseCode = response.explicit ? response.code : (proceeds ? .ready : .failure)
            record(IntentStepResult(intent: name, step: spec.step, stage: .confirm, code: code, output: nil,
                                    message: response.message, exitStatus: exitStatus, explicit: response.explicit))
            if proceeds {
                frames[i].state = .confirmed
            } else {
                var message = "intent \(TextFormat.quoted(name)) was not confirmed"
                if response.explicit { message += " (its confirm handler answered \(code.rawValue))" }
                if let m = response.message { message += ": " + m }
                finishFrame(.failure, nil, message)
            }
        case .handle:
            record(IntentStepResult(intent: name, step: spec.step, stage: .handle, code: response.code,
                                    output: response.output, message: response.message, exitStatus: exitStatus,
                                    explicit: response.explicit))
            var message = response.message
            if !response.code.continuesChain, !frames[i].path.isEmpty {
                // The chain stops here: say which step stopped it.
                let stepName = frames[i].path.map(String.init).joined(separator: ".")
                message = "step \(stepName) (\(TextFormat.quoted(name))) answered \(response.code.rawValue)"
                    + (response.message.map { ": " + $0 } ?? "")
            }
            finishFrame(response.code, response.output, message)
        }
    }

    // MARK: - Stepping

    private struct StepOutput: Hashable, Sendable {
        var index: Int
        var intent: String
        var output: JSONValue?
    }

    private enum State: Hashable, Sendable {
        case start
        case resolved([ParameterResolution])
        case confirmed
        case awaiting
        case chain(next: Int)
        case awaitingStep(Int)
    }

    private struct Frame: Sendable {
        var definition: IntentDefinition
        var path: [Int]
        /// From the chain step that runs this intent.
        var bindings: [String: IntentParameterSource]
        var arguments: [String: JSONValue]
        var state: State = .start
        /// Resolved values, for the handler and for `parameters.<name>` in a chain's steps.
        var values: [(String, IntentValue)] = []
        /// A chain's finished steps.
        var outputs: [StepOutput] = []

        init(definition: IntentDefinition, path: [Int], bindings: [String: IntentParameterSource],
             arguments: [String: JSONValue]) {
            self.definition = definition
            self.path = path
            self.bindings = bindings
            self.arguments = arguments
        }
    }

    private mutating func advance() {
        guard outcome == nil, pending == nil, let i = frames.indices.last else { return }
        let definition = frames[i].definition
        switch frames[i].state {
        case .start:
            let resolutions = resolveParameters(i)
            frames[i].state = .resolved(resolutions)
            if !resolutions.isEmpty { queue.append(.resolved(resolutions)) }
        case .resolved(let resolutions):
            if let stop = resolutions.first(where: \.result.isFailure) {
                if interactive, let q = ask(i, about: stop) {
                    question = q
                    return
                }
                finish(.failure, nil, stop.failureMessage, stoppedAt: stop)
                return
            }
            let confirming = resolutions.filter {
                if case .confirmationRequired = $0.result { true } else { false }
            }
            if let argv = definition.confirm {
                request(i, .confirm, argv, confirming: confirming.map(\.parameter))
            } else if let stop = confirming.first, interactive {
                let values = frames[i].values
                let prompt = definition.prompt.map { IntentPrompt.fill($0, values: values) }
                    ?? "\(definition.displayTitle) with " + confirming.compactMap { r in
                        r.result.value.map { "\(r.parameter) \($0.text)" }
                    }.joined(separator: ", ") + "?"
                question = IntentQuestion(kind: .confirm, intent: definition.name, step: frames[i].path,
                                          title: definition.displayTitle, prompt: prompt, parameter: stop.parameter)
            } else if let stop = confirming.first {
                finish(.failure, nil, stop.failureMessage, stoppedAt: stop)
            } else {
                frames[i].state = .confirmed
            }
        case .confirmed:
            switch definition.body {
            case .handler(let argv): request(i, .handle, argv, confirming: [])
            case .steps: frames[i].state = .chain(next: 0)
            }
        case .chain(let k):
            let steps = definition.steps
            guard k < steps.count else {
                // All steps went through: the chain answers as its last step did.
                let last = results.last { $0.step.starts(with: frames[i].path) && $0.stage == .handle }
                finishFrame(last?.code ?? .success, frames[i].outputs.last?.output, last?.message)
                return
            }
            let step = steps[k]
            guard let child = catalog[step.intent] else {
                finish(.failure, nil, "step \(k + 1) of intent \(TextFormat.quoted(definition.name)) names "
                    + "\(TextFormat.quoted(step.intent)), which is not a configured intent")
                return
            }
            guard frames.count < Self.maximumDepth, !frames.contains(where: { $0.definition.name == child.name })
            else {
                let cycle = (frames.map(\.definition.name) + [child.name]).map { TextFormat.quoted($0) }
                finish(.failure, nil, "intent chain loops: " + cycle.joined(separator: " → "))
                return
            }
            frames[i].state = .awaitingStep(k)
            frames.append(Frame(definition: child, path: frames[i].path + [k + 1], bindings: step.parameters,
                                arguments: [:]))
        case .awaiting, .awaitingStep:
            // Not reached: a pending request or a child frame on top comes first.
            finish(.failure, nil, "intent run out of step")
        }
    }

    /// The question for a resolution that would stop the run, when one can be answered:
    /// a disambiguation (pick a choice) or a missing value (type one).
    private func ask(_ i: Int, about stop: ParameterResolution) -> IntentQuestion? {
        let definition = frames[i].definition
        let p = definition.parameter(named: stop.parameter)
        let title = definition.displayTitle
        let prompt = definition.prompt.map { IntentPrompt.fill($0, values: frames[i].values) }
        switch stop.result {
        case .disambiguation(let choices):
            return IntentQuestion(kind: .choose, intent: definition.name, step: frames[i].path, title: title,
                                  prompt: prompt ?? "Which \(stop.parameter)?", parameter: stop.parameter,
                                  choices: choices.map(\.text), type: p?.type)
        case .needsValue:
            if let choices = p?.choices {
                return IntentQuestion(kind: .choose, intent: definition.name, step: frames[i].path, title: title,
                                      prompt: prompt ?? "Which \(stop.parameter)?", parameter: stop.parameter,
                                      choices: choices.map(\.text), type: p?.type)
            }
            return IntentQuestion(kind: .value, intent: definition.name, step: frames[i].path, title: title,
                                  prompt: prompt ?? "\(stop.parameter)?", parameter: stop.parameter, type: p?.type)
        default:
            return nil
        }
    }

    /// Ends the frame on top with a code; a chain above it records the output and goes on
    /// or stops with it.
    private mutating func finishFrame(_ code: IntentResponseCode, _ output: JSONValue?, _ message: String?) {
        let done = frames.removeLast()
        guard let p = frames.indices.last else {
            finish(code, output, message)
            return
        }
        guard case .awaitingStep(let k) = frames[p].state else {
            finish(.failure, nil, "intent run out of step")
            return
        }
        frames[p].outputs.append(StepOutput(index: k + 1, intent: done.definition.name, output: output))
        if code.continuesChain {
            frames[p].state = .chain(next: k + 1)
        } else {
            finishFrame(code, output, message)
        }
    }

    private mutating func finish(_ code: IntentResponseCode, _ output: JSONValue?, _ message: String?,
                                 stoppedAt: ParameterResolution? = nil) {
        frames.removeAll()
        pending = nil
        outcome = IntentOutcome(intent: intent, code: code, output: output, message: message,
                                stoppedAt: stoppedAt, results: results)
    }

    private mutating func record(_ result: IntentStepResult) {
        results.append(result)
        queue.append(.responded(result))
    }

    // MARK: - Resolution

    private mutating func resolveParameters(_ i: Int) -> [ParameterResolution] {
        let frame = frames[i]
        let parent: Frame? = i > 0 ? frames[i - 1] : nil
        var out: [ParameterResolution] = []
        var values: [(String, IntentValue)] = []
        for p in frame.definition.parameters {
            var raw: JSONValue? = nil
            var source: String? = nil
            var problem: String? = nil
            if let argument = frame.arguments[p.name] {
                raw = argument
                source = "argument"
            } else if let s = frame.bindings[p.name] ?? p.source {
                (raw, problem) = lookUp(s, parent)
                source = s.description
            }
            if problem == nil, raw.map(IntentResolver.isEmpty) ?? true, let d = p.defaultValue {
                raw = d.jsonValue
                source = "default"
            }
            let result = problem.map { IntentResolutionResult.unsupported(reason: $0) }
                ?? IntentResolver.resolve(p, raw: raw, confirmed: confirmed, fileExists: fileExists)
            if let v = result.value { values.append((p.name, v)) }
            out.append(ParameterResolution(intent: frame.definition.name, step: frame.path, parameter: p.name,
                                           type: p.type, source: source, result: result))
        }
        frames[i].values = values
        return out
    }

    /// A source's raw value in the context of the enclosing chain; a message when it
    /// cannot be used at all (a field asked of an output that is not JSON).
    private func lookUp(_ source: IntentParameterSource, _ chain: Frame?) -> (JSONValue?, String?) {
        switch source {
        case .value(let v):
            return (v, nil)
        case .gesture(let field):
            return (event.flatMap { field.value(of: $0, deviceName: deviceName) }, nil)
        case .parameter(let name):
            return (chain?.values.first { $0.0 == name }?.1.jsonValue, nil)
        case .step(let reference, let field):
            guard let outputs = chain?.outputs else { return (nil, nil) }
            let step: StepOutput? = switch reference {
            case .index(let n): outputs.first { $0.index == n }
            case .name(let s): outputs.last { $0.intent == s }
            case .previous: outputs.last
            }
            guard let step, let output = step.output else { return (nil, nil) }
            guard !field.isEmpty else { return (output, nil) }
            switch output {
            case .object, .array:
                return (output.value(at: field), nil)
            default:
                return (nil, "the output of step \(step.index) (\(TextFormat.quoted(step.intent))) is "
                    + "\(output.kindDescription), not JSON with a field \(TextFormat.quoted(field.joined(separator: ".")))")
            }
        }
    }

    // MARK: - Requests

    private mutating func request(_ i: Int, _ stage: IntentStage, _ argv: [String], confirming: [String]) {
        let frame = frames[i]
        let chain = i > 0 ? frames[i - 1].definition.name : nil
        let index = frame.path.last ?? 0

        let input = IntentHandlerInput(
            intent: frame.definition.name, step: index, chain: chain, stage: stage.rawValue,
            parameters: Dictionary(frame.values.map { ($0.0, $0.1.jsonValue) }, uniquingKeysWith: { _, last in last }), confirm: stage == .confirm ? confirming : nil,
            gesture: event.map {
                .init(gesture: $0.gesture.rawValue, phase: $0.phase.rawValue, fingers: $0.fingers, x: $0.x, y: $0.y,
                      force: $0.force, stage: $0.stage?.rawValue, device: deviceName)
            })

        var environment = event.map { ExecRequest.environment(for: $0, deviceName: deviceName ?? "") } ?? [:]
        environment["FORCETOUCH_INTENT"] = frame.definition.name
        environment["FORCETOUCH_INTENT_STEP"] = String(index)
        if let chain { environment["FORCETOUCH_INTENT_CHAIN"] = chain }
        environment["FORCETOUCH_INTENT_STAGE"] = stage.rawValue
        for (name, value) in frame.values {
            environment[ExecSpec.environmentName(forParameter: name)] = value.text
        }

        frames[i].state = .awaiting
        pending = ExecSpec(argv: argv, stdin: ProtocolJSON.line(input) + "\n", environment: environment,
                           timeout: frame.definition.timeout, intent: frame.definition.name, step: frame.path,
                           stage: stage)
    }
}
