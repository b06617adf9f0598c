import ForceTouchProtocol
/// The JSON Lines an intent run publishes to subscribers (ForceTouchProtocol's intent
/// messages), and one-line texts for the log.
///
/// - `{"event":"intent-resolved","intent":…,"step":[…],"parameters":[{"name":…,"type":…,
///   "result":"success","value":…,"source":…}, …]}` — `unsupported` adds `"reason"`,
///   `disambiguation` `"choices"`, `confirmation-required` `"value"`.
/// - `{"event":"intent-run","intent":…,"step":[…],"stage":"confirm|handle","argv":[…]}`
/// - `{"event":"intent-response","intent":…,"step":[…],"stage":…,"code":…,"exitStatus":N,
///   "output":…,"message":…}` — output and message only when there are some.
/// - `{"event":"intent-outcome","intent":…,"code":…,"succeeded":true|false,"output":…,
///   "message":…,"parameter":…,"results":[responses without "event"]}` — `parameter` names the
///   parameter that stopped the run, when one did.
extension IntentStep {
    /// The step as one JSON line for subscribers.
    public var json: String {
        switch self {
        case .resolved(let resolutions):
            ProtocolJSON.line(IntentResolvedMessage(intent: resolutions.first?.intent ?? "",
                                                    step: resolutions.first?.step ?? [],
                                                    parameters: resolutions.map(\.message)))
        case .runConfirm(let spec), .runHandler(let spec):
            ProtocolJSON.line(IntentRunMessage(intent: spec.intent, step: spec.step, stage: spec.stage.rawValue,
                                               argv: spec.argv))
        case .responded(let result):
            ProtocolJSON.line(result.message(asEvent: true))
        case .ask(let q):
            ProtocolJSON.line(q.message(id: 0, timeout: 0))
        case .finished(let outcome):
            outcome.json
        }
    }

    /// For the log: `intent search-image step 2: path success "/tmp/shot.png" (steps.previous.output)`.
    public var text: String {
        switch self {
        case .resolved(let resolutions):
            let head = IntentJSON.where_(resolutions.first?.intent ?? "", resolutions.first?.step ?? [])
            return head + ": " + resolutions.map(\.text).joined(separator: ", ")
        case .runConfirm(let spec), .runHandler(let spec):
            let what = spec.stage == .confirm ? "confirm handler" : "handler"
            return IntentJSON.where_(spec.intent, spec.step) + ": running \(what) "
                + ProtocolJSON.line(spec.argv)
        case .responded(let r):
            var s = IntentJSON.where_(r.intent, r.step) + ": "
                + (r.stage == .confirm ? "confirm handler" : "handler") + " answered \(r.code.rawValue)"
            if !r.explicit { s += " (exit status \(r.exitStatus))" }
            if let m = r.message { s += ": " + m }
            return s
        case .ask(let q):
            return IntentJSON.where_(q.intent, q.step) + ": asks the intent window (\(q.kind.rawValue) "
                + "\(q.parameter)): \(q.prompt)"
        case .finished(let o):
            var s = "intent \(o.intent) finished: \(o.code.rawValue)"
            if let m = o.message { s += ": " + m }
            return s
        }
    }
}

extension IntentQuestion {
    /// The question as the overlay and subscribers get it, for the run `id`.
    public func message(id: UInt32, timeout: Double) -> IntentAskMessage {
        let event = switch kind {
        case .confirm: "intent-confirm"
        case .choose: "intent-choose"
        case .value: "intent-needs-value"
        }
        return IntentAskMessage(event: event, id: id, intent: intent, step: step, title: title, prompt: prompt,
                                parameter: parameter, choices: choices, type: type?.rawValue ?? "", timeout: timeout)
    }
}

extension ParameterResolution {
    /// One element of an `intent-resolved` event's `parameters`.
    public var message: IntentResolvedMessage.Parameter {
        var m = IntentResolvedMessage.Parameter(name: parameter, type: type.rawValue, result: result.name, source: source)
        switch result {
        case .success(let v), .confirmationRequired(let v): m.value = v.jsonValue
        case .unsupported(let reason): m.reason = reason
        case .disambiguation(let choices): m.choices = choices.map(\.jsonValue)
        case .needsValue, .notRequired: break
        }
        return m
    }

    public var text: String {
        var s = "\(parameter) \(result.name)"
        switch result {
        case .success(let v), .confirmationRequired(let v): s += " " + TextFormat.quoted(v.text)
        case .unsupported(let reason): s += " (\(reason))"
        case .disambiguation(let choices): s += " among " + choices.map { TextFormat.quoted($0.text) }.joined(separator: ", ")
        case .needsValue, .notRequired: break
        }
        if let source { s += " [\(source)]" }
        return s
    }
}

extension IntentStepResult {
    public var json: String { ProtocolJSON.line(message(asEvent: true)) }

    func message(asEvent: Bool) -> IntentResponseMessage {
        IntentResponseMessage(asEvent: asEvent, intent: intent, step: step, stage: stage.rawValue, code: code.rawValue,
                              exitStatus: Int(exitStatus), output: output, message: message)
    }
}

extension IntentOutcome {
    public var json: String {
        ProtocolJSON.line(IntentOutcomeMessage(
            intent: intent, code: code.rawValue, succeeded: succeeded, output: output, message: message,
            parameter: stoppedAt?.parameter, parameterIntent: stoppedAt?.intent, resolution: stoppedAt?.result.name,
            results: results.map { $0.message(asEvent: false) }))
    }
}

enum IntentJSON {
    static func where_(_ intent: String, _ step: [Int]) -> String {
        step.isEmpty ? "intent \(intent)" : "intent \(intent) step \(step.map(String.init).joined(separator: "."))"
    }
}
