/// A text from another program (a response's code, a title) as one line of a log carries it,
/// written as the C half's `ft_log_text` (Sources/COverlay/bounded.h) writes it: it must not
/// start a line of its own or drive the terminal. Control characters (C0, DEL, C1) and the
/// Unicode line and paragraph separators become `\n`, `\r`, `\t`, `\e`, `\xHH` or `\u{HHHH}`,
/// and a backslash `\\`, so that an escape in the log is never the text's own.
public enum LogText {
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5c: out += "\\\\"
            case 0x0a: out += "\\n"
            case 0x0d: out += "\\r"
            case 0x09: out += "\\t"
            case 0x1b: out += "\\e"
            case 0 ..< 0x20, 0x7f: out += "\\x" + hex(scalar.value, digits: 2)
            case 0x80 ..< 0xa0, 0x2028, 0x2029: out += "\\u{" + hex(scalar.value, digits: 4) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
