/// What auto-calibration has learned of one device: the typical pressure of the user's
/// recent ordinary touches, and the average touch it settled on (SPEC §2).
///
/// Robust by construction: the average is the median of the last `window` touches' levels,
/// so one hard press — or a few — cannot move it; it is published only after
/// `touchesToConverge` touches; and once published it moves at most `maximumStep` of the
/// axis range per touch, so a run of odd touches drifts it slowly, never jumps it.
///
/// Learning allocates nothing once `window` touches are held: the levels are a ring and the
/// median is taken in a scratch buffer kept for it.
public struct LearnedCalibration: Hashable, Sendable, Codable {
    public static let touchesToConverge = 20
    public static let window = 63
    public static let maximumStep = 0.02

    /// Ordinary touches observed, in all.
    public private(set) var touches: Int
    /// The levels of the most recent touches (at most `window`), as a ring: the oldest is
    /// replaced first. Their order does not matter to the median.
    public private(set) var levels: [Double]
    /// The raw pressure of an average touch; nil until converged.
    public private(set) var average: Double?
    private var scratch: [Double] = []

    private enum CodingKeys: String, CodingKey { case touches, levels, average }

    public init(touches: Int = 0, levels: [Double] = [], average: Double? = nil) {
        self.touches = max(touches, 0)
        self.levels = Array(levels.suffix(Self.window))
        self.average = average
    }

    public static func == (a: LearnedCalibration, b: LearnedCalibration) -> Bool {
        a.touches == b.touches && a.levels == b.levels && a.average == b.average
    }

    public func hash(into h: inout Hasher) {
        h.combine(touches)
        h.combine(levels)
        h.combine(average)
    }

    /// One ordinary touch, by its level (see `ContactLevels`), on an axis spanning `range`.
    /// Returns true when the published average changed.
    @discardableResult
    public mutating func observe(level: Double, range: ClosedRange<Double>) -> Bool {
        guard level > range.lowerBound, level <= range.upperBound else { return false }
        if levels.count < Self.window {
            levels.reserveCapacity(Self.window)
            levels.append(level)
        } else {
            levels[touches % Self.window] = level
        }
        touches += 1
        guard touches >= Self.touchesToConverge else { return false }
        let median = medianLevel()
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

    /// The median of `levels`, sorted by insertion in `scratch` (at most 63 values, once a touch).
    private mutating func medianLevel() -> Double {
        scratch.reserveCapacity(Self.window)
        scratch.removeAll(keepingCapacity: true)
        for k in levels.indices {  // not `for v in levels`: see GestureEngine.learn
            let v = levels[k]
            var j = scratch.count
            scratch.append(v)
            while j > 0, scratch[j - 1] > v {
                scratch[j] = scratch[j - 1]
                j -= 1
            }
            scratch[j] = v
        }
        let n = scratch.count
        return n % 2 == 1 ? scratch[n / 2] : (scratch[n / 2 - 1] + scratch[n / 2]) / 2
    }
}
