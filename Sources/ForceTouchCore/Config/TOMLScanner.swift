import TOMLKit

/// The one place forcetouch reads TOML text itself, line by line, for what TOMLKit does not
/// give: the line each key was written on (`TOMLSourceMap`), the headers and keys that
/// `forcetest calibrate` edits in place (`CalibrationBlock`), and a check of the text
/// before TOMLKit sees it (`check`).
///
/// Each line is a table header, a `key = value` line, or neither: blank, a comment, or the
/// continuation of a value spanning lines (a multi-line array, inline table or string).
///
/// Limits, accepted because the text is also parsed as TOML and only lines are at stake: it
/// does not read escapes in quoted keys, and it knows inline tables only by the line of the
/// key that holds them.
enum TOMLScanner {
    /// The text as TOMLKit's table, after `check`: the only way forcetouch hands TOML to
    /// TOMLKit. A syntax error, which belongs to no key, is `file:line: message`.
    static func parse(_ text: String, file: String) throws(ConfigError) -> TOMLTable {
        try check(text, file: file)
        return try parse(checked: text, file: file)
    }

    /// `parse` of text that has passed `check` already, whole or a piece of it
    /// (`TOMLBlockDocument`'s): the check is a scan of every byte, made once.
    static func parse(checked text: String, file: String) throws(ConfigError) -> TOMLTable {
        do {
            return try TOMLTable(string: text)
        } catch let e as TOMLParseError {
            throw ConfigError(file: file, line: max(e.source.begin.line, 1), key: "", message: e.description)
        } catch {
            throw ConfigError(file: file, line: 1, key: "", message: "\(error)")
        }
    }

    /// What in `text` must not reach TOMLKit (`check`), and what is not text, as the
    /// `file:line:` error `parse` would throw.
    static func check(_ text: String, file: String) throws(ConfigError) {
        // toml++ stops at a NUL as at the end of the text: what follows would be dropped unsaid.
        if let p = TextCheck.problem(in: text.utf8) {
            throw ConfigError(file: file, line: p.line, key: "", message: p.message, column: p.column)
        }
        if let (line, message) = check(text) { throw ConfigError(file: file, line: line, key: "", message: message) }
    }

    /// What one line is.
    enum Kind: Equatable {
        /// `[name]` or `[[name]]`, with its dotted components.
        case header([String], array: Bool)
        /// `key = …`, with the key's dotted components.
        case key([String])
        /// Blank, comment, or the continuation of a multi-line value.
        case other
    }

    /// More dotted parts than a configuration ever needs (its deepest key has four). The
    /// cap keeps what a file can make the parser and the source map do proportional to its
    /// size: a 20 KB line of `a.a.a…` would otherwise build thousands of nested tables.
    static let maximumKeyParts = 64

    /// The text's lines, split at `\n` bytes, each keeping the `\r` of a CRLF file: split
    /// by Character, `"\r\n"` is one Character and a CRLF file would look like one line.
    static func lines(_ text: String) -> [Substring] { Array(Lines(text)) }

    /// `lines(text)` one at a time: reading a big file line by line then costs no array of
    /// its lines (a 1 MiB configuration has some 50,000).
    struct Lines: Sequence, IteratorProtocol {
        let text: String
        private var start: String.Index
        private var done = false

        init(_ text: String) {
            self.text = text
            start = text.startIndex
        }

        mutating func next() -> Substring? {
            guard !done else { return nil }
            if let newline = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = text.utf8.index(after: newline) }
                return text[start..<newline]
            }
            done = true
            return text[start...]
        }
    }

    /// Each line's kind.
    static func classify(_ lines: [Substring]) -> [Kind] {
        var kinds: [Kind] = []
        kinds.reserveCapacity(lines.count)
        _ = scan(lines) { _, _, kind in kinds.append(kind) }
        return kinds
    }

    /// What in `text` must not reach TOMLKit, as `(line, message)`; nil when nothing.
    ///
    /// TOMLKit 0.6.0 bundles toml++ 3.4.0, which asserts (SIGABRT, the whole process) on two
    /// shapes where it should report a syntax error (upstream fixed both later):
    /// - a table header whose name starts with anything but a bare-key character or a
    ///   quote: `[(`, `[über]`, `[.device]`, `[#]`, `[=]`, `[[*binding]]`, `[` at the end
    ///   of a line;
    /// - in an array, where a value is due, a `}` or a Unicode line separator (U+2028,
    ///   U+2029, U+0085): `a = [}`, `a = [1, }`.
    /// Refusing those here, with their line, is what keeps a typo from taking the daemon
    /// down on a reload. Keys of more than `maximumKeyParts` parts are refused too.
    static func check(_ text: String) -> (line: Int, message: String)? {
        // The first problem by line; a value's problem first when both are on one line.
        var header: (line: Int, message: String)? = nil
        let problem = scan(Lines(text)) { i, raw, kind in
            guard header == nil else { return }
            switch kind {
            case .header(let names, _):
                let line = Substring(content(raw, first: i == 0).unicodeScalars.drop { $0 == " " || $0 == "\t" })
                if let why = headerProblem(line) {
                    // Cut by scalars: one character may hold any number of combining marks.
                    let scalars = line.unicodeScalars
                    let shown = scalars.count > 40 ? String(String.UnicodeScalarView(scalars.prefix(40))) + "…" : String(line)
                    header = (i + 1, "invalid table header \(TextFormat.quoted(shown)): \(why)")
                } else if names.count > maximumKeyParts {
                    header = (i + 1, depthMessage(names.count))
                }
            case .key(let names) where names.count > maximumKeyParts:
                header = (i + 1, depthMessage(names.count))
            default:
                break
            }
        }
        guard let problem else { return header }
        guard let header else { return problem }
        return problem.line <= header.line ? problem : header
    }

    /// A line without its CRLF `\r`, and the first without a byte-order mark.
    private static func content(_ raw: Substring, first: Bool) -> Substring {
        var line = raw
        if line.hasSuffix("\r") { line = line.dropLast() }
        return first ? line.drop { $0 == "\u{FEFF}" } : line
    }

    /// Calls `body` with each line's 0-based number, its text as split (`\r` kept) and its
    /// kind, in order; returns the first value toml++ would abort on (see `check`).
    static func scan(_ lines: some Sequence<Substring>,
                     _ body: (_ index: Int, _ raw: Substring, _ kind: Kind) -> Void)
        -> (line: Int, message: String)?
    {
        var value = ValueState()
        var problem: (line: Int, message: String)? = nil
        for (n, raw) in lines.enumerated() {
            let line = content(raw, first: n == 0)
            if value.isOpen {
                let why = value.read(line)
                if problem == nil, let why { problem = (n + 1, why) }
                body(n, raw, .other)
                continue
            }
            let trimmed = Substring(line.unicodeScalars.drop { $0 == " " || $0 == "\t" })
            if trimmed.unicodeScalars.first == "[" {
                // By scalars, as toml++ decides: `[` with a combining mark is still a header.
                let inner = Substring(trimmed.unicodeScalars.dropFirst())
                let array = inner.unicodeScalars.first == "["
                let name = array ? Substring(inner.unicodeScalars.dropFirst()) : inner
                body(n, raw, .header(keyComponents(name.prefix { $0 != "]" }), array: array))
            } else if let eq = keyEnd(trimmed) {
                // The value is read first, so that `body` knows this line's problem, as `check` wants.
                let why = value.read(trimmed[trimmed.index(after: eq)...])
                if problem == nil, let why { problem = (n + 1, why) }
                body(n, raw, .key(keyComponents(trimmed[..<eq])))
            } else {
                body(n, raw, .other)
            }
        }
        return problem
    }

    /// How many lines the value of the `key = …` line `lines.first` spans: 1, or more when
    /// it opens an array, inline table or multi-line string that closes on a later line
    /// (`TOMLEditor` replaces or removes them together). A value never closed runs to the end.
    static func valueLineCount(_ lines: some Collection<Substring>) -> Int {
        guard let first = lines.first else { return 0 }
        let line = content(first, first: false)
        let trimmed = Substring(line.unicodeScalars.drop { $0 == " " || $0 == "\t" })
        guard let eq = keyEnd(trimmed) else { return 1 }
        var value = ValueState()
        _ = value.read(trimmed[trimmed.index(after: eq)...])
        var count = 1
        for raw in lines.dropFirst() {
            guard value.isOpen else { break }
            _ = value.read(content(raw, first: false))
            count += 1
        }
        return count
    }

    private static func depthMessage(_ parts: Int) -> String {
        "a key of \(parts) dotted parts; at most \(maximumKeyParts) are allowed"
    }

    /// Why toml++ would abort on this header line, or nil. Mirrors its `parse_table_header`:
    /// `[`, spaces, a second `[` only if no space came between, spaces, and then the name
    /// must start with a bare-key character or a quote (`]` it reports as an error itself).
    static func headerProblem(_ header: Substring) -> String? {
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        var rest = header.unicodeScalars.dropFirst()
        let spaced = rest.first.map(blank) ?? false
        rest = rest.drop(while: blank)
        if rest.first == "[", !spaced { rest = rest.dropFirst().drop(while: blank) }
        guard let c = rest.first else { return "a table header needs a name" }
        let allowed = ("0"..."9").contains(c) || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
            || "-_\"']".unicodeScalars.contains(c)
        return allowed ? nil
            : "a table name must begin with a letter, a digit, \"-\", \"_\" or a quote (non-ASCII names are quoted)"
    }

    /// Where a value spanning lines stands: the arrays and inline tables open, innermost
    /// last, or the multi-line string it is in.
    private struct ValueState {
        var open: [Unicode.Scalar] = []
        /// The quote of the open `"""` or `'''`.
        var multiline: Unicode.Scalar? = nil

        var isOpen: Bool { !open.isEmpty || multiline != nil }

        /// Reads one line of value text, outside comments and strings; returns why toml++
        /// would abort on it, if it would. By Unicode scalars, as toml++ reads: a `}` with a
        /// combining mark after it is one Character but still a `}` to toml++.
        mutating func read(_ line: Substring) -> String? {
            let s = Array(line.unicodeScalars)
            func closes(_ d: Unicode.Scalar, from start: Int) -> Int? {
                var i = start
                while i + 2 < s.count {
                    if s[i] == d && s[i + 1] == d && s[i + 2] == d { return i + 3 }
                    i += 1
                }
                return nil
            }
            var i = 0
            if let d = multiline {
                guard let end = closes(d, from: 0) else { return nil }
                multiline = nil
                i = end
            }
            while i < s.count {
                let c = s[i]
                if (c == "\"" || c == "'"), i + 2 < s.count, s[i + 1] == c, s[i + 2] == c {
                    guard let end = closes(c, from: i + 3) else {
                        multiline = c
                        return nil
                    }
                    i = end
                    continue
                }
                if c == "#" { break }
                if c == "\"" || c == "'" {
                    i = TOMLScanner.stringEnd(s, from: i)
                    continue
                }
                switch c {
                case "[", "{": open.append(c)
                case "]", "}":
                    // Mismatched brackets are never valid TOML; `}` in an array is what aborts.
                    if c == "}" && open.last == "[" { return "\"}\" closes an array; arrays close with \"]\"" }
                    if !open.isEmpty { open.removeLast() }
                case "\u{2028}", "\u{2029}", "\u{85}":
                    return "a Unicode line separator outside a string; TOML lines end with \"\\n\""
                default: break
                }
                i += 1
            }
            return nil
        }
    }

    /// Where the string whose opening quote is at `start` ends: just past its closing
    /// quote, or `endIndex` when the line ends first. The one escape rule the scanner and
    /// its users (`CalibrationBlock`) read strings by, TOML's: a `\` escapes the next
    /// character in a basic string (`"…"`); a literal string (`'…'`) has no escapes.
    static func stringEnd<C: BidirectionalCollection>(_ s: C, from start: C.Index) -> C.Index
        where C.Element == Unicode.Scalar
    {
        let quote = s[start]
        var i = s.index(after: start)
        while i < s.endIndex {
            if s[i] == quote { return s.index(after: i) }
            if quote == "\"", s[i] == "\\" {
                i = s.index(after: i)
                if i == s.endIndex { break }
            }
            i = s.index(after: i)
        }
        return s.endIndex
    }

    /// Where the comment of a line starts (its `#` outside strings); nil when it has none.
    static func commentStart(_ line: Substring) -> Substring.Index? {
        let s = line.unicodeScalars
        var i = s.startIndex
        while i < s.endIndex {
            switch s[i] {
            case "\"", "'": i = stringEnd(s, from: i)
            case "#": return i
            default: i = s.index(after: i)
            }
        }
        return nil
    }

    /// Where the `=` of a `key = value` line is; nil for comments, blanks and array continuations.
    static func keyEnd(_ line: Substring) -> Substring.Index? {
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            if c == "\"" || c == "'" {
                i = stringEnd(line.unicodeScalars, from: i)
                continue
            } else if c == "=" {
                return i
            } else if !(c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." || c == " " || c == "\t") {
                return nil
            }
            i = line.index(after: i)
        }
        return nil
    }

    /// `a."b.c". d` to `["a", "b.c", "d"]`.
    static func keyComponents(_ s: Substring) -> [String] {
        var out: [String] = []
        var current = ""
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == "\"" || c == "'" {
                // The key as written between its quotes; escapes are not read (see the type's limits).
                let end = stringEnd(s.unicodeScalars, from: i)
                let closed = end > s.index(after: i) && s.unicodeScalars[s.unicodeScalars.index(before: end)] == c.unicodeScalars.first!
                current += s.unicodeScalars[s.unicodeScalars.index(after: i)..<(closed ? s.unicodeScalars.index(before: end) : end)]
                    .reduce(into: "") { $0.unicodeScalars.append($1) }
                i = end
                continue
            } else if c == "." {
                out.append(current)
                current = ""
            } else if c != " " && c != "\t" {
                current.append(c)
            }
            i = s.index(after: i)
        }
        out.append(current)
        return out.allSatisfy(\.isEmpty) ? [] : out
    }
}
