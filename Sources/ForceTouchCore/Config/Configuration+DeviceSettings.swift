import ForceTouchEngine

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
