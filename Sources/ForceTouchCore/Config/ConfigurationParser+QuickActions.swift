import Foundation
import TOMLKit

/// `[quick-actions]`, `[assistive-touch]` and `[control]`.
extension ConfigurationParser {
    static let quickActionKeys = ShortcutItem.configKeys
    static let quickActionSettingsKeys = ["import-plist", "desktop", "menu", "max-items"]
    static let assistiveTouchKeys = AssistiveTouch.Slot.allCases.map(\.rawValue)
        + ["double-tap-timeout", "long-press-duration", "device", "region"]
    static let slotKeys = Action.keys + Action.qualifiers
    static let controlKeys = ["allow-users", "allow-group"]

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

    // MARK: - [assistive-touch]

    /// The slots and their settings. A slot with an error is dropped alone and a bad timing
    /// keeps its default; a bad `device` or `region` drops the table, since its slots would
    /// fire where they should not.
    mutating func parseAssistiveTouch(_ t: TOMLTable) -> AssistiveTouch? {
        let path = ConfigPath.root / "assistive-touch"
        _ = checkKeys(t, path, allowed: Self.assistiveTouchKeys)
        var at = AssistiveTouch(line: map.line(of: path))
        var placeOK = true
        for slot in AssistiveTouch.Slot.allCases {
            guard let v = t[slot.rawValue] else { continue }
            let sp = path / slot.rawValue
            guard let st = v.table else {
                typeError(sp, expected: "an inline table with one action, e.g. { exec = [\"…\"] }", found: v)
                continue
            }
            guard checkKeys(st, sp, allowed: Self.slotKeys) else { continue }
            if case (true, let action?) = action(st, sp, owner: .slot) { at.slots[slot] = action }
        }
        if let v = t["double-tap-timeout"], let d = number(v, path / "double-tap-timeout") {
            if AssistiveTouch.doubleTapTimeoutRange.contains(d) {
                at.doubleTapTimeout = Timestamp.Duration(seconds: d)
            } else {
                let r = AssistiveTouch.doubleTapTimeoutRange
                error(path / "double-tap-timeout", "must be from \(TextFormat.number(r.lowerBound)) to "
                    + "\(TextFormat.number(r.upperBound)) seconds, not \(TextFormat.number(d))")
            }
        }
        if let v = t["long-press-duration"], let d = positive(v, path / "long-press-duration") {
            at.longPressDuration = Timestamp.Duration(seconds: d)
        }
        if let v = t["device"] {
            at.device = deviceSelector(v, path / "device")
            if at.device == nil { placeOK = false }
        }
        if let v = t["region"] {
            at.region = region(v, path / "region")
            if at.region == nil { placeOK = false }
        }
        return placeOK ? at : nil
    }

    // MARK: - [control]

    /// Users and a group; a name that cannot be one is dropped (serving fewer is the safe
    /// side). A well-formed name that no account has is a warning, not an error: the file
    /// still means something, an account can be added later (or come from a directory
    /// service that is not up yet), and refusing a reload for it would help no one.
    mutating func parseControl(_ t: TOMLTable) -> ControlSettings {
        let path = ConfigPath.root / "control"
        _ = checkKeys(t, path, allowed: Self.controlKeys)
        var control = ControlSettings()
        if let v = t["allow-users"] {
            let p = path / "allow-users"
            if let array = v.array {
                for (i, element) in array.enumerated() {
                    guard let name = element.string else {
                        error(p, "element \(i + 1) must be a user name, not \(Self.describe(element))")
                        continue
                    }
                    guard let name = accountName(name, p, what: "user") else { continue }
                    control.allowUsers.append(name)
                    if !lookups.userExists(name) {
                        warning(p, "no user \"\(name)\" exists on this system; "
                            + "it is allowed once it does and the configuration is reloaded")
                    }
                }
            } else {
                typeError(p, expected: "an array of user names such as [\"alice\"]", found: v)
            }
        }
        if let v = t["allow-group"], let s = string(v, path / "allow-group") {
            control.allowGroup = accountName(s, path / "allow-group", what: "group")
            if let group = control.allowGroup, !lookups.groupExists(group) {
                warning(path / "allow-group", "no group \"\(group)\" exists on this system; "
                    + "its members are allowed once it does and the configuration is reloaded")
            }
        }
        return control
    }

    /// A user or group name as shadow-utils accepts it: letters, digits, `.`, `_`, `-`
    /// (not first), an optional trailing `$`.
    private mutating func accountName(_ s: String, _ p: ConfigPath, what: String) -> String? {
        let body = s.hasSuffix("$") ? s.dropLast() : s[...]
        let valid = !body.isEmpty && body.count <= 32 && !body.hasPrefix("-")
            && body.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
        guard valid else {
            error(p, "\"\(s)\" is not a valid \(what) name")
            return nil
        }
        return s
    }
}
