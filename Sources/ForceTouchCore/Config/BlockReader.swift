/// Reads the keys of one block of the configuration's schema (a `Decodable` type's table),
/// the same from TOML (TOMLKit's `TOMLDecoder`) and from JSON.
///
/// Every value is read as a `RawValue`, so a wrong type says what was found whatever the
/// decoder (TOMLKit reports one as "key not found" and reads no integer as a Double).
/// With a `Sink` in the decoder's `userInfo` (the configuration), a refused key is recorded
/// and reading goes on, so one run names every bad key of a block; `finish()` then throws
/// `Refused` once, dropping the block. Without one (JSON on the socket) the first problem is
/// thrown as a `DecodingError.dataCorrupted` at its key, as `Action` reports its own.
final class BlockReader {
    /// Where a configuration's decoding records its problems, by coding path. One decoding
    /// uses it on one thread; `@unchecked` only because `userInfo` takes Sendable values.
    final class Sink: @unchecked Sendable {
        struct Problem {
            var path: [any CodingKey]
            var message: String
            var isWarning: Bool
        }

        var problems: [Problem] = []
        static let key = CodingUserInfoKey(rawValue: "forcetouch.diagnostics")!
    }

    /// Thrown by `finish()` after the block's problems went to the sink.
    struct Refused: Error {}

    let c: KeyedDecodingContainer<AnyKey>
    let sink: Sink?
    /// Whether anything was refused; shared with the readers of nested tables.
    private(set) var failed = false
    private let parent: BlockReader?

    /// Reports every key not in `keys`, with the nearest known one (or `hint`'s words) offered.
    init(_ decoder: any Decoder, keys: [String], hint: (String) -> String? = { _ in nil }) throws {
        c = try decoder.container(keyedBy: AnyKey.self)
        sink = decoder.userInfo[Sink.key] as? Sink
        parent = nil
        try checkKeys(keys, hint: hint)
    }

    private init(_ c: KeyedDecodingContainer<AnyKey>, parent: BlockReader) {
        self.c = c
        sink = parent.sink
        self.parent = parent
    }

    private func checkKeys(_ keys: [String], hint: (String) -> String? = { _ in nil }) throws {
        for key in c.allKeys.map(\.stringValue) where !keys.contains(key) {
            try report(key, KeyNames.unknownKey(key, of: keys, hint: hint))
        }
    }

    /// Whether `key` is written; JSON's `null` counts as absent, as `decodeIfPresent` has it.
    func has(_ key: String) -> Bool { c.contains(AnyKey(key)) && (try? c.decodeNil(forKey: AnyKey(key))) != true }

    /// Records `message` at `key` (nil: the block itself); without a sink, throws it.
    func report(_ key: String?, _ message: String, warning: Bool = false) throws {
        try report(path: c.codingPath + (key.map { [AnyKey($0)] } ?? []), message, warning: warning)
    }

    func report(path: [any CodingKey], _ message: String, warning: Bool = false) throws {
        guard let sink else { throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: message)) }
        sink.problems.append(.init(path: path, message: message, isWarning: warning))
        if !warning { markFailed() }
    }

    private func markFailed() {
        failed = true
        parent?.markFailed()
    }

    /// The value at `key` through `rule`; nil when absent, or refused (and reported).
    func callAsFunction<T>(_ key: String, _ rule: (RawValue) throws -> T) throws -> T? {
        guard has(key) else { return nil }
        let value = try RawValue.read(c, key)
        do {
            return try rule(value)
        } catch let problem as RawValue.Problem {
            try report(key, problem.message)
            return nil
        }
    }

    /// The table at `key`, to read with `keys` (nil: any); nil when absent or not a table (reported).
    func nested(_ key: String, keys: [String]?, expected: String = "a table") throws -> BlockReader? {
        guard try isTable(key, expected: expected) else { return nil }
        let reader = BlockReader(try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key)), parent: self)
        if let keys { try reader.checkKeys(keys) }
        return reader
    }

    /// Whether `key` holds a table; false when absent, or (reported) when something else.
    private func isTable(_ key: String, expected: String) throws -> Bool {
        guard has(key) else { return false }
        let value = try RawValue.read(c, key)
        guard case .table = value else {
            try report(key, "expected \(expected), found \(value.kind)")
            return false
        }
        return true
    }

    /// The schema type `T` written as a table at `key`.
    func decode<T: Decodable>(_ type: T.Type, _ key: String, expected: String = "a table") throws -> T? {
        guard try isTable(key, expected: expected) else { return nil }
        return try decode { try c.decode(T.self, forKey: AnyKey(key)) }
    }

    /// A nested schema type, or one read with this decoder (`Action`'s keys sit in the
    /// block's own table): what it refuses is reported here, where it says.
    func decode<T>(_ decode: () throws -> T) throws -> T? {
        let before = sink?.problems.count ?? 0
        do {
            let value = try decode()
            if (sink?.problems.count ?? 0) > before, sink?.problems[before...].contains(where: { !$0.isWarning }) == true {
                markFailed()
            }
            return value
        } catch is Refused {
            markFailed()
            return nil
        } catch DecodingError.dataCorrupted(let context) where sink != nil {
            try report(path: context.codingPath, context.debugDescription)
            return nil
        }
    }

    /// Drops the block if anything in it was refused.
    func finish() throws {
        if failed { throw Refused() }
    }
}
