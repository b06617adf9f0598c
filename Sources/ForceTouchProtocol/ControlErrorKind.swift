/// The kinds of failure a control request can meet that a client may tell apart: `"kind"`
/// in a failed reply on the socket, the error's name on D-Bus
/// (`io.github.forcetouch.Error.UnknownType`…). A failure without one is `Failed`.
public enum ControlErrorKind: String, Codable, Hashable, Sendable, CaseIterable {
    /// The request itself is malformed: not JSON, a missing or mistyped field.
    case invalidRequest = "invalid-request"
    /// No quick action has this type.
    case unknownType = "unknown-type"
    /// No intent has this name.
    case unknownIntent = "unknown-intent"
    /// No device matches.
    case unknownDevice = "unknown-device"
    /// A quick action is refused (a missing title, a duplicate type, too many).
    case invalidItem = "invalid-item"
    /// The new configuration was refused; the running one stays.
    case reloadRefused = "reload-refused"
    /// A setting was not changed: the file has errors, the change would make one, or it
    /// cannot be made in place; the file is left as it was.
    case settingRefused = "setting-refused"
    /// A looker's answer of what is under the finger (`PressTarget`'s `accessible`) is partial
    /// (a link without its address, a tree not built yet): the daemon keeps it until a fuller
    /// one or the deadline, and the looker may ask the application again and send that.
    case partialAnswer = "partial-answer"

    /// The D-Bus error name's last part: `unknown-type` → `UnknownType`.
    public var dbusName: String {
        rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
