/// Everything `forcetouch.toml` says: global defaults, per-device blocks, and bindings.
///
/// `Configuration()` is SPEC's defaults with no devices and no bindings: what the daemon
/// runs on with no file, or with a file it could not parse. Values only: parsing is
/// `Configuration.parse(_:file:)`, reading the file is the caller's business.
public struct Configuration: Hashable, Sendable {
    public var general = GeneralSettings()
    /// What every device starts from: `[gestures]`, plus `[general] sensitivity`.
    /// Its `rotation` and `waitsForDoubleTap` are decided per device by `settings(for:deviceClass:)`.
    public var gestures = GestureSettings()
    /// `[[device]]` blocks in file order; the first that matches a device wins.
    public var devices: [DeviceRule] = []
    /// `[[binding]]` blocks in file order, which is also the order their actions run in.
    public var bindings: [Binding] = []

    public init() {}

    /// Parses a configuration file's text. Never throws: see `ConfigurationLoad`.
    /// - Parameter file: the name errors are reported against.
    public static func parse(_ text: String, file: String) -> ConfigurationLoad {
        var parser = ConfigurationParser(text: text, file: file)
        return parser.parse()
    }
}
