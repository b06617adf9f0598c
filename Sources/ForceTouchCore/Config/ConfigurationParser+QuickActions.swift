import ForceTouchEngine
import FoundationEssentials
import TOMLKit

/// `[quick-actions]`: what it brings in from outside the file (an Info.plist, installed
/// applications' Desktop Actions), read through the parser's `lookups`.
extension ConfigurationParser {
    static let quickActionKeys = ShortcutItem.configKeys
    static let quickActionSettingsKeys = QuickActionSettingsTable.keys
    static let assistiveTouchKeys = AssistiveTouch.keys
    static let controlKeys = ControlSettings.keys

    // MARK: - [quick-actions]

    /// The table's settings, and the items its `import-plist` and `desktop` bring in.
    mutating func apply(_ settings: QuickActionSettingsTable, to config: inout Configuration) {
        let path = ConfigPath.root / "quick-actions"
        if let n = settings.maximumMenuItems { config.quickActionSettings.maximumMenuItems = n }
        if let menu = settings.menu { config.quickActionSettings.menu = menu }
        if let s = settings.menuTimeout { config.quickActionSettings.menuTimeout = Timestamp.Duration(seconds: s) }
        if let kinds = settings.underFinger { config.quickActionSettings.underFinger = kinds }
        if let schemes = settings.openSchemes { config.quickActionSettings.openSchemes = schemes }
        if let s = settings.importPlist {
            config.quickActionSettings.importPlist = s
            importedQuickActions = importPlist(s, path / "import-plist")
        }
        for id in settings.desktop { desktopQuickActions += desktopItems(id, path / "desktop") }
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
