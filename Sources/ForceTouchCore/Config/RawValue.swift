import ForceTouchProtocol
import TOMLKit

/// A value as written, before a rule gives it a meaning, read the same from TOML (a
/// `TOMLDecoder`, or a TOMLKit value) and JSON, so that one message names what was found
/// ("found an integer") wherever the value came from. The rules shared by the action
/// (`Action+Decoding`) and the configuration's readers (`TOMLReader`) are written on it once.
enum RawValue {
    case string(String), integer(Int), number(Double), bool(Bool), array([RawValue]), table([String: RawValue])
    /// A TOML date, time or date-time, which no action takes; the text names which.
    case other(String)

    /// A rule's refusal: the sentence to show at the value's key.
    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// A TOMLKit value as read.
    init(_ v: TOMLValueConvertible) {
        self = switch v.type {
        case .string: .string(v.string!)
        case .int: .integer(v.int!)
        case .double: .number(v.double!)
        case .bool: .bool(v.bool!)
        case .array: .array(v.array!.map { RawValue($0) })
        case .table: .table(Dictionary(uniqueKeysWithValues: v.table!.keys.map { ($0, RawValue(v.table![$0]!)) }))
        case .date: .other("a date")
        case .time: .other("a time")
        case .dateTime: .other("a date-time")
        }
    }

    /// Runs a rule on `key` of `c`, its refusal becoming a `DecodingError` at that key.
    static func at<T>(_ c: KeyedDecodingContainer<AnyKey>, _ key: String,
                      _ rule: () throws(Problem) -> T) throws(DecodingError) -> T {
        do {
            return try rule()
        } catch {
            throw corrupted(c, key, error.message)
        }
    }

    /// `key` of `c`. TOMLKit reports a date as a type mismatch before a value is read: it
    /// becomes `.other`, so the rule that refuses it can say so.
    static func read(_ c: KeyedDecodingContainer<AnyKey>, _ key: String) throws -> RawValue {
        do {
            return try c.decode(RawValue.self, forKey: AnyKey(key))
        } catch DecodingError.typeMismatch(let type, _) where type is TOMLDate.Type {
            return .other("a date")
        } catch DecodingError.typeMismatch(let type, _) where type is TOMLTime.Type {
            return .other("a time")
        } catch DecodingError.typeMismatch(let type, _) where type is TOMLDateTime.Type {
            return .other("a date-time")
        }
    }

    var kind: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .other(let what): what
        }
    }

    /// Integers count as numbers: `tap-time = 1` means 1.0, as a user would expect.
    func numberValue() throws(Problem) -> Double {
        let d: Double
        switch self {
        case .integer(let i): d = Double(i)
        case .number(let x): d = x
        default: throw Problem("expected a number, found \(kind)")
        }
        guard d.isFinite else { throw Problem("must be a finite number") }
        return d
    }

    /// A number within `range`: every duration, distance, size and factor has one
    /// (`NumberRange`), so that no written number can overflow what it is turned into.
    func number(in range: NumberRange) throws(Problem) -> Double {
        let d = try numberValue()
        if let problem = range.problem(d) { throw Problem(problem) }
        return d
    }

    func integerValue() throws(Problem) -> Int {
        guard case .integer(let i) = self else { throw Problem("expected an integer, found \(kind)") }
        return i
    }

    func stringValue() throws(Problem) -> String {
        guard case .string(let s) = self else { throw Problem("expected a string, found \(kind)") }
        return s
    }

    func boolValue() throws(Problem) -> Bool {
        guard case .bool(let b) = self else { throw Problem("expected true or false, found \(kind)") }
        return b
    }

    /// One of a fixed set of names, e.g. a sensitivity or a gesture.
    func name<T: RawRepresentable>(_ allowed: [T], what: String) throws(Problem) -> T where T.RawValue == String {
        let s = try stringValue()
        guard let value = allowed.first(where: { $0.rawValue == s }) else {
            throw Problem("unknown \(what) \"\(s)\"; expected \(KeyNames.list(allowed.map(\.rawValue)))")
        }
        return value
    }

    func nonEmptyString() throws(Problem) -> String {
        guard case .string(let s) = self else { throw Problem("expected a string, found \(kind)") }
        guard !s.isEmpty else { throw Problem("must not be empty") }
        return s
    }

    /// A command line as an array of strings, its first element a program.
    func argv(example: String) throws(Problem) -> [String] {
        guard case .array(let elements) = self else {
            if case .string = self {
                throw Problem("expected an argv array such as \(example), not a string; for a shell write [\"sh\", \"-c\", \"…\"]")
            }
            throw Problem("expected an argv array of strings, found \(kind)")
        }
        let argv = try elements.enumerated().map { (i, element) throws(Problem) in
            guard case .string(let s) = element else { throw Problem("element \(i + 1) must be a string, not \(element.kind)") }
            return s
        }
        guard let program = argv.first, !program.isEmpty else { throw Problem("needs a program to run as its first element") }
        return argv
    }

    /// The value as JSON, for an intent's literals; dates and times have no JSON form.
    func json() throws(Problem) -> JSONValue {
        switch self {
        case .string(let s): return .string(s)
        case .integer(let i): return .number(Double(i))
        case .number(let d): return .number(d)
        case .bool(let b): return .bool(b)
        case .array(let elements): return .array(try elements.map { (e) throws(Problem) in try e.json() })
        case .table(let t):
            var object: [String: JSONValue] = [:]
            for (key, value) in t { object[key] = try value.json() }
            return .object(object)
        case .other: throw Problem("expected a string, number, boolean, array or table, found \(kind)")
        }
    }

    /// A user-info value: a string, number or boolean, as UIApplicationShortcutItem's
    /// userInfo would hold and a script can read from JSON.
    func shortcutValue() throws(Problem) -> ShortcutValue {
        switch self {
        case .string(let s): .string(s)
        case .bool(let b): .bool(b)
        case .integer(let i): .number(Double(i))
        case .number(let d) where d.isFinite: .number(d)
        case .number: throw Problem("must be a finite number")
        default: throw Problem("must be a string, number or boolean, not \(kind)")
        }
    }

    /// A string, number, boolean, or an array of them (a point is `[x, y]`).
    func literal() throws(Problem) -> LiteralValue {
        switch self {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .integer(let i): return .number(Double(i))
        case .number(let d):
            guard d.isFinite else { throw Problem("must be a finite number") }
            return .number(d)
        case .array(let elements):
            return .list(try elements.map { (element) throws(Problem) in
                if case .array = element { throw Problem("lists cannot nest") }
                return try element.literal()
            })
        case .table, .other:
            throw Problem("expected a string, number, boolean or list, found \(kind)")
        }
    }
}

extension RawValue: Decodable {
    /// A value is one kind only, in TOML as in JSON, so the order of the tries changes what
    /// they cost, not what they find. It matters for TOMLKit, which never frees what it hands
    /// out: a failed scalar try describes the value in its error (an array or table converted
    /// to TOML text, a string copied twice), and each string read is a copy. Containers are
    /// asked for first (a refusal there names only the type), and strings, the commonest
    /// scalar, before the other scalars: one copy per string instead of seven, no text per
    /// array, where this once leaked about four times the configuration's size.
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let isContainer = (try? decoder.unkeyedContainer()) != nil
            || (try? decoder.container(keyedBy: AnyKey.self)) != nil
        if !isContainer, let s = try? c.decode(String.self) {
            self = .string(s)
        } else if !isContainer, let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if !isContainer, let i = try? c.decode(Int.self) {
            self = .integer(i)
        } else if !isContainer, let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let a = try? c.decode([RawValue].self) {
            self = .array(a)
        } else if let k = try? decoder.container(keyedBy: AnyKey.self) {
            self = .table(try Dictionary(uniqueKeysWithValues: k.allKeys.map { ($0.stringValue, try RawValue.read(k, $0.stringValue)) }))
        } else {
            self = .other(c.decodeNil() ? "null" : "a date or time")
        }
    }
}
