/// Finds the line a configuration value was written on, for error messages.
///
/// TOMLKit gives positions only for syntax errors, so this scans the text itself: it
/// tracks `[table]` and `[[array]]` headers (counting the elements of each array of
/// tables, so `binding[2]` is the second `[[binding]]` header, and `binding` the first)
/// and records the line of every `key =` under them. A path not written anywhere — a missing required key, or a
/// key inside an inline table — falls back to its nearest written ancestor, e.g. the
/// block's header line.
///
/// Limits, accepted because the file has already parsed as TOML and only a line number
/// is at stake: it does not read escapes in quoted keys; it knows inline tables only by
/// the line of the key that holds them (all of an inline table sits on that one line
/// anyway); it skips multi-line strings by counting triple quotes, ignoring escaped ones;
/// and arrays of tables written inline (`binding = [{…}, {…}]`) count as one line.
struct TOMLSourceMap: Sendable {
    private var lines: [ConfigPath: Int] = [:]

    init(_ text: String) {
        var arrayCounts: [[String]: Int] = [:]
        var section: [ConfigPath.Component] = []
        var inMultiline: Substring? = nil
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if let delimiter = inMultiline {
                if raw.components(of: delimiter) % 2 == 1 { inMultiline = nil }
                continue
            }
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[[") {
                let names = TOMLSourceMap.keyComponents(line.dropFirst(2).prefix { $0 != "]" })
                arrayCounts[names, default: 0] += 1
                section = TOMLSourceMap.resolve(names, arrayCounts)
                recordWithAncestors(section, lineNumber)
            } else if line.hasPrefix("[") {
                let names = TOMLSourceMap.keyComponents(line.dropFirst().prefix { $0 != "]" })
                section = TOMLSourceMap.resolve(names, arrayCounts)
                recordWithAncestors(section, lineNumber)
            } else if let eq = TOMLSourceMap.keyEnd(line) {
                let keys = TOMLSourceMap.keyComponents(line[..<eq])
                guard !keys.isEmpty else { continue }
                var path = section
                for k in keys {
                    path.append(.key(k))
                    record(ConfigPath(path), lineNumber)
                }
                let value = line[line.index(after: eq)...]
                for delimiter in ["\"\"\"", "'''"] where value.components(of: delimiter[...]) % 2 == 1 {
                    inMultiline = delimiter[...]
                }
            }
        }
    }

    /// The line of `path`, or of its nearest recorded ancestor; 1 when nothing is known.
    func line(of path: ConfigPath) -> Int {
        var components = path.components
        while true {
            if let l = lines[ConfigPath(components)] { return l }
            if components.isEmpty { return 1 }
            components.removeLast()
        }
    }

    /// A header also introduces every table above it that was not written yet: the array
    /// itself for `[[binding]]` (the path an unknown `[[bindings]]` is reported at), and
    /// `a` for `[a.b]`.
    private mutating func recordWithAncestors(_ section: [ConfigPath.Component], _ line: Int) {
        for end in section.indices { record(ConfigPath(Array(section[...end])), line) }
    }

    private mutating func record(_ path: ConfigPath, _ line: Int) {
        // The first mention wins: that is where a reader looks for the key.
        if lines[path] == nil { lines[path] = line }
    }

    /// Header names to a path, pointing each array-of-tables prefix at its latest element,
    /// as TOML does: `[device.gestures]` belongs to the last `[[device]]` so far.
    private static func resolve(_ names: [String], _ arrays: [[String]: Int]) -> [ConfigPath.Component] {
        var out: [ConfigPath.Component] = []
        for i in names.indices {
            out.append(.key(names[i]))
            if let n = arrays[Array(names[...i])] { out.append(.index(n)) }
        }
        return out
    }

    /// Where the `=` of a `key = value` line is; nil for comments, blanks and array continuations.
    static func keyEnd(_ line: Substring) -> Substring.Index? {
        var i = line.startIndex
        var quote: Character? = nil
        while i < line.endIndex {
            let c = line[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
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
        var quote: Character? = nil
        for c in s {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "." {
                out.append(current)
                current = ""
            } else if c != " " && c != "\t" {
                current.append(c)
            }
        }
        out.append(current)
        return out.allSatisfy(\.isEmpty) ? [] : out
    }
}

private extension Substring {
    /// How many non-overlapping times `needle` occurs.
    func components(of needle: Substring) -> Int {
        var count = 0
        var rest = self[...]
        while let r = rest.firstRange(of: needle) {
            count += 1
            rest = rest[r.upperBound...]
        }
        return count
    }
}
