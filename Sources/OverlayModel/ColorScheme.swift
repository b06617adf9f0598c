/// Whether the overlay draws its menu, intent window and button dark (SPEC §11): as the desktop
/// says where a settings portal answers (`org.freedesktop.appearance` `color-scheme`, 1 for
/// dark), else as GTK's theme does.
public enum ColorScheme {
    /// `portal` the portal's `color-scheme` (nil when none answered); `theme` GTK's theme name,
    /// `gtkTheme` the `GTK_THEME` variable (`Adwaita:dark`), `preferDark` GTK's
    /// gtk-application-prefer-dark-theme.
    public static func isDark(portal: UInt32?, theme: String?, gtkTheme: String?, preferDark: Bool) -> Bool {
        if let portal { return portal == 1 }
        return preferDark || (theme?.hasSuffix("-dark") ?? false) || (gtkTheme?.contains(":dark") ?? false)
    }
}
