/// The values a number of the configuration or the device database may take, with the unit
/// its messages name. Every duration, distance, size and factor a file can give has one,
/// checked once where the value is read: a value past it is refused with the same sentence
/// at `--check-config` and at a reload, never carried on to overflow a clock or a size
/// (`1e300` seconds is no timeout, and is more than a microsecond clock can count).
public struct NumberRange: Hashable, Sendable {
    public var lowerBound: Double
    /// Whether the lower bound itself is allowed: 0 turns some times off, but is no timeout.
    public var includesLowerBound: Bool
    public var upperBound: Double
    /// "seconds", "mm", or empty for a plain number.
    public var unit: String

    public init(lowerBound: Double, includesLowerBound: Bool, upperBound: Double, unit: String) {
        self.lowerBound = lowerBound
        self.includesLowerBound = includesLowerBound
        self.upperBound = upperBound
        self.unit = unit
    }

    /// Above `lower`, at most `upper`.
    public static func above(_ lower: Double, upTo upper: Double, _ unit: String = "") -> NumberRange {
        NumberRange(lowerBound: lower, includesLowerBound: false, upperBound: upper, unit: unit)
    }

    /// From `lower` to `upper`, both included.
    public static func from(_ lower: Double, upTo upper: Double, _ unit: String = "") -> NumberRange {
        NumberRange(lowerBound: lower, includesLowerBound: true, upperBound: upper, unit: unit)
    }

    public func contains(_ v: Double) -> Bool {
        v.isFinite && (includesLowerBound ? v >= lowerBound : v > lowerBound) && v <= upperBound
    }

    /// Why `v` is not in the range (nil when it is): "must be greater than 0, not -1",
    /// "must be at most 60 seconds, not 1e+300".
    public func problem(_ v: Double) -> String? {
        guard !contains(v) else { return nil }
        let units = unit.isEmpty ? "" : " " + unit
        guard v.isFinite else { return "must be a finite number" }
        if v > upperBound { return "must be at most \(TextFormat.number(upperBound))\(units), not \(TextFormat.number(v))" }
        if includesLowerBound {
            return "must be \(TextFormat.number(lowerBound)) or more\(units), not \(TextFormat.number(v))"
        }
        return "must be greater than \(TextFormat.number(lowerBound)), not \(TextFormat.number(v))"
    }
}

extension NumberRange {
    /// A gesture's time (`tap-time`, `long-press-time`, the AssistiveTouch long press): a
    /// minute is already more than any press a person holds.
    public static let gestureTime = NumberRange.above(0, upTo: 60, "seconds")
    /// `haptic-touch-time` in seconds: from 0.1 s, under which every touch would open a menu,
    /// to 5 s, past which no one holds a finger still.
    public static let hapticTouchTime = NumberRange.from(0.1, upTo: 5, "seconds")
    /// A dwell that 0 turns off (`deep-press-time`, `deep-press-pen-time`).
    public static let dwellTime = NumberRange.from(0, upTo: 60, "seconds")
    /// A slop or a double-tap distance: no touch surface is a metre across.
    public static let distance = NumberRange.above(0, upTo: 1000, "mm")
    /// How long an action may run before it is killed: up to a day.
    public static let actionTimeout = NumberRange.above(0, upTo: 86_400, "seconds")
    /// How long a menu waits for a choice (`menu-timeout`): up to an hour.
    public static let menuTimeout = NumberRange.above(0, upTo: 3600, "seconds")
    /// A raw pressure value (`calibration.average`, `AttrAverageTouch`): what an evdev axis,
    /// an Int32, can report.
    public static let rawPressure = NumberRange.above(0, upTo: Double(Int32.max))
    /// One side of a touch surface (`AttrSizeHint`): up to 10 m, a wall display.
    public static let surfaceSide = NumberRange.above(0, upTo: 10_000, "mm")
    /// `min-force`, in units of an average touch (1.0): maximumPossibleForce is a few.
    public static let minimumForce = NumberRange.from(0, upTo: 1000)
}
