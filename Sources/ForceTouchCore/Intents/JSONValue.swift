import Foundation

/// Any JSON value, as a value type: what an intent handler may print as its `output`, and
/// what travels between chained steps.
///
/// Objects are unordered here; `json` writes their keys sorted so that the same value
/// always prints the same way in logs and to subscribers.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as compact JSON text, numbers written as `JSONLine` writes them.
    public var json: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let d): JSONLine.number(d)
        case .string(let s): JSONLine.quote(s)
        case .array(let a): "[" + a.map(\.json).joined(separator: ",") + "]"
        case .object(let o):
            "{" + o.keys.sorted().map { JSONLine.quote($0) + ":" + o[$0]!.json }.joined(separator: ",") + "}"
        }
    }

    /// `a string`, `an object`…: for messages about a value of the wrong kind.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value at a path of object keys (or array indexes written as decimal numbers,
    /// counting from 0 as JSON tools do); nil when some step of it is missing.
    public func value(at path: [String]) -> JSONValue? {
        var current = self
        for component in path {
            switch current {
            case .object(let o):
                guard let next = o[component] else { return nil }
                current = next
            case .array(let a):
                guard let i = Int(component), a.indices.contains(i) else { return nil }
                current = a[i]
            default:
                return nil
            }
        }
        return current
    }

    /// Parses JSON text; nil when it is not exactly one JSON value.
    public static func parse(_ text: String) -> JSONValue? {
        parse(Data(text.utf8))
    }

    public static func parse(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }
}

extension JSONValue: Decodable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }
}
