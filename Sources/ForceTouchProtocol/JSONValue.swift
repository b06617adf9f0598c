import FoundationEssentials

/// Any JSON value, as a value type: a request's `id` and intent parameters, quick-action
/// items, a status, what an intent handler prints as its `output` and what travels between
/// chained steps.
///
/// Numbers are doubles and are written to six decimals, the precision of every figure the
/// project prints (`7` stays `7`). Objects are unordered here; `ProtocolJSON` writes their
/// keys sorted, so the same value always prints the same way.
public enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

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
        } else if let o = try? c.decode([String: JSONValue].self) {
            self = .object(o)
        } else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let d): try c.encode(JSONNumber(d))
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// Parses JSON text; nil when it is not exactly one JSON value.
    public static func parse(_ text: String) -> JSONValue? {
        parse(Data(text.utf8))
    }

    public static func parse(_ data: Data) -> JSONValue? {
        try? ProtocolJSON.decode(JSONValue.self, from: data)
    }

    /// The value as compact JSON (keys sorted, slashes not escaped).
    public var json: String { ProtocolJSON.line(self) }

    /// The member of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The text of a string value; nil for any other kind.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value of a number that is a whole number; nil for any other value.
    public var intValue: Int? {
        if case .number(let d) = self, d.rounded() == d, abs(d) < 9e15 { return Int(d) }
        return nil
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

    /// The value as the text `forcectl intent NAME key=value` would give for it: a point
    /// sent as `[x, y]` or `{"x": x, "y": y}` becomes `x,y`; a string is itself; other
    /// values their JSON.
    public var parameterText: String {
        func number(_ v: JSONValue) -> String? {
            if case .number(let d) = v { return JSONNumber.text(d) }
            return nil
        }
        switch self {
        case .string(let s): return s
        case .bool(let b): return b ? "1" : "0"   // as a JSON boolean's NSNumber always gave it
        case .number: return number(self)!
        case .array(let a) where !a.isEmpty && a.allSatisfy({ number($0) != nil }):
            return a.map { number($0)! }.joined(separator: ",")
        case .object(let o) where o.count == 2:
            if let x = o["x"].flatMap(number), let y = o["y"].flatMap(number) { return x + "," + y }
            return JSONValue.object(["v": self]).json
        default:
            return JSONValue.object(["v": self]).json
        }
    }
}

/// Literals for building values; no nil literal, so that `nil` stays "no value" and never
/// becomes JSON null by accident.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
