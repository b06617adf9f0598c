/// The root table's own keys: which tables and blocks a configuration may have. Each of
/// them is read through its own schema; a key written above every table header that
/// belongs in one (`sensitivity = …`) is pointed there.
struct RootTable: Decodable {
    static let keys = [
        "general", "gestures", "device", "binding", "quick-action", "quick-actions", "assistive-touch", "control",
        "intent",
    ]

    init(from decoder: any Decoder) throws {
        _ = try BlockReader(decoder, keys: Self.keys) { key in
            if GeneralTable.keys.contains(key) { return "\"\(key)\" belongs under [general]" }
            if GestureOverrides.keys.contains(key) { return "\"\(key)\" belongs under [gestures]" }
            return nil
        }
    }
}
