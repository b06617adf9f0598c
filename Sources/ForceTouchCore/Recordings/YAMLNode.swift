/// A YAML document as libyaml composes it, kept small: a `libinput record` file is one node
/// per number, so a node is a few words and its scalar a small string, with the line it
/// came from (1-based) for error messages.
///
/// Anchors and aliases are refused, not expanded: no recording uses them, and an alias is how
/// a small YAML text makes a huge tree.
enum YAMLNode {
    /// A scalar's text, and its line with whether it was plain folded into one word
    /// (`ScalarLine`): a node is then 24 bytes, not 32, and a recording is mostly scalars.
    case scalar(String, ScalarLine)
    case sequence([YAMLNode], line: Int32)
    case mapping([YAMLPair], line: Int32)

    /// A scalar's line, and whether it was written without quotes, in 32 bits.
    struct ScalarLine {
        private let bits: UInt32

        init(line: Int32, plain: Bool) {
            bits = UInt32(clamping: max(line, 0)) & 0x7fff_ffff | (plain ? 0x8000_0000 : 0)
        }

        var line: Int32 { Int32(bitPattern: bits & 0x7fff_ffff) }
        var plain: Bool { bits & 0x8000_0000 != 0 }
    }

    static func scalar(_ text: String, plain: Bool, line: Int32) -> YAMLNode {
        .scalar(text, ScalarLine(line: line, plain: plain))
    }

    var line: Int {
        switch self {
        case .scalar(_, let at): Int(at.line)
        case .sequence(_, let line), .mapping(_, let line): Int(line)
        }
    }

    /// The scalar's text, or nil for a collection.
    var string: String? {
        if case .scalar(let s, _) = self { s } else { nil }
    }

    /// Whether the scalar was written without quotes: only a plain `~` or `null` is null.
    var isPlainScalar: Bool {
        if case .scalar(_, let at) = self { at.plain } else { false }
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
