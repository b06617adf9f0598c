/// How the configuration's errors name keys and values: the nearest known name offered for
/// a misspelt one, and lists of the names allowed. Every reader of the configuration (the
/// blocks' schemas, the parsers' cross-checks, `forcectl`'s intent arguments) says it the
/// same way.
enum KeyNames {
    /// `unknown key`, with the nearest of `keys` offered, or `hint`'s words.
    static func unknownKey(_ key: String, of keys: [String], hint: (String) -> String? = { _ in nil }) -> String {
        if let h = hint(key) { return "unknown key; " + h }
        guard let near = nearest(key, in: keys) else { return "unknown key" }
        return "unknown key; did you mean \"\(near)\"?"
    }

    /// The allowed name nearest to `key`: one that contains it (`timeout` for
    /// `action-timeout`), else one within a small edit distance.
    static func nearest(_ key: String, in allowed: [String]) -> String? {
        if key.count >= 3, let whole = allowed.first(where: { $0.hasSuffix(key) || $0.hasPrefix(key) }) {
            return whole
        }
        let limit = max(1, min(3, key.count / 3))
        var best: (String, Int)? = nil
        for candidate in allowed {
            let d = editDistance(key, candidate)
            if d <= limit, d < (best?.1 ?? .max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance, treating `_` and `-` alike since `long_press_time` is the
    /// commonest way to misspell `long-press-time`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased().replacingUnderscores), y = Array(b.lowercased().replacingUnderscores)
        var row = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: y.count, by: 1) {
                let substitution = previous + (x[i - 1] == y[j - 1] ? 0 : 1)
                previous = row[j]
                row[j] = min(substitution, row[j] + 1, row[j - 1] + 1)
            }
        }
        return x.isEmpty ? y.count : row[y.count]
    }

    /// `a, b or c`, quoted.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}

private extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
