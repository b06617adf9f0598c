/// The lines a DICT client (RFC 2229) sends, each ending in CRLF: `CLIENT`, `DEFINE` and
/// `QUIT`. What goes into a line is held to what cannot change its meaning: a word is
/// quoted, its quotes and backslashes escaped, and a control character (a CR or LF that
/// would start a second command) refused, as is a word longer than `maximumWordLength`.
public enum DictRequest {
    /// The longest word asked about, in UTF-8 bytes; the line stays well under RFC 2229's
    /// 1024 octets.
    public static let maximumWordLength = 256

    /// Why a word or a database name cannot be asked for.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case emptyWord
        case wordTooLong(bytes: Int)
        /// A control character (CR, LF, NUL, …) at this scalar offset.
        case controlCharacter(offset: Int)
        /// A database name that is not an atom (letters, digits, `-_.`), nor `*` or `!`.
        case invalidDatabase(String)

        public var description: String {
            switch self {
            case .emptyWord: "the word is empty"
            case .wordTooLong(let bytes): "the word is \(bytes) bytes long, more than \(DictRequest.maximumWordLength)"
            case .controlCharacter(let offset): "the word holds a control character at offset \(offset)"
            case .invalidDatabase(let name): "\"\(name)\" is not a database name"
            }
        }
    }

    /// `CLIENT forcetouch`: the server's log names who asked.
    public static let client = "CLIENT forcetouch\r\n"

    public static let quit = "QUIT\r\n"

    /// `DEFINE wn "force"`; `database` `*` asks every database, `!` the first that has it.
    public static func define(_ word: String, database: String = "*") throws(Refusal) -> String {
        guard database == "*" || database == "!" || (!database.isEmpty && database.utf8.count <= 64
              && database.unicodeScalars.allSatisfy({ $0.isLatinLetter || $0.isASCIIDigit || "-_.".unicodeScalars.contains($0) }))
        else { throw .invalidDatabase(database) }
        return "DEFINE " + database + " " + (try quoted(word)) + "\r\n"
    }

    /// The word in double quotes, with `"` and `\` escaped by a backslash (RFC 2229 §2.2).
    public static func quoted(_ word: String) throws(Refusal) -> String {
        guard !word.isEmpty else { throw .emptyWord }
        guard word.utf8.count <= maximumWordLength else { throw .wordTooLong(bytes: word.utf8.count) }
        var out = "\""
        for (offset, c) in word.unicodeScalars.enumerated() {
            guard c.value >= 0x20, c.value != 0x7F, !(0x80...0x9F).contains(c.value),
                  c != "\u{2028}", c != "\u{2029}" else { throw .controlCharacter(offset: offset) }
            if c == "\"" || c == "\\" { out += "\\" }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }
}
