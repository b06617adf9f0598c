import ForceTouchEngine

/// The AssistiveTouch menu (SPEC §6): a single tap on the button with `single-tap` left unset
/// opens a small menu of the other slots that are set, as iOS's AssistiveTouch menu does;
/// choosing an item runs that slot's action.
extension AssistiveTouch {
    /// The menu a gesture opens: its items, one per other slot that is set, in slot order;
    /// nil unless the gesture is a single tap on the button, `single-tap` is unset and some
    /// other slot is set.
    public func slotMenu(for event: GestureEvent) -> [ShortcutItem]? {
        guard Self.slot(for: event) == .singleTap, slots[.singleTap] == nil,
              isOnButton(x: event.x, y: event.y) else { return nil }
        let items = Slot.allCases.compactMap { slot -> ShortcutItem? in
            guard slot != .singleTap, let action = slots[slot] else { return nil }
            return ShortcutItem(type: Self.menuItemType(slot), title: slot.title, subtitle: action.key,
                                action: action)
        }
        return items.isEmpty ? nil : items
    }

    /// Where the menu opens: beside the button, at its edge towards the middle of the surface
    /// and at its height, so that the menu (which opens away from the nearer edges) does not
    /// cover it. Without a button, at (`x`, `y`).
    public func menuAnchor(x: Double, y: Double) -> (x: Double, y: Double) {
        guard let b = button else { return (x, y) }
        let half = b.size / 2
        return (b.place.x < 0.5 ? b.place.x + half : b.place.x - half, b.place.y)
    }

    /// The item type of a slot in the menu: `assistive-touch.double-tap`, …
    public static func menuItemType(_ slot: Slot) -> String { "assistive-touch.\(slot.rawValue)" }
}

extension AssistiveTouch.Slot {
    /// The slot's name in the menu, as iOS's AssistiveTouch settings call it.
    public var title: String {
        switch self {
        case .singleTap: "Single-Tap"
        case .doubleTap: "Double-Tap"
        case .longPress: "Long Press"
        case .deepPress: "3D Touch"
        }
    }
}
