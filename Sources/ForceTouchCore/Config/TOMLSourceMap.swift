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
struct TOMLSourceMap: Sendable {
    private struct Node: Sendable {
        /// Where the path was first mentioned: where a reader looks for it.
        var line: Int?
        var children: [ConfigPath.Component: Int] = [:]
    }

    /// `nodes[0]` is the root.
    private var nodes = [Node()]

    init(_ text: String) {
        // Per header name path (without indices), its node in `arrays` and how many
        // `[[…]]` elements it has had so far; also a tree, for the same reason.
        var arrays = [ArrayCount()]
        var section = 0
        for (i, kind) in TOMLScanner.classify(TOMLScanner.lines(text)).enumerated() {
            switch kind {
            case .header(let names, let isArray):
                guard !names.isEmpty else { continue }
                var arrayNode = 0
                for name in names { arrayNode = Self.child(&arrays, arrayNode, name) }
                if isArray { arrays[arrayNode].count += 1 }
                // `[device.gestures]` belongs to the latest `[[device]]`, as in TOML; the
                // header introduces every table above it that was not written yet.
                var node = 0, level = 0
                for name in names {
                    level = Self.child(&arrays, level, name)
                    node = record(node, .key(name), line: i + 1)
                    if arrays[level].count > 0 { node = record(node, .index(arrays[level].count), line: i + 1) }
                }
                section = node
            case .key(let keys):
                var node = section
                for k in keys { node = record(node, .key(k), line: i + 1) }
            case .other:
                continue
            }
        }
    }

    /// The line of `path`, or of its nearest recorded ancestor; 1 when nothing is known.
    func line(of path: ConfigPath) -> Int {
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
