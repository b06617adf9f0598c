/// What the configuration says about one particular device: the inputs for its
/// `GestureEngine` and whether to handle it at all.
public struct DeviceSettings: Hashable, Sendable {
    public var gestures: GestureSettings
    /// Calibrated raw value of an average touch; nil for the uncalibrated default.
    public var calibrationAverage: Double?
    public var emulateForce: Bool
    public var ignore: Bool
    /// The `[[device]]` block that applied (its 1-based index), for logs; nil for none.
    public var rule: Int?
    /// What the device database knows of the device.
    public var quirks: DeviceQuirks
    /// `claim`: how the device's claimed touches are kept from the app beneath (SPEC §10).
    public var claim: ClaimStrategy = .auto
    /// `output`: the output (monitor) a touchscreen drives, by the name the overlay knows it
    /// by ("HDMI-1" under X11), where the overlay shows its menu; empty for the only or
    /// built-in one.
    public var output = ""

    public init(gestures: GestureSettings = GestureSettings(), calibrationAverage: Double? = nil,
                emulateForce: Bool = false, ignore: Bool = false, rule: Int? = nil, quirks: DeviceQuirks = .none) {
        self.gestures = gestures
        self.calibrationAverage = calibrationAverage
        self.emulateForce = emulateForce
        self.ignore = ignore
        self.rule = rule
        self.quirks = quirks
    }

    /// The average touch and where it comes from, first match wins (SPEC §2): the
    /// configuration, what was learned once it converged, the device database, the default.
    public func calibration(learned: LearnedCalibration?) -> (source: CalibrationSource, average: Double?) {
        if let a = calibrationAverage { return (.config, a) }
        if let l = learned, let a = l.average { return (.learned(touches: l.touches), a) }
        if let a = quirks.averageTouch { return (.database(entry: quirks.averageTouchEntry ?? "?"), a) }
        return (.default, nil)
    }
}
