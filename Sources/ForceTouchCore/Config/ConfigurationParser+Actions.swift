import TOMLKit

/// The action keys shared by `[[binding]]` blocks, `[[quick-action]]` blocks and the
/// `[assistive-touch]` slots (SPEC §8), read by `Action`'s one set of rules (through
/// TOMLKit's `TOMLDecoder`, as JSON is read through `JSONDecoder`). What a `perform` or an
/// `intent` names is checked once every block is read (ConfigurationParser+Validation).
extension ConfigurationParser {
    /// The one action key of a table. A quick action may have none (performing it then
    /// only tells subscribers); a binding and a slot need exactly one.
    /// - Returns: `ok` false after recording errors; `action` nil when there is none.
    mutating func action(_ t: TOMLTable, _ path: ConfigPath, owner: Action.Owner) -> (ok: Bool, action: Action?) {
        if owner == .quickAction, !t.keys.contains(where: { Action.keys.contains($0) || Action.qualifiers.contains($0) }) {
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
        if owner == .quickAction, action.key == "quick-actions" || action.key == "perform" {
            error(path / action.key, "a quick action cannot present the menu or perform quick actions; "
                + "give it its own action")
            return (false, nil)
        }
        return (true, action)
    }

    /// Where a decoding problem is (relative to the table decoded) and what it says.
    static func problem(_ error: any Error) -> (ConfigPath, String) {
        guard case DecodingError.dataCorrupted(let c) = error else {
            return (.root, ShortcutJSON.message(for: error))
        }
        return (ConfigPath(components(c.codingPath)), c.debugDescription)
    }

    /// A coding path as configuration path components: array positions counted from 1.
    static func components(_ codingPath: [any CodingKey]) -> [ConfigPath.Component] {
        codingPath.map { key in key.intValue.map { ConfigPath.Component.index($0 + 1) } ?? .key(key.stringValue) }
    }
}
