import ForceTouchProtocol
/// INIntentResponseCode's seven codes, by the names handlers print.
public enum IntentResponseCode: String, Hashable, Sendable, CaseIterable {
    case unspecified
    case ready
    case continueInApp = "continue-in-app"
    case inProgress = "in-progress"
    case success
    case failure
    case failureRequiringAppLaunch = "failure-requiring-app-launch"

    /// Whether a chain goes on after a step answering this: `success`, and `in-progress`
    /// and `ready` taken as success (the step started, or is set, and said nothing went
    /// wrong). Every other code stops the chain with that code.
    public var continuesChain: Bool {
        switch self {
        case .success, .inProgress, .ready: true
        case .unspecified, .continueInApp, .failure, .failureRequiringAppLaunch: false
        }
    }
}

/// What a handler answered, from its exit status and standard output.
///
/// A JSON object with a `"code"` member on stdout is a response:
/// `{"code": "success", "output": <any JSON>, "message": "…"}`, and its code is taken
/// whatever the exit status. Anything else is not: exit status 0 is `success` and any
/// other `failure`, and stdout becomes the output — parsed when it is a JSON object or
/// array (so `steps.1.output.path` can reach into it), else as text with surrounding
/// blanks trimmed (a screenshot tool printing a path hands the path on). Empty stdout is
/// no output.
public struct IntentResponse: Hashable, Sendable {
    public var code: IntentResponseCode
    public var output: JSONValue?
    public var message: String?
    /// The code came from a JSON response rather than the exit status.
    public var explicit: Bool

    public init(code: IntentResponseCode, output: JSONValue? = nil, message: String? = nil, explicit: Bool = false) {
        self.code = code
        self.output = output
        self.message = message
        self.explicit = explicit
    }

    public static func parse(exitStatus: Int32, stdout: [UInt8]) -> IntentResponse {
        let byExit: IntentResponseCode = exitStatus == 0 ? .success : .failure
        let exitMessage: String? = exitStatus == 0 ? nil : "exited with status \(exitStatus)"
        guard let text = String(validating: stdout, as: UTF8.self) else {
            let note = "its output is not text (\(stdout.count) bytes) and was ignored"
            return IntentResponse(code: byExit, message: [exitMessage, note].compactMap { $0 }.joined(separator: "; "))
        }
        let trimmed = text.trimmingBlanks
        guard !trimmed.isEmpty else { return IntentResponse(code: byExit, message: exitMessage) }
        if trimmed.first == "{" || trimmed.first == "[", let json = JSONValue.parse(trimmed) {
            guard case .object(let o) = json, let code = o["code"] else {
                return IntentResponse(code: byExit, output: json, message: exitMessage)
            }
            let output = o["output"].flatMap { $0 == .null ? nil : $0 }
            var message: String? = switch o["message"] {
            case .string(let s)?: s
            case nil, .null?: nil
            case let other?: other.json
            }
            guard case .string(let name) = code, let parsed = IntentResponseCode(rawValue: name) else {
                let known = IntentResponseCode.allCases.map(\.rawValue).joined(separator: ", ")
                let complaint = "unknown response code \(code.json); expected one of \(known)"
                message = message.map { complaint + ": " + $0 } ?? complaint
                return IntentResponse(code: .failure, output: output, message: message, explicit: true)
            }
            return IntentResponse(code: parsed, output: output, message: message, explicit: true)
        }
        return IntentResponse(code: byExit, output: .string(trimmed), message: exitMessage)
    }
}

extension String {
    /// Without leading and trailing whitespace and newlines (no Foundation needed).
    var trimmingBlanks: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
