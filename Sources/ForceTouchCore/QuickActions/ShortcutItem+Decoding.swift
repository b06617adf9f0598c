/// The one set of rules for reading a quick-action item, the same from the configuration's
/// `[[quick-action]]` block (TOMLKit's `TOMLDecoder`) and from JSON (the control socket and
/// the file of dynamic items): each source's spelling of the keys (`icon-type`, `user-info`
/// and the action's keys in the block; `icon: {"type": …}`, `userInfo` and `action: {…}` in
/// JSON), `validated`'s rules for both.
///
/// In the configuration (a `BlockReader.Sink` collects the problems) every problem is said,
/// and an item whose type and title hold is returned even when something else was refused,
/// so that the validation step can still say when its type repeats another's. From JSON the
/// first problem is thrown, as `items[2].title: must not be empty`; which actions an item may
/// carry there is `ShortcutJSON.ActionPolicy`'s.
extension ShortcutItem: Decodable {
    static let configKeys = ShortcutField.allCases.map(\.configKey) + Action.keys + Action.qualifiers
    /// `kind` is accepted and ignored, so a listing can be fed back to `set`.
    static let jsonKeys = ["type", "title", "subtitle", "icon", "userInfo", "action", "kind"]

    public init(from decoder: any Decoder) throws {
        // The configuration's blocks hold the action's keys beside their own (Action.ownerKey).
        let inBlock = decoder.userInfo[Action.ownerKey] != nil
        let r = try BlockReader(decoder, keys: inBlock ? Self.configKeys : Self.jsonKeys)
        func text(_ field: ShortcutField) throws -> String? {
            try r(inBlock ? field.configKey : field.jsonKey) { try $0.stringValue() }
        }
        /// A key present with the wrong type was reported: it is not also called missing.
        func required(_ field: ShortcutField) throws -> String? {
            try text(field) ?? (r.has(field.configKey) ? "?" : nil)
        }
        let type = try required(.type), title = try required(.title), subtitle = try text(.subtitle)
        var icon = (type: try text(.iconType), file: try text(.iconFile), symbol: try text(.iconSymbol))
        if !inBlock { icon = ShortcutIcon.fields(try r.decode(ShortcutIcon.self, "icon", expected: "an object")) }
        var userInfo: [String: ShortcutValue] = [:]
        let infoKey = inBlock ? ShortcutField.userInfo.configKey : ShortcutField.userInfo.jsonKey
        if let info = try r.nested(infoKey, keys: nil, expected: inBlock ? "a table" : "an object") {
            for key in info.c.allKeys.map(\.stringValue).sorted() {
                let value = try RawValue.read(info.c, key)
                do throws(RawValue.Problem) { userInfo[key] = try value.shortcutValue() } catch {
                    try info.report(key, error.message)
                }
            }
        }
        let action = inBlock ? try Self.blockAction(r, decoder) : try Self.jsonAction(r, decoder)
        switch ShortcutItem.validated(type: type, title: title, subtitle: subtitle, iconType: icon.type,
                                      iconFile: icon.file, iconSymbol: icon.symbol, userInfo: userInfo, action: action) {
        case .success(let item):
            self = item
        case .failure(let p) where inBlock:
            for problem in p.problems {
                if problem.message == "is required" {
                    try r.report(nil, "needs \"\(problem.field.configKey)\"")
                } else {
                    try r.report(problem.field.configKey, problem.message)
                }
            }
            throw BlockReader.Refused()
        case .failure(let p):
            let first = p.problems[0]
            throw DecodingError.dataCorrupted(.init(
                codingPath: r.c.codingPath + first.field.jsonKey.split(separator: ".").map { AnyKey(String($0)) },
                debugDescription: p.problems.map { $0.field == first.field ? $0.message : "\($0.field.jsonKey) \($0.message)" }
                    .joined(separator: "; ")))
        }
    }

    /// The action whose keys sit in the block, if any: a quick action may have none
    /// (performing it then only tells subscribers).
    private static func blockAction(_ r: BlockReader, _ decoder: any Decoder) throws -> Action? {
        guard (Action.keys + Action.qualifiers).contains(where: r.has),
              let action = try r.decode({ try Action(from: decoder) }) else { return nil }
        guard action.key != "quick-actions" && action.key != "perform" else {
            try r.report(action.key, "a quick action cannot present the menu or perform quick actions; give it its own action")
            return nil
        }
        return action
    }

    /// `"action": {…}`, if the sender may set it (`ShortcutJSON.ActionPolicy`).
    private static func jsonAction(_ r: BlockReader, _ decoder: any Decoder) throws -> Action? {
        guard r.c.contains(AnyKey("action")) else { return nil }
        let action = try r.c.decode(Action.self, forKey: AnyKey("action"))
        let why: String? = switch (ShortcutJSON.policy(decoder), action) {
        case (.none, _): "an item sent here cannot carry an action"
        case (_, .perform), (_, .quickActions), (_, .applicationMenu): "a quick action cannot perform quick actions or present the menu"
        case (.safe, .intent), (.safe, .notify), (.any, _): nil
        case (.safe, _): "only \"intent\" and \"notify\" actions can be set here; "
            + "commands and key strokes are set in the configuration file"
        }
        if let why { try r.report("action", why) }
        return action
    }
}
