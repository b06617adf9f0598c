import TOMLKit

/// Typed reads of TOML values, shared by the configuration's parsers (`ConfigurationParser`,
/// `IntentConfigParser`): each returns nil after recording an error that says what was
/// expected and what was found, so callers only decide what a missing value costs, and the
/// same mistake reads the same in every table.
protocol TOMLReader {
    /// Records an error at `path`, located by the parser's source map.
    mutating func error(_ path: ConfigPath, _ message: String)
}

extension TOMLReader {
    /// `a string`, `an integer`…: the found half of a type error.
    static func describe(_ v: TOMLValueConvertible) -> String { RawValue(v).kind }

    mutating func typeError(_ path: ConfigPath, expected: String, found v: TOMLValueConvertible) {
        error(path, "expected \(expected), found \(Self.describe(v))")
    }

    /// Integers count as numbers: `tap-time = 1` means 1.0, as a user would expect.
    mutating func number(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Double? {
        let d: Double
        if let i = v.int { d = Double(i) } else if let x = v.double { d = x } else {
            typeError(path, expected: "a number", found: v)
            return nil
        }
        guard d.isFinite else { error(path, "must be a finite number"); return nil }
        return d
    }

    mutating func integer(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Int? {
        guard let i = v.int else { typeError(path, expected: "an integer", found: v); return nil }
        return i
    }

    mutating func string(_ v: TOMLValueConvertible, _ path: ConfigPath) -> String? {
        guard let s = v.string else { typeError(path, expected: "a string", found: v); return nil }
        return s
    }

    mutating func bool(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Bool? {
        guard let b = v.bool else { typeError(path, expected: "true or false", found: v); return nil }
        return b
    }

    mutating func table(_ v: TOMLValueConvertible, _ path: ConfigPath) -> TOMLTable? {
        guard let t = v.table else { typeError(path, expected: "a table", found: v); return nil }
        return t
    }

    /// A number greater than zero: durations, distances, timeouts.
    mutating func positive(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Double? {
        guard let d = number(v, path) else { return nil }
        guard d > 0 else { error(path, "must be greater than 0, not \(TextFormat.number(d))"); return nil }
        return d
    }

    /// A command line as an array of strings, its first element a program.
    mutating func argv(_ v: TOMLValueConvertible, _ p: ConfigPath, example: String) -> [String]? {
        do {
            return try RawValue(v).argv(example: example)
        } catch {
            self.error(p, error.message)
            return nil
        }
    }

    /// One of a fixed set of names, e.g. a sensitivity or a gesture.
    mutating func name<T: RawRepresentable>(_ v: TOMLValueConvertible, _ path: ConfigPath,
                                            _ allowed: [T], what: String) -> T? where T.RawValue == String {
        guard let s = string(v, path) else { return nil }
        guard let value = allowed.first(where: { $0.rawValue == s }) else {
            error(path, "unknown \(what) \"\(s)\"; expected \(Self.list(allowed.map(\.rawValue)))")
            return nil
        }
        return value
    }

    /// Records an error for every key of `table` not in `allowed`; returns false if any.
    /// Typos must not pass silently: an unknown key is an error, with the nearest known
    /// key offered when one is close.
    mutating func checkKeys(_ table: TOMLTable, _ path: ConfigPath, allowed: [String],
                            hint: (String) -> String? = { _ in nil }) -> Bool {
        var ok = true
        for key in table.keys where !allowed.contains(key) {
            ok = false
            var message = "unknown key"
            if let h = hint(key) {
                message += "; " + h
            } else if let near = Self.nearest(key, in: allowed) {
                message += "; did you mean \"\(near)\"?"
            }
            error(path / key, message)
        }
        return ok
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
