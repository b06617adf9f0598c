/// An installed application as its Desktop Entry describes it: the Linux twin of an iOS
/// app's Info.plist for quick actions. Its `[Desktop Action …]` groups are what GNOME and
/// KDE show on the app icon's menu, as a 3D Touch menu shows UIApplicationShortcutItems.
public struct DesktopApplication: Hashable, Sendable {
    /// The desktop file id: `firefox.desktop`.
    public var id: String
    /// `Name`, in the user's locale.
    public var name: String
    public var icon: String?
    /// `DBusActivatable=true`: the app is activated, and receives actions, over D-Bus.
    public var dbusActivatable: Bool
    /// `Exec`, split into words, field codes still in; nil when the file has none.
    public var exec: [String]?
    /// Where the file is, for `%k`.
    public var path: String
    /// Its Desktop Actions, in the order of the file's `Actions=` key.
    public var actions: [Action]
    /// `GenericName` ("Web Browser") and `StartupWMClass`: what else names the app, for
    /// matching what is under a press to it (`PressTargetResolver`).
    public var genericName: String?
    public var startupWMClass: String?
    /// `Categories`, in the file's order (`Office`, `Dictionary`): what finds a dictionary
    /// application for Look Up (`DictionaryApplication`).
    public var categories: [String]

    /// One `[Desktop Action id]` group.
    public struct Action: Hashable, Sendable {
        public var id: String
        /// `Name`, in the user's locale.
        public var name: String
        public var icon: String?
        /// `Exec`, split into words, field codes still in; nil when the group has none.
        public var exec: [String]?

        public init(id: String, name: String, icon: String? = nil, exec: [String]? = nil) {
            self.id = id
            self.name = name
            self.icon = icon
            self.exec = exec
        }
    }

    public init(id: String, name: String, icon: String? = nil, dbusActivatable: Bool = false, exec: [String]? = nil,
                path: String, actions: [Action] = [], genericName: String? = nil, startupWMClass: String? = nil,
                categories: [String] = []) {
        self.id = id
        self.name = name
        self.icon = icon
        self.dbusActivatable = dbusActivatable
        self.exec = exec
        self.path = path
        self.actions = actions
        self.genericName = genericName
        self.startupWMClass = startupWMClass
        self.categories = categories
    }

    /// Its Desktop Actions as quick-action items, in the file's order: type the action's id,
    /// title its name, subtitle the app's name, icon the action's or else the app's; performing
    /// one launches that action. An action that makes no valid item is left out.
    public var quickActionItems: [ShortcutItem] {
        actions.compactMap { action in
            let icon = action.icon ?? self.icon
            let file = icon.flatMap { $0.hasPrefix("/") ? $0 : nil }
            let symbol = icon.flatMap { $0.hasPrefix("/") ? nil : $0 }
            return try? ShortcutItem.validated(type: action.id, title: action.name, subtitle: name, iconType: nil,
                                               iconFile: file, iconSymbol: symbol, userInfo: [:],
                                               action: .launch(.desktop(id: id, action: action.id))).get()
        }
    }

    /// The D-Bus name and object path of a `DBusActivatable` app, as the Desktop Entry
    /// specification derives them from the id: `org.gnome.Nautilus` at `/org/gnome/Nautilus`.
    public var busName: String { id.hasSuffix(".desktop") ? String(id.dropLast(".desktop".count)) : id }

    public var objectPath: String {
        "/" + busName.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 }.map(String.init).joined()
    }

    /// The command line that starts the app (`action` nil) or one of its actions, with the
    /// field codes expanded for a launch without files or URLs. Nil when there is no `Exec`
    /// to run.
    public func commandLine(action: String?) -> [String]? {
        let words: [String]?
        let icon: String?
        if let action {
            let a = actions.first { $0.id == action }
            words = a?.exec
            icon = a?.icon ?? self.icon
        } else {
            words = exec
            icon = self.icon
        }
        guard let words else { return nil }
        let argv = DesktopExec.expand(words, name: name, icon: icon, path: path)
        return argv.isEmpty ? nil : argv
    }
}

/// The field codes of a Desktop Entry's `Exec` (`%f`, `%U`, `%i`…), expanded as a launcher
/// does for an app started without files or URLs.
public enum DesktopExec {
    /// `%f %F %u %U` vanish (no files), `%i` becomes `--icon ICON` (or nothing), `%c` the
    /// name, `%k` the file's path, `%%` a percent sign; the deprecated `%d %D %n %N %v %m`
    /// vanish. A word that was only a vanished code is dropped.
    public static func expand(_ words: [String], name: String, icon: String?, path: String) -> [String] {
        var out: [String] = []
        for word in words {
            if word == "%i" {
                if let icon { out += ["--icon", icon] }
                continue
            }
            var expanded = ""
            var vanished = false
            var chars = word.makeIterator()
            while let c = chars.next() {
                guard c == "%" else { expanded.append(c); continue }
                switch chars.next() {
                case "%": expanded.append("%")
                case "c": expanded += name
                case "k": expanded += path
                case "i": if let icon { expanded += icon }
                case "f", "F", "u", "U", "d", "D", "n", "N", "v", "m": vanished = true
                case let other?: expanded.append("%"); expanded.append(other)
                case nil: expanded.append("%")
                }
            }
            if vanished && expanded.isEmpty { continue }
            out.append(expanded)
        }
        return out
    }
}
