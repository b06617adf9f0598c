/// The `[general]` table's daemon-wide limits. (Its `sensitivity` key is the default
/// for every device and so lives in `Configuration.gestures`.)
public struct GeneralSettings: Hashable, Sendable {
    /// Most exec children running at once: a cap, so that a stuck command cannot pile up
    /// processes behind a finger drumming on the screen.
    public var maxChildren = 8
    /// Seconds before an exec child is killed, unless its binding says otherwise.
    public var actionTimeout = 10.0

    public init() {}
}
