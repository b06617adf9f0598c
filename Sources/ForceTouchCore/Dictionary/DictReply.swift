/// What a DICT server answered a `DEFINE`, read from its reply stream (RFC 2229): the
/// banner (220), then for each definition a 151 line naming the word, database and its
/// description, the text, dot-stuffed and ended by a line holding only `.`, and 250; or
/// 552 (no match), or another refusal. Bounded: `maximumDefinitions` definitions,
/// `maximumTextBytes` of text in all, lines of `maximumLineBytes`; past them, or on a line
/// that is not the protocol's, the reply is refused with the line's number and text.
public struct DictReply: Hashable, Sendable {
    public static let maximumDefinitions = 64
    public static let maximumTextBytes = 256 * 1024
    public static let maximumLineBytes = 4096

    /// The server's banner line after 220 (its name and version: the card names the server).
    public var banner: String
    public var outcome: Outcome

    /// What the `DEFINE` came to.
    public enum Outcome: Hashable, Sendable {
        case definitions([DictDefinition])
        /// 552: no database has the word.
        case noMatch
        /// Another status: 550 invalid database, 530 access denied, 420/421 unavailable.
        case refused(code: Int, message: String)
    }

    /// A reply stream that is not the protocol's, or past the bounds.
    public struct Malformed: Error, Hashable, Sendable, CustomStringConvertible {
        /// 1-based line number in the stream.
        public var line: Int
        /// The line's text (cut to 80 scalars, control characters escaped).
        public var text: String
        public var reason: String
        public var description: String { "line \(line): \(reason): \(text)" }
    }

    /// Parses the bytes a session received, from the banner on (what follows the
    /// `DEFINE`'s reply, the 221 of `QUIT`, is ignored); a stream cut short is malformed.
    public static func parse(_ bytes: [UInt8]) throws(Malformed) -> DictReply {
        var reader = DictReplyReader()
        var start = 0, index = 0, number = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                number += 1
                var end = index
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                if let reply = try reader.take(line: bytes[start..<end], number: number) { return reply }
                start = index + 1
            } else if index - start >= maximumLineBytes {
                throw Malformed(line: number + 1, text: DictReplyReader.shown(bytes[start..<index]), reason: "a line longer than \(maximumLineBytes) bytes")
            }
            index += 1
        }
        throw Malformed(line: number + 1, text: DictReplyReader.shown(bytes[start..<bytes.count]),
                        reason: "the stream ended \(reader.waitingFor)")
    }
}

/// One definition: the word as the database has it, the database's name and description,
/// and the text, its lines joined with LF.
public struct DictDefinition: Hashable, Sendable {
    public var word: String
    public var database: String
    public var databaseDescription: String
    public var text: String
}
