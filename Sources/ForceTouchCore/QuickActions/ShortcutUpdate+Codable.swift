extension ShortcutUpdate: Codable {
    /// Reads `title`, `subtitle`, `icon` and `userInfo`; `type` is allowed (it names the
    /// item, see `ShortcutJSON.decodeUpdate`) and anything else is an error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        _ = try BlockReader(decoder, keys: ["type", "title", "subtitle", "icon", "userInfo"])
        self.init()
        if c.contains(AnyKey("title")) {
            guard let t = try c.decodeIfPresent(String.self, forKey: AnyKey("title")) else {
                throw corrupted(c, "title", "cannot be removed: an item needs a title")
            }
            title = t
        }
        if c.contains(AnyKey("subtitle")) { subtitle = .some(try c.decodeIfPresent(String.self, forKey: AnyKey("subtitle"))) }
        if c.contains(AnyKey("icon")) { icon = .some(try c.decodeIfPresent(ShortcutIcon.self, forKey: AnyKey("icon"))) }
        if c.contains(AnyKey("userInfo")) {
            // null empties it, as assigning nil to userInfo does.
            userInfo = try c.decodeIfPresent([String: ShortcutValue].self, forKey: AnyKey("userInfo")) ?? [:]
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encodeIfPresent(title, forKey: AnyKey("title"))
        if let subtitle {
            if let s = subtitle { try c.encode(s, forKey: AnyKey("subtitle")) } else { try c.encodeNil(forKey: AnyKey("subtitle")) }
        }
        if let icon {
            if let i = icon { try c.encode(i, forKey: AnyKey("icon")) } else { try c.encodeNil(forKey: AnyKey("icon")) }
        }
        try c.encodeIfPresent(userInfo, forKey: AnyKey("userInfo"))
    }
}

/// `{"type": …, <fields>}`: an update and the item it is for.
struct TargetedUpdate: Decodable {
    var type: String
    var update: ShortcutUpdate

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        type = try c.decode(String.self, forKey: AnyKey("type"))
        update = try ShortcutUpdate(from: decoder)
        if update.isEmpty {
            throw corrupted(c, nil, "names no field to change (title, subtitle, icon or userInfo)")
        }
    }
}
