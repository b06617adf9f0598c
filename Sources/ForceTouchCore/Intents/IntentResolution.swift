import ForceTouchProtocol
/// How one parameter resolved: INIntent's resolution result kinds.
public enum IntentResolutionResult: Hashable, Sendable {
    case success(IntentValue)
    /// Required, and no value came from anywhere.
    case needsValue
    /// A value came but cannot be used: the wrong type, no such file, not one of the choices.
    case unsupported(reason: String)
    /// The value fits several of the choices (or none was given and there are choices):
    /// one of these must be picked.
    case disambiguation([IntentValue])
    /// The value is fine but must be confirmed before the intent is handled.
    case confirmationRequired(IntentValue)
    /// Optional, and no value came: left out of the handler's input.
    case notRequired

    /// The name logs and JSON use: `success`, `needs-value`, `unsupported`,
    /// `disambiguation`, `confirmation-required`, `not-required`.
    public var name: String {
        switch self {
        case .success: "success"
        case .needsValue: "needs-value"
        case .unsupported: "unsupported"
        case .disambiguation: "disambiguation"
        case .confirmationRequired: "confirmation-required"
        case .notRequired: "not-required"
        }
    }

    /// The value the handler gets, once confirmed where that is needed.
    public var value: IntentValue? {
        switch self {
        case .success(let v), .confirmationRequired(let v): v
        default: nil
        }
    }

    /// Whether the run must stop here whatever happens next: no usable value for a
    /// parameter that needs one. (`confirmation-required` stops only without a confirm
    /// handler; `IntentRun` decides that.)
    public var isFailure: Bool {
        switch self {
        case .needsValue, .unsupported, .disambiguation: true
        case .success, .confirmationRequired, .notRequired: false
        }
    }
}

/// One parameter's resolution, with where the run was: what logs and subscribers see.
public struct ParameterResolution: Hashable, Sendable {
    public var intent: String
    /// The step's position: empty for the intent the run started with, `[2]` for the
    /// second step of its chain, `[2, 1]` for the first step of a chain run as step 2.
    public var step: [Int]
    public var parameter: String
    public var type: IntentParameterType
    /// Where the value came from, or was looked for: `argument` (forcectl's key=value or a
    /// binding's override), `value` (a literal), `default`, or the source as written
    /// (`gesture.force`, `steps.1.output.path`…); nil for a parameter with no source at all.
    public var source: String?
    public var result: IntentResolutionResult

    public init(intent: String, step: [Int], parameter: String, type: IntentParameterType,
                source: String?, result: IntentResolutionResult) {
        self.intent = intent
        self.step = step
        self.parameter = parameter
        self.type = type
        self.source = source
        self.result = result
    }

    /// Why this resolution stops a run, in a sentence naming the parameter and intent.
    public var failureMessage: String {
        let p = "parameter \(TextFormat.quoted(parameter)) of intent \(TextFormat.quoted(intent))"
        switch result {
        case .needsValue:
            return "\(p) needs a value"
        case .unsupported(let reason):
            return "\(p) is unsupported: \(reason)"
        case .disambiguation(let choices):
            return "\(p) is ambiguous: choose one of \(choices.map { TextFormat.quoted($0.text) }.joined(separator: ", "))"
        case .confirmationRequired(let v):
            return "\(p) requires confirmation of \(TextFormat.quoted(v.text)), and nothing confirmed it"
        case .success, .notRequired:
            return "\(p) resolved"
        }
    }
}

/// Resolving a parameter from the raw value its source produced.
public enum IntentResolver {
    /// - Parameters:
    ///   - raw: what the parameter's source (or argument, or default) gave; nil or an
    ///     empty string when it gave nothing.
    ///   - confirmed: the run was started as already confirmed, so `confirm = true`
    ///     parameters resolve straight to success.
    ///   - fileExists: the existence check for `file` parameters, injected since it is I/O.
    public static func resolve(_ parameter: IntentParameter, raw: JSONValue?, confirmed: Bool,
                               fileExists: (String) -> Bool) -> IntentResolutionResult {
        let choices = parameter.choices ?? []
        guard let raw, !isEmpty(raw) else {
            if !parameter.required { return .notRequired }
            return choices.isEmpty ? .needsValue : .disambiguation(choices)
        }
        var value: IntentValue
        switch IntentValue.coerce(raw, to: parameter.type) {
        case .success(let v): value = v
        case .failure(let e): return .unsupported(reason: e.reason)
        }
        if case .file(let path) = value, !fileExists(path) {
            return .unsupported(reason: "no such file: \(path)")
        }
        if !choices.isEmpty {
            switch match(value, choices) {
            case .one(let v): value = v
            case .several(let vs): return .disambiguation(vs)
            case .none:
                let listed = choices.map { TextFormat.quoted($0.text) }.joined(separator: ", ")
                return .unsupported(reason: "\(TextFormat.quoted(value.text)) is not one of \(listed)")
            }
        }
        return parameter.confirm && !confirmed ? .confirmationRequired(value) : .success(value)
    }

    /// Nothing, for resolution: null, or a string of blanks (a step that printed nothing,
    /// `key=` on the command line).
    static func isEmpty(_ raw: JSONValue) -> Bool {
        switch raw {
        case .null: true
        case .string(let s): s.allSatisfy(\.isWhitespace)
        default: false
        }
    }

    enum Match: Equatable { case one(IntentValue), several([IntentValue]), none }

    /// An exact match wins; strings then match case-insensitively, whole and then as a
    /// prefix ("goo" picks "google", "g" fits "google" and "github").
    static func match(_ value: IntentValue, _ choices: [IntentValue]) -> Match {
        if choices.contains(value) { return .one(value) }
        guard case .string(let s) = value else { return .none }
        let needle = s.lowercased()
        let strings: [(IntentValue, String)] = choices.compactMap {
            if case .string(let c) = $0 { ($0, c.lowercased()) } else { nil }
        }
        for candidates in [strings.filter { $0.1 == needle }, strings.filter { $0.1.hasPrefix(needle) }] {
            if candidates.count == 1 { return .one(candidates[0].0) }
            if candidates.count > 1 { return .several(candidates.map(\.0)) }
        }
        return .none
    }
}
