import FoundationEssentials
import ForceTouchProtocol

/// The JSON of quick actions, for the control socket, `forcectl` and the file of dynamic
/// items: Codable conformances, so that they embed in the daemon's own messages, and
/// helpers that turn decoding errors into sentences.
///
/// An item is `{"type": …, "title": …, "subtitle": …, "icon": {"type": "compose"} |
/// {"file": …} | {"symbol": …}, "userInfo": {…}, "action": {…}}`; a menu or listing entry
/// adds `"kind": "static" | "dynamic"`. `subtitle`, `icon` and `action` are left out when
/// absent; `userInfo` is always written. An action is an object with the configuration's
/// action key: `{"exec": […]}`, `{"keys": ["KEY_LEFTCTRL+KEY_C"]}`, `{"quick-actions": true}`,
/// `{"perform": "type"}`, `{"intent": "name", "parameters": {…}}`, `{"notify": "text"}`.
///
/// Decoding is strict — unknown keys are errors — and applies the same rules as the
/// configuration. Which actions an item may carry depends on who sends it (see
/// `ActionPolicy`): a client of the control socket may not make the daemon run commands.
public enum ShortcutJSON {
    /// Which actions decoded items may carry, set in a decoder's `userInfo` under
    /// `ShortcutJSON.actionPolicyKey`; `.safe` when unset.
    public enum ActionPolicy: String, Sendable {
        /// No action at all.
        case none
        /// `intent` and `notify` only: what any client of the control socket may already do
        /// itself (`forcectl intent`), so an item adds no power. The default.
        case safe
        /// Every action an item may have (not `perform` or `quick-actions`, which no item
        /// may: an item performing items could loop). For the daemon's own file.
        case any
    }

    public static let actionPolicyKey = CodingUserInfoKey(rawValue: "forcetouch.shortcut-action-policy")!

    /// The current version of the dynamic-items file.
    public static let fileVersion = 1

    // MARK: Encoding

    /// One line, keys sorted: stable output for JSON Lines.
    public static func text<T: Encodable>(_ value: T) -> String {
        // Everything here encodes: the types hold only strings, finite numbers and booleans.
        (try? ProtocolJSON.string(value)) ?? "null"
    }

    /// The user info as a JSON object, for FORCETOUCH_SHORTCUT_USERINFO.
    public static func userInfoText(_ userInfo: [String: ShortcutValue]) -> String { text(userInfo) }

    // MARK: Decoding

    /// One item, as `forcectl shortcuts add` sends it.
    public static func decodeItem(_ data: Data, policy: ActionPolicy = .safe) throws(ShortcutError) -> ShortcutItem {
        try decode(ShortcutItem.self, data, policy: policy)
    }

    /// A list of items, as `forcectl shortcuts set` sends it.
    public static func decodeItems(_ data: Data, policy: ActionPolicy = .safe) throws(ShortcutError) -> [ShortcutItem] {
        try decode([ShortcutItem].self, data, policy: policy)
    }

    /// An update, as `forcectl shortcuts update` sends it: the type of the item to change
    /// and only the fields to change, `null` removing a subtitle or icon.
    public static func decodeUpdate(_ data: Data) throws(ShortcutError) -> (type: String, update: ShortcutUpdate) {
        let targeted = try decode(TargetedUpdate.self, data, policy: .none)
        return (targeted.type, targeted.update)
    }

    /// Decodes any of these types with a policy and readable errors.
    public static func decode<T: Decodable>(_ type: T.Type, _ data: Data, policy: ActionPolicy) throws(ShortcutError) -> T {
        do {
            return try ProtocolJSON.decode(type, from: data, userInfo: [actionPolicyKey: policy])
        } catch {
            throw ShortcutError(message(for: error))
        }
    }

    /// `items[2].title: must not be empty` from a DecodingError.
    public static func message(for error: any Error) -> String {
        func at(_ path: [any CodingKey], _ text: String) -> String {
            let p = pathText(path)
            return p.isEmpty ? text : p + ": " + text
        }
        guard let e = error as? DecodingError else { return "\(error)" }
        switch e {
        case .dataCorrupted(let c):
            if c.codingPath.isEmpty, c.underlyingError != nil || c.debugDescription.contains("JSON") {
                return "not valid JSON"
            }
            return at(c.codingPath, c.debugDescription)
        case .keyNotFound(let key, let c):
            return at(c.codingPath + [key], "is required")
        case .typeMismatch(let type, let c), .valueNotFound(let type, let c):
            return at(c.codingPath, "expected \(describe(type))")
        @unknown default:
            return "\(e)"
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type: "a number"
        case is [String].Type, is [ShortcutItem].Type: "an array"
        default: "an object"
        }
    }

    static func pathText(_ path: [any CodingKey]) -> String {
        var s = ""
        for key in path {
            if let i = key.intValue {
                s += "[\(i + 1)]"
            } else {
                if !s.isEmpty { s += "." }
                s += key.stringValue
            }
        }
        return s
    }

    static func policy(_ decoder: any Decoder) -> ActionPolicy {
        decoder.userInfo[actionPolicyKey] as? ActionPolicy ?? .safe
    }
}

/// Any string key, to read objects whose keys are checked by hand.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    /// Set for a position in an array, which a message counts from 1.
    var intValue: Int?
    init(_ s: String) { stringValue = s }
    init(index: Int) { (stringValue, intValue) = (String(index), index) }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

func corrupted(_ c: KeyedDecodingContainer<AnyKey>, _ key: String?, _ message: String) -> DecodingError {
    DecodingError.dataCorrupted(.init(codingPath: c.codingPath + (key.map { [AnyKey($0)] } ?? []),
                                      debugDescription: message))
}


// MARK: - Items

extension ShortcutStore.Entry: Encodable {
    /// The item's fields and `kind`, in one object.
    public func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(kind, forKey: AnyKey("kind"))
    }
}

extension ShortcutIcon: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        _ = try BlockReader(decoder, keys: ["type", "file", "symbol"])
        guard c.allKeys.count == 1, let key = c.allKeys.first?.stringValue else {
            throw corrupted(c, nil, "expected exactly one of {\"type\": …}, {\"file\": …} or {\"symbol\": …}")
        }
        let value = try c.decode(String.self, forKey: AnyKey(key))
        switch key {
        case "type":
            guard let icon = SystemIcon(name: value) else {
                throw corrupted(c, key, ShortcutItem.unknownIconMessage(value))
            }
            self = .system(icon)
        case "file":
            guard !value.isEmpty else { throw corrupted(c, key, "must not be empty") }
            self = .file(value)
        default:
            guard !value.isEmpty else { throw corrupted(c, key, "must not be empty") }
            self = .symbol(value)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        switch self {
        case .system(let s): try c.encode(s.rawValue, forKey: AnyKey("type"))
        case .file(let f): try c.encode(f, forKey: AnyKey("file"))
        case .symbol(let s): try c.encode(s, forKey: AnyKey("symbol"))
        }
    }
}

extension ShortcutValue: Codable {
    public init(from decoder: any Decoder) throws {
        let raw = try RawValue(from: decoder)
        do throws(RawValue.Problem) {
            self = try raw.shortcutValue()
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .number(let d): try c.encode(d)
        case .bool(let b): try c.encode(b)
        }
    }
}

extension LiteralValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let s): try ShortcutValue.string(s).encode(to: encoder)
        case .number(let d): try ShortcutValue.number(d).encode(to: encoder)
        case .bool(let b): try ShortcutValue.bool(b).encode(to: encoder)
        case .list(let l):
            var c = encoder.singleValueContainer()
            try c.encode(l)
        }
    }
}

extension KeyStroke: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

extension Action: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyKey.self)
        let k = AnyKey(key)
        switch self {
        case .exec(let e): try c.encode(e.argv, forKey: k)
        case .keys(let strokes): try c.encode(strokes, forKey: k)
        case .quickActions: try c.encode(true, forKey: k)
        case .applicationMenu(let id): try c.encode(id, forKey: k)
        case .perform(let type): try c.encode(type, forKey: k)
        case .intent(let i):
            try c.encode(i.name, forKey: k)
            if !i.parameters.isEmpty { try c.encode(i.parameters, forKey: AnyKey("parameters")) }
        case .notify(let text): try c.encode(text, forKey: k)
        case .launch(.command(let argv)): try c.encode(argv, forKey: k)
        case .launch(.desktop(let id, let action)):
            try c.encode(id, forKey: k)
            try c.encodeIfPresent(action, forKey: AnyKey("action"))
        case .click(let click): try c.encode(click.description, forKey: k)
        }
    }
}

// MARK: - Updates

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

// MARK: - The file of dynamic items

extension ShortcutStore {
    /// The dynamic items as the file that keeps them across restarts:
    /// `{"items": […], "version": 1}`, keys sorted and indented, so the same items always
    /// give the same bytes and a person can read the file.
    public func encodeDynamic() -> Data {
        let file = DynamicFile(version: ShortcutJSON.fileVersion, items: dynamicItems)
        // Only a number JSON cannot hold fails to encode: then the file holds no items.
        var data = (try? ProtocolJSON.fileEncoder.encode(file))
            ?? Data(ProtocolJSON.line(DynamicFile(version: ShortcutJSON.fileVersion, items: [])).utf8)
        data.append(0x0a)
        return data
    }

    /// Restores the dynamic items from `encodeDynamic()`'s output. Throws, changing
    /// nothing, for a file that is not that: not JSON, a version this forcetouch does not
    /// know, or an invalid item (the message says which and why). Items whose type a static
    /// item has taken since are dropped and returned, for the log.
    @discardableResult
    public mutating func decodeDynamic(_ data: Data) throws(ShortcutError) -> [ShortcutItem] {
        let version: Int
        do {
            let header = try ProtocolJSON.decode(DynamicFileHeader.self, from: data)
            version = header.version
        } catch {
            if case DecodingError.keyNotFound = error {
                throw ShortcutError("dynamic quick actions: not a forcetouch file (no \"version\")")
            }
            throw ShortcutError("dynamic quick actions: " + ShortcutJSON.message(for: error))
        }
        guard version == ShortcutJSON.fileVersion else {
            throw ShortcutError("dynamic quick actions: version \(version) is not one this forcetouch reads "
                + "(it reads version \(ShortcutJSON.fileVersion))")
        }
        let file: DynamicFile
        do {
            file = try ShortcutJSON.decode(DynamicFile.self, data, policy: .any)
        } catch {
            throw ShortcutError("dynamic quick actions: " + error.message)
        }
        var seen: Set<String> = []
        for (i, item) in file.items.enumerated() where !seen.insert(item.type).inserted {
            throw ShortcutError("dynamic quick actions: items[\(i + 1)]: type \"\(item.type)\" appears twice")
        }
        guard file.items.count <= maximumDynamicItems else {
            throw ShortcutError("dynamic quick actions: \(file.items.count) items, more than the \(maximumDynamicItems) kept")
        }
        let staticTypes = Set(staticItems.map(\.type))
        dynamicItems = file.items.filter { !staticTypes.contains($0.type) }
        return file.items.filter { staticTypes.contains($0.type) }
    }
}

private struct DynamicFileHeader: Decodable {
    var version: Int
}

private struct DynamicFile: Codable {
    var version: Int
    var items: [ShortcutItem]
}
