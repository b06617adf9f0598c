/// What went wrong in a decoding, as the sentence a person is shown: the path to the value
/// (`items[2].title`, counting from 1) and what it should have been. Used for every JSON the
/// daemon reads from others (the control socket's items, the dynamic-items file) and the
/// configuration's errors that TOMLKit reports as a `DecodingError`.
public enum DecodingErrorText {
    /// `items[2].title: must not be empty` from a DecodingError.
    public static func message(for error: any Error) -> String {
        func at(_ path: [any CodingKey], _ text: String) -> String {
            let p = pathText(path)
            return p.isEmpty ? text : p + ": " + text
        }
        guard let e = error as? DecodingError else { return "\(error)" }
        switch e {
        case .dataCorrupted(let c):
            if c.codingPath.isEmpty, c.underlyingError != nil || c.debugDescription.contains("JSON") {
                return "not valid JSON"
            }
            return at(c.codingPath, c.debugDescription)
        case .keyNotFound(let key, let c):
            return at(c.codingPath + [key], "is required")
        case .typeMismatch(let type, let c), .valueNotFound(let type, let c):
            return at(c.codingPath, "expected \(describe(type))")
        @unknown default:
            return "\(e)"
        }
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type: "a number"
        case is [String].Type, is [ShortcutItem].Type: "an array"
        default: "an object"
        }
    }

    static func pathText(_ path: [any CodingKey]) -> String {
        var s = ""
        for key in path {
            if let i = key.intValue {
                s += "[\(i + 1)]"
            } else {
                if !s.isEmpty { s += "." }
                s += key.stringValue
            }
        }
        return s
    }
}
