/// A user-info value in JSON is a string, a number or a boolean, read by the configuration's
/// rules (`RawValue`).
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
