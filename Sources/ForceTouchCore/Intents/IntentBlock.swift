import ForceTouchProtocol

/// One `[[intent]]` block as written (the schema is IntentConfigParser's), read through
/// `BlockReader` so that every problem of the block is said. The block is kept even when
/// broken (`definition` nil or `ok` false), so that chains naming it get an accurate error;
/// what spans blocks — repeated names, what steps name, loops — is IntentConfigParser's.
/// Parameters come in the table's order, which the caller puts back in the file's.
struct IntentBlock: Decodable {
    static let keys = ["name", "handler", "steps", "confirm", "timeout", "parameters", "title", "prompt", "app"]
    static let parameterKeys = ["type", "value", "source", "default", "required", "choices", "confirm"]
    static let stepKeys = ["intent", "parameters"]
    static let argvExample = "[\"notify-send\", \"hi\"]"
    typealias Problem = RawValue.Problem

    var name: String?
    var definition: IntentDefinition?
    var ok = true

    init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        name = try r("name") { try Self.identifier($0.stringValue(), what: "an intent name") }
        if !r.has("name") { try r.report(nil, "needs a \"name\"") }
        var parameters: [IntentParameter]? = []
        if let table = try r.nested("parameters", keys: nil) { parameters = try Self.parameters(table) }
        let confirm = try r("confirm") { try $0.argv(example: Self.argvExample) }
        let timeout = try r("timeout") { try $0.number(in: .actionTimeout) }
        let title = try r("title") { try $0.stringValue() }
        let prompt = try r("prompt") { try $0.stringValue() }
        let app = try r("app") { v in
            let id = try v.stringValue()
            guard id.hasSuffix(".desktop"), !id.contains("/"), id.count > 8 else {
                throw Problem("expected a desktop entry's file name, like \"org.gnome.Nautilus.desktop\"")
            }
            return id
        }
        var body: IntentBody?
        switch (r.has("handler"), r.has("steps")) {
        case (true, false): body = try r("handler") { .handler(try $0.argv(example: Self.argvExample)) }
        case (false, true): body = try Self.steps(r).map(IntentBody.steps)
        case (true, true): try r.report("steps", "an intent has either a handler or steps, not both")
        case (false, false): try r.report(nil, "needs a \"handler\" (an argv array) or \"steps\" (intents to run in order)")
        }
        ok = !r.failed
        guard let name, let body else { ok = false; return }
        definition = IntentDefinition(name: name, parameters: parameters ?? [], confirm: confirm, body: body, timeout: timeout)
        definition?.title = title
        definition?.prompt = prompt
        definition?.app = app
    }

    // MARK: - Parameters

    /// nil when any parameter has an error.
    private static func parameters(_ p: BlockReader) throws -> [IntentParameter]? {
        var out: [IntentParameter] = []
        var environmentNames: [String: String] = [:]
        for key in p.c.allKeys.map(\.stringValue) {
            do throws(Problem) { _ = try identifier(key, what: "a parameter name") } catch {
                try p.report(key, error.message)
                continue
            }
            let env = ExecSpec.environmentName(forParameter: key)
            if let other = environmentNames[env] {
                try p.report(key, "clashes with parameter \(TextFormat.quoted(other)): both would be \(env) to a handler")
                continue
            }
            environmentNames[env] = key
            if let t = try p.nested(key, keys: parameterKeys), let parameter = try parameter(key, t) { out.append(parameter) }
        }
        return p.failed ? nil : out
    }

    private static func parameter(_ name: String, _ t: BlockReader) throws -> IntentParameter? {
        guard t.has("type") else {
            try t.report(nil, "needs a \"type\": \(KeyNames.list(IntentParameterType.allCases.map(\.rawValue)))")
            return nil
        }
        guard let type = try t("type", { try $0.name(IntentParameterType.allCases, what: "type") }) else { return nil }
        var parameter = IntentParameter(name: name, type: type)
        parameter.required = try t("required") { try $0.boolValue() } ?? false
        parameter.confirm = try t("confirm") { try $0.boolValue() } ?? false
        switch (t.has("value"), t.has("source")) {
        case (true, false):
            parameter.source = try t("value") { .value(try literal($0, as: type).jsonValue) }
        case (false, true):
            parameter.source = try t("source") { v in
                let s = try source(v.stringValue())
                if case .parameter = s {
                    throw Problem("parameters.<name> names a chain's own parameter, and is only for "
                        + "the parameters of a chain's steps")
                }
                if let problem = fitProblem(s, type) { throw Problem(problem) }
                return s
            }
        case (true, true):
            try t.report("source", "a parameter takes its value from \"value\" or from \"source\", not both")
        case (false, false):
            break
        }
        if t.has("default") {
            if !t.has("source") {
                try t.report("default", t.has("value")
                    ? "a default is for when the source yields nothing; with a value, it is never used"
                    : "a default is for when the source yields nothing; this parameter has no source")
            } else {
                parameter.defaultValue = try t("default") { try literal($0, as: type) }
            }
        }
        parameter.choices = try t("choices") { v in
            guard case .array(let elements) = v else { throw Problem("expected an array of values, found \(v.kind)") }
            guard !elements.isEmpty else { throw Problem("must list at least one value") }
            return try elements.map { try literal($0, as: type) }
        }
        // A literal that could never resolve is a mistake better caught now than at each run.
        if let choices = parameter.choices {
            let literals: [(String, IntentValue?)] = [
                ("value", { if case .value(let r)? = parameter.source { try? IntentValue.coerce(r, to: type).get() }
                            else { nil } }()),
                ("default", parameter.defaultValue),
            ]
            for case (let key, let value?) in literals {
                if case .one = IntentResolver.match(value, choices) { continue }
                let listed = choices.map { TextFormat.quoted($0.text) }.joined(separator: ", ")
                try t.report(key, "\(TextFormat.quoted(value.text)) does not pick one of the choices (\(listed))")
            }
        }
        return t.failed ? nil : parameter
    }

    /// Why a source cannot fill a parameter of `type`, saying what would; nil when it can.
    static func fitProblem(_ source: IntentParameterSource, _ type: IntentParameterType) -> String? {
        guard case .gesture(let field) = source, !field.types.contains(type) else { return nil }
        let types = KeyNames.list(field.types.map(\.rawValue))
        return "gesture.\(field.rawValue) cannot fill a \(type.rawValue) parameter; it fits \(types)"
    }

    // MARK: - Steps

    /// The steps, every problem reported at its element; nil when any has one.
    private static func steps(_ r: BlockReader) throws -> [IntentChainStep]? {
        guard let elements = try r("steps", { v in
            guard case .array(let elements) = v else {
                throw Problem("expected an array of intent names or { intent = …, parameters = { … } } tables, "
                    + "found \(v.kind)")
            }
            guard !elements.isEmpty else { throw Problem("must name at least one intent") }
            return elements
        }) else { return nil }
        var ok = true
        var steps: [IntentChainStep] = []
        for (k, element) in elements.enumerated() {
            func report(_ keys: [String], _ message: String) throws {
                ok = false
                try r.report(path: r.c.codingPath + [AnyKey("steps"), AnyKey(index: k)] + keys.map(AnyKey.init), message)
            }
            switch element {
            case .string(let s):
                steps.append(IntentChainStep(intent: s))
            case .table(let t):
                let unknown = t.keys.sorted().filter { !stepKeys.contains($0) }
                for key in unknown { try report([key], KeyNames.unknownKey(key, of: stepKeys)) }
                guard unknown.isEmpty else { continue }
                guard let iv = t["intent"] else { try report([], "needs \"intent\", the name of the intent to run"); continue }
                guard case .string(let name) = iv else { try report(["intent"], "expected a string, found \(iv.kind)"); continue }
                var step = IntentChainStep(intent: name)
                if let bv = t["parameters"] {
                    guard case .table(let bt) = bv else { try report(["parameters"], "expected a table, found \(bv.kind)"); continue }
                    for key in bt.keys.sorted() {
                        step.parameters[key] = try binding(bt[key]!) { try report(["parameters", key] + $0, $1) }
                    }
                }
                steps.append(step)
            default:
                try report([], "expected an intent name or { intent = …, parameters = { … } }, found \(element.kind)")
            }
        }
        return ok ? steps : nil
    }

    /// One of a step's parameter bindings: a string is a source; `{ value = … }` or
    /// `{ source = "…" }`; anything else a literal. Checked against the target later.
    private static func binding(_ v: RawValue, report: ([String], String) throws -> Void) throws -> IntentParameterSource? {
        do {
            switch v {
            case .string(let s):
                switch IntentParameterSource.parse(s) {
                case .success(let source): return source
                case .failure(let e): throw Problem(e.reason + "; for a literal string write { value = \(TextFormat.quoted(s)) }")
                }
            case .table(let t):
                let unknown = t.keys.sorted().filter { !["value", "source"].contains($0) }
                for key in unknown { try report([key], KeyNames.unknownKey(key, of: ["value", "source"])) }
                guard unknown.isEmpty else { return nil }
                switch (t["value"], t["source"]) {
                case (let value?, nil):
                    do throws(Problem) { return .value(try value.json()) } catch { try report(["value"], error.message) }
                case (nil, let s?):
                    do throws(Problem) { return try source(s.stringValue()) } catch { try report(["source"], error.message) }
                default:
                    throw Problem("write { value = … } or { source = \"…\" }")
                }
                return nil
            default:
                return .value(try v.json())
            }
        } catch let problem as Problem {
            try report([], problem.message)
            return nil
        }
    }

    // MARK: - Values

    /// A letter, then letters, digits, `-` or `_`: usable in `steps.<name>` and
    /// `parameters.<name>` and as an environment variable's suffix.
    static func identifier(_ s: String, what: String) throws(Problem) -> String {
        guard let first = s.first, first.isASCII, first.isLetter,
              s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { throw Problem("\(TextFormat.quoted(s)) is not \(what): use a letter, then letters, digits, - or _") }
        return s
    }

    private static func source(_ text: String) throws(Problem) -> IntentParameterSource {
        switch IntentParameterSource.parse(text) {
        case .success(let s): return s
        case .failure(let e): throw Problem(e.reason)
        }
    }

    /// A literal checked against the parameter's type, at load time rather than at each run.
    private static func literal(_ v: RawValue, as type: IntentParameterType) throws(Problem) -> IntentValue {
        switch IntentValue.coerce(try v.json(), to: type) {
        case .success(let value): return value
        case .failure(let e): throw Problem("not a \(type.rawValue): \(e.reason)")
        }
    }
}
