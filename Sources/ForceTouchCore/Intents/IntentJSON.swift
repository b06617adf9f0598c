/// The JSON Lines an intent run publishes to subscribers, `"event"` first like every
/// other event (SPEC §9), and one-line texts for the log.
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
    public var json: String {
        switch self {
        case .resolved(let resolutions):
            var j = JSONLine()
            j.add("event", "intent-resolved")
            j.add("intent", resolutions.first?.intent ?? "")
            j.addRaw("step", IntentJSON.step(resolutions.first?.step ?? []))
            j.addRaw("parameters", "[" + resolutions.map(\.json).joined(separator: ",") + "]")
            return j.text
        case .runConfirm(let spec), .runHandler(let spec):
            var j = JSONLine()
            j.add("event", "intent-run")
            j.add("intent", spec.intent)
            j.addRaw("step", IntentJSON.step(spec.step))
            j.add("stage", spec.stage.rawValue)
            j.addRaw("argv", JSONValue.array(spec.argv.map(JSONValue.string)).json)
            return j.text
        case .responded(let result):
            return result.json(event: true)
        case .finished(let outcome):
            return outcome.json
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
                + JSONValue.array(spec.argv.map(JSONValue.string)).json
        case .responded(let r):
            var s = IntentJSON.where_(r.intent, r.step) + ": "
                + (r.stage == .confirm ? "confirm handler" : "handler") + " answered \(r.code.rawValue)"
            if !r.explicit { s += " (exit status \(r.exitStatus))" }
            if let m = r.message { s += ": " + m }
            return s
        case .finished(let o):
            var s = "intent \(o.intent) finished: \(o.code.rawValue)"
            if let m = o.message { s += ": " + m }
            return s
        }
    }
}

extension ParameterResolution {
    /// One element of an `intent-resolved` event's `parameters`.
    public var json: String {
        var j = JSONLine()
        j.add("name", parameter)
        j.add("type", type.rawValue)
        j.add("result", result.name)
        switch result {
        case .success(let v), .confirmationRequired(let v): j.addRaw("value", v.json)
        case .unsupported(let reason): j.add("reason", reason)
        case .disambiguation(let choices): j.addRaw("choices", "[" + choices.map(\.json).joined(separator: ",") + "]")
        case .needsValue, .notRequired: break
        }
        if let source { j.add("source", source) }
        return j.text
    }

    public var text: String {
        var s = "\(parameter) \(result.name)"
        switch result {
        case .success(let v), .confirmationRequired(let v): s += " " + JSONLine.quote(v.text)
        case .unsupported(let reason): s += " (\(reason))"
        case .disambiguation(let choices): s += " among " + choices.map { JSONLine.quote($0.text) }.joined(separator: ", ")
        case .needsValue, .notRequired: break
        }
        if let source { s += " [\(source)]" }
        return s
    }
}

extension IntentStepResult {
    public var json: String { json(event: true) }

    func json(event: Bool) -> String {
        var j = JSONLine()
        if event { j.add("event", "intent-response") }
        j.add("intent", intent)
        j.addRaw("step", IntentJSON.step(step))
        j.add("stage", stage.rawValue)
        j.add("code", code.rawValue)
        j.add("exitStatus", Int(exitStatus))
        if let output { j.addRaw("output", output.json) }
        if let message { j.add("message", message) }
        return j.text
    }
}

extension IntentOutcome {
    public var json: String {
        var j = JSONLine()
        j.add("event", "intent-outcome")
        j.add("intent", intent)
        j.add("code", code.rawValue)
        j.add("succeeded", succeeded)
        if let output { j.addRaw("output", output.json) }
        if let message { j.add("message", message) }
        if let stoppedAt {
            j.add("parameter", stoppedAt.parameter)
            j.add("parameterIntent", stoppedAt.intent)
            j.add("resolution", stoppedAt.result.name)
        }
        j.addRaw("results", "[" + results.map { $0.json(event: false) }.joined(separator: ",") + "]")
        return j.text
    }
}

enum IntentJSON {
    static func step(_ path: [Int]) -> String { "[" + path.map(String.init).joined(separator: ",") + "]" }

    static func where_(_ intent: String, _ step: [Int]) -> String {
        step.isEmpty ? "intent \(intent)" : "intent \(intent) step \(step.map(String.init).joined(separator: "."))"
    }
}
