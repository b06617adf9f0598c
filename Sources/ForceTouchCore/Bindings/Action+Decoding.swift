import TOMLKit

/// The one set of rules for reading an action (SPEC §8), the same from the configuration
/// (TOMLKit's `TOMLDecoder` over a `[[binding]]`, `[[quick-action]]` or slot table) and
/// from JSON (an item's `"action"` on the socket and in the dynamic-items file).
///
/// A problem is a `DecodingError.dataCorrupted` whose coding path ends at the offending
/// key and whose description is the sentence to show: the configuration turns it into
/// `file:line: binding[2].exec: message`, the socket into `action.exec: message`. What needs
/// the rest of the file — whether a `perform` type or an `intent` exists — is checked after
/// decoding, by the configuration (`ConfigurationParser.validate`).
extension Action: Decodable {
    /// What holds the action: decides the wording of "how many". Set under `ownerKey` in a
    /// decoder's `userInfo` when the action's keys sit in a larger table (the
    /// configuration's blocks), whose other keys are then not the action's business; unset,
    /// the object is the action alone (JSON) and any other key is an error.
    public enum Owner: Sendable {
        case binding, quickAction, slot

        var noun: String {
            switch self {
            case .binding: "a binding"
            case .quickAction: "a quick action"
            case .slot: "a slot"
            }
        }
    }

    public static let ownerKey = CodingUserInfoKey(rawValue: "forcetouch.action-owner")!

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let embeddedOwner = decoder.userInfo[Action.ownerKey] as? Owner
        if embeddedOwner == nil { try checkKeys(c, Action.keys + ["parameters"]) }
        let owner = embeddedOwner ?? .quickAction
        func problem(_ key: String?, _ message: String) -> DecodingError {
            corrupted(c, key, message)
        }
        let present = Action.keys.filter { c.contains(AnyKey($0)) }
        if c.contains(AnyKey("parameters")), !present.contains("intent") {
            throw problem("parameters", "only an intent takes parameters; add intent = \"name\"")
        }
        guard let key = present.first else {
            throw problem(nil, "needs an action: \(ConfigurationParser.list(Action.keys)) (e.g. exec = [\"notify-send\", \"pressed\"])")
        }
        guard present.count == 1 else {
            let limit = owner == .quickAction ? "at most one" : "exactly one"
            throw problem(nil, "has \(present.count) actions (\(present.joined(separator: ", "))); \(owner.noun) runs \(limit)")
        }
        let value = try RawValue.read(c, key)
        switch key {
        case "exec":
            self = .exec(ExecAction(argv: try value.argv(example: "[\"notify-send\", \"hi\"]") { problem(key, $0) }))
        case "keys":
            self = .keys(try Action.keyStrokes(value) { problem(key, $0) })
        case "quick-actions":
            guard case .bool(let b) = value else { throw problem(key, "expected true or false, found \(value.kind)") }
            guard b else {
                throw problem(key, "must be true (present the quick-action menu); for no action, leave the block out")
            }
            self = .quickActions
        case "perform":
            self = .perform(type: try value.nonEmptyString { problem(key, $0) })
        case "intent":
            let name = try value.nonEmptyString { problem(key, $0) }
            var parameters: [String: LiteralValue] = [:]
            if c.contains(AnyKey("parameters")) {
                guard case .table = try RawValue.read(c, "parameters") else {
                    throw problem("parameters", "expected a table, found \(try RawValue.read(c, "parameters").kind)")
                }
                let p = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("parameters"))
                for k in p.allKeys.map(\.stringValue).sorted() {
                    parameters[k] = try RawValue.read(p, k).literal { corrupted(p, k, $0) }
                }
            }
            self = .intent(IntentAction(name: name, parameters: parameters))
        default:
            self = .notify(try value.nonEmptyString { problem(key, $0) })
        }
    }

    /// `"KEY_LEFTMETA+KEY_A"`, or an array of such combinations typed in turn.
    private static func keyStrokes(_ v: RawValue, _ problem: (String) -> DecodingError) throws -> [KeyStroke] {
        let texts: [String]
        switch v {
        case .string(let s): texts = [s]
        case .array(let elements):
            texts = try elements.enumerated().map { i, element in
                guard case .string(let s) = element else {
                    throw problem("element \(i + 1) must be a string such as \"KEY_LEFTCTRL+KEY_C\", not \(element.kind)")
                }
                return s
            }
            guard !texts.isEmpty else { throw problem("needs at least one key combination") }
        default:
            throw problem("expected a key combination such as \"KEY_LEFTCTRL+KEY_C\", or an array of them, found \(v.kind)")
        }
        return try texts.enumerated().map { i, text in
            do {
                return try KeyStroke(parsing: text)
            } catch let error as KeyStroke.ParseError {
                if case .array = v { throw problem("element \(i + 1): \(error.message)") }
                throw problem(error.message)
            }
        }
    }
}

/// A value as written, before the action rules give it a meaning, read the same from TOML
/// and JSON so that one message names what was found ("found an integer").
enum RawValue {
    case string(String), integer(Int), number(Double), bool(Bool), array([RawValue]), table
    /// A TOML date, time or date-time, which no action takes; the text names which.
    case other(String)

    /// `key` of `c`. TOMLKit reports a date as a type mismatch before a value is read: it
    /// becomes `.other`, so the rule that refuses it can say so.
    static func read(_ c: KeyedDecodingContainer<AnyKey>, _ key: String) throws -> RawValue {
        do {
            return try c.decode(RawValue.self, forKey: AnyKey(key))
        } catch DecodingError.typeMismatch(let type, _) where type is TOMLDate.Type {
            return .other("a date")
        } catch DecodingError.typeMismatch(let type, _) where type is TOMLTime.Type {
            return .other("a time")
        } catch DecodingError.typeMismatch(let type, _) where type is TOMLDateTime.Type {
            return .other("a date-time")
        }
    }

    var kind: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .other(let what): what
        }
    }

    func nonEmptyString(_ problem: (String) -> DecodingError) throws -> String {
        guard case .string(let s) = self else { throw problem("expected a string, found \(kind)") }
        guard !s.isEmpty else { throw problem("must not be empty") }
        return s
    }

    /// A command line as an array of strings, its first element a program.
    func argv(example: String, _ problem: (String) -> DecodingError) throws -> [String] {
        guard case .array(let elements) = self else {
            if case .string = self {
                throw problem("expected an argv array such as \(example), not a string; for a shell write [\"sh\", \"-c\", \"…\"]")
            }
            throw problem("expected an argv array of strings, found \(kind)")
        }
        let argv = try elements.enumerated().map { i, element in
            guard case .string(let s) = element else { throw problem("element \(i + 1) must be a string, not \(element.kind)") }
            return s
        }
        guard let program = argv.first, !program.isEmpty else { throw problem("needs a program to run as its first element") }
        return argv
    }

    /// A string, number, boolean, or an array of them (a point is `[x, y]`).
    func literal(_ problem: (String) -> DecodingError) throws -> LiteralValue {
        switch self {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .integer(let i): return .number(Double(i))
        case .number(let d):
            guard d.isFinite else { throw problem("must be a finite number") }
            return .number(d)
        case .array(let elements):
            return .list(try elements.map { element in
                if case .array = element { throw problem("lists cannot nest") }
                return try element.literal(problem)
            })
        case .table, .other:
            throw problem("expected a string, number, boolean or list, found \(kind)")
        }
    }
}

extension RawValue: Decodable {
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int.self) {
            self = .integer(i)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([RawValue].self) {
            self = .array(a)
        } else if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
            self = .table
        } else {
            self = .other(c.decodeNil() ? "null" : "a date or time")
        }
    }
}
