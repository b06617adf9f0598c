/// A YAML document as libyaml composes it, kept small: a `libinput record` file is one node
/// per number, so a node is a few words and its scalar a small string, with the line it
/// came from (1-based) for error messages.
///
/// Anchors and aliases are refused, not expanded: no recording uses them, and an alias is how
/// a small YAML text makes a huge tree.
enum YAMLNode {
    case scalar(String, plain: Bool, line: Int32)
    case sequence([YAMLNode], line: Int32)
    case mapping([YAMLPair], line: Int32)

    var line: Int {
        switch self {
        case .scalar(_, _, let line), .sequence(_, let line), .mapping(_, let line): Int(line)
        }
    }

    /// The scalar's text, or nil for a collection.
    var string: String? {
        if case .scalar(let s, _, _) = self { s } else { nil }
    }

    /// Whether the scalar was written without quotes: only a plain `~` or `null` is null.
    var isPlainScalar: Bool {
        if case .scalar(_, let plain, _) = self { plain } else { false }
    }

    var sequence: [YAMLNode]? {
        if case .sequence(let items, _) = self { items } else { nil }
    }

    var mapping: [YAMLPair]? {
        if case .mapping(let pairs, _) = self { pairs } else { nil }
    }
}

/// One key and its value in a mapping; a mapping keeps its pairs in document order.
struct YAMLPair {
    var key: YAMLNode
    var value: YAMLNode
}

extension [YAMLPair] {
    /// The value of the key with this text.
    subscript(key: String) -> YAMLNode? {
        first { $0.key.string == key }?.value
    }
}
