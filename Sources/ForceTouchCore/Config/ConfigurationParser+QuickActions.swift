import FoundationEssentials
import TOMLKit

/// `[quick-actions]`: what it brings in from outside the file (an Info.plist, installed
/// applications' Desktop Actions), read through the parser's `lookups`.
extension ConfigurationParser {
    static let quickActionKeys = ShortcutItem.configKeys
    static let quickActionSettingsKeys = ["import-plist", "desktop", "menu", "max-items"]
    static let assistiveTouchKeys = AssistiveTouch.keys
    static let controlKeys = ControlSettings.keys

    // MARK: - [quick-actions]

    mutating func parseQuickActionSettings(_ t: TOMLTable, into config: inout Configuration) {
        let path = ConfigPath.root / "quick-actions"
        _ = checkKeys(t, path, allowed: Self.quickActionSettingsKeys)
        if let v = t["max-items"], let n = integer(v, path / "max-items") {
            if n >= 1 { config.quickActionSettings.maximumMenuItems = n } else {
                error(path / "max-items", "must be at least 1, not \(n)")
            }
        }
        if let v = t["menu"], let argv = argv(v, path / "menu", example: "[\"rofi\", \"-dmenu\"]") {
            config.quickActionSettings.menu = argv
        }
        if let v = t["import-plist"], let s = string(v, path / "import-plist") {
            if s.isEmpty { error(path / "import-plist", "must not be empty") } else {
                config.quickActionSettings.importPlist = s
                importedQuickActions = importPlist(s, path / "import-plist")
            }
        }
        if let v = t["desktop"] {
            let p = path / "desktop"
            let ids: [String]?
            if case .string(let s) = RawValue(v) { ids = [s] } else { ids = argv(v, p, example: "[\"firefox.desktop\"]") }
            for id in ids ?? [] { desktopQuickActions += desktopItems(id, p) }
        }
    }

    /// The Desktop Actions of an installed application as items, in its file's order: type
    /// the action's id, title its name in the user's locale, icon its own or the app's;
    /// performing one launches that action.
    private mutating func desktopItems(_ id: String, _ p: ConfigPath) -> [(app: String, item: ShortcutItem)] {
        guard id.hasSuffix(".desktop"), !id.contains("/") else {
            error(p, "\"\(id)\" is not a desktop file id; write e.g. \"firefox.desktop\"")
            return []
        }
        let app: DesktopApplication
        switch lookups.desktopApplication(id) {
        case .success(let a): app = a
        case .failure(let failure):
            error(p, "\(id): \(failure.message)")
            return []
        }
        guard !app.actions.isEmpty else {
            error(p, "\(id) (\(app.name)) has no Desktop Actions (its file has no Actions= key), so no quick actions")
            return []
        }
        return app.quickActionItems.map { (id, $0) }
    }

    /// The valid items of the Info.plist, each refused one reported against the key.
    private mutating func importPlist(_ written: String, _ p: ConfigPath) -> [ShortcutItem] {
        let resolved = resolvePath(written)
        guard let data = lookups.readFile(resolved) else {
            error(p, "cannot read \"\(resolved)\"")
            return []
        }
        let (items, errors) = InfoPlistImporter.importItems(from: data, file: written)
        for e in errors { error(p, e.description) }
        return items
    }

    /// A path relative to the configuration file's directory; absolute ones as they are.
    func resolvePath(_ written: String) -> String {
        guard !written.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return written }
        return String(file[...slash]) + written
    }
}
