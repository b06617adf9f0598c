/// Builds one JSON object on one line with keys in the order they are added, so output is
/// stable and `"event"` comes first, as SPEC §9's JSON Lines show it.
public struct JSONLine: Sendable {
    private var body = ""

    public init() {}

    public mutating func add(_ key: String, _ value: String) {
        field(key)
        body += JSONLine.quote(value)
    }

    public mutating func add(_ key: String, _ value: Int) {
        field(key)
        body += String(value)
    }

    public mutating func add(_ key: String, _ value: Double) {
        field(key)
        body += JSONLine.number(value)
    }

    public mutating func add(_ key: String, _ value: Bool) {
        field(key)
        body += value ? "true" : "false"
    }

    /// Adds an already-encoded JSON value.
    public mutating func addRaw(_ key: String, _ json: String) {
        field(key)
        body += json
    }

    public var text: String { "{" + body + "}" }

    private mutating func field(_ key: String) {
        if !body.isEmpty { body += "," }
        body += JSONLine.quote(key) + ":"
    }

    /// A finite number with at most six decimals and no trailing zeros; JSON has no NaN.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        let scaled = (v * 1_000_000).rounded()
        if scaled == 0 { return "0" }
        if abs(scaled) >= 9e15 { return String(v) }
        let negative = scaled < 0
        let units = Int64(abs(scaled))
        var whole = String(units / 1_000_000)
        var frac = String(units % 1_000_000)
        frac = String(repeating: "0", count: 6 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        if !frac.isEmpty { whole += "." + frac }
        return negative ? "-" + whole : whole
    }

    /// A JSON string. Control characters, DEL included, are escaped, which also makes it a
    /// valid TOML basic string and YAML double-quoted scalar.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
