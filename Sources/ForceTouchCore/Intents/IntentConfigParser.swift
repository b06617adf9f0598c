import ForceTouchProtocol
import TOMLKit

/// Reads the `[[intent]]` blocks of the configuration (SPEC §7) into `IntentDefinition`s,
/// collecting every error as `file:line: intent[N].key: message` like the rest of the
/// configuration. An intent with any error is dropped whole, and so is a chain with a step
/// naming a dropped intent (a chain with a missing step could only ever half-run). Each
/// block is read by `IntentBlock`; this checks what spans them.
///
/// The schema:
///
/// ```toml
/// [[intent]]
/// name = "screenshot"               # required: a letter, then letters, digits, - or _
/// handler = ["shot-to-file"]        # argv, no shell; or `steps`, never both
/// confirm = ["zenity", "--question"] # optional argv: exit 0 or {"code":"ready"} proceeds
/// timeout = 10.0                    # optional seconds per program; else general.action-timeout
/// title = "Screenshot"              # optional: the intent window's title; else the name
/// prompt = "Save {region}?"         # optional: the confirmation's question, values filled in
/// app = "org.gnome.Loupe.desktop"   # optional: opened by a tap on the window, continue-in-app
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
struct IntentConfigParser {
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

    /// Every table's one way in.
    private var blockDecoder: ConfigBlockDecoder { ConfigBlockDecoder(file: file, map: map, lookups: nil) }

    mutating func parseIntents(_ value: TOMLValueConvertible) -> [IntentDefinition] {
        let root = ConfigPath.root / "intent"
        let (tables, problems) = blockDecoder.tables(
            value, at: root, notArray: "write each intent as [[intent]] (an array of tables), not [intent]",
            expected: "[[intent]] blocks")
        errors += problems
        var blocks: [Block] = []
        var firstIndex: [String: Int] = [:]
        for (index, t) in tables {
            let path = root.appending(index: index)
            var block = decodeBlock(t, path: path, index: index)
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

    /// One block through its schema (`IntentBlock`), every problem recorded at its line.
    private mutating func decodeBlock(_ t: TOMLTable, path: ConfigPath, index: Int) -> Block {
        let result = blockDecoder.decode(IntentBlock.self, t, at: path)
        errors += result.problems
        let read = result.value
        var definition = read?.definition
        definition?.line = map.line(of: path)
        // TOML tables do not keep their order: the file's order is the one to resolve in.
        let map = self.map
        func line(_ p: IntentParameter) -> Int { map.line(of: path / "parameters" / p.name) }
        definition?.parameters.sort { (line($0), $0.name) < (line($1), $1.name) }
        let stepPaths = (definition?.steps ?? []).indices.map { (path / "steps").appending(index: $0 + 1) }
        return Block(index: index, path: path, name: read?.name, definition: definition, ok: read?.ok ?? false,
                     stepPaths: stepPaths)
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
                        if let near = KeyNames.nearest(step.intent, in: Array(byName.keys).sorted()) {
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
                if let near = KeyNames.nearest(key, in: target.parameters.map(\.name)) {
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
                if let problem = IntentBlock.fitProblem(.gesture(field), parameter.type) {
                    error(p, problem)
                    ok = false
                }
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
}
