/// The question a run waits on, as the window asks it.
public enum IntentQuestion: Hashable, Sendable {
    /// Next or Cancel (IntentConfirm).
    case confirm
    /// One of these values, or Cancel (IntentChoose).
    case choose([String])
    /// A value typed in a text field, then OK or Cancel (IntentNeedsValue).
    case value
}
