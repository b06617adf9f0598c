/// An fnmatch(3)-style pattern for device names: `*` any run of characters, `?` any one,
/// `[abc]` / `[a-z]` / `[!a-z]` (or `[^a-z]`) one character of a set, `\x` a literal `x`.
///
/// Compiled once at load so matching (per device, and per gesture event for bindings)
/// never re-parses. Case-sensitive like fnmatch and udev's globs: device names are
/// reported by the kernel exactly, so a pattern copied from `forcetest list` matches.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    /// Why a pattern was refused.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var message: String
    }

    private enum Token: Hashable, Sendable {
        case literal(Character)
        case any
        case anyRun
        case set([ClosedRange<Character>], negated: Bool)
    }

    public let pattern: String
    /// Empty when the pattern is `literal`.
    private let tokens: [Token]
    /// The one name a pattern without wildcards matches (its escapes read). Kept as a
    /// string rather than a token per character: a configuration of 10,000 bindings, each
    /// for its own device name, spent 3.6 times the file's size on those tokens.
    private let literal: String?

    public init(_ pattern: String) throws(SyntaxError) {
        self.pattern = pattern
        let tokens = try Glob.compile(Array(pattern))
        if tokens.allSatisfy({ if case .literal = $0 { true } else { false } }) {
            literal = String(tokens.compactMap { if case .literal(let c) = $0 { c } else { nil } })
            self.tokens = []
        } else {
            literal = nil
            self.tokens = tokens
        }
    }

    public var description: String { pattern }

    /// The pattern as compiled, however it was escaped: two globs with the same shape match
    /// the same names. What `DeviceShadowIndex` files patterns by.
    struct Shape: Hashable, Sendable {
        private let tokens: [Token]
        private let literal: String?
        fileprivate init(_ glob: Glob) { (tokens, literal) = (glob.tokens, glob.literal) }
    }

    var shape: Shape { Shape(self) }

    /// The literal characters a wildcard pattern starts with (`"Wacom "` of `Wacom *`):
    /// every name it matches starts with them. The whole name for a literal pattern.
    var literalPrefix: String {
        if let literal { return literal }
        var prefix = ""
        for token in tokens {
            guard case .literal(let c) = token else { break }
            prefix.append(c)
        }
        return prefix
    }

    /// True when the pattern has no wildcard, i.e. it only matches itself.
    public var isLiteral: Bool { literal != nil }

    /// True when the pattern matches every name (`*`).
    public var matchesEverything: Bool { tokens == [.anyRun] }

    /// Whether every name `other` matches, this matches too, as far as it can be told
    /// without enumerating names: this matches everything, both are the same pattern
    /// (however escaped), or `other` is literal and this matches its one name. False in
    /// every other case, so a caller warning about overlap never warns wrongly.
    public func covers(_ other: Glob) -> Bool {
        if matchesEverything || (tokens, literal) == (other.tokens, other.literal) { return true }
        guard let name = other.literal else { return false }
        return matches(name)
    }

    private static func compile(_ p: [Character]) throws(SyntaxError) -> [Token] {
        var out: [Token] = []
        var i = 0
        while i < p.count {
            let c = p[i]
            switch c {
            case "*":
                // Runs of stars mean the same as one; collapsing keeps matching linear.
                if out.last != .anyRun { out.append(.anyRun) }
                i += 1
            case "?":
                out.append(.any)
                i += 1
            case "\\":
                guard i + 1 < p.count else { throw SyntaxError(message: "ends with a lone backslash") }
                out.append(.literal(p[i + 1]))
                i += 2
            case "[":
                var j = i + 1
                var negated = false
                if j < p.count, p[j] == "!" || p[j] == "^" { negated = true; j += 1 }
                var ranges: [ClosedRange<Character>] = []
                var first = true
                // As in fnmatch, a `]` right after the opening bracket is a member, not the end.
                while j < p.count, p[j] != "]" || first {
                    first = false
                    var lo = p[j]
                    if lo == "\\", j + 1 < p.count { j += 1; lo = p[j] }
                    if j + 2 < p.count, p[j + 1] == "-", p[j + 2] != "]" {
                        var hi = p[j + 2]
                        j += 2
                        if hi == "\\", j + 1 < p.count { j += 1; hi = p[j] }
                        guard lo <= hi else {
                            throw SyntaxError(message: "range \(lo)-\(hi) is backwards")
                        }
                        ranges.append(lo...hi)
                    } else {
                        ranges.append(lo...lo)
                    }
                    j += 1
                }
                guard j < p.count else { throw SyntaxError(message: "has an unclosed [") }
                out.append(.set(ranges, negated: negated))
                i = j + 1
            default:
                out.append(.literal(c))
                i += 1
            }
        }
        return out
    }

    public func matches(_ name: String) -> Bool {
        // By Character, as the tokens compare.
        if let literal { return name.elementsEqual(literal) }
        let s = Array(name)
        // Iterative matching with one backtrack point (the last `*`), the classic linear
        // approach: a later star supersedes an earlier one, so no deeper backtracking is needed.
        var t = 0, i = 0
        var starToken = -1, starIndex = 0
        while i < s.count {
            if t < tokens.count {
                switch tokens[t] {
                case .anyRun:
                    starToken = t
                    starIndex = i
                    t += 1
                    continue
                case .any:
                    t += 1; i += 1
                    continue
                case .literal(let c) where c == s[i]:
                    t += 1; i += 1
                    continue
                case .set(let ranges, let negated) where ranges.contains(where: { $0.contains(s[i]) }) != negated:
                    t += 1; i += 1
                    continue
                default:
                    break
                }
            }
            guard starToken >= 0 else { return false }
            starIndex += 1
            i = starIndex
            t = starToken + 1
        }
        while t < tokens.count, tokens[t] == .anyRun { t += 1 }
        return t == tokens.count
    }
}
