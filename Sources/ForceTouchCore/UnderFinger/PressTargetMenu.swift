import ForceTouchProtocol

/// The menu a press's target shows (docs/SPEC.md §11, "What is under the finger"), as iOS
/// shows an app icon's quick actions or a link's actions.
///
/// - An app icon, or a window where the configuration uses windows: the app's Desktop Entry
///   actions (its `Actions=`, launched as `quick-actions = "app.desktop"` launches them),
///   then an app icon's open windows (`AppWindows`: each switched to), then the configured
///   `[[quick-action]]` items that launch that app, then the dynamic items that launch it, at
///   most `max-items`. An app with none shows the configured menu.
/// - A link: Open (the default browser) and Copy Link.
/// - Text: its kind's items (`TextTargetMenu`).
/// - Nothing: the configured menu, as without a lookup.
public enum PressTargetMenu {
    /// The link items' types: performed by the daemon, not through an item's action.
    public static let openLinkType = "link.open"
    public static let copyLinkType = "link.copy"

    /// The items to show for `target`, and the target the menu says it is for (an app with
    /// no items becomes `nothing`, with why).
    public static func menu(for target: PressTarget, configured: ShortcutStore) -> (ShortcutStore, PressTarget) {
        switch target.kind {
        case .nothing:
            return (configured, target)
        case .link:
            let items = [
                ShortcutItem(type: openLinkType, title: "Open", subtitle: target.address, icon: .symbol("web-browser")),
                ShortcutItem(type: copyLinkType, title: "Copy Link", icon: .symbol("edit-copy")),
            ]
            return (ShortcutStore(staticItems: items, maximumMenuItems: configured.maximumMenuItems), target)
        case .word, .email, .phone, .date, .url:
            let items = TextTargetMenu.items(for: target) ?? []
            return (ShortcutStore(staticItems: items, maximumMenuItems: configured.maximumMenuItems), target)
        case .appIcon, .window:
            guard let app = target.app else { return (configured, .nothing("no application")) }
            let store = applicationStore(app, windows: target.windows, configured: configured)
            guard !store.menu.isEmpty else {
                return (configured, .nothing("\(app.id) has no quick actions (no Desktop Actions, no open window, and no item launches it)"))
            }
            return (store, target)
        }
    }

    /// Whether a Haptic Touch opens the menu of `target` (as `menu(for:)` gives it back): only
    /// on what has a menu of its own, a link or an app's icon, as iOS's Haptic Touch opens an
    /// icon's or a link's. On anything else (a window's content, nothing) the configured items
    /// do not open: the press is an ordinary long press, the app's own.
    public static func opensOnHapticTouch(_ target: PressTarget) -> Bool {
        switch target.kind {
        case .link, .appIcon: true
        // A long press on text is the app's: it selects.
        case .window, .nothing, .word, .email, .phone, .date, .url: false
        }
    }

    /// An app's items: its Desktop Actions, then its `windows` to switch to, then the static and
    /// dynamic items that launch it.
    public static func applicationStore(_ app: DesktopApplication, windows: [PressTargetFacts.Window] = [],
                                        configured: ShortcutStore) -> ShortcutStore {
        var statics = app.quickActionItems + windows.compactMap { AppWindows.item($0, of: app) }
        var types = Set(statics.map(\.type))
        for item in configured.staticItems where launches(item, app) && types.insert(item.type).inserted {
            statics.append(item)
        }
        let dynamics = configured.dynamicItems.filter { launches($0, app) }
        return ShortcutStore(staticItems: statics, dynamicItems: dynamics, maximumMenuItems: configured.maximumMenuItems)
    }

    /// Whether an item's action launches `app` (`launch = "app.desktop"`, or one of its
    /// actions): such items are written for that app.
    public static func launches(_ item: ShortcutItem, _ app: DesktopApplication) -> Bool {
        guard case .launch(.desktop(let id, _))? = item.action else { return false }
        func bare(_ s: String) -> String { s.hasSuffix(".desktop") ? String(s.dropLast(8)) : s }
        return bare(id) == bare(app.id)
    }
}
