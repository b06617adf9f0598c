import ForceTouchProtocol
import FoundationEssentials

/// The types an intent parameter can have (SPEC §7), by their configuration names.
public enum IntentParameterType: String, Hashable, Sendable, CaseIterable {
    case string
    case number
    case boolean
    /// An absolute path to a file that exists when the intent runs.
    case file
    /// A position, such as a gesture's, as x and y.
    case point
    /// A force in units of an average touch (never negative).
    case force
}

/// A typed parameter value, as resolution produces it and handlers receive it.
public enum IntentValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case file(String)
    case point(x: Double, y: Double)
    case force(Double)

    public var type: IntentParameterType {
        switch self {
        case .string: .string
        case .number: .number
        case .bool: .boolean
        case .file: .file
        case .point: .point
        case .force: .force
        }
    }

    /// How a handler reads it on stdin: strings and paths as JSON strings, numbers and
    /// forces as numbers, a point as `{"x":…,"y":…}`.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let s), .file(let s): .string(s)
        case .number(let d), .force(let d): .number(d)
        case .bool(let b): .bool(b)
        case .point(let x, let y): .object(["x": .number(x), "y": .number(y)])
        }
    }

    public var json: String { jsonValue.json }

    /// As one line of text, for environment variables and messages: a point as `x,y`, the
    /// same form `forcectl intent NAME key=value` reads.
    public var text: String {
        switch self {
        case .string(let s), .file(let s): s
        case .number(let d), .force(let d): TextFormat.number(d)
        case .bool(let b): b ? "true" : "false"
        case .point(let x, let y): TextFormat.number(x) + "," + TextFormat.number(y)
        }
    }

    /// Converts a raw value — a configuration literal, a gesture field, a step's output,
    /// or the text of a `key=value` — to `type`. The failure says why in words fit for a
    /// user (it becomes the reason of an `unsupported` resolution).
    ///
    /// Text is read leniently for every type ("2.5" is a number, "yes" a boolean, "0.5,0.5"
    /// a point) since a previous step's output and a command line are always text; JSON
    /// values convert where the meaning is plain (a number to a string, `[x, y]` or
    /// `{"x":…,"y":…}` to a point). Whether a file exists is not checked here: that is I/O,
    /// left to resolution.
    public static func coerce(_ raw: JSONValue, to type: IntentParameterType) -> Result<IntentValue, IntentValueError> {
        func fail(_ reason: String) -> Result<IntentValue, IntentValueError> { .failure(IntentValueError(reason)) }
        func quoted(_ s: String) -> String { TextFormat.quoted(s) }
        switch type {
        case .string:
            switch raw {
            case .string(let s): return .success(.string(s))
            case .number(let d): return .success(.string(TextFormat.number(d)))
            case .bool(let b): return .success(.string(b ? "true" : "false"))
            default: return fail("expected a string, got \(raw.kindDescription)")
            }
        case .number, .force:
            let d: Double
            switch raw {
            case .number(let n): d = n
            case .string(let s):
                guard let n = number(s) else { return fail("\(quoted(s)) is not a number") }
                d = n
            default: return fail("expected a number, got \(raw.kindDescription)")
            }
            guard d.isFinite else { return fail("\(TextFormat.number(d)) is not a finite number") }
            if type == .number { return .success(.number(d)) }
            guard d >= 0 else { return fail("a force cannot be negative (\(TextFormat.number(d)))") }
            return .success(.force(d))
        case .boolean:
            switch raw {
            case .bool(let b): return .success(.bool(b))
            case .number(let d) where d == 0 || d == 1: return .success(.bool(d == 1))
            case .string(let s):
                switch trimmed(s, \.isWhitespace).lowercased() {
                case "true", "yes", "on", "1": return .success(.bool(true))
                case "false", "no", "off", "0": return .success(.bool(false))
                default: return fail("\(quoted(s)) is not a boolean (true/false, yes/no, on/off, 1/0)")
                }
            default: return fail("expected a boolean, got \(raw.kindDescription)")
            }
        case .file:
            guard case .string(let s) = raw else { return fail("expected a file path, got \(raw.kindDescription)") }
            var path = s
            if path.hasPrefix("file://") {
                let rest = path.dropFirst("file://".count)
                // file:///a/b or file://localhost/a/b; any other host is not a local file.
                guard let slash = rest.firstIndex(of: "/"), rest[..<slash].isEmpty || rest[..<slash] == "localhost"
                else { return fail("\(quoted(s)) is not a local file") }
                guard let decoded = percentDecoded(rest[slash...]) else {
                    return fail("\(quoted(s)) is not a valid file URL")
                }
                path = decoded
            }
            // The daemon's working directory means nothing to the user, so a relative path
            // could only ever name the wrong file.
            guard path.hasPrefix("/") else { return fail("\(quoted(s)) is not an absolute path") }
            return .success(.file(path))
        case .point:
            var coordinates: [Double]? = nil
            switch raw {
            case .array(let a):
                coordinates = a.compactMap { if case .number(let d) = $0 { d } else { nil } }
                if coordinates?.count != a.count { coordinates = nil }
            case .object(let o):
                if case .number(let x)? = o["x"], case .number(let y)? = o["y"] { coordinates = [x, y] }
            case .string(let s):
                let parts = s.split(separator: ",", omittingEmptySubsequences: false)
                let numbers = parts.compactMap { number(String($0)) }
                if numbers.count == parts.count { coordinates = numbers }
            default:
                break
            }
            guard let c = coordinates, c.count == 2 else {
                let shown = if case .string(let s) = raw { quoted(s) } else { raw.kindDescription }
                return fail("\(shown) is not a point; expected \"x,y\", [x, y] or {\"x\": …, \"y\": …}")
            }
            guard c.allSatisfy(\.isFinite) else { return fail("a point needs finite coordinates") }
            return .success(.point(x: c[0], y: c[1]))
        }
    }

    /// Parses the text of a `key=value` argument as `type`.
    public static func parse(_ text: String, as type: IntentParameterType) -> Result<IntentValue, IntentValueError> {
        coerce(.string(text), to: type)
    }

    /// A decimal number, surrounding blanks allowed; not `inf`, `nan` or hexadecimal.
    private static func number(_ s: String) -> Double? {
        let t = trimmed(s) { $0.isWhitespace && !$0.isNewline }
        guard !t.isEmpty, t.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        return Double(t)
    }

    /// A URL path with its `%XX` escapes decoded; nil for a stray `%` or bytes that are not
    /// UTF-8, as Foundation's removingPercentEncoding does.
    private static func percentDecoded(_ s: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = s.utf8.startIndex
        while i < s.utf8.endIndex {
            let b = s.utf8[i]
            i = s.utf8.index(after: i)
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            let hex = s.utf8[i...].prefix(2)
            guard hex.count == 2, hex.allSatisfy({ (48...57).contains($0) || (97...102).contains($0 | 0x20) }),
                  let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            i = s.utf8.index(i, offsetBy: 2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `s` without the leading and trailing characters `blank` picks: trimmingCharacters(in:)
    /// is Foundation's, and CharacterSet brings ICU with it.
    private static func trimmed(_ s: String, _ blank: (Character) -> Bool) -> String {
        guard let first = s.firstIndex(where: { !blank($0) }), let last = s.lastIndex(where: { !blank($0) }) else { return "" }
        return String(s[first...last])
    }
}

/// Why a raw value is not of a parameter's type.
public struct IntentValueError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
