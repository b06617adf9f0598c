import ForceTouchProtocol

/// What a deep press was on, as the daemon decided from the looker's facts
/// (`PressTargetResolver`): the menu shows that thing's actions, and `MenuShown` and the
/// `menu-shown` event say what it was (docs/SPEC.md §11, "What is under the finger").
public struct PressTarget: Hashable, Sendable {
    public var kind: PressTargetKind
    /// The application of an `app-icon` or a `window`: its Desktop Entry.
    public var app: DesktopApplication?
    /// The app's name, or a link's text (its address when it has none).
    public var name: String
    /// The app's icon name; empty for a link or nothing.
    public var icon: String
    /// A link's address.
    public var address: String
    /// Why nothing was found, for `nothing`.
    public var why: String
    /// An app icon's open windows (`AppWindows`), each an item of its menu to switch to.
    public var windows: [PressTargetFacts.Window] = []

    public init(kind: PressTargetKind, app: DesktopApplication? = nil, name: String = "", icon: String = "",
                address: String = "", why: String = "") {
        self.kind = kind
        self.app = app
        self.name = name
        self.icon = icon
        self.address = address
        self.why = why
    }

    /// Nothing usable under the finger, and why: the configured menu shows.
    public static func nothing(_ why: String) -> PressTarget { PressTarget(kind: .nothing, why: why) }

    /// An application's icon (or its window): the app's name and icon head its menu.
    public static func app(_ kind: PressTargetKind, _ app: DesktopApplication) -> PressTarget {
        PressTarget(kind: kind, app: app, name: app.name, icon: app.icon ?? "")
    }

    /// The app's Desktop Entry id; empty without an app.
    public var appID: String { app?.id ?? "" }
}

/// The kinds of thing a press may be on. `[quick-actions] under-finger` lists those used.
public enum PressTargetKind: String, CaseIterable, Hashable, Sendable {
    /// An object that launches or stands for an installed application: a dock's or panel's
    /// launcher, an app grid's icon.
    case appIcon = "app-icon"
    case link
    /// An ordinary window: its app's quick actions, where the configuration asks.
    case window
    case nothing

    /// What `under-finger` is when the file does not say: app icons and links.
    public static let defaultUsed: Set<PressTargetKind> = [.appIcon, .link]
    /// What `under-finger` may list.
    public static let configurable: [PressTargetKind] = [.appIcon, .link, .window]
}
