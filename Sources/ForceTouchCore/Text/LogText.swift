/// A text as it may go into a log line: its control characters escaped (`\n`, `\r`, `\t`,
/// the others as `\u{1B}`), so that nothing logged — a name an accessible object gave, an
/// address, a program's message — can end its line and write one of its own, colour a
/// terminal or cut a journal field at a NUL. Done by the log handlers themselves, so no
/// message can miss it.
public enum LogText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                out.append(scalar)
                continue
            }
            let escape: String = switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }

    /// C0, DEL and C1 (Unicode's Cc), and the line and paragraph separators.
    private static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
    }
}
