/// A text as one line of a log carries it (a name an accessible object gave, an address, a
/// window's title): it must not end its line and write one of its own, drive the terminal or
/// cut a journal field at a NUL. Control characters (C0, DEL, C1) and the Unicode line and
/// paragraph separators become `\n`, `\r`, `\t`, `\e`, `\xHH` or `\u{HHHH}`, and a backslash
/// `\\`, so that an escape in the log is never the text's own: as the C half's `ft_log_text`
/// (Sources/COverlay/bounded.h) and the GNOME Shell extension write them. The daemon's log
/// handlers apply it to every line, so no message can miss it.
public enum LogText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
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

    private static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || s.value == 0x5c || (0x7f ..< 0xa0).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }
}
