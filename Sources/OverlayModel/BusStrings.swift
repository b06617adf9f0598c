/// The string entries of one of the bus's dictionaries (an `a{sv}` such as `MenuShown`'s target
/// or one of its items), as the overlay's C glue passes them on: every entry whose value is a
/// string, in the order the bus carried them. A key said twice means what it said first.
public struct BusStrings: Hashable, Sendable {
    public private(set) var entries: [String: String] = [:]

    public init(_ pairs: [(key: String, value: String)]) {
        for pair in pairs where entries[pair.key] == nil { entries[pair.key] = pair.value }
    }

    /// The value of `key`, nil when the dictionary has no string for it.
    public subscript(key: String) -> String? { entries[key] }
}
