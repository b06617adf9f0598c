/// The reply stream's state machine, fed one line at a time (without its CRLF): banner →
/// ready (after `CLIENT`'s 250) → definitions announced (150) → a definition's text (151 …
/// `.`) → done (250, 552 or a refusal).
struct DictReplyReader {
    enum State: Hashable { case banner, clientAcknowledged, awaitingDefinitions, between, text(DictDefinition) }

    var state = State.banner
    var banner = ""
    var definitions: [DictDefinition] = []
    var textBytes = 0

    var waitingFor: String {
        switch state {
        case .banner: "before the server's 220 banner"
        case .clientAcknowledged: "before the reply to CLIENT"
        case .awaitingDefinitions: "before the reply to DEFINE"
        case .between: "before the definitions' 250"
        case .text: "inside a definition's text, before its \".\" line"
        }
    }

    /// The reply once complete; nil while more lines are needed.
    mutating func take(line: ArraySlice<UInt8>, number: Int) throws(DictReply.Malformed) -> DictReply? {
        func malformed(_ reason: String) -> DictReply.Malformed {
            DictReply.Malformed(line: number, text: Self.shown(line), reason: reason)
        }
        // A NUL or invalid UTF-8 is refused, never replaced: what the card shows is what was sent.
        let text: String
        do { text = try TextCheck.text(line) } catch { throw malformed("not text at column \(error.column): \(error.message)") }
        if case .text(var definition) = state {
            if text == "." {
                if definition.text.hasSuffix("\n") { definition.text.removeLast() }
                definitions.append(definition)
                state = .between
                return nil
            }
            // Dot-stuffing: a line of the text that starts with "." was sent with two.
            let unstuffed = text.hasPrefix("..") ? String(text.dropFirst()) : text
            textBytes += unstuffed.utf8.count + 1
            guard textBytes <= DictReply.maximumTextBytes else { throw malformed("definitions longer than \(DictReply.maximumTextBytes) bytes") }
            definition.text += unstuffed + "\n"
            state = .text(definition)
            return nil
        }
        guard let (code, message) = Self.status(text) else { throw malformed("not a status line (three digits and a space)") }
        switch (state, code) {
        case (.banner, 220):
            banner = message
            state = .clientAcknowledged
        case (.clientAcknowledged, 250):
            state = .awaitingDefinitions
        case (.awaitingDefinitions, 150):
            state = .between
        case (.awaitingDefinitions, 552):
            return DictReply(banner: banner, outcome: .noMatch)
        case (.between, 151):
            guard definitions.count < DictReply.maximumDefinitions else {
                throw malformed("more than \(DictReply.maximumDefinitions) definitions")
            }
            guard let header = Self.definitionHeader(message) else {
                throw malformed("a 151 line is \"word\" database \"description\"")
            }
            state = .text(DictDefinition(word: header.word, database: header.database,
                                         databaseDescription: header.description, text: ""))
        case (.between, 250):
            return DictReply(banner: banner, outcome: .definitions(definitions))
        case (.banner, 420..<600), (.clientAcknowledged, 420..<600), (.awaitingDefinitions, 420..<600):
            return DictReply(banner: banner, outcome: .refused(code: code, message: message))
        default:
            throw malformed("status \(code) \(waitingFor)")
        }
        return nil
    }

    /// `250 ok` → (250, "ok").
    static func status(_ line: String) -> (Int, String)? {
        let scalars = Array(line.unicodeScalars)
        guard scalars.count >= 3, scalars[0...2].allSatisfy(\.isASCIIDigit), scalars.count == 3 || scalars[3] == " " else { return nil }
        let code = scalars[0...2].reduce(0) { $0 * 10 + $1.digitValue }
        return (code, String(line.unicodeScalars.dropFirst(4)))
    }

    /// `"force" wn "WordNet (r) 3.0 (2006)"`: a word, an atom, a description; each may be
    /// quoted (with backslash escapes) or a bare atom.
    static func definitionHeader(_ message: String) -> (word: String, database: String, description: String)? {
        var fields: [String] = []
        var scalars = Substring(message).unicodeScalars[...]
        while let first = scalars.first, fields.count < 4 {
            if first == " " { scalars = scalars.dropFirst(); continue }
            var field = String.UnicodeScalarView()
            if first == "\"" || first == "'" {
                scalars = scalars.dropFirst()
                var closed = false
                while let c = scalars.first {
                    scalars = scalars.dropFirst()
                    if c == first { closed = true; break }
                    if c == "\\", let next = scalars.first { field.append(next); scalars = scalars.dropFirst(); continue }
                    field.append(c)
                }
                guard closed else { return nil }
            } else {
                while let c = scalars.first, c != " " { field.append(c); scalars = scalars.dropFirst() }
            }
            fields.append(String(field))
        }
        guard fields.count >= 2, fields.count <= 3 else { return nil }
        return (fields[0], fields[1], fields.count == 3 ? fields[2] : "")
    }

    /// A line as an error shows it: cut to 80 scalars, control characters and bad UTF-8 escaped.
    static func shown(_ line: ArraySlice<UInt8>) -> String {
        var out = ""
        for scalar in String(decoding: line, as: UTF8.self).unicodeScalars.prefix(80) {
            if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u{" + String(scalar.value, radix: 16) + "}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
