/// What auto-calibration has learned of one device: the typical pressure of the user's
/// recent ordinary touches, and the average touch it settled on (SPEC §2).
///
/// Robust by construction: the average is the median of the last `window` touches' levels,
/// so one hard press — or a few — cannot move it; it is published only after
/// `touchesToConverge` touches; and once published it moves at most `maximumStep` of the
/// axis range per touch, so a run of odd touches drifts it slowly, never jumps it.
public struct LearnedCalibration: Hashable, Sendable, Codable {
    public static let touchesToConverge = 20
    public static let window = 63
    public static let maximumStep = 0.02

    /// Ordinary touches observed, in all.
    public private(set) var touches: Int
    /// The levels of the most recent touches, oldest first, at most `window` of them.
    public private(set) var levels: [Double]
    /// The raw pressure of an average touch; nil until converged.
    public private(set) var average: Double?

    public init(touches: Int = 0, levels: [Double] = [], average: Double? = nil) {
        self.touches = max(touches, 0)
        self.levels = Array(levels.suffix(Self.window))
        self.average = average
    }

    public var isConverged: Bool { average != nil }

    /// One ordinary touch, by its level (see `ContactLevels`), on an axis spanning `range`.
    /// Returns true when the published average changed.
    @discardableResult
    public mutating func observe(level: Double, range: ClosedRange<Double>) -> Bool {
        guard level > range.lowerBound, level <= range.upperBound else { return false }
        touches += 1
        levels.append(level)
        if levels.count > Self.window { levels.removeFirst(levels.count - Self.window) }
        guard touches >= Self.touchesToConverge else { return false }
        let median = CalibrationStatistics.median(levels)
        let next: Double
        if let current = average {
            let step = Self.maximumStep * (range.upperBound - range.lowerBound)
            next = min(max(median, current - step), current + step)
        } else {
            next = median
        }
        guard next != average else { return false }
        average = next
        return true
    }
}
