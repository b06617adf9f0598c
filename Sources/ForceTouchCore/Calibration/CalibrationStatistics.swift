/// The small statistics calibration needs, kept apart so each can be checked on its own.
public enum CalibrationStatistics {
    /// The median; 0 for no values.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let s = values.sorted()
        let mid = s.count / 2
        return s.count % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
    }

    /// The plateau of a press: its readings at or above halfway from `floor` to its peak,
    /// and their median (the level the press held).
    public static func plateau(_ samples: [Int32], floor: Int32) -> (samples: [Int32], level: Double) {
        guard let peak = samples.max() else { return ([], Double(floor)) }
        let half = Double(floor) + 0.5 * (Double(peak) - Double(floor))
        let top = samples.filter { Double($0) >= half }
        return (top, median(top.map(Double.init)))
    }

    /// How far readings stray from the level they hold: the median absolute deviation of
    /// every plateau reading from its own press's level, scaled by 1.4826 so that it
    /// estimates a standard deviation for normal noise. Robust to the odd spike.
    public static func noise(_ presses: [CalibrationPress], floor: Int32) -> Double {
        var deviations: [Double] = []
        for p in presses {
            let (top, level) = plateau(p.samples, floor: floor)
            for v in top { deviations.append(abs(Double(v) - level)) }
        }
        return 1.4826 * median(deviations)
    }
}
