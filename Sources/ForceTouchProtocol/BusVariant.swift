/// One value of an `a{sv}` a method reads (`PressTarget`'s facts): the variant's own type
/// decides what it is, so that a fact of the wrong type can be refused by name.
public enum BusVariant: Hashable, Sendable {
    case string(String)
    case double(Double)
    case uint32(UInt32)
    case bool(Bool)
    /// `a(uss)`: PressTarget's `windows`, each an id, an app id and a title.
    case windows([PressTargetFacts.Window])
    /// Any other type, by its signature (`i`, `as`, `a{sv}`…): kept only to be refused, or
    /// ignored under an unknown key.
    case other(signature: String)

    /// Its D-Bus signature, as an error names it.
    public var signature: String {
        switch self {
        case .string: "s"
        case .double: "d"
        case .uint32: "u"
        case .bool: "b"
        case .windows: "a(uss)"
        case .other(let s): s
        }
    }
}

/// One entry of an `a{sv}` whose variants may be of any type: in the order sent.
public struct BusVariantEntry: Hashable, Sendable {
    public var key: String
    public var value: BusVariant

    public init(_ key: String, _ value: BusVariant) {
        self.key = key
        self.value = value
    }
}
