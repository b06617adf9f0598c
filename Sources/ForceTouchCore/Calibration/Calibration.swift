import ForceTouchEngine

/// The three guided steps of a calibration, in the order they are made.
public enum CalibrationStep: String, Hashable, Sendable, CaseIterable {
    case light
    case average
    case firm

    /// What `forcetest calibrate` asks the user to do.
    public var instruction: String {
        switch self {
        case .light: "press as lightly as you can while still touching, then lift"
        case .average: "press the way you normally touch, then lift"
        case .firm: "press firmly, as for a deep press, then lift"
        }
    }
}

/// Whether the device senses force, as calibration found it (SPEC §3).
public enum CalibrationVerdict: String, Hashable, Sendable {
    /// Pressure varies with pressing: force is real.
    case available
    /// Pressure is missing, constant or nearly so: force cannot be sensed.
    case unavailable
    /// No pressure, but contact size varies with pressing and the user opted in to force
    /// emulated from it.
    case emulated
}

/// What the presses of one step came to.
public struct StepSummary: Hashable, Sendable {
    public var step: CalibrationStep
    /// Each press's level (the median of its plateau), in press order.
    public var levels: [Double]
    /// Each press's peak reading.
    public var peaks: [Int32]

    public var level: Double { CalibrationStatistics.median(levels) }
    public var lowestLevel: Double { levels.min() ?? 0 }
    public var highestPeak: Int32 { peaks.max() ?? 0 }
}

/// Calibration input that cannot give a trustworthy result, with what to do about it.
public struct CalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The outcome of a calibration: the verdict, the user's three press levels, and the
/// configuration values that follow from them.
public struct CalibrationResult: Hashable, Sendable {
    public var verdict: CalibrationVerdict
    /// Why, in words (the axis used, or what made force unavailable).
    public var reason: String
    /// The axis measured, e.g. `ABS_MT_PRESSURE`; nil when the device has none.
    public var axisName: String?
    public var axisMinimum: Int32
    public var axisMaximum: Int32
    public var pressesPerStep: Int
    public var light: StepSummary
    public var average: StepSummary
    public var firm: StepSummary
    /// Raw value of an average touch: `calibration = { average = … }`.
    public var averageRaw: Double
    /// How far readings wander while a press is held (about one standard deviation), raw.
    public var noise: Double
    /// The lightest reading any press gave: below it, pressure means nothing.
    public var floor: Int32
    public var maximumPossibleForce: Double
    /// Peek and pop as forces (1.0 = the user's average touch)…
    public var peekForce: Double
    public var popForce: Double
    /// …and as the configuration writes them, fractions of maximumPossibleForce at the
    /// `medium` sensitivity (a `light` or `firm` setting still scales them).
    public var peekFraction: Double
    public var popFraction: Double
    /// Threshold re-arm fraction (SPEC §4 hysteresis).
    public var hysteresis: Double
    /// True when `hysteresis` had to differ from the configured one to ride out the noise.
    public var hysteresisChanged: Bool
    /// Things the user may want to know, none of which stopped the calibration.
    public var warnings: [String]

    /// True when there is something to write: force is sensed (for real or emulated).
    public var isUsable: Bool { verdict != .unavailable }

    public func force(raw: Double) -> Double {
        let unit = averageRaw - Double(axisMinimum)
        return unit > 0 ? (raw - Double(axisMinimum)) / unit : 0
    }
}

/// Turns the presses of a guided calibration into a verdict and thresholds.
///
/// The presses are the three steps in order — light, then average, then firm — the same
/// number of each: the first third are light, the middle third average, the last third firm.
/// From them:
/// - **average**: the median level of the average presses; it becomes force 1.0.
/// - **noise**: how far readings wander on the presses' plateaus (see
///   `CalibrationStatistics.noise`); **floor**: the lightest reading of any press.
/// - **verdict**: `unavailable` when every reading is the same, or when light and firm
///   presses differ by less than max(3 × noise, 2 % of the axis range, 2 raw units) — such a
///   device reports contact, not force. With `emulate`, a device without a pressure axis
///   is judged on its contact size instead and, if that varies, is `emulated`.
/// - **peek and pop**: between the strongest average press (its peak) and the weakest firm
///   press (its level), at one third and two thirds of the way, so an average touch never
///   peeks and every firm press pops. When the two overlap they are placed between the
///   median average and median firm levels instead, with a warning.
/// - **hysteresis**: the configured one (0.8 by default), lowered when needed so that a
///   threshold re-arms only after force falls by at least 3 × noise (not below 0.5).
public enum Calibration {
    public static let steps = CalibrationStep.allCases

    public static func analyze(_ presses: [CalibrationPress], device: DeviceDescription,
                               emulate: Bool = false, hysteresis: Double = GestureSettings().hysteresis)
        throws(CalibrationError) -> CalibrationResult
    {
        guard presses.count >= 3 else {
            throw CalibrationError("calibration needs at least 3 presses (light, average, firm), found \(presses.count)")
        }
        guard presses.count % 3 == 0 else {
            throw CalibrationError(
                "found \(presses.count) presses, not a multiple of 3: calibration expects the same number of "
                + "light, average and firm presses, each lifted before the next")
        }
        let pressure = PressureSource.find(in: device)
        let contactSize = device.axis(ABS.MT_TOUCH_MAJOR).flatMap { $0.maximum > $0.minimum ? $0 : nil }

        // Which readings to judge: pressure, or contact size for an opted-in emulation.
        var useContactSize = false
        var notes: [String] = []
        if pressure == nil, emulate {
            if contactSize != nil {
                useContactSize = true
            } else {
                notes.append("the device has no contact-size axis (ABS_MT_TOUCH_MAJOR) to emulate force from")
            }
        }
        let axisInfo: AbsInfo?
        let axisName: String?
        if useContactSize {
            axisInfo = contactSize
            axisName = "ABS_MT_TOUCH_MAJOR"
        } else if let pressure {
            axisInfo = pressure.info
            axisName = EventNames.codeName(type: EV.ABS, code: pressure.code)
        } else {
            axisInfo = nil
            axisName = nil
        }
        let lo = axisInfo?.minimum ?? 0
        let hi = axisInfo?.maximum ?? 0
        let readings: [CalibrationPress] = useContactSize
            ? presses.map { var p = $0; p.samples = p.contactSizes.isEmpty ? p.samples : p.contactSizes; return p }
            : presses

        let n = presses.count / 3
        func summary(_ step: CalibrationStep, _ part: ArraySlice<CalibrationPress>) -> StepSummary {
            StepSummary(step: step, levels: part.map { $0.level(floor: lo) }, peaks: part.map(\.peak))
        }
        let light = summary(.light, readings[0..<n])
        let average = summary(.average, readings[n..<(2 * n)])
        let firm = summary(.firm, readings[(2 * n)...])
        let noise = CalibrationStatistics.noise(readings, floor: lo)
        let all = readings.flatMap(\.samples)
        let floor = all.min() ?? lo

        var result = CalibrationResult(
            verdict: .unavailable, reason: "", axisName: axisName, axisMinimum: lo, axisMaximum: hi,
            pressesPerStep: n, light: light, average: average, firm: firm, averageRaw: average.level,
            noise: noise, floor: floor, maximumPossibleForce: 0, peekForce: 0, popForce: 0,
            peekFraction: 0, popFraction: 0, hysteresis: hysteresis, hysteresisChanged: false, warnings: notes)

        // The verdict.
        guard let axisInfo, let axisName else {
            var reason = "no pressure axis"
            if !emulate, let size = contactSize, sizeVaries(presses, size) {
                reason += "; contact size (ABS_MT_TOUCH_MAJOR) does vary with pressing: --emulate derives force from it"
            }
            result.reason = reason
            return result
        }
        let range = Double(axisInfo.maximum) - Double(axisInfo.minimum)
        let what = useContactSize ? "contact size" : "pressure"
        if let first = all.first, all.allSatisfy({ $0 == first }) {
            result.reason = "\(what) is constant: every reading was \(first) (\(axisName) \(lo)..\(hi))"
            addEmulationHint(&result, pressure: pressure, contactSize: contactSize, presses: presses, emulate: emulate,
                             useContactSize: useContactSize)
            return result
        }
        let spread = firm.level - light.level
        let needed = max(3 * noise, 0.02 * range, 2)
        if spread < needed {
            result.reason = "\(what) barely varies: light presses read \(fmt(light.level)), firm ones \(fmt(firm.level)) "
                + "(\(axisName) \(lo)..\(hi), noise ±\(fmt(noise))); the device reports contact, not force"
            addEmulationHint(&result, pressure: pressure, contactSize: contactSize, presses: presses, emulate: emulate,
                             useContactSize: useContactSize)
            return result
        }

        // Force is sensed: now the user's own levels must make sense.
        guard average.level > Double(lo) else {
            throw CalibrationError("the average presses read \(fmt(average.level)), the axis minimum: "
                + "press a little harder on the average step and try again")
        }
        let margin = max(2 * noise, 1)
        guard firm.level >= average.level + margin else {
            throw CalibrationError("the firm presses (\(fmt(firm.level))) were not clearly firmer than the average ones "
                + "(\(fmt(average.level))): press harder on the firm step and try again")
        }
        if light.level >= average.level {
            result.warnings.append("the light presses (\(fmt(light.level))) were not lighter than the average ones "
                + "(\(fmt(average.level))); only average and firm presses set the thresholds")
        }

        result.verdict = useContactSize ? .emulated : .available
        result.reason = useContactSize
            ? "force emulated from contact size, \(axisName) \(lo)..\(hi)"
            : "\(axisName) \(lo)..\(hi) varies with pressing"
        let model = ForceModel(axis: axisInfo, average: average.level)
        result.maximumPossibleForce = model.maximumPossibleForce

        // Thresholds between the user's average and firm presses.
        var low = result.force(raw: Double(average.highestPeak))
        var high = result.force(raw: firm.lowestLevel)
        if high <= low {
            result.warnings.append("some average presses were as firm as some firm presses; the thresholds sit "
                + "between the typical average (\(fmt(average.level))) and firm (\(fmt(firm.level))) levels")
            low = 1
            high = result.force(raw: firm.level)
        }
        let mpf = model.maximumPossibleForce
        let gap = high - low
        var peek = low + gap / 3
        var pop = low + 2 * gap / 3
        result.peekFraction = rounded(min(max(peek / mpf, 0.0001), 1))
        result.popFraction = rounded(min(max(pop / mpf, result.peekFraction + 0.0001), 1))
        if result.peekFraction >= result.popFraction {
            result.peekFraction = rounded(result.popFraction - 0.0001)
        }
        peek = result.peekFraction * mpf
        pop = result.popFraction * mpf
        result.peekForce = peek
        result.popForce = pop

        // Hysteresis: the re-arm drop must clear the noise.
        let noiseForce = result.force(raw: Double(lo) + noise)
        let wanted = 1 - 3 * noiseForce / peek
        if wanted < hysteresis {
            let h = max(0.5, (wanted * 100).rounded(.down) / 100)
            result.hysteresis = h
            result.hysteresisChanged = true
            if wanted < 0.5 {
                result.warnings.append("the readings are noisy (±\(fmt(noise))): a deep press may stutter near its thresholds")
            }
        }
        return result
    }

    /// Whether contact size changes between the light and firm presses.
    private static func sizeVaries(_ presses: [CalibrationPress], _ axis: AbsInfo) -> Bool {
        let n = presses.count / 3
        guard n > 0 else { return false }
        let lightSizes = presses[0..<n].map { CalibrationStatistics.plateau($0.contactSizes, floor: axis.minimum).level }
        let firmSizes = presses[(2 * n)...].map { CalibrationStatistics.plateau($0.contactSizes, floor: axis.minimum).level }
        let spread = CalibrationStatistics.median(firmSizes) - CalibrationStatistics.median(lightSizes)
        return spread >= max(0.02 * axis.range, 2)
    }

    private static func addEmulationHint(_ r: inout CalibrationResult, pressure: PressureSource?, contactSize: AbsInfo?,
                                         presses: [CalibrationPress], emulate: Bool, useContactSize: Bool) {
        guard !useContactSize, let size = contactSize else { return }
        if pressure != nil {
            if emulate {
                r.warnings.append("force cannot be emulated from contact size here: the device declares a pressure "
                    + "axis, and forcetouchd always prefers it")
            }
        } else if !emulate, sizeVaries(presses, size) {
            r.reason += "; contact size does vary with pressing: --emulate derives force from it"
        }
    }

    static func rounded(_ v: Double) -> Double { (v * 10000).rounded() / 10000 }

    static func fmt(_ v: Double) -> String { TextFormat.number((v * 100).rounded() / 100) }
}
