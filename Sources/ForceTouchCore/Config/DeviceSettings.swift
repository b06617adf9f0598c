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

extension Configuration {
    /// The first matching `[[device]]` block over the global defaults.
    ///
    /// `waitsForDoubleTap` is on only when some double-tap binding can fire on this device:
    /// holding every tap back for the double-tap window costs 0.3 s of latency, worth paying
    /// only when a double tap means something here (SPEC §4) — a double-tap binding, or an
    /// `[assistive-touch]` double-tap slot, whose timings also apply here (see `AssistiveTouch`).
    ///
    /// The device database's thresholds (`database`) rank between the two: above
    /// `[gestures]`, below the device's own block.
    public func settings(for device: DeviceDescription, deviceClass: DeviceClass,
                         database: DeviceDatabase = .empty) -> DeviceSettings {
        let quirks = database.quirks(for: device, deviceClass: deviceClass)
        var result = DeviceSettings(gestures: gestures, quirks: quirks)
        if let v = quirks.peekFraction { result.gestures.peekFraction = v }
        if let v = quirks.popFraction { result.gestures.popFraction = v }
        if let rule = devices.first(where: { $0.match.matches(device, deviceClass: deviceClass) }) {
            result.gestures = rule.gestures.applied(to: result.gestures)
            if let r = rule.rotation { result.gestures.rotation = r }
            if let s = rule.sensitivity { result.gestures.sensitivity = s }
            result.calibrationAverage = rule.calibrationAverage
            result.emulateForce = rule.emulateForce ?? false
            result.ignore = rule.ignore ?? false
            result.claim = rule.claim ?? .auto
            result.output = rule.output ?? ""
            result.rule = rule.index
        }
        result.gestures.waitsForDoubleTap = bindings.contains {
            $0.gesture == .doubleTap && $0.applies(to: device, deviceClass: deviceClass)
        }
        // One engine per device: where the AssistiveTouch slots listen, their timings are
        // the device's (for the gestures whose slot is set).
        if let at = assistiveTouch, at.applies(to: device, deviceClass: deviceClass) {
            if at.slots[.longPress] != nil { result.gestures.longPressDuration = at.longPressDuration }
            if at.slots[.doubleTap] != nil {
                result.gestures.doubleTapInterval = at.doubleTapTimeout
                result.gestures.waitsForDoubleTap = true
            }
        }
        return result
    }
}
