import ForceTouchEngine

/// When a press's card (the preview growing at the finger, the rest of the output dimmed) may
/// be drawn (docs/SPEC.md §11): a preview announces a menu, so it is drawn only once the press
/// is known to open something, never on what a deep press leaves alone (issue 51).
///
/// A deep press bound to anything but `quick-actions = true` (a command, an app's menu), the
/// AssistiveTouch `deep-press` slot, or `quick-actions = true` with items configured opens
/// something wherever it is: its card grows from the start, as it always did. Bound only to
/// `quick-actions = true` with no items (the shipped configuration), a press opens only what
/// has a menu of its own (a link, an app's icon with actions): its card waits for what is
/// under the finger, and on anything else nothing is drawn at all, before peek or after.
public enum PreviewCondition: Hashable, Sendable {
    /// Something opens wherever the press is.
    case always
    /// Only what has a menu of its own opens: known once what is under the finger is.
    case whenTargetHasMenu

    /// The condition on a device with these deep-press bindings and AssistiveTouch slots, and
    /// these configured items (`[[quick-action]]`, imported and dynamic).
    public init(bindings: BindingTable, assistiveTouch: AssistiveTouch?, configured: ShortcutStore) {
        let onlyTargetMenus = assistiveTouch?.slots[.deepPress] == nil
            && bindings.bindings.allSatisfy { $0.gesture != .deepPress || $0.action == .quickActions }
            && configured.menu.isEmpty
        self = onlyTargetMenus ? .whenTargetHasMenu : .always
    }

    /// Whether the card may be drawn now, `target` being what the press is on as the daemon
    /// resolved it (nil while the lookup has not answered): the same test as the menu's own,
    /// so that a card is drawn exactly where a menu will show.
    public func previews(_ target: PressTarget?, configured: ShortcutStore) -> Bool {
        switch self {
        case .always: return true
        case .whenTargetHasMenu:
            guard let target else { return false }
            return !PressTargetMenu.menu(for: target, configured: configured).0.menu.isEmpty
        }
    }
}
