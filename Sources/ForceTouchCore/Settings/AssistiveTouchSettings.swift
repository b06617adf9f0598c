import ForceTouchEngine
import ForceTouchProtocol

/// `[assistive-touch]`'s keys besides its slots as a settings window shows and sets them
/// (`assistive-touch.button`, `assistive-touch.button-size`, …; SPEC §6): whether the button is
/// drawn, and each number with the values the check accepts, so that the window offers no value
/// the daemon would refuse and holds no range of its own.
public enum AssistiveTouchSettings {
    /// The keys `assistive-touch.KEY` may name besides the slots, as the table writes them.
    static let options = AssistiveTouch.keys.filter { AssistiveTouch.Slot(rawValue: $0) == nil }

    /// Whether the configuration draws the button: not without the table, nor with a region.
    public static func button(_ configuration: Configuration) -> Bool {
        configuration.assistiveTouch?.button != nil
    }

    /// The numbers, each its value now or its default.
    public static func numbers(_ configuration: Configuration) -> [SettingsState.NumberSetting] {
        let at = configuration.assistiveTouch ?? AssistiveTouch()
        let size = AssistiveButton.sizeRange, doubleTap = AssistiveTouch.doubleTapTimeoutRange
        let longPress = NumberRange.gestureTime
        return [
            .init(key: "assistive-touch.button-size", value: at.button?.size ?? AssistiveButton.defaultSize,
                  minimum: size.lowerBound, maximum: size.upperBound),
            .init(key: "assistive-touch.double-tap-timeout", value: at.doubleTapTimeout.seconds,
                  minimum: doubleTap.lowerBound, maximum: doubleTap.upperBound),
            .init(key: "assistive-touch.long-press-duration", value: at.longPressDuration.seconds,
                  minimum: hundredths(above: longPress), maximum: longPress.upperBound),
        ]
    }

    /// The least value in hundredths a range takes: its bound, or the next hundredth when the
    /// bound itself is refused (a long press of 0 s is none).
    static func hundredths(above range: NumberRange) -> Double {
        range.includesLowerBound ? range.lowerBound : (range.lowerBound * 100 + 1).rounded(.down) / 100
    }
}
