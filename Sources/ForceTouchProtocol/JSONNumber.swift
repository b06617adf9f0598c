/// A number as the project writes it, in JSON and in text: at most six decimals, no
/// trailing zeros, `7` for seven. JSON has no NaN or infinity; those are written as null.
public struct JSONNumber: Codable, Hashable, Sendable {
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        value = c.decodeNil() ? .nan : try c.decode(Double.self)
    }

    /// The value rounded to six decimals; very large values are kept as they are.
    public var rounded: Double {
        let scaled = (value * 1_000_000).rounded()
        guard abs(scaled) < 9e15 else { return value }
        return scaled == 0 ? 0 : scaled / 1_000_000
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if value.isFinite { try c.encode(rounded) } else { try c.encodeNil() }
    }

    /// `3`, `0.25`, `-1.5`: as in the JSON, for messages and logs; `null` when not finite.
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let scaled = (value * 1_000_000).rounded()
        if scaled == 0 { return "0" }
        if abs(scaled) >= 9e15 { return String(value) }
        let units = Int64(abs(scaled))
        var whole = String(units / 1_000_000)
        var frac = String(units % 1_000_000)
        frac = String(repeating: "0", count: 6 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        if !frac.isEmpty { whole += "." + frac }
        return scaled < 0 ? "-" + whole : whole
    }
}
