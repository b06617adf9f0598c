import ForceTouchCore

/// An input device that offers force feedback, as the choice of where ticks play sees it.
public struct ForceFeedbackDevice: Hashable, Sendable {
    public var devnode: String
    public var effects: Set<ForceFeedbackEffect>
    /// Whether forcetouch follows it as a touch device (the finger is on it).
    public var isTouchDevice: Bool

    public init(devnode: String, effects: Set<ForceFeedbackEffect>, isTouchDevice: Bool) {
        self.devnode = devnode
        self.effects = effects
        self.isTouchDevice = isTouchDevice
    }
}

/// Where haptic ticks are played.
public enum HapticsPath: Hashable, Sendable {
    /// `haptics = "off"`.
    case off
    /// feedbackd on the session bus: the user's feedback profile decides what is felt.
    case feedbackd
    case forceFeedback(devnode: String, effect: ForceFeedbackEffect)
    /// Nowhere to play them.
    case none

    /// The line the log says once, when the path is chosen or changes.
    public var logLine: String { "haptics: " + summary }

    /// Where ticks play, in a few words (what `forcectl doctor` says).
    public var summary: String {
        switch self {
        case .off: "off (haptics = \"off\")"
        case .feedbackd: "feedbackd (\(FeedbackdName.service))"
        case .forceFeedback(let devnode, let effect): "force feedback on \(devnode) (\(effect.rawValue))"
        case .none: "none: no feedbackd on the bus and no device with force feedback"
        }
    }
}

/// feedbackd's name on the session bus.
public enum FeedbackdName {
    public static let service = "org.sigxcpu.Feedback"
}

/// The rule that picks where ticks play, in the order of how well a tick is felt where the
/// finger is: feedbackd first (it honours the user's profile, and drives the phone's motor
/// itself); then the touch device's own force feedback, a pressure pad's click (FF_HAPTIC)
/// before a rumble before a periodic wave; then the seat's vibration motor (any other device
/// with FF_RUMBLE, as phones expose theirs); else none. Among equals, the first device node by
/// name, so that the choice does not depend on the order devices were found in.
public enum HapticsChoice {
    public static func choose(_ setting: HapticsSetting, feedbackdOnBus: Bool,
                              devices: [ForceFeedbackDevice]) -> HapticsPath {
        if setting == .off { return .off }
        if feedbackdOnBus { return .feedbackd }
        let sorted = devices.sorted { $0.devnode < $1.devnode }
        for effect in [ForceFeedbackEffect.haptic, .rumble, .periodic] {
            if let d = sorted.first(where: { $0.isTouchDevice && $0.effects.contains(effect) }) {
                return .forceFeedback(devnode: d.devnode, effect: effect)
            }
        }
        if let motor = sorted.first(where: { !$0.isTouchDevice && $0.effects.contains(.rumble) }) {
            return .forceFeedback(devnode: motor.devnode, effect: .rumble)
        }
        return .none
    }
}
