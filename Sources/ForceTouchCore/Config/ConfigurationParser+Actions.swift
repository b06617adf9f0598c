import TOMLKit

/// The action keys shared by `[[binding]]` blocks, `[[quick-action]]` blocks and the
/// `[assistive-touch]` slots (SPEC §8).
extension ConfigurationParser {
    /// What holds an action, which decides whether one is required and which kinds it may be.
    enum ActionOwner {
        case binding, quickAction, slot

        var noun: String {
            switch self {
            case .binding: "a binding"
            case .quickAction: "a quick action"
            case .slot: "a slot"
            }
        }
    }

    /// The one action key of a table. A quick action may have none (performing it then
    /// only tells subscribers); a binding and a slot need exactly one.
    /// - Returns: `ok` false after recording errors; `action` nil when there is none.
    mutating func action(_ t: TOMLTable, _ path: ConfigPath, owner: ActionOwner) -> (ok: Bool, action: Action?) {
        let present = t.keys.filter { Action.keys.contains($0) }
        if t["parameters"] != nil, !present.contains("intent") {
            error(path / "parameters", "only an intent takes parameters; add intent = \"name\"")
            return (false, nil)
        }
        guard !present.isEmpty else {
            if owner == .quickAction { return (true, nil) }
            error(path, "needs an action: \(Self.list(Action.keys)) (e.g. exec = [\"notify-send\", \"pressed\"])")
            return (false, nil)
        }
        guard present.count == 1 else {
            let limit = owner == .quickAction ? "at most one" : "exactly one"
            error(path, "has \(present.count) actions (\(present.joined(separator: ", "))); "
                + "\(owner.noun) runs \(limit)")
            return (false, nil)
        }
        let key = present[0]
        let p = path / key
        guard let v = t[key] else { return (false, nil) }
        if owner == .quickAction, key == "quick-actions" || key == "perform" {
            error(p, "a quick action cannot present the menu or perform quick actions; give it its own action")
            return (false, nil)
        }
        let action: Action? = switch key {
        case "exec": exec(v, p).map(Action.exec)
        case "keys": keyStrokes(v, p).map(Action.keys)
        case "quick-actions": presentMenu(v, p)
        case "perform": perform(v, p)
        case "intent": intent(v, t["parameters"], p, path / "parameters")
        case "notify": notify(v, p)
        default: unsupported(key, p)
        }
        return (action != nil, action)
    }

    private mutating func unsupported(_ key: String, _ p: ConfigPath) -> Action? {
        error(p, "the \"\(key)\" action is not supported by this version of forcetouch")
        return nil
    }

    mutating func exec(_ v: TOMLValueConvertible, _ p: ConfigPath) -> ExecAction? {
        guard let argv = argv(v, p, example: "[\"notify-send\", \"hi\"]") else { return nil }
        return ExecAction(argv: argv)
    }

    /// `"KEY_LEFTMETA+KEY_A"`, or an array of such combinations typed in turn.
    private mutating func keyStrokes(_ v: TOMLValueConvertible, _ p: ConfigPath) -> [KeyStroke]? {
        let texts: [String]
        if let s = v.string {
            texts = [s]
        } else if let array = v.array {
            var out: [String] = []
            for (i, element) in array.enumerated() {
                guard let s = element.string else {
                    error(p, "element \(i + 1) must be a string such as \"KEY_LEFTCTRL+KEY_C\", not \(Self.describe(element))")
                    return nil
                }
                out.append(s)
            }
            guard !out.isEmpty else { error(p, "needs at least one key combination"); return nil }
            texts = out
        } else {
            typeError(p, expected: "a key combination such as \"KEY_LEFTCTRL+KEY_C\", or an array of them", found: v)
            return nil
        }
        var strokes: [KeyStroke] = []
        for (i, text) in texts.enumerated() {
            do {
                strokes.append(try KeyStroke(parsing: text))
            } catch {
                self.error(p, texts.count > 1 || v.array != nil ? "element \(i + 1): \(error.message)" : error.message)
                return nil
            }
        }
        return strokes
    }

    private mutating func presentMenu(_ v: TOMLValueConvertible, _ p: ConfigPath) -> Action? {
        guard let b = bool(v, p) else { return nil }
        guard b else {
            error(p, "must be true (present the quick-action menu); for no action, leave the block out")
            return nil
        }
        return .quickActions
    }

    private mutating func perform(_ v: TOMLValueConvertible, _ p: ConfigPath) -> Action? {
        guard let type = string(v, p) else { return nil }
        guard !type.isEmpty else { error(p, "must not be empty"); return nil }
        guard quickActionTypes.contains(type) else {
            var message = "no quick action has type \"\(type)\""
            if let near = Self.nearest(type, in: quickActionTypes) {
                message += "; did you mean \"\(near)\"?"
            } else if quickActionTypes.isEmpty {
                message += "; define it in a [[quick-action]] block"
            } else {
                message += "; the types are \(Self.list(quickActionTypes))"
            }
            error(p, message)
            return nil
        }
        return .perform(type: type)
    }

    /// `intent = "name"` and its `parameters` table of literal overrides, checked against
    /// the `[[intent]]` of that name: it must exist (and be valid), and each override must
    /// name one of its parameters and fit that parameter's type.
    private mutating func intent(_ v: TOMLValueConvertible, _ parameters: TOMLValueConvertible?,
                                 _ p: ConfigPath, _ pp: ConfigPath) -> Action? {
        guard let name = string(v, p) else { return nil }
        guard !name.isEmpty else { error(p, "must not be empty"); return nil }
        let definition = intentDefinitions.first { $0.name == name }
        var ok = true
        if definition == nil {
            let names = intentDefinitions.map(\.name)
            var message = "no intent is named \"\(name)\""
            if let near = Self.nearest(name, in: names) {
                message += "; did you mean \"\(near)\"?"
            } else if names.isEmpty {
                message += "; define it in an [[intent]] block"
            } else {
                message += "; the intents are \(Self.list(names))"
            }
            error(p, message)
            ok = false
        }
        var values: [String: LiteralValue] = [:]
        if let parameters {
            guard let t = table(parameters, pp) else { return nil }
            for key in t.keys.sorted() {
                guard let value = literal(t[key]!, pp / key) else { ok = false; continue }
                if let definition {
                    guard let parameter = definition.parameters.first(where: { $0.name == key }) else {
                        var message = "intent \"\(name)\" has no parameter \"\(key)\""
                        let known = definition.parameters.map(\.name)
                        if let near = Self.nearest(key, in: known) { message += "; did you mean \"\(near)\"?" }
                        error(pp / key, message)
                        ok = false
                        continue
                    }
                    if case .failure(let e) = IntentValue.coerce(value.jsonValue, to: parameter.type) {
                        error(pp / key, "\(e) (parameter \"\(key)\" is a \(parameter.type.rawValue))")
                        ok = false
                        continue
                    }
                }
                values[key] = value
            }
        }
        return ok ? .intent(IntentAction(name: name, parameters: values)) : nil
    }

    /// A string, number, boolean, or an array of them (a point is `[x, y]`).
    mutating func literal(_ v: TOMLValueConvertible, _ p: ConfigPath) -> LiteralValue? {
        if let s = v.string { return .string(s) }
        if let b = v.bool { return .bool(b) }
        if v.int != nil || v.double != nil { return number(v, p).map(LiteralValue.number) }
        if let array = v.array {
            var out: [LiteralValue] = []
            for element in array {
                guard element.array == nil else { error(p, "lists cannot nest"); return nil }
                guard let value = literal(element, p) else { return nil }
                out.append(value)
            }
            return .list(out)
        }
        typeError(p, expected: "a string, number, boolean or list", found: v)
        return nil
    }

    private mutating func notify(_ v: TOMLValueConvertible, _ p: ConfigPath) -> Action? {
        guard let text = string(v, p) else { return nil }
        guard !text.isEmpty else { error(p, "must not be empty"); return nil }
        return .notify(text)
    }
}
