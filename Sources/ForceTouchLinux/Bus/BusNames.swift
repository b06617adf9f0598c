/// The names forcetouchd has on the session bus (docs/SPEC.md §9,
/// dbus/io.github.forcetouch.Daemon1.xml).
public enum BusNames {
    /// The well-known name, and the root object's interface.
    public static let service = "io.github.forcetouch.Daemon1"
    public static let daemonInterface = "io.github.forcetouch.Daemon1"
    public static let deviceInterface = "io.github.forcetouch.Device1"
    public static let rootPath = "/io/github/forcetouch/Daemon1"
    /// Device N's object is `devicesPath/N`; N is never reused while the daemon runs.
    public static let devicesPath = rootPath + "/devices"
    /// The name `forcetouch-overlay` owns: while it has an owner, the daemon shows quick-action
    /// menus through the overlay (SPEC §11).
    public static let overlay = "io.github.forcetouch.Overlay1"
    /// Errors are `errorPrefix` + `ControlErrorKind.dbusName`, or `Failed`.
    public static let errorPrefix = "io.github.forcetouch.Error."
}
