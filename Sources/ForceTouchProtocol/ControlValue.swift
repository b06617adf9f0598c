import Foundation

/// Any JSON value as it travels on the control socket: a request's `id` and intent
/// parameters, quick-action items, a status, an intent's output.
///
/// Whole numbers stay integers (an `id` of 7 comes back as `7`); other numbers are doubles.
public enum ControlValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([ControlValue])
    case object([String: ControlValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int.self) {
            self = .integer(i)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([ControlValue].self) {
            self = .array(a)
        } else if let o = try? c.decode([String: ControlValue].self) {
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
        case .integer(let i): try c.encode(i)
        case .number(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// The member of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> ControlValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The text of a string value; nil for any other kind.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value as compact JSON (keys sorted, slashes not escaped).
    public var json: String { ProtocolJSON.string(self) }

    /// A number as people and `forcectl` write it: `3`, `0.25`.
    public static func text(_ d: Double) -> String {
        if d.rounded() == d, abs(d) < 1e15 { return String(Int(d)) }
        return "\(d)"
    }

    /// The value as the text `forcectl intent NAME key=value` would give for it: a point
    /// sent as `[x, y]` or `{"x": x, "y": y}` becomes `x,y`; a string is itself; other
    /// values their JSON.
    public var parameterText: String {
        func number(_ v: ControlValue) -> String? {
            switch v {
            case .integer(let i): String(i)
            case .number(let d): Self.text(d)
            default: nil
            }
        }
        switch self {
        case .string(let s): return s
        case .bool(let b): return b ? "1" : "0"   // as a JSON boolean's NSNumber always gave it
        case .integer, .number: return number(self)!
        case .array(let a) where !a.isEmpty && a.allSatisfy({ number($0) != nil }):
            return a.map { number($0)! }.joined(separator: ",")
        case .object(let o) where o.count == 2:
            if let x = o["x"].flatMap(number), let y = o["y"].flatMap(number) { return x + "," + y }
            return ProtocolJSON.string(ControlValue.object(["v": self]))
        default:
            return ProtocolJSON.string(ControlValue.object(["v": self]))
        }
    }
}

/// Literals for building values; no nil literal, so that `nil` stays "no value" and never
/// becomes JSON null by accident.
extension ControlValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: ControlValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ControlValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
