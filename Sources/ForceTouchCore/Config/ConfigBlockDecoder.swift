import FoundationEssentials
import TOMLKit

/// The one way a piece of the configuration's TOML becomes a value: every table — the root,
/// `[general]`, each `[[binding]]`, each `[[intent]]` — goes through its `Decodable` schema
/// here (TOMLKit's decoder, with a `BlockReader.Sink` collecting every problem), and every
/// problem becomes a `file:line: key: message` at the line the source map gives its path.
struct ConfigBlockDecoder {
    let file: String
    let map: TOMLSourceMap
    /// How files the configuration refers to are read, and users and groups are found.
    let lookups: ConfigurationLookups?

    /// What one decoding gave: the value (nil when refused), whether the table had no
    /// error, and its problems, errors and warnings.
    struct Result<T> {
        var value: T?
        var ok: Bool
        var problems: [ConfigError]
    }

    /// `t` through `T`'s schema, its problems placed below `path`.
    func decode<T: Decodable>(_ type: T.Type, _ t: TOMLTable, at path: ConfigPath,
                              owner: Action.Owner? = nil) -> Result<T> {
        let sink = BlockReader.Sink()
        var decoder = TOMLDecoder()
        decoder.userInfo[BlockReader.Sink.key] = sink
        decoder.userInfo[Action.ownerKey] = owner
        decoder.userInfo[ConfigurationLookups.key] = lookups
        var value: T?
        var other: (ConfigPath, String)?
        do { value = try decoder.decode(T.self, from: t) } catch is BlockReader.Refused {} catch {
            other = Self.problem(error)
        }
        var problems = sink.problems.map { p in
            problem(ConfigPath(path.components + Self.components(p.path)), p.message,
                    severity: p.isWarning ? .warning : .error)
        }
        if let (at, message) = other { problems.append(problem(ConfigPath(path.components + at.components), message)) }
        return Result(value: value, ok: other == nil && !sink.problems.contains { !$0.isWarning }, problems: problems)
    }

    /// The value at `path` as a table, or the error saying what it is instead.
    func table(_ v: TOMLValueConvertible, at path: ConfigPath) -> Swift.Result<TOMLTable, ConfigError> {
        guard let t = v.table else { return .failure(problem(path, "expected a table, found \(RawValue(v).kind)")) }
        return .success(t)
    }

    /// The elements of an array of tables at `path`, with their 1-based index, and an
    /// error for each thing that is not one (`notArray` when a single table was written).
    func tables(_ v: TOMLValueConvertible, at path: ConfigPath, notArray: String,
                expected: String) -> (tables: [(Int, TOMLTable)], problems: [ConfigError]) {
        guard let array = v.array else {
            return ([], [problem(path, v.type == .table ? notArray : "expected \(expected), found \(RawValue(v).kind)")])
        }
        var out: [(Int, TOMLTable)] = []
        var problems: [ConfigError] = []
        for (i, element) in array.enumerated() {
            switch table(element, at: path.appending(index: i + 1)) {
            case .success(let t): out.append((i + 1, t))
            case .failure(let e): problems.append(e)
            }
        }
        return (out, problems)
    }

    /// A problem at `path`, at the line the source map gives it.
    func problem(_ path: ConfigPath, _ message: String, severity: ConfigError.Severity = .error) -> ConfigError {
        ConfigError(file: file, line: map.line(of: path), key: path.description, message: message, severity: severity)
    }

    /// Where a decoding problem is (relative to the table decoded) and what it says.
    static func problem(_ error: any Error) -> (ConfigPath, String) {
        guard case DecodingError.dataCorrupted(let c) = error else {
            return (.root, DecodingErrorText.message(for: error))
        }
        return (ConfigPath(components(c.codingPath)), c.debugDescription)
    }

    /// A coding path as configuration path components: array positions counted from 1.
    static func components(_ codingPath: [any CodingKey]) -> [ConfigPath.Component] {
        codingPath.map { key in key.intValue.map { ConfigPath.Component.index($0 + 1) } ?? .key(key.stringValue) }
    }
}
