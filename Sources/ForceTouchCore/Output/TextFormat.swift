import ForceTouchProtocol

/// How figures and names are written in text meant for people — logs, messages, the
/// readable output of the tools — the same way the JSON writes them.
public enum TextFormat {
    /// A finite number with at most six decimals and no trailing zeros (`JSONNumber`'s text).
    public static func number(_ v: Double) -> String { JSONNumber.text(v) }

    /// `v` with exactly `decimals` digits after the point ("2.50"), as `%.2f` prints it:
    /// String(format:) is Foundation's, which the programs do not link.
    public static func fixed(_ v: Double, decimals: Int) -> String {
        let p = (0..<max(0, decimals)).reduce(1.0) { r, _ in r * 10 }
        var s = number((v * p).rounded() / p)
        if decimals > 0 {
            if !s.contains(".") { s += "." }
            let have = s.count - 1 - s.distance(from: s.startIndex, to: s.firstIndex(of: ".")!)
            s += String(repeating: "0", count: max(0, decimals - have))
        }
        return s
    }

    /// A name or value in double quotes, control characters escaped, so that a message
    /// shows where it begins and ends. It is also a valid JSON, TOML basic or YAML
    /// double-quoted string, which the TOML and YAML writers rely on.
    public static func quoted(_ s: String) -> String {
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
