import ForceTouchProtocol

/// What the overlay looks up for a press, by the daemon's `UnderFinger` (the kinds of its
/// `[quick-actions] under-finger`): nothing when it lists none, for the daemon takes no answer;
/// and the text under the finger (AT-SPI's Text) only when it lists a kind found in text
/// (`UnderFingerKinds.text`), so that what a window shows is read only where the user asked for
/// it, not at every deep press.
public struct UnderFingerUse: Equatable, Sendable {
    /// Anything is looked up (the window, the accessible object at the point).
    public var looksUp: Bool
    /// The text around the pressed character is read and sent.
    public var readsText: Bool

    public init(looksUp: Bool, readsText: Bool) {
        self.looksUp = looksUp
        self.readsText = readsText
    }

    /// The use of a daemon whose `UnderFinger` is `kinds`.
    public init(kinds: [String]) {
        self.init(looksUp: !kinds.isEmpty, readsText: UnderFingerKinds.listsText(kinds))
    }

    /// Before a daemon says its `UnderFinger`, or for one without the property (an older daemon,
    /// which knows no text kind): looked up, as before the property was, but no text read.
    public static let unsaid = UnderFingerUse(looksUp: true, readsText: false)
}
