import ForceTouchEngine

/// The `[quick-actions]` table: where static items are imported from, which program shows
/// the menu, and how many items it shows.
public struct QuickActionSettings: Hashable, Sendable {
    /// `import-plist`, as written (relative paths are relative to the configuration file's
    /// directory); its items are already in `Configuration.quickActions`.
    public var importPlist: String?
    /// `menu`: the argv of the menu program, which reads titles on stdin, one a line, and
    /// prints the chosen one. Nil (the default) picks one: see `menuCommand`.
    public var menu: [String]?
    /// `max-items`: most items the menu shows.
    public var maximumMenuItems = ShortcutStore.defaultMaximumMenuItems
    /// `menu-timeout`: how long a menu waits for a choice, from the menu program or from
    /// the overlay, before it counts as dismissed (the program is ended).
    public var menuTimeout = Self.defaultMenuTimeout
    /// Two minutes: far longer than anyone looks at a menu, short enough that a menu
    /// program or an overlay that never answers does not hold a binding for ever.
    public static let defaultMenuTimeout = Timestamp.Duration(seconds: 120)
    /// `under-finger`: which kinds of thing under a deep press pick the menu (SPEC §11,
    /// "What is under the finger"); empty looks nothing up.
    public var underFinger = PressTargetKind.defaultUsed
    /// `open-schemes`: the links a link menu's Open (and the pop of a held link menu)
    /// opens without asking; others are refused.
    public var openSchemes = LinkSchemes.standard

    public init() {}

    /// The menu programs tried, in order, when `menu` is not set: Wayland launchers first
    /// in a Wayland session (fuzzel, wofi, bemenu, then rofi, whose current releases
    /// speak Wayland), X11 ones otherwise (rofi, dmenu, then bemenu, which does both).
    public static func automaticMenus(wayland: Bool) -> [[String]] {
        wayland
            ? [["fuzzel", "--dmenu"], ["wofi", "--dmenu"], ["bemenu"], ["rofi", "-dmenu"]]
            : [["rofi", "-dmenu"], ["dmenu"], ["bemenu"]]
    }

    /// The argv to run for the menu: `menu` when set, else the first automatic one whose
    /// program is installed. Nil when none is, and then presenting the menu only tells
    /// subscribers.
    /// - Parameters:
    ///   - wayland: whether the session is Wayland (WAYLAND_DISPLAY is set).
    ///   - isInstalled: whether a program name is found in PATH.
    public func menuCommand(wayland: Bool, isInstalled: (String) -> Bool) -> [String]? {
        if let menu { return menu }
        return Self.automaticMenus(wayland: wayland).first { isInstalled($0[0]) }
    }
}
