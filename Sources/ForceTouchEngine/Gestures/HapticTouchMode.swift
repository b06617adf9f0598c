/// `[gestures] haptic-touch`: where a press held still opens the menus a deep press opens, as
/// iPhones without 3D Touch got Haptic Touch (SPEC §4).
public enum HapticTouchMode: Int, Hashable, Sendable, CaseIterable {
    /// Never.
    case off = 0
    /// On touchscreens that report no usable pressure (capability `unavailable`): there a
    /// deep press can never happen, and Haptic Touch stands in for it.
    case auto = 1
    /// On every touchscreen, beside the deep press where it has force.
    case on = 2

    /// The configuration's names.
    public var name: String {
        switch self {
        case .off: "off"
        case .auto: "auto"
        case .on: "on"
        }
    }

    public init?(name: String) {
        guard let m = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = m
    }

    /// Whether a device recognizes Haptic Touch. Only touchscreens: the menu opens under the
    /// finger, and a touchpad's or a pen tablet's finger is not on what it points at.
    public func applies(to deviceClass: DeviceClass, capability: Capability) -> Bool {
        guard deviceClass == .touchscreen else { return false }
        switch self {
        case .off: return false
        case .auto: return capability == .unavailable
        case .on: return true
        }
    }
}

/// `[gestures] haptic-touch-time`: iOS's Touch Duration (Settings → Accessibility → Touch →
/// Haptic Touch), Fast or Slow, or a time in seconds.
public enum HapticTouchTime {
    /// Fast: short of the apps' own long press (GTK 3's `GtkGestureLongPress`: the setting
    /// `gtk-long-press-time`, 500 ms by default, times `delay-factor`, 1; UIKit's 0.5 s) by
    /// more than the under-finger lookup's 100 ms after the menu is due, so that a
    /// claimed touch is cancelled before the app's long press fires even with `claim =
    /// "cancel"`; and longer than a tap (`tap-time`, 0.35 s), so that no tap opens a menu.
    public static let fast = Timestamp.Duration(seconds: 0.38)
    /// Slow: for a user whose presses are slow, well past the apps' long press. With `claim
    /// = "cancel"` the app's own long press fires first (its touch has reached it for 500 ms);
    /// `hold` (sway, X11) keeps the touch from the app until the menu is decided.
    public static let slow = Timestamp.Duration(seconds: 0.7)

    /// A preset's time by its name.
    public static func preset(_ name: String) -> Timestamp.Duration? {
        switch name {
        case "fast": fast
        case "slow": slow
        default: nil
        }
    }
}
