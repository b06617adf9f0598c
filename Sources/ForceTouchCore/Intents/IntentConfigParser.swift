import ForceTouchProtocol
import TOMLKit

/// Reads the `[[intent]]` blocks of the configuration (SPEC §7) into `IntentDefinition`s,
/// collecting every error as `file:line: intent[N].key: message` like the rest of the
/// configuration. An intent with any error is dropped whole, and so is a chain with a step
/// naming a dropped intent (a chain with a missing step could only ever half-run).
///
/// The schema:
///
/// ```toml
/// [[intent]]
/// name = "screenshot"               # required: a letter, then letters, digits, - or _
/// handler = ["shot-to-file"]        # argv, no shell; or `steps`, never both
/// confirm = ["zenity", "--question"] # optional argv: exit 0 or {"code":"ready"} proceeds
/// timeout = 10.0                    # optional seconds per program; else general.action-timeout
///
/// [intent.parameters.region]        # one table per parameter, in the order written
/// type = "point"                    # string, number, boolean, file, point or force
/// source = "gesture.position"       # or value = <literal>, not both
/// default = [0.5, 0.5]              # optional, only with source: used when it yields nothing
/// required = false                  # default false: absent → not-required
/// choices = […]                     # optional: the values allowed (disambiguation)
/// confirm = false                   # true: confirmation-required until confirmed
///
/// [[intent]]
/// name = "search-screenshot"
/// steps = [
///     "screenshot",                                              # an intent by name
///     { intent = "search-image", parameters = { path = "steps.1.output" } },
/// ]
/// ```
///
/// Sources: `gesture.force|position|x|y|fingers|device|gesture|phase|stage` (each only
/// for the types it can fill: `GestureField.types`), `steps.<number|name|previous>.output`
/// optionally followed by `.field.…` to reach into JSON output, and — only in a step's
/// `parameters` — `parameters.<name>`, one of the chain's own parameters. In a step's
/// `parameters` a string is always a source; a literal string is written
/// `{ value = "…" }` (and `{ source = "…" }` works too), other literals as they are.
///
/// Checked: unknown keys (with the nearest known one offered), names, types, sources and
/// the types they can fill, literals against the parameter's type, `handler` against
/// `steps`, duplicate intent names, steps naming unknown intents or unknown parameters,
/// step references to the step itself or later ones, and chains that loop.
struct IntentConfigParser: TOMLReader {
    static let intentKeys = ["name", "handler", "steps", "confirm", "timeout", "parameters"]
    static let parameterKeys = ["type", "value", "source", "default", "required", "choices", "confirm"]
    static let stepKeys = ["intent", "parameters"]
    static let argvExample = "[\"notify-send\", \"hi\"]"

    let file: String
    let map: TOMLSourceMap
    private(set) var errors: [ConfigError] = []

    init(file: String, map: TOMLSourceMap) {
        self.file = file
        self.map = map
    }

    /// - Parameters:
    ///   - value: the root table's `intent` value: an array of tables.
    ///   - map: the source map of the file, for error lines.
    /// - Returns: the valid intents in file order, and the errors in line order.
    static func parse(_ value: TOMLValueConvertible, map: TOMLSourceMap, file: String)
        -> (intents: [IntentDefinition], errors: [ConfigError])
    {
        var parser = IntentConfigParser(file: file, map: map)
        let intents = parser.parseIntents(value)
        let sorted = parser.errors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
        return (intents, sorted.map(\.element))
    }

    /// Parses a whole file's text and reads its `intent` key: for tests and tools that
    /// want the intents alone. A syntax error is reported as the configuration parser does.
    static func parse(text: String, file: String) -> (intents: [IntentDefinition], errors: [ConfigError]) {
        let root: TOMLTable
        do {
            root = try TOMLScanner.parse(text, file: file)
        } catch {
            return ([], [error])
        }
        guard let value = root["intent"] else { return ([], []) }
        return parse(value, map: TOMLSourceMap(text), file: file)
    }

    /// One `[[intent]]` block as read, kept even when broken so that chains naming it get
    /// an accurate error.
    private struct Block {
        var index: Int
        var path: ConfigPath
        var name: String?
        var definition: IntentDefinition?
        var ok: Bool
        /// For each step, the path errors about it go to.
        var stepPaths: [ConfigPath] = []
    }

    mutating func parseIntents(_ value: TOMLValueConvertible) -> [IntentDefinition] {
        let root = ConfigPath.root / "intent"
        guard let array = value.array else {
            if value.type == .table {
                error(root, "write each intent as [[intent]] (an array of tables), not [intent]")
            } else {
                typeError(root, expected: "[[intent]] blocks", found: value)
            }
            return []
        }
        var blocks: [Block] = []
        var firstIndex: [String: Int] = [:]
        for (i, element) in array.enumerated() {
            let path = root.appending(index: i + 1)
            guard let t = table(element, path) else { continue }
            var block = parseIntent(t, path: path, index: i + 1)
            if let name = block.name {
                if let earlier = firstIndex[name] {
                    let line = map.line(of: blocks[earlier].path)
                    error(path / "name", "intent \(TextFormat.quoted(name)) is already defined at line \(line)")
                    block.ok = false
                    block.name = nil  // steps naming it mean the first one
                } else {
                    firstIndex[name] = blocks.count
                }
            }
            blocks.append(block)
        }
        checkChains(&blocks, firstIndex)
        return blocks.compactMap { $0.ok ? $0.definition : nil }
    }

    // MARK: - One intent

    private mutating func parseIntent(_ t: TOMLTable, path: ConfigPath, index: Int) -> Block {
        var ok = checkKeys(t, path, allowed: Self.intentKeys)
        func check<T>(_ value: T?) -> T? {
            if value == nil { ok = false }
            return value
        }
        var name: String?
        if let v = t["name"] {
            name = check(string(v, path / "name").flatMap { self.identifier($0, path / "name", what: "an intent name") })
        } else {
            error(path, "needs a \"name\"")
            ok = false
        }

        var parameters: [IntentParameter] = []
        if let v = t["parameters"], let pt = check(table(v, path / "parameters")) {
            parameters = check(parseParameters(pt, path / "parameters")) ?? []
        }

        var confirm: [String]?
        if let v = t["confirm"] { confirm = check(argv(v, path / "confirm", example: Self.argvExample)) }
        var timeout: Double?
        if let v = t["timeout"] { timeout = check(positive(v, path / "timeout")) }

        var body: IntentBody?
        var stepPaths: [ConfigPath] = []
        switch (t["handler"], t["steps"]) {
        case (let h?, nil):
            body = check(argv(h, path / "handler", example: Self.argvExample)).map(IntentBody.handler)
        case (nil, let s?):
            if let (steps, paths) = check(parseSteps(s, path / "steps")) {
                body = .steps(steps)
                stepPaths = paths
            }
        case (_?, _?):
            error(path / "steps", "an intent has either a handler or steps, not both")
            ok = false
        case (nil, nil):
            error(path, "needs a \"handler\" (an argv array) or \"steps\" (intents to run in order)")
            ok = false
        }

        var block = Block(index: index, path: path, name: name, ok: ok, stepPaths: stepPaths)
        if let name, let body {
            block.definition = IntentDefinition(name: name, parameters: parameters, confirm: confirm, body: body,
                                                timeout: timeout, line: map.line(of: path))
        } else {
            block.ok = false
        }
        return block
    }

    /// nil when any parameter has an error.
    private mutating func parseParameters(_ t: TOMLTable, _ path: ConfigPath) -> [IntentParameter]? {
        var ok = true
        var out: [(line: Int, parameter: IntentParameter)] = []
        var environmentNames: [String: String] = [:]
        for key in t.keys {
            let p = path / key
            guard identifier(key, p, what: "a parameter name") != nil else { ok = false; continue }
            let env = ExecSpec.environmentName(forParameter: key)
            if let other = environmentNames[env] {
                error(p, "clashes with parameter \(TextFormat.quoted(other)): both would be \(env) to a handler")
                ok = false
                continue
            }
            environmentNames[env] = key
            guard let v = t[key], let pt = table(v, p) else { ok = false; continue }
            if let parameter = parseParameter(key, pt, p) {
                out.append((map.line(of: p), parameter))
            } else {
                ok = false
            }
        }
        // TOML tables do not keep their order: the file's order is the one to resolve in.
        return ok ? out.sorted { ($0.line, $0.parameter.name) < ($1.line, $1.parameter.name) }.map(\.parameter) : nil
    }

    private mutating func parseParameter(_ name: String, _ t: TOMLTable, _ path: ConfigPath) -> IntentParameter? {
        var ok = checkKeys(t, path, allowed: Self.parameterKeys)
        func check<T>(_ value: T?) -> T? {
            if value == nil { ok = false }
            return value
        }
        guard let tv = t["type"] else {
            let types = Self.list(IntentParameterType.allCases.map(\.rawValue))
            error(path, "needs a \"type\": \(types)")
            return nil
        }
        guard let type = check(self.name(tv, path / "type", IntentParameterType.allCases, what: "type")) else {
            return nil
        }
        var parameter = IntentParameter(name: name, type: type)
        if let v = t["required"] { parameter.required = check(bool(v, path / "required")) ?? false }
        if let v = t["confirm"] { parameter.confirm = check(bool(v, path / "confirm")) ?? false }

        switch (t["value"], t["source"]) {
        case (let v?, nil):
            parameter.source = check(literal(v, path / "value", as: type)).map { .value($0.jsonValue) }
        case (nil, let s?):
            if let text = check(string(s, path / "source")), let source = check(self.source(text, path / "source")) {
                if case .parameter = source {
                    error(path / "source", "parameters.<name> names a chain's own parameter, and is only for "
                        + "the parameters of a chain's steps")
                    ok = false
                } else if check(fits(source, type, path / "source")) != nil {
                    parameter.source = source
                }
            }
        case (_?, _?):
            error(path / "source", "a parameter takes its value from \"value\" or from \"source\", not both")
            ok = false
        case (nil, nil):
            break
        }

        if let v = t["default"] {
            if t["source"] == nil {
                error(path / "default", t["value"] == nil
                    ? "a default is for when the source yields nothing; this parameter has no source"
                    : "a default is for when the source yields nothing; with a value, it is never used")
                ok = false
            } else {
                parameter.defaultValue = check(literal(v, path / "default", as: type))
            }
        }

        if let v = t["choices"] {
            let p = path / "choices"
            if let array = check(v.array.map { $0 }) {
                if array.isEmpty {
                    error(p, "must list at least one value")
                    ok = false
                } else {
                    var choices: [IntentValue] = []
                    for element in array {
                        guard let c = literal(element, p, as: type) else { ok = false; break }
                        choices.append(c)
                    }
                    parameter.choices = choices
                }
            } else {
                typeError(p, expected: "an array of values", found: v)
            }
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
                error(path / key, "\(TextFormat.quoted(value.text)) does not pick one of the choices (\(listed))")
                ok = false
            }
        }
        return ok ? parameter : nil
    }

    /// Whether a source can fill a parameter of `type`; the error says what would.
    private mutating func fits(_ source: IntentParameterSource, _ type: IntentParameterType,
                               _ path: ConfigPath) -> Bool? {
        guard case .gesture(let field) = source, !field.types.contains(type) else { return true }
        let types = Self.list(field.types.map(\.rawValue))
        error(path, "gesture.\(field.rawValue) cannot fill a \(type.rawValue) parameter; it fits \(types)")
        return nil
    }

    // MARK: - Steps

    private mutating func parseSteps(_ v: TOMLValueConvertible, _ path: ConfigPath)
        -> ([IntentChainStep], [ConfigPath])?
    {
        guard let array = v.array else {
            typeError(path, expected: "an array of intent names or { intent = …, parameters = { … } } tables",
                      found: v)
            return nil
        }
        guard !array.isEmpty else {
            error(path, "must name at least one intent")
            return nil
        }
        var ok = true
        var steps: [IntentChainStep] = []
        var paths: [ConfigPath] = []
        for (k, element) in array.enumerated() {
            let p = path.appending(index: k + 1)
            if let s = element.string {
                steps.append(IntentChainStep(intent: s))
            } else if let t = element.table {
                guard checkKeys(t, p, allowed: Self.stepKeys) else { ok = false; continue }
                guard let iv = t["intent"] else {
                    error(p, "needs \"intent\", the name of the intent to run")
                    ok = false
                    continue
                }
                guard let name = string(iv, p / "intent") else { ok = false; continue }
                var step = IntentChainStep(intent: name)
                if let bv = t["parameters"] {
                    guard let bt = table(bv, p / "parameters") else { ok = false; continue }
                    for key in bt.keys {
                        guard let raw = bt[key], let binding = self.binding(raw, p / "parameters" / key) else {
                            ok = false
                            continue
                        }
                        step.parameters[key] = binding
                    }
                }
                steps.append(step)
            } else {
                typeError(p, expected: "an intent name or { intent = …, parameters = { … } }", found: element)
                ok = false
                continue
            }
            paths.append(p)
        }
        return ok ? (steps, paths) : nil
    }

    /// One of a step's parameter bindings: a string is a source; `{ value = … }` or
    /// `{ source = "…" }`; anything else a literal. Checked against the target later.
    private mutating func binding(_ v: TOMLValueConvertible, _ path: ConfigPath) -> IntentParameterSource? {
        if let s = v.string {
            switch IntentParameterSource.parse(s) {
            case .success(let source): return source
            case .failure(let e):
                error(path, e.reason + "; for a literal string write { value = \(TextFormat.quoted(s)) }")
                return nil
            }
        }
        if let t = v.table {
            guard checkKeys(t, path, allowed: ["value", "source"]) else { return nil }
            switch (t["value"], t["source"]) {
            case (let value?, nil):
                return raw(value, path / "value").map(IntentParameterSource.value)
            case (nil, let s?):
                return string(s, path / "source").flatMap { self.source($0, path / "source") }
            default:
                error(path, "write { value = … } or { source = \"…\" }")
                return nil
            }
        }
        return raw(v, path).map(IntentParameterSource.value)
    }

    /// Checks what only the whole file can tell: that steps name intents that exist and
    /// are valid, that their bindings fit, and that no chain loops. Drops what fails.
    private mutating func checkChains(_ blocks: inout [Block], _ byName: [String: Int]) {
        // Sources naming an intent must name a configured one, in any intent.
        for b in blocks.indices {
            guard let d = blocks[b].definition else { continue }
            for p in d.parameters {
                if case .step(.name(let s), _)? = p.source, byName[s] == nil {
                    error(blocks[b].path / "parameters" / p.name / "source", "no intent is named \(TextFormat.quoted(s))")
                    blocks[b].ok = false
                }
            }
        }
        // Each step against its target.
        for b in blocks.indices {
            guard let d = blocks[b].definition, case .steps(let steps) = d.body else { continue }
            for (k, step) in steps.enumerated() {
                let p = blocks[b].stepPaths[k]
                guard let target = byName[step.intent].flatMap({ blocks[$0].definition }) else {
                    if byName[step.intent] == nil {
                        var message = "no intent is named \(TextFormat.quoted(step.intent))"
                        if let near = Self.nearest(step.intent, in: Array(byName.keys).sorted()) {
                            message += "; did you mean \(TextFormat.quoted(near))?"
                        }
                        error(p, message)
                    } else {
                        error(p, "intent \(TextFormat.quoted(step.intent)) has errors, so this chain cannot run")
                    }
                    blocks[b].ok = false
                    continue
                }
                if !checkBindings(step, position: k + 1, of: steps, chain: d, target: target, p) {
                    blocks[b].ok = false
                }
            }
        }
        reportCycles(&blocks, byName)
        // A chain whose step names a dropped intent goes too, until nothing changes.
        var changed = true
        while changed {
            changed = false
            for b in blocks.indices where blocks[b].ok {
                guard let d = blocks[b].definition else { continue }
                for (k, step) in d.steps.enumerated() {
                    guard let t = byName[step.intent], !blocks[t].ok else { continue }
                    error(blocks[b].stepPaths[k], "intent \(TextFormat.quoted(step.intent)) has errors, so this chain "
                        + "cannot run")
                    blocks[b].ok = false
                    changed = true
                    break
                }
            }
        }
    }

    private mutating func checkBindings(_ step: IntentChainStep, position: Int, of steps: [IntentChainStep],
                                        chain: IntentDefinition, target: IntentDefinition,
                                        _ path: ConfigPath) -> Bool {
        var ok = true
        for key in step.parameters.keys.sorted() {
            let p = path / "parameters" / key
            guard let parameter = target.parameter(named: key) else {
                var message = "intent \(TextFormat.quoted(target.name)) has no parameter \(TextFormat.quoted(key))"
                if let near = Self.nearest(key, in: target.parameters.map(\.name)) {
                    message += "; did you mean \(TextFormat.quoted(near))?"
                }
                error(p, message)
                ok = false
                continue
            }
            switch step.parameters[key]! {
            case .value(let raw):
                if case .failure(let e) = IntentValue.coerce(raw, to: parameter.type) {
                    error(p, "not a \(parameter.type.rawValue): \(e.reason)")
                    ok = false
                }
            case .gesture(let field):
                if fits(.gesture(field), parameter.type, p) == nil { ok = false }
            case .parameter(let name):
                if chain.parameter(named: name) == nil {
                    error(p, "intent \(TextFormat.quoted(chain.name)) has no parameter \(TextFormat.quoted(name))")
                    ok = false
                }
            case .step(let reference, _):
                switch reference {
                case .index(let n) where n >= position:
                    error(p, "step \(position) can only use the output of an earlier step, not of step \(n)")
                    ok = false
                case .previous where position == 1:
                    error(p, "the first step has no previous step")
                    ok = false
                case .name(let s):
                    let earlier = steps.prefix(position - 1).filter { $0.intent == s }.count
                    if earlier == 0 {
                        error(p, "no step before step \(position) runs \(TextFormat.quoted(s))")
                        ok = false
                    } else if earlier > 1 {
                        error(p, "\(TextFormat.quoted(s)) runs in \(earlier) earlier steps; "
                            + "name the step by its number, e.g. steps.1.output")
                        ok = false
                    }
                default:
                    break
                }
            }
        }
        return ok
    }

    /// Finds every loop among the chains' steps and reports it once, on the step of the
    /// first intent of the loop (in file order) that starts it; the intents in it are dropped.
    private mutating func reportCycles(_ blocks: inout [Block], _ byName: [String: Int]) {
        func successors(_ b: Int) -> [(Int, Int)] {
            (blocks[b].definition?.steps ?? []).enumerated().compactMap { k, s in byName[s.intent].map { ($0, k) } }
        }
        var reported = Set<[Int]>()
        var state = [Int: Bool]()  // false: on the current path; true: finished
        var path: [(block: Int, step: Int)] = []
        func visit(_ b: Int) {
            state[b] = false
            for (next, k) in successors(b) {
                path.append((b, k))
                if state[next] == false {
                    // A loop: from `next`'s place on the path back round to it.
                    let start = path.firstIndex { $0.block == next }!
                    let loop = Array(path[start...])
                    let members = loop.map(\.block)
                    let key = members.sorted()
                    if !reported.contains(key) {
                        reported.insert(key)
                        // Report it where it starts for the reader: the member written first.
                        let first = loop.indices.min { members[$0] < members[$1] }!
                        let rotated = Array(loop[first...] + loop[..<first])
                        let names = (rotated.map(\.block) + [rotated[0].block]).map {
                            TextFormat.quoted(blocks[$0].name ?? "?")
                        }
                        let at = rotated[0]
                        error(blocks[at.block].stepPaths[at.step], "steps loop: " + names.joined(separator: " → "))
                        for m in members { blocks[m].ok = false }
                    }
                } else if state[next] == nil {
                    visit(next)
                }
                path.removeLast()
            }
            state[b] = true
        }
        for b in blocks.indices where state[b] == nil { visit(b) }
    }

    // MARK: - Values

    mutating func error(_ path: ConfigPath, _ message: String) {
        errors.append(ConfigError(file: file, line: map.line(of: path), key: path.description, message: message))
    }

    /// A letter, then letters, digits, `-` or `_`: usable in `steps.<name>` and
    /// `parameters.<name>` and as an environment variable's suffix.
    private mutating func identifier(_ s: String, _ path: ConfigPath, what: String) -> String? {
        guard let first = s.first, first.isASCII, first.isLetter,
              s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            error(path, "\(TextFormat.quoted(s)) is not \(what): use a letter, then letters, digits, - or _")
            return nil
        }
        return s
    }

    private mutating func source(_ text: String, _ path: ConfigPath) -> IntentParameterSource? {
        switch IntentParameterSource.parse(text) {
        case .success(let s): return s
        case .failure(let e): error(path, e.reason); return nil
        }
    }

    /// A TOML value as JSON; dates and times have no JSON form.
    private mutating func raw(_ v: TOMLValueConvertible, _ path: ConfigPath) -> JSONValue? {
        switch v.type {
        case .string: return .string(v.string!)
        case .int: return .number(Double(v.int!))
        case .double: return .number(v.double!)
        case .bool: return .bool(v.bool!)
        case .array:
            var out: [JSONValue] = []
            for element in v.array! {
                guard let r = raw(element, path) else { return nil }
                out.append(r)
            }
            return .array(out)
        case .table:
            let t = v.table!
            var out: [String: JSONValue] = [:]
            for key in t.keys {
                guard let r = raw(t[key]!, path) else { return nil }
                out[key] = r
            }
            return .object(out)
        case .date, .time, .dateTime:
            typeError(path, expected: "a string, number, boolean, array or table", found: v)
            return nil
        }
    }

    /// A literal checked against the parameter's type, at load time rather than at each run.
    private mutating func literal(_ v: TOMLValueConvertible, _ path: ConfigPath,
                                  as type: IntentParameterType) -> IntentValue? {
        guard let r = raw(v, path) else { return nil }
        switch IntentValue.coerce(r, to: type) {
        case .success(let value): return value
        case .failure(let e): error(path, "not a \(type.rawValue): \(e.reason)"); return nil
        }
    }
}
