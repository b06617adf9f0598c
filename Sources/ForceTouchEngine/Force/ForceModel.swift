/// Turns raw pressure into force the way UIKit measures it: 1.0 is an average touch, and
/// `maximumPossibleForce` is what the axis maximum maps to (SPEC §2).
public struct ForceModel: Hashable, Sendable {
    /// Where the uncalibrated average touch sits in the axis range; gives 20/3 ≈ 6.67,
    /// the iPhone 6s figure.
    public static let uncalibratedAverageFraction = 0.15

    public let minimum: Double
    public let maximum: Double
    /// Raw value of an average touch.
    public let average: Double
    public let maximumPossibleForce: Double
    @usableFromInline let scale: Double

    /// - Parameter average: the calibrated raw value of an average touch; nil, or a value
    ///   outside (min, max], falls back to the uncalibrated default.
    public init(minimum: Int32, maximum: Int32, average: Double? = nil) {
        let lo = Double(minimum), hi = Double(maximum)
        self.minimum = lo
        self.maximum = hi
        let fallback = lo + Self.uncalibratedAverageFraction * (hi - lo)
        if let average, average > lo, average <= hi {
            self.average = average
        } else {
            self.average = fallback
        }
        let unit = self.average - lo
        self.scale = unit > 0 ? 1 / unit : 0
        self.maximumPossibleForce = (hi - lo) * scale
    }

    /// - Parameter usableRange: the part of the axis real touches use (the device
    ///   database's `AttrPressureRange`); the whole axis when nil.
    public init(axis: AbsInfo, usableRange: ClosedRange<Int32>? = nil, average: Double? = nil) {
        if let r = usableRange, r.upperBound > r.lowerBound {
            self.init(minimum: r.lowerBound, maximum: r.upperBound, average: average)
        } else {
            self.init(minimum: axis.minimum, maximum: axis.maximum, average: average)
        }
    }

    public var isCalibrated: Bool {
        average != minimum + Self.uncalibratedAverageFraction * (maximum - minimum)
    }

    /// Force for a raw reading, clamped to `0...maximumPossibleForce`.
    @inlinable
    public func force(raw: Int32) -> Double {
        let f = (Double(raw) - minimum) * scale
        return f < 0 ? 0 : (f > maximumPossibleForce ? maximumPossibleForce : f)
    }
}
