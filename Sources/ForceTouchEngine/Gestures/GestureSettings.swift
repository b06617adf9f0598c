/// Timings, distances and thresholds for recognizing gestures on one device: SPEC §4's
/// defaults, each of which the configuration may override per device.
public struct GestureSettings: Hashable, Sendable {
    /// Longest a tap may last, from first contact down to last contact up.
    public var tapMaximumDuration = Timestamp.Duration(seconds: 0.35)
    /// How far (mm) a tapping contact may move.
    public var tapSlop = 2.0
    /// Longest gap between the first tap's end and the second's start.
    public var doubleTapInterval = Timestamp.Duration(seconds: 0.3)
    /// Farthest (mm) the second tap may be from the first.
    public var doubleTapDistance = 10.0
    /// Hold before a long press fires.
    public var longPressDuration = Timestamp.Duration(seconds: 0.5)
    /// How far (mm) a long-pressing contact may move before the press fires.
    public var longPressSlop = 2.0
    /// Peek threshold as a fraction of maximumPossibleForce (2.0 uncalibrated).
    public var peekFraction = 0.3
    /// Pop threshold as a fraction of maximumPossibleForce (5.0 uncalibrated).
    public var popFraction = 0.75
    /// A threshold re-arms once force falls below this fraction of it.
    public var hysteresis = 0.8
    /// How long force must stay at or above peek before a deep press fires: what tells a
    /// deliberate press from the impact of a tap (docs/deep-press.md derives it from the
    /// real recordings).
    public var deepPressDwell = Timestamp.Duration(seconds: 0.2)
    /// How far (mm) a contact may move from where it came down and still deep-press:
    /// beyond it, it is a scroll, drag or stroke, whose pressure is not a deep press.
    public var deepPressSlop = 2.0
    /// On a pen, how long the tip must have been down before a press can be deliberate:
    /// longer than a pen tap lasts, since a firm pen tap presses as hard as a deep press and
    /// holds it past the dwell (docs/deep-press.md measures 40 recorded pen taps: all lift
    /// within 283 ms). `deep-press-pen-time`; applies with the dwell: `deep-press-time = 0`
    /// turns both off.
    public var penHold = Timestamp.Duration(seconds: 0.3)
    /// Where a press held still stands in for a deep press (`haptic-touch`): by default on
    /// touchscreens without force.
    public var hapticTouch = HapticTouchMode.auto
    /// How long a Haptic Touch is held still before it opens the menu (`haptic-touch-time`).
    public var hapticTouchTime = HapticTouchTime.fast
    public var sensitivity = Sensitivity.medium
    /// When true a single tap waits out the double-tap window, so a double tap is never
    /// also two taps (the case when a double-tap is bound in the same context). When false
    /// taps fire at release.
    public var waitsForDoubleTap = true
    public var rotation = Rotation.none

    public init() {}
}

/// How the device is mounted: positions are rotated clockwise by this before regions apply.
public enum Rotation: Int, Hashable, Sendable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    public init?(degrees: Int) { self.init(rawValue: ((degrees % 360) + 360) % 360) }

    /// Rotates a normalized point within the unit square.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        switch self {
        case .none: (x, y)
        case .quarter: (1 - y, x)
        case .half: (1 - x, 1 - y)
        case .threeQuarters: (y, 1 - x)
        }
    }
}
