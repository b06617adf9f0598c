import Synchronization

/// Finds the line a configuration value was written on, for error messages.
///
/// TOMLKit gives positions only for syntax errors, so this reads `TOMLScanner`'s lines: it
/// tracks `[table]` and `[[array]]` headers (counting the elements of each array of tables,
/// so `binding[2]` is the second `[[binding]]` header, and `binding` the first) and records
/// the line of every `key =` under them. A path not written anywhere — a missing required
/// key, or a key inside an inline table — falls back to its nearest written ancestor, e.g.
/// the block's header line. Arrays of tables written inline (`binding = [{…}, {…}]`) count
/// as one line.
///
/// The paths are kept as a tree, one node per key, so a line costs one step per dotted part
/// and no path is ever copied: the time and memory stay proportional to the file.
///
/// The elements of a top-level array of tables (`[[binding]]`, with the `[binding.x]`
/// subtables after it) are not in the tree: the map keeps each element's first line and
/// text, and reads an element's keys when a path inside it is asked for (the last element
/// read is kept, as errors come block by block). A big file is mostly such blocks, and a
/// node per key cost four times the file's size (measured on 10,000 bindings), where an
/// element costs some 40 bytes. A name whose subtables also appear away from its elements
/// (`[[binding]]`, `[general]`, then `[binding.region]`, which TOML gives to the last
/// binding) stays in the tree, as do the lines of an element read on its own.
struct TOMLSourceMap: Sendable {
    private struct Node: Sendable {
        /// Where the path was first mentioned: where a reader looks for it.
        var line: Int?
        var children: [ConfigPath.Component: Int] = [:]
    }

    /// `nodes[0]` is the root.
    private var nodes = [Node()]

    /// One element of a top-level array of tables: its `[[name]]` line and its text, up to
    /// the next header of another name (`TOMLBlockDocument` parses it alone).
    struct Element: Sendable {
        var line: Int
        var text: Substring
    }

    /// By name, the elements of the arrays of tables read on demand.
    private var elements: [String: [Element]] = [:]
    /// The elements of the top-level arrays of tables that can be read on their own
    /// (`TOMLBlockDocument` parses them a chunk at a time).
    var blockElements: [String: [Element]] { elements }
    private let cache = ElementCache()

    init(_ text: String) {
        let lazy = Self.elements(of: text)
        self.init(text, lazy: lazy, firstLine: 1, earlierElements: 0)
    }

    /// The map of `text`, whose first line is line `firstLine` of the file; the elements
    /// of `lazy` kept aside, not in the tree. `earlierElements` counts the `[[…]]` headers
    /// of the array an element's own text starts with that came before it.
    private init(_ text: String, lazy: [String: [Element]], firstLine: Int, earlierElements: Int) {
        elements = lazy
        // Per header name path (without indices), its node in `arrays` and how many
        // `[[…]]` elements it has had so far; also a tree, for the same reason.
        var arrays = [ArrayCount()]
        var section = 0
        // The name of the element the lines are in, while they are in one of `lazy`'s.
        var element: String? = nil
        _ = TOMLScanner.scan(TOMLScanner.Lines(text)) { i, _, kind in
            let line = i + firstLine
            switch kind {
            case .header(let names, let isArray):
                guard !names.isEmpty else { return }
                if isArray, names.count == 1, lazy[names[0]] != nil {
                    // The name's first mention, for a path beyond its elements.
                    _ = record(0, .key(names[0]), line: line)
                    element = names[0]
                    return
                }
                if names[0] == element { return }
                element = nil
                var arrayNode = 0
                for name in names { arrayNode = Self.child(&arrays, arrayNode, name) }
                if isArray { arrays[arrayNode].count += 1 }
                if i == 0, earlierElements > 0 { arrays[arrayNode].count += earlierElements }
                // `[device.gestures]` belongs to the latest `[[device]]`, as in TOML; the
                // header introduces every table above it that was not written yet.
                var node = 0, level = 0
                for name in names {
                    level = Self.child(&arrays, level, name)
                    node = record(node, .key(name), line: line)
                    if arrays[level].count > 0 { node = record(node, .index(arrays[level].count), line: line) }
                }
                section = node
            case .key(let keys):
                guard element == nil else { return }
                var node = section
                for k in keys { node = record(node, .key(k), line: line) }
            case .other:
                return
            }
        }
    }

    /// The elements of each top-level array of tables whose every subtable header follows
    /// its element: where a line belongs is then known from the lines above it alone.
    private static func elements(of text: String) -> [String: [Element]] {
        var found: [String: [Element]] = [:]
        var stray: Set<String> = []
        var open: (name: String, line: Int, start: String.Index)? = nil
        _ = TOMLScanner.scan(TOMLScanner.Lines(text)) { i, raw, kind in
            guard case .header(let names, let isArray) = kind, let first = names.first else { return }
            if let o = open, isArray && names.count == 1 || first != o.name {
                found[o.name, default: []].append(Element(line: o.line, text: text[o.start..<raw.startIndex]))
                open = nil
            }
            if isArray && names.count == 1 {
                open = (first, i + 1, raw.startIndex)
            } else if open == nil, found[first] != nil {
                stray.insert(first)
            }
        }
        if let o = open { found[o.name, default: []].append(Element(line: o.line, text: text[o.start...])) }
        for name in stray { found[name] = nil }
        return found
    }

    /// The line of `path`, or of its nearest recorded ancestor; 1 when nothing is known.
    func line(of path: ConfigPath) -> Int {
        let c = path.components
        if c.count >= 2, case .key(let name) = c[0], case .index(let i) = c[1], let list = elements[name],
           list.indices.contains(i - 1)
        {
            return cache.map(name, i) {
                TOMLSourceMap(String(list[i - 1].text), lazy: [:], firstLine: list[i - 1].line, earlierElements: i - 1)
            }.line(of: path)
        }
        var node = 0, found = nodes[0].line ?? 1
        for c in path.components {
            guard let next = nodes[node].children[c] else { break }
            node = next
            if let l = nodes[node].line { found = l }
        }
        return found
    }

    /// The child `c` of `node`, made if new, with `line` unless it has one already.
    private mutating func record(_ node: Int, _ c: ConfigPath.Component, line: Int) -> Int {
        if let existing = nodes[node].children[c] {
            if nodes[existing].line == nil { nodes[existing].line = line }
            return existing
        }
        nodes.append(Node(line: line))
        nodes[node].children[c] = nodes.count - 1
        return nodes.count - 1
    }

    private struct ArrayCount {
        var count = 0
        var children: [String: Int] = [:]
    }

    private static func child(_ tree: inout [ArrayCount], _ node: Int, _ name: String) -> Int {
        if let c = tree[node].children[name] { return c }
        tree.append(ArrayCount())
        tree[node].children[name] = tree.count - 1
        return tree.count - 1
    }
}

/// The map of the element last asked for: errors come block by block, and a block with many
/// reads its text once.
private final class ElementCache: Sendable {
    private let last = Mutex<(name: String, index: Int, map: TOMLSourceMap)?>(nil)

    func map(_ name: String, _ index: Int, make: () -> TOMLSourceMap) -> TOMLSourceMap {
        last.withLock { last in
            if let last, last.name == name, last.index == index { return last.map }
            let map = make()
            last = (name, index, map)
            return map
        }
    }
}
