/// An icon in JSON is one of `{"type": "compose"}`, `{"file": …}` or `{"symbol": …}`.
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
