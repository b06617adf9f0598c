import ForceTouchCore

/// How performing an action ended: the twin of a completion handler's success flag, with
/// the reason. Choosing nothing in the menu is a cancel, not a failure.
public struct ActionResult: Sendable {
    public enum Outcome: String, Sendable {
        case success
        case failure
        case cancelled
    }

    public var outcome: Outcome
    public var message: String
    /// An intent's output, as JSON text.
    public var outputJSON: String?
    /// An intent's response code (`success`, `failure-requiring-app-launch`, …).
    public var code: String?

    public init(_ outcome: Outcome, _ message: String, outputJSON: String? = nil, code: String? = nil) {
        self.outcome = outcome
        self.message = message
        self.outputJSON = outputJSON
        self.code = code
    }

    public static func success(_ message: String) -> ActionResult { ActionResult(.success, message) }
    public static func failure(_ message: String) -> ActionResult { ActionResult(.failure, message) }

    /// `{"event":"result",…}` for subscribers.
    public func eventJSON(label: String) -> String {
        var j = JSONLine()
        j.add("event", "result")
        j.add("label", label)
        j.add("result", outcome.rawValue)
        j.add("message", message)
        if let code { j.add("code", code) }
        if let outputJSON { j.addRaw("output", outputJSON) }
        return j.text
    }
}
