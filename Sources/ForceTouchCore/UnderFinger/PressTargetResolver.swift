import ForceTouchProtocol

/// Decides what a press is on from what a looker found there (`PressTargetFacts`) and the
/// installed applications: pure, so that every rule is a unit test.
///
/// In order: a link (an `address`) is a `link`; an object that launches or stands for an
/// installed application — the looker says `kind = app-icon` or gives an `app-id`, or a
/// launcher-like role (push button, icon, list item, menu item…) in a dock, panel or desktop
/// window, or with no window under it, named as an application is — is an `app-icon`; text
/// (a `text` and the `text-offset` pressed in it) is what `TextDetection` finds at the
/// offset: a `url`, `email`, `phone`, `date` or `word`; an ordinary window is a `window` of
/// its app. Anything else, or a kind the configuration does
/// not use, is `nothing`, with why.
public struct PressTargetResolver: Sendable {
    /// The installed applications, as the daemon read them (off the input path).
    public var applications: [DesktopApplication]
    /// `[quick-actions] under-finger`.
    public var used: Set<PressTargetKind>
    /// The executable's file name of a process (`/proc/PID/exe`), nil when unknown.
    public var executable: @Sendable (UInt32) -> String?
    /// The local date and time now, which a date in text (`tomorrow at 3 pm`) counts from.
    public var localNow: @Sendable () -> CivilDateTime

    public init(applications: [DesktopApplication], used: Set<PressTargetKind> = PressTargetKind.defaultUsed,
                executable: @escaping @Sendable (UInt32) -> String? = { _ in nil },
                localNow: @escaping @Sendable () -> CivilDateTime = { CivilDateTime(unixSeconds: 0) }) {
        self.applications = applications
        self.used = used
        self.executable = executable
        self.localNow = localNow
    }

    /// The roles of an object that launches something: AT-SPI's names, compared with case,
    /// `-` and `_` ignored.
    static let launcherRoles: Set<String> = [
        "push button", "toggle button", "button", "icon", "list item", "menu item", "table cell", "tree item",
        "image", "label",
    ]
    /// The window types of a dock, panel or desktop, whose buttons launch apps.
    static let launcherWindowTypes: Set<String> = ["dock", "desktop", "panel", "toolbar"]

    public func resolve(_ facts: PressTargetFacts) -> PressTarget {
        guard !used.isEmpty else { return .nothing("the lookup is off ([quick-actions] under-finger = [])") }
        if let address = facts.address {
            guard used.contains(.link) else { return .nothing("a link, and links are not used ([quick-actions] under-finger)") }
            return PressTarget(kind: .link, name: facts.name ?? address, address: address)
        }
        if let app = launchedApplication(facts) {
            guard used.contains(.appIcon) else {
                return .nothing("the icon of \(app.id), and app icons are not used ([quick-actions] under-finger)")
            }
            var target = PressTarget.app(.appIcon, app)
            target.windows = AppWindows.of(app, among: facts.windows)
            return target
        }
        var textRefused: String?
        switch textTarget(facts) {
        case .found(let target): return target
        case .notUsed(let why): textRefused = why
        case .none: break
        }
        if isOrdinaryWindow(facts) {
            let what = facts.windowAppID ?? facts.windowTitle ?? facts.windowPID.map { "pid \($0)" } ?? "a window"
            guard used.contains(.window) else {
                return .nothing(textRefused ?? "a window of \(what), and windows are not used ([quick-actions] under-finger)")
            }
            guard let app = windowApplication(facts) else {
                return .nothing("a window of \(what), which matches no installed application")
            }
            return .app(.window, app)
        }
        if let why = facts.why ?? textRefused { return .nothing(why) }
        let object = [facts.role, facts.name.map { "\"\($0)\"" }].compactMap { $0 }.joined(separator: " ")
        if !object.isEmpty {
            let place = facts.windowType.map { " in a \($0) window" } ?? ""
            return .nothing("\(object)\(place) matches no installed application")
        }
        return .nothing("nothing known under the finger")
    }

    /// What a text target came to: a target, a find of a kind not used (why), or no find.
    enum TextOutcome { case found(PressTarget), notUsed(String), none }

    /// The find at the pressed character of the facts' text, as a target of its kind.
    func textTarget(_ facts: PressTargetFacts) -> TextOutcome {
        guard let text = facts.text, let offset = facts.textOffset,
              let at = try? TextAtPoint(text, offset: Int(offset)) else { return .none }
        let detection = TextDetection(at, now: localNow())
        guard let find = detection.find, let range = detection.range else { return .none }
        let kind = PressTargetKind(find)
        guard used.contains(kind) else {
            return .notUsed("\(kind.rawValue) text, and \(kind.rawValue) is not used ([quick-actions] under-finger)")
        }
        var target = PressTarget(kind: kind, name: at.text(range), address: find.value, text: find,
                                 context: at.text(at.sentence(around: range)))
        target.textRange = range
        if kind == .word { target.dictionaryApp = DictionaryApplication.chosen(from: applications) }
        return .found(target)
    }

    // MARK: Matching

    /// The app an object launches: named by the looker, or a launcher-like object in a
    /// dock, panel or desktop (or over no window) whose name or description names one.
    func launchedApplication(_ facts: PressTargetFacts) -> DesktopApplication? {
        if let id = facts.appID, let app = application(id: id) { return app }
        let sure = facts.kind == PressTargetKind.appIcon.rawValue
        let launcherRole = facts.role.map { Self.launcherRoles.contains(Self.normalized($0)) } ?? false
        let launcherPlace = facts.windowType.map { Self.launcherWindowTypes.contains(Self.normalized($0)) }
            ?? (facts.windowAppID == nil && facts.windowPID == nil && facts.windowTitle == nil)
        guard sure || (launcherRole && launcherPlace) else { return nil }
        for text in [facts.name, facts.description].compactMap({ $0 }) {
            if let app = application(named: text) { return app }
        }
        for text in [facts.name, facts.description].compactMap({ $0 }) {
            if let app = application(mentionedIn: text) { return app }
        }
        return nil
    }

    /// Whether the point is over an ordinary window (not a dock, panel or desktop).
    func isOrdinaryWindow(_ facts: PressTargetFacts) -> Bool {
        if let type = facts.windowType { return !Self.launcherWindowTypes.contains(Self.normalized(type)) }
        return facts.windowAppID != nil || facts.windowPID != nil
    }

    /// A window's app: by its app id or WM_CLASS (an id, `StartupWMClass` or executable),
    /// else by its process's executable.
    func windowApplication(_ facts: PressTargetFacts) -> DesktopApplication? {
        if let id = facts.windowAppID {
            let key = Self.normalized(id)
            if let app = application(id: id) ?? applications.first(where: { Self.identities($0).contains(key) }) {
                return app
            }
        }
        if let pid = facts.windowPID, let exe = executable(pid) {
            let key = Self.normalized(exe)
            return applications.first { Self.executableName($0).map(Self.normalized) == key }
        }
        return nil
    }

    /// The app of a Desktop Entry id, with or without `.desktop`, in any case.
    func application(id: String) -> DesktopApplication? {
        let wanted = Self.normalized(id.hasSuffix(".desktop") ? String(id.dropLast(8)) : id)
        return applications.first { Self.normalized(Self.bareID($0)) == wanted }
    }

    /// The app a text names exactly: its Name, GenericName, StartupWMClass, id or executable.
    func application(named text: String) -> DesktopApplication? {
        let key = Self.normalized(text)
        guard !key.isEmpty else { return nil }
        return applications.first { app in
            Self.normalized(app.name) == key || app.genericName.map(Self.normalized) == key
                || Self.identities(app).contains(key)
        }
    }

    /// The app whose Name a text mentions as whole words ("Launch Firefox ESR"), the longest
    /// such Name winning; Names under 4 characters are not looked for.
    func application(mentionedIn text: String) -> DesktopApplication? {
        let words = " " + Self.words(text) + " "
        return applications
            .filter { $0.name.count >= 4 && words.contains(" " + Self.words($0.name) + " ") }
            .max { $0.name.count < $1.name.count }
    }

    /// What names an app other than its Name: its id (and the id's last dotted part, for
    /// `org.gnome.Nautilus`), its `StartupWMClass`, its executable's file name.
    static func identities(_ app: DesktopApplication) -> Set<String> {
        let id = bareID(app)
        var names: Set<String> = [normalized(id)]
        if let last = id.split(separator: ".").last { names.insert(normalized(String(last))) }
        if let wm = app.startupWMClass { names.insert(normalized(wm)) }
        if let exe = executableName(app) { names.insert(normalized(exe)) }
        return names
    }

    static func bareID(_ app: DesktopApplication) -> String {
        app.id.hasSuffix(".desktop") ? String(app.id.dropLast(8)) : app.id
    }

    /// The file name of the program `Exec` starts (after `env` and its assignments).
    static func executableName(_ app: DesktopApplication) -> String? {
        guard let exec = app.exec else { return nil }
        var words = exec[...]
        if words.first.map({ $0 == "env" || $0.hasSuffix("/env") }) == true { words = words.dropFirst() }
        while let w = words.first, w.contains("="), !w.hasPrefix("/") { words = words.dropFirst() }
        guard let program = words.first, !program.isEmpty else { return nil }
        return program.split(separator: "/").last.map(String.init)
    }

    /// Lower case, trimmed, `-` and `_` as spaces: "Push-Button" is "push button".
    static func normalized(_ s: String) -> String {
        let spaced = String(s.lowercased().map { $0 == "-" || $0 == "_" ? " " : $0 })
        return String(spaced.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// Lower-case words, separated by single spaces.
    static func words(_ s: String) -> String {
        s.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
