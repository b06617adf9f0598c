/// The app a menu is for, drawn above its rows as iOS heads an app's quick actions: its name and
/// its icon (`MenuContent`).
public struct MenuHeading: Hashable, Sendable {
    /// The app's name.
    public var title: String
    /// Its icon: an image file when the daemon names a path (it starts with `/`), else a theme
    /// icon's name ("" for none).
    public var icon: String
    public var iconFile: String

    public init(title: String, icon: String) {
        self.title = title
        let isFile = icon.hasPrefix("/")
        self.icon = isFile ? "" : icon
        self.iconFile = isFile ? icon : ""
    }
}
