/// Decides whether bytes a user wrote are text — UTF-8 with no NUL — before any parser
/// reads them, and says where they are not.
///
/// Why a check of its own: decoding with `String(decoding:as:)` turns a stray byte into
/// U+FFFD, so a command read from a configuration would not be the one written, and the C
/// parsers underneath (toml++, libyaml) take a NUL for the end of the text, so a file would
/// silently lose everything after it. Refusing both, with the line and column, is what lets
/// `--check-config` and a reload say the same thing about the same file.
public enum TextCheck {
    /// Where the bytes stop being text, and why.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// 1-based line (lines end at `\n`).
        public var line: Int
        /// 1-based column, in Unicode scalars: what an editor's cursor shows.
        public var column: Int
        public var message: String

        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }

        /// `line:column: message`
        public var description: String { "\(line):\(column): \(message)" }
    }

    /// The bytes as a String when they are text; the first problem otherwise.
    public static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(Problem) -> String {
        if let problem = problem(in: bytes) { throw problem }
        // Valid UTF-8 now, so decoding replaces nothing.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first NUL or invalid UTF-8 sequence in `bytes`, or nil when they are text.
    public static func problem<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Problem? {
        if let found = bytes.withContiguousStorageIfAvailable({ scan($0) }) { return found }
        return Array(bytes).withUnsafeBufferPointer { scan($0) }
    }

    /// Hand-written rather than `String(validating:)`, which says whether but not where.
    private static func scan(_ b: UnsafeBufferPointer<UInt8>) -> Problem? {
        var line = 1, column = 1
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 {
                if c == 0 {
                    return Problem(line: line, column: column,
                                   message: "a NUL byte; only text is read, and a NUL would cut it short")
                }
                if c == 0x0A { line += 1; column = 1 } else { column += 1 }
                i += 1
                continue
            }
            // The sequence's length, and the range its second byte must be in (RFC 3629's
            // table: no overlong forms, no surrogates, nothing above U+10FFFF).
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return invalid(c, line, column)
            }
            guard i + length <= n else { return invalid(c, line, column) }
            for k in 1..<length {
                let next = b[i + k]
                let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard next >= lo && next <= hi else { return invalid(c, line, column) }
            }
            i += length
            column += 1
        }
        return nil
    }

    private static func invalid(_ byte: UInt8, _ line: Int, _ column: Int) -> Problem {
        let hex = String(byte, radix: 16, uppercase: true)
        return Problem(line: line, column: column,
                       message: "invalid UTF-8 (a sequence starting with byte 0x\(hex.count == 1 ? "0" + hex : hex)); "
                           + "only UTF-8 text is read")
    }
}
