/// Changes a configuration's TOML text in place, one key or one block at a time, the way a
/// person would with an editor: every line the change does not need stays byte for byte,
/// comments, blank lines, order, spelling and line endings included. TOMLKit keeps no
/// comments, so the edit works on the text's lines as `TOMLScanner` reads them; what it
/// produces is then checked as a whole by the caller (`SettingsEdit`), as any file is.
///
/// Where a change goes:
/// - A key that is there: its value is replaced (all its lines, when it spans several),
///   keeping the indentation, the key as written, the spacing around `=` and the comment
///   after the value.
/// - A key that is not: after the first commented-out example of it among the comments of
///   its table (`# sensitivity = "medium"`, as the shipped file has for every key; up to a
///   commented-out header, which documents another table), else after the table's last key.
///   A table that is not there is appended at the end of the file.
/// - `[[name]]` blocks (bindings, quick actions) are addressed by their 1-based position;
///   a block owns the comment lines directly above its header and those directly below its
///   last key, up to a blank line, so removing or moving one takes its comments with it.
public struct TOMLEditor: Sendable {
    /// A table the change is made in.
    public enum Place: Hashable, Sendable, CustomStringConvertible {
        /// `[general]`, `[quick-actions]`: by its dotted name.
        case table([String])
        /// The `index`-th (1-based) `[[name]]` block.
        case entry(String, Int)

        public var description: String {
            switch self {
            case .table(let path): "[" + path.map(TOMLEditValue.key).joined(separator: ".") + "]"
            case .entry(let name, let index): "[[\(TOMLEditValue.key(name))]] #\(index)"
            }
        }
    }

    /// The lines, split at `\n`, each keeping a CRLF file's `\r`.
    private var lines: [String]
    private var kinds: [TOMLScanner.Kind]
    private let endsWithNewline: Bool
    private let carriageReturn: String

    public init(_ text: String) {
        var parts = TOMLScanner.lines(text).map(String.init)
        endsWithNewline = text.isEmpty || text.utf8.last == UInt8(ascii: "\n")
        if endsWithNewline { parts.removeLast() }
        lines = parts
        carriageReturn = parts.first?.hasSuffix("\r") == true ? "\r" : ""
        kinds = TOMLScanner.classify(parts.map { $0[...] })
    }

    /// The text with the changes made.
    public var text: String {
        guard !lines.isEmpty else { return "" }
        return lines.joined(separator: "\n") + (endsWithNewline || grew ? "\n" : "")
    }

    /// A line was added at the end of a file that did not end with a newline: it now does.
    private var grew = false

    // MARK: - Keys

    /// Sets `key` in `place` to `value`.
    public mutating func set(_ key: String, to value: TOMLEditValue, in place: Place) throws(TOMLEditError) {
        let written = TOMLEditValue.key(key) + " = " + value.text
        switch try section(place) {
        case .keys(let header, let end):
            if let i = try keyLine(key, header + 1, end, place) {
                try replaceValue(at: i, with: value.text)
            } else {
                let examples = (header + 1)..<exampleEnd(place, header, end)
                insert([written], at: exampleLine(key, examples).map { $0 + 1 } ?? insertionPoint(header, end))
            }
        case .root(let i):
            try replaceValue(at: i, with: value.text)
        case .missing(let path):
            appendBlock(["[" + path.map(TOMLEditValue.key).joined(separator: ".") + "]", written])
        }
    }

    /// Removes `key` from `place`, all its lines; false when it is not there.
    @discardableResult
    public mutating func remove(_ key: String, in place: Place) throws(TOMLEditError) -> Bool {
        switch try section(place) {
        case .keys(let header, let end):
            guard let i = try keyLine(key, header + 1, end, place) else { return false }
            remove(i..<(i + valueLines(i)))
            return true
        case .root(let i):
            remove(i..<(i + valueLines(i)))
            return true
        case .missing:
            return false
        }
    }

    // MARK: - Blocks

    /// How many `[[name]]` blocks the text has.
    public func count(of name: String) -> Int { kinds.count { $0 == .header([name], array: true) } }

    /// Appends a `[[name]]` block with `pairs` after the last one (or at the end of the file).
    public mutating func appendEntry(_ name: String, _ pairs: [(key: String, value: TOMLEditValue)]) {
        let block = ["[[\(TOMLEditValue.key(name))]]"] + pairs.map { TOMLEditValue.key($0.key) + " = " + $0.value.text }
        let n = count(of: name)
        guard n > 0, let last = entryExtent(name, n) else { return appendBlock(block) }
        insert([""] + block, at: last.upperBound)
    }

    /// Removes the `index`-th `[[name]]` block with its comments, and one blank line beside it.
    public mutating func removeEntry(_ name: String, at index: Int) throws(TOMLEditError) {
        guard let extent = entryExtent(name, index) else { throw noEntry(name, index) }
        remove(widened(extent))
    }

    /// Moves the `from`-th `[[name]]` block to be the `to`-th, comments and all.
    public mutating func moveEntry(_ name: String, from: Int, to: Int) throws(TOMLEditError) {
        let n = count(of: name)
        guard let extent = entryExtent(name, from) else { throw noEntry(name, from) }
        guard (1...n).contains(to) else { throw noEntry(name, to) }
        guard from != to else { return }
        let block = Array(lines[extent])
        remove(widened(extent))
        if to < n, let before = entryExtent(name, to) {
            insert(block + [""], at: before.lowerBound)
        } else if let last = entryExtent(name, n - 1) {
            insert([""] + block, at: last.upperBound)
        }
    }

    // MARK: - Finding

    private enum Section {
        /// The table's header line, and the end (exclusive) of its own keys.
        case keys(header: Int, end: Int)
        /// The key written whole before any header (`general.sensitivity = …`).
        case root(line: Int)
        /// No such table: it is to be added.
        case missing([String])
    }

    private func section(_ place: Place) throws(TOMLEditError) -> Section {
        switch place {
        case .entry(let name, let index):
            guard let h = entryHeader(name, index) else { throw noEntry(name, index) }
            return .keys(header: h, end: sectionEnd(h))
        case .table(let path):
            if let h = kinds.firstIndex(of: .header(path, array: false)) { return .keys(header: h, end: sectionEnd(h)) }
            if let h = kinds.firstIndex(of: .header(path, array: true)) {
                throw TOMLEditError(line: h + 1, "\(place) is written as an array of tables ([[…]]); change it by hand")
            }
            // Before the first header, the table may be written as dotted keys or an inline table.
            let firstHeader = kinds.firstIndex { if case .header = $0 { true } else { false } } ?? lines.count
            for i in 0..<firstHeader {
                guard case .key(let parts) = kinds[i], parts.count <= path.count + 1 else { continue }
                if parts.count == path.count + 1, Array(parts.prefix(path.count)) == path { return .root(line: i) }
                if Array(path.prefix(parts.count)) == parts {
                    throw TOMLEditError(line: i + 1, "\(place) is written as an inline table; change it by hand")
                }
            }
            return .missing(path)
        }
    }

    private func entryHeader(_ name: String, _ index: Int) -> Int? {
        guard index >= 1 else { return nil }
        var n = 0
        for (i, k) in kinds.enumerated() where k == .header([name], array: true) {
            n += 1
            if n == index { return i }
        }
        return nil
    }

    private func noEntry(_ name: String, _ index: Int) -> TOMLEditError {
        TOMLEditError(line: 0, "there is no [[\(name)]] #\(index): the file has \(count(of: name))")
    }

    /// The next header after `header`: where its table's own keys end.
    private func sectionEnd(_ header: Int) -> Int {
        ((header + 1)..<lines.count).first { if case .header = kinds[$0] { true } else { false } } ?? lines.count
    }

    /// The line of `key` among `start..<end`; a dotted key under it (`key.x = …`) cannot be
    /// replaced by one value, and is refused.
    private func keyLine(_ key: String, _ start: Int, _ end: Int, _ place: Place) throws(TOMLEditError) -> Int? {
        for i in start..<end {
            guard case .key(let parts) = kinds[i], parts.first == key else { continue }
            guard parts.count == 1 else {
                throw TOMLEditError(line: i + 1, "\(key) in \(place) is written as dotted keys; change it by hand")
            }
            return i
        }
        return nil
    }

    /// Where the comments that document the table at `header` end: at the first commented-out
    /// header (`# [[binding]]`), which documents another table; for a block, with the block's
    /// own lines. The shipped file documents every table in comments after the last real
    /// header, and a key found there would be set far from its block.
    private func exampleEnd(_ place: Place, _ header: Int, _ end: Int) -> Int {
        var last = end
        if case .entry(let name, let index) = place, let extent = entryExtent(name, index) { last = min(last, extent.upperBound) }
        return ((header + 1)..<max(last, header + 1)).first { i in
            guard isComment(i) else { return false }
            let rest = lines[i].drop { $0 == " " || $0 == "\t" }.dropFirst().drop { $0 == " " || $0 == "\t" }
            return rest.first == "[" && rest.contains("]") && TOMLScanner.headerProblem(rest) == nil
        } ?? last
    }

    /// The first commented-out `# key = …` among `lines`: where the key, once set, is read beside its comment.
    private func exampleLine(_ key: String, _ range: Range<Int>) -> Int? {
        range.first { i in
            guard kinds[i] == .other else { return false }
            let trimmed = lines[i].drop { $0 == " " || $0 == "\t" }
            guard trimmed.first == "#" else { return false }
            let rest = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard let eq = TOMLScanner.keyEnd(rest) else { return false }
            return TOMLScanner.keyComponents(rest[..<eq]) == [key]
        }
    }

    /// After the last key (and its value's lines) of the table whose header is at `header`.
    private func insertionPoint(_ header: Int, _ end: Int) -> Int {
        var at = header + 1
        for i in (header + 1)..<max(end, header + 1) where kinds[i] != .other {
            at = i + valueLines(i)
        }
        return at
    }

    private func valueLines(_ i: Int) -> Int { TOMLScanner.valueLineCount(lines[i...].lazy.map { $0[...] }) }

    /// The `index`-th `[[name]]` block's lines: the comment lines directly above its header,
    /// the header, its keys and subtables (`[name.x]`), and the comment lines directly
    /// below them up to a blank line; nil when there is no such block.
    private func entryExtent(_ name: String, _ index: Int) -> Range<Int>? {
        guard let h = entryHeader(name, index) else { return nil }
        var start = h
        while start > 0, kinds[start - 1] == .other, isComment(start - 1) { start -= 1 }
        var end = h + 1
        while end < lines.count {
            if case .header(let parts, _) = kinds[end], !(parts.count > 1 && parts[0] == name) { break }
            end += 1
        }
        // What follows the last key up to the next header is the block's while it is comments
        // with no blank line between; after a blank line it belongs to what comes next.
        var last = end
        while last > h + 1, kinds[last - 1] == .other, isComment(last - 1) || isBlank(last - 1) { last -= 1 }
        var own = last
        while own < end, isComment(own) { own += 1 }
        return start..<own
    }

    /// `extent` with one blank line beside it, so that removing it leaves no double gap.
    private func widened(_ extent: Range<Int>) -> Range<Int> {
        if extent.upperBound < lines.count, isBlank(extent.upperBound) { return extent.lowerBound..<(extent.upperBound + 1) }
        if extent.lowerBound > 0, isBlank(extent.lowerBound - 1) { return (extent.lowerBound - 1)..<extent.upperBound }
        return extent
    }

    private func isComment(_ i: Int) -> Bool {
        kinds[i] == .other && lines[i].drop { $0 == " " || $0 == "\t" }.first == "#"
    }

    private func isBlank(_ i: Int) -> Bool {
        kinds[i] == .other && lines[i].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    // MARK: - Changing lines

    /// Replaces the value of the key line `i` (and the lines it continues on), keeping
    /// everything up to the value and the comment after it.
    private mutating func replaceValue(at i: Int, with value: String) throws(TOMLEditError) {
        let count = valueLines(i)
        let first = lines[i].hasSuffix("\r") ? Substring(lines[i].dropLast()) : Substring(lines[i])
        // The first line's byte-order mark, as the scanner reads past it.
        let indent = first.prefix { $0 == " " || $0 == "\t" || (i == 0 && $0 == "\u{FEFF}") }
        let body = first[indent.endIndex...]
        guard let eq = TOMLScanner.keyEnd(body) else {
            throw TOMLEditError(line: i + 1, "this key line cannot be read to replace its value; change it by hand")
        }
        let valueStart = body[body.index(after: eq)...].firstIndex { $0 != " " && $0 != "\t" } ?? body.endIndex
        let lastRaw = lines[i + count - 1]
        let last = lastRaw.hasSuffix("\r") ? Substring(lastRaw.dropLast()) : Substring(lastRaw)
        var comment = ""
        // The comment after a multi-line value is kept only where no string could hide a `#`.
        if count == 1 || !last.contains(where: { $0 == "\"" || $0 == "'" }),
           let hash = TOMLScanner.commentStart(count == 1 ? body[valueStart...] : last) {
            let line = count == 1 ? body : last
            var j = hash
            while j > line.startIndex, line[line.index(before: j)] == " " || line[line.index(before: j)] == "\t" {
                j = line.index(before: j)
            }
            comment = String(line[j...])
        }
        let replaced = String(first[..<valueStart]) + value + comment + carriageReturn
        lines.replaceSubrange(i..<(i + count), with: [replaced])
        kinds = TOMLScanner.classify(lines.map { $0[...] })
    }

    private mutating func insert(_ new: [String], at i: Int) {
        if i == lines.count, !endsWithNewline { grew = true }
        lines.insert(contentsOf: new.map { $0 + carriageReturn }, at: i)
        kinds = TOMLScanner.classify(lines.map { $0[...] })
    }

    private mutating func remove(_ range: Range<Int>) {
        lines.removeSubrange(range)
        kinds = TOMLScanner.classify(lines.map { $0[...] })
    }

    /// Adds lines at the end of the file, a blank line before them unless the file ends with one.
    private mutating func appendBlock(_ block: [String]) {
        let gap = lines.last.map { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } } ?? false
        insert((gap ? [""] : []) + block, at: lines.count)
    }
}
