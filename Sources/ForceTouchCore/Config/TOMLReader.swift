import TOMLKit

/// Typed reads of TOML values where the configuration's parsers read a table by hand (the
/// root, `[quick-actions]`, the arrays of blocks): each returns nil after recording an
/// error, in the words of `RawValue`'s rules, which the schema's types (`BlockReader`) use too.
protocol TOMLReader {
    /// Records an error at `path`, located by the parser's source map.
    mutating func error(_ path: ConfigPath, _ message: String)
}

extension TOMLReader {
    mutating func typeError(_ path: ConfigPath, expected: String, found v: TOMLValueConvertible) {
        error(path, "expected \(expected), found \(RawValue(v).kind)")
    }

    /// `v` through one of `RawValue`'s rules (`numberValue`, `positive`…), its refusal recorded at `path`.
    mutating func read<T>(_ v: TOMLValueConvertible, _ path: ConfigPath, _ rule: (RawValue) throws -> T) -> T? {
        do {
            return try rule(RawValue(v))
        } catch {
            self.error(path, (error as? RawValue.Problem)?.message ?? "\(error)")
            return nil
        }
    }

    mutating func integer(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Int? { read(v, path) { try $0.integerValue() } }

    mutating func string(_ v: TOMLValueConvertible, _ path: ConfigPath) -> String? { read(v, path) { try $0.stringValue() } }

    mutating func table(_ v: TOMLValueConvertible, _ path: ConfigPath) -> TOMLTable? {
        guard let t = v.table else { typeError(path, expected: "a table", found: v); return nil }
        return t
    }

    /// A command line as an array of strings, its first element a program.
    mutating func argv(_ v: TOMLValueConvertible, _ p: ConfigPath, example: String) -> [String]? {
        read(v, p) { try $0.argv(example: example) }
    }

    /// Records an error for every key of `table` not in `allowed`; returns false if any.
    /// Typos must not pass silently: an unknown key is an error, with the nearest known
    /// key offered when one is close.
    mutating func checkKeys(_ table: TOMLTable, _ path: ConfigPath, allowed: [String],
                            hint: (String) -> String? = { _ in nil }) -> Bool {
        let unknown = table.keys.filter { !allowed.contains($0) }
        for key in unknown { error(path / key, BlockReader.unknownKey(key, of: allowed, hint: hint)) }
        return unknown.isEmpty
    }

    /// The allowed key nearest to `key`: one that contains it (`timeout` for
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
