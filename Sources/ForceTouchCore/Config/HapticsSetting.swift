/// `[general] haptics`: whether forcetouch plays a tick at peek, at pop and at a Haptic Touch.
public enum HapticsSetting: String, Hashable, Sendable, CaseIterable {
    /// Through feedbackd when it is on the session bus, else a device's force feedback, else nothing.
    case auto
    /// Never.
    case off
}
