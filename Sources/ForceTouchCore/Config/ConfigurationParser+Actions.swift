import TOMLKit

/// The action keys shared by `[[binding]]` blocks, `[[quick-action]]` blocks and the
/// `[assistive-touch]` slots (SPEC §8): read by `Action`'s one set of rules (through
/// TOMLKit's `TOMLDecoder`, as JSON is read through `JSONDecoder`), then checked against the
/// rest of the file here — what a `perform` or an `intent` names must exist.
extension ConfigurationParser {
    /// The one action key of a table. A quick action may have none (performing it then
    /// only tells subscribers); a binding and a slot need exactly one.
    /// - Returns: `ok` false after recording errors; `action` nil when there is none.
    mutating func action(_ t: TOMLTable, _ path: ConfigPath, owner: Action.Owner) -> (ok: Bool, action: Action?) {
        if owner == .quickAction, !t.keys.contains(where: { Action.keys.contains($0) || $0 == "parameters" }) {
            return (true, nil)
        }
        var decoder = TOMLDecoder()
        decoder.userInfo[Action.ownerKey] = owner
        let action: Action
        do {
            action = try decoder.decode(Action.self, from: t)
        } catch {
            let (at, message) = Self.problem(error)
            self.error(ConfigPath(path.components + at.components), message)
            return (false, nil)
        }
        let p = path / action.key
        if owner == .quickAction, action == .quickActions || action.key == "perform" {
            error(p, "a quick action cannot present the menu or perform quick actions; give it its own action")
            return (false, nil)
        }
        switch action {
        case .perform(let type):
            return validate(perform: type, p) ? (true, action) : (false, nil)
        case .intent(let i):
            return validate(intent: i, p, path / "parameters") ? (true, action) : (false, nil)
        default:
            return (true, action)
        }
    }

    /// Where a decoding problem is (relative to the table decoded) and what it says.
    static func problem(_ error: any Error) -> (ConfigPath, String) {
        guard case DecodingError.dataCorrupted(let c) = error else {
            return (.root, ShortcutJSON.message(for: error))
        }
        let components = c.codingPath.map { key in
            key.intValue.map { ConfigPath.Component.index($0 + 1) } ?? .key(key.stringValue)
        }
        return (ConfigPath(components), c.debugDescription)
    }

    /// `perform` must name a static quick action.
    private mutating func validate(perform type: String, _ p: ConfigPath) -> Bool {
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
            return false
        }
        return true
    }

    /// `intent` must name a valid `[[intent]]`, and each of its `parameters` overrides must
    /// name one of that intent's parameters and fit its type.
    private mutating func validate(intent action: IntentAction, _ p: ConfigPath, _ pp: ConfigPath) -> Bool {
        let name = action.name
        guard let definition = intentDefinitions.first(where: { $0.name == name }) else {
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
            return false
        }
        var ok = true
        for (key, value) in action.parameters.sorted(by: { $0.key < $1.key }) {
            guard let parameter = definition.parameters.first(where: { $0.name == key }) else {
                var message = "intent \"\(name)\" has no parameter \"\(key)\""
                if let near = Self.nearest(key, in: definition.parameters.map(\.name)) {
                    message += "; did you mean \"\(near)\"?"
                }
                error(pp / key, message)
                ok = false
                continue
            }
            if case .failure(let e) = IntentValue.coerce(value.jsonValue, to: parameter.type) {
                error(pp / key, "\(e) (parameter \"\(key)\" is a \(parameter.type.rawValue))")
                ok = false
            }
        }
        return ok
    }
}
