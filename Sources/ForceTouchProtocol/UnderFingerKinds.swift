/// The kinds of the daemon's `UnderFinger` property (its `[quick-actions] under-finger`, docs/SPEC.md
/// §11, "What is under the finger") that are found in text: one place for the daemon, which
/// makes them targets, and the overlay, which reads the text under a press (AT-SPI's Text) only
/// where the property lists one of them.
public enum UnderFingerKinds {
    /// A word (Look Up), an email address, a phone number, a date, a web address written as text.
    public static let text = ["word", "email", "phone", "date", "url"]

    /// Whether `kinds` (the property's value) lists a kind found in text: the text under the
    /// finger is then read, and only then.
    public static func listsText(_ kinds: [String]) -> Bool { kinds.contains { text.contains($0) } }
}
