/// The icon-theme name an icon is drawn by, shared by the daemon's menu and the settings window,
/// so that the window's row shows what the menu will.
extension ShortcutIcon {
    /// A system icon's theme name (its `icon-type` mapped onto the theme), a symbol as written;
    /// nil for an image file, which is drawn from its path.
    public var themeIconName: String? {
        switch self {
        case .system(let s): s.themeIconName
        case .symbol(let s): s
        case .file: nil
        }
    }
}
