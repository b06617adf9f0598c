import ForceTouchProtocol

/// What an interactive `IntentRun` (one whose questions an overlay answers) asks before it
/// goes on: a confirmation where no `confirm` handler is configured, a pick among a
/// parameter's `choices` for a disambiguation, or a value a required parameter lacks.
public struct IntentQuestion: Hashable, Sendable {
    /// What is asked.
    public enum Kind: String, Hashable, Sendable {
        /// Next or Cancel: the parameters marked `confirm` (`parameters`).
        case confirm
        /// One of `choices`, for the parameter `parameter`.
        case choose
        /// A value typed for `parameter` (needs-value).
        case value
    }

    public var kind: Kind
    public var intent: String
    /// As in `ParameterResolution.step`.
    public var step: [Int]
    /// `title`, else the intent's name.
    public var title: String
    /// `prompt` with the values filled in, or a sentence made from the parameter.
    public var prompt: String
    /// The parameter a `choose` or `value` question is for; for `confirm`, the first one
    /// being confirmed (empty when none).
    public var parameter: String
    /// For `choose`: the choices, as `IntentValue.text` writes them.
    public var choices: [String]
    /// The parameter's type, for a `value` question's text field.
    public var type: IntentParameterType?

    public init(kind: Kind, intent: String, step: [Int], title: String, prompt: String, parameter: String,
                choices: [String] = [], type: IntentParameterType? = nil) {
        self.kind = kind
        self.intent = intent
        self.step = step
        self.title = title
        self.prompt = prompt
        self.parameter = parameter
        self.choices = choices
        self.type = type
    }
}

/// The answer to an `IntentQuestion`, fed back with `IntentRun.answer`.
public enum IntentAnswer: Hashable, Sendable {
    /// Next (true) or Cancel (false); a timeout counts as Cancel.
    case confirmed(Bool)
    /// The choice picked or the text typed, converted to the parameter's type.
    case value(String)
}

/// `prompt`'s `{name}` placeholders, replaced by the parameters' values.
public enum IntentPrompt {
    /// Replaces each `{name}` of a parameter with a value by that value's text; other
    /// braces stay as written.
    public static func fill(_ template: String, values: [(String, IntentValue)]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"),
                  let value = values.first(where: { $0.0 == after[..<close] })?.1 else {
                out += "{"
                rest = after
                continue
            }
            out += value.text
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }
}
