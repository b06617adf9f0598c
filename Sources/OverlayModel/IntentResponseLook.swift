/// How the intent window shows a response, from its code (SPEC §11, "The intent window";
/// INIntentResponseCode's names): success and ready a check mark, in-progress a spinner, any
/// other code a red "!" with the message; failure-requiring-app-launch offers Open;
/// continue-in-app shows nothing, the daemon opening the app.
public struct IntentResponseLook: Hashable, Sendable {
    /// The badge at the window's top right.
    public enum Badge: Int32, Sendable {
        case check = 0
        case spinner = 1
        case alert = 2
    }

    public var badge: Badge
    /// The response's message is shown (not for success, whose check mark says it all).
    public var showsMessage: Bool
    /// The message is a failure's, drawn in red.
    public var failed: Bool
    /// An Open button, to go on in the app.
    public var offersOpen: Bool
    /// No window: the daemon opens the app.
    public var opensApp: Bool
    /// A failure: one that ends a run still asking its question cancels that question.
    public var isFailure: Bool

    public init(code: String) {
        badge = code == "success" || code == "ready" ? .check : code == "in-progress" ? .spinner : .alert
        showsMessage = code != "success"
        isFailure = code.hasPrefix("failure")
        failed = isFailure || code == "unspecified"
        offersOpen = code == "failure-requiring-app-launch"
        opensApp = code == "continue-in-app"
    }
}
