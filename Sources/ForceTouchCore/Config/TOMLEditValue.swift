/// A value `TOMLEditor` writes into a configuration, in the one canonical spelling TOML
/// gives it: strings as basic strings with escapes, floats always with a decimal point,
/// arrays and inline tables on one line. What the user wrote elsewhere keeps its spelling;
/// only the value a change sets is written this way.
public indirect enum TOMLEditValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    case array([TOMLEditValue])
    /// Its keys in the order given.
    case table([(key: String, value: TOMLEditValue)])

    /// The value as TOML text.
    public var text: String {
        switch self {
        case .string(let s): TextFormat.quoted(s)
        case .integer(let i): String(i)
        case .float(let d): CalibrationBlock.number(d)
        case .bool(let b): b ? "true" : "false"
        case .array(let items): "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .table(let pairs):
            pairs.isEmpty ? "{}" : "{ " + pairs.map { Self.key($0.key) + " = " + $0.value.text }.joined(separator: ", ") + " }"
        }
    }

    /// A key as TOML writes it: bare when it can be, else quoted.
    public static func key(_ name: String) -> String {
        let bare = !name.isEmpty && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        return bare ? name : TextFormat.quoted(name)
    }

    public static func == (a: TOMLEditValue, b: TOMLEditValue) -> Bool { a.text == b.text }
    public func hash(into h: inout Hasher) { h.combine(text) }
}
