import ForceTouchProtocol
/// The `key=value` arguments of `forcectl intent NAME key=value…`.
public enum IntentArguments {
    /// Reads the arguments against the intent's parameters: each split at its first `=`,
    /// the key a parameter of `definition`, the value read as that parameter's type
    /// (`IntentValue.parse`: a point as `x,y`, a boolean as true/false/yes/no/on/off/1/0,
    /// a file as an absolute path or a file:// URL). `key=` gives the parameter no value,
    /// so its default applies, or it needs one.
    ///
    /// Whether a file exists is checked later, by resolution, like every other file value.
    /// - Returns: the values for `IntentRun`'s `arguments`.
    public static func parse(_ arguments: [String], for definition: IntentDefinition)
        throws(IntentArgumentError) -> [String: JSONValue]
    {
        var out: [String: JSONValue] = [:]
        let names = definition.parameters.map(\.name)
        for argument in arguments {
            guard let eq = argument.firstIndex(of: "="), eq != argument.startIndex else {
                throw IntentArgumentError("expected key=value, not \(TextFormat.quoted(argument))")
            }
            let key = String(argument[..<eq])
            let text = String(argument[argument.index(after: eq)...])
            guard let parameter = definition.parameter(named: key) else {
                var message = "intent \(TextFormat.quoted(definition.name)) has no parameter \(TextFormat.quoted(key))"
                if let near = KeyNames.nearest(key, in: names) {
                    message += "; did you mean \(TextFormat.quoted(near))?"
                } else if !names.isEmpty {
                    message += " (it has \(names.map { TextFormat.quoted($0) }.joined(separator: ", ")))"
                } else {
                    message += " (it has none)"
                }
                throw IntentArgumentError(message)
            }
            guard out[key] == nil else { throw IntentArgumentError("\(TextFormat.quoted(key)) is given twice") }
            if text.isEmpty {
                out[key] = .string("")
                continue
            }
            switch IntentValue.parse(text, as: parameter.type) {
            case .success(let value): out[key] = value.jsonValue
            case .failure(let e): throw IntentArgumentError("\(key): \(e.reason)")
            }
        }
        return out
    }
}

/// A `key=value` argument that cannot be used, with a message for the user.
public struct IntentArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
