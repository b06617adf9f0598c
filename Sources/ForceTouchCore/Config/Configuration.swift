import ForceTouchEngine
import FoundationEssentials

/// Everything `forcetouch.toml` says: global defaults, per-device blocks, bindings, quick
/// actions, AssistiveTouch slots and who may use the control socket.
///
/// `Configuration()` is SPEC's defaults with no devices and no bindings: what the daemon
/// runs on with no file, or with a file it could not parse. Values only: parsing is
/// `Configuration.parse(_:file:lookups:)`, reading the file is the caller's business.
public struct Configuration: Hashable, Sendable {
    public var general = GeneralSettings()
    /// What every device starts from: `[gestures]`, plus `[general] sensitivity`.
    /// Its `rotation` and `waitsForDoubleTap` are decided per device by `settings(for:deviceClass:)`.
    public var gestures = GestureSettings()
    /// `[[device]]` blocks in file order; the first that matches a device wins.
    public var devices: [DeviceRule] = []
    /// `[[binding]]` blocks in file order, which is also the order their actions run in.
    public var bindings: [Binding] = []
    /// The static quick actions: `[[quick-action]]` blocks in file order, then the items
    /// `[quick-actions] import-plist` brought in, in the plist's order. The user's own
    /// blocks come first so that a long imported list never pushes them out of the menu.
    public var quickActions: [ShortcutItem] = []
    /// `[quick-actions]`.
    public var quickActionSettings = QuickActionSettings()
    /// `[assistive-touch]`; nil when the file has none.
    public var assistiveTouch: AssistiveTouch?
    /// `[control]`.
    public var control = ControlSettings()
    /// `[[intent]]`: custom intents, by name.
    public var intents: [IntentDefinition] = []

    public init() {}

    /// Parses a configuration file's text, looking up what it refers to outside itself
    /// through `lookups`. Never throws: see `ConfigurationLoad`.
    /// - Parameters:
    ///   - file: the file's path, which errors are reported against and relative paths in
    ///     it (`import-plist`) are resolved against.
    ///   - lookups: how files are read and users and groups are found; there is no default,
    ///     so that no caller can forget to say.
    public static func parse(_ text: String, file: String, lookups: ConfigurationLookups) -> ConfigurationLoad {
        var parser = ConfigurationParser(text: text, file: file, lookups: lookups)
        return parser.parse()
    }
}
