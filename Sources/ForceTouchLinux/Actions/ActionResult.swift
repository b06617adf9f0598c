import ForceTouchCore
import ForceTouchProtocol

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
    /// An intent's output.
    public var output: JSONValue?
    /// An intent's response code (`success`, `failure-requiring-app-launch`, …).
    public var code: String?

    public init(_ outcome: Outcome, _ message: String, output: JSONValue? = nil, code: String? = nil) {
        self.outcome = outcome
        self.message = message
        self.output = output
        self.code = code
    }

    public static func success(_ message: String) -> ActionResult { ActionResult(.success, message) }
    public static func failure(_ message: String) -> ActionResult { ActionResult(.failure, message) }

    /// `{"event":"result",…}` for subscribers.
    public func eventJSON(label: String) -> String {
        ProtocolJSON.line(ResultMessage(label: label, result: outcome.rawValue, message: message, code: code,
                                        output: output))
    }
}
