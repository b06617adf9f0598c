import ForceTouchProtocol

/// An app's open windows, among those the looker listed (PressTarget's `windows`; docs/SPEC.md
/// §11): a deep press on the app's icon offers each to switch to, as a force click on a macOS
/// Dock icon shows the app's windows.
///
/// A window is the app's when its app id (X11's `WM_CLASS` class, sway's `app_id`) is one of the
/// app's names, as a window's app is found under the finger (`PressTargetResolver.identities`):
/// its Desktop Entry id (or the id's last dotted part), its `StartupWMClass`, or the file name of
/// the program its `Exec` starts; compared without case, `-` and `_` as spaces. Firefox ESR's
/// windows are `firefox-esr`, its entry `firefox-esr.desktop`.
public enum AppWindows {
    /// The item type of a window's item: the prefix, then the window's id (`window.switch.12`).
    public static let itemTypePrefix = "window.switch."

    /// The windows of `windows` that are `app`'s, in the looker's order.
    public static func of(_ app: DesktopApplication, among windows: [PressTargetFacts.Window]) -> [PressTargetFacts.Window] {
        let names = PressTargetResolver.identities(app)
        return windows.filter { !$0.appID.isEmpty && names.contains(PressTargetResolver.normalized($0.appID)) }
    }

    /// The window a window item's type stands for; nil for any other item.
    public static func windowID(ofItemType type: String) -> UInt32? {
        guard type.hasPrefix(itemTypePrefix) else { return nil }
        return UInt32(type.dropFirst(itemTypePrefix.count))
    }

    /// A window's item: its title (the app's name when it has none), the app's name and icon
    /// beside it, as its Desktop Actions are drawn.
    public static func item(_ window: PressTargetFacts.Window, of app: DesktopApplication) -> ShortcutItem? {
        let icon = app.icon.flatMap { $0.isEmpty ? nil : $0 }
        // An item is one line: a title another program set may hold newlines.
        let line = window.title.split(whereSeparator: \.isNewline).joined(separator: " ")
        let title = line.allSatisfy(\.isWhitespace) ? app.name : line
        return try? ShortcutItem.validated(type: itemTypePrefix + String(window.id), title: title, subtitle: app.name,
                                           iconType: nil, iconFile: icon.flatMap { $0.hasPrefix("/") ? $0 : nil },
                                           iconSymbol: icon.flatMap { $0.hasPrefix("/") ? nil : $0 }, userInfo: [:],
                                           action: nil).get()
    }
}
