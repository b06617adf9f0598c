/// A device's capability with the reason behind it, as `forcetest list` and the daemon show it.
public struct CapabilityReport: Hashable, Sendable {
    public var capability: Capability
    /// Why, in words a user can act on ("no pressure axis", "permission denied").
    public var reason: String
    /// True when force is emulated from contact size (SPEC §3).
    public var emulated: Bool
    /// False for a device that is no touchscreen, tablet or touchpad: force capability is not
    /// defined for it (SPEC §3), so it has none, and counts nowhere (`capability` is then
    /// `unknown`, which never raises an overall capability).
    public var isTouchDevice: Bool

    public init(capability: Capability, reason: String, emulated: Bool = false, isTouchDevice: Bool = true) {
        self.capability = capability
        self.reason = reason
        self.emulated = emulated
        self.isTouchDevice = isTouchDevice
    }

    /// The capability as reports print it: `none` for a device that is not a touch device.
    public var capabilityText: String { isTouchDevice ? capability.description : "none" }

    /// Probes an open device's description, with what the device database knows of it.
    /// `classification` is the device's, where the caller knows more than the bits (udev's
    /// tags); without it the bits and the database decide.
    public static func probe(_ d: DeviceDescription, classification: DeviceClassification? = nil,
                             emulateFromContactSize: Bool = false, quirks: DeviceQuirks = .none) -> CapabilityReport {
        let classified = classification ?? DeviceClassification(d, quirks: quirks)
        if classified.deviceClass == .other {
            return CapabilityReport(capability: .unknown, reason: "not a touch device: \(classified.reason)",
                                    isTouchDevice: false)
        }
        let kind = PressureKind.measured(by: d, deviceClass: classified.deviceClass, quirks: quirks)
        if let source = PressureSource.find(in: d, emulateFromContactSize: emulateFromContactSize, quirks: quirks) {
            let name = EventNames.codeName(type: EV.ABS, code: source.code) ?? "axis"
            let contactSize = kind == .contactSize
            var reason = source.isEmulated
                ? "force emulated from \(name) \(source.info.minimum)..\(source.info.maximum)"
                : "\(name) \(source.info.minimum)..\(source.info.maximum)"
            if contactSize, !source.isEmulated {
                reason += quirks.pressureKind == .contactSize
                    ? ", which measures contact size (device database)"
                    : ", which measures contact size (a touchpad without INPUT_PROP_PRESSUREPAD)"
            }
            return CapabilityReport(capability: .available, reason: reason,
                                    emulated: source.isEmulated || contactSize)
        }
        if let kind = quirks.pressureKind, !kind.sensesForce {
            return CapabilityReport(capability: .unavailable,
                                    reason: "pressure is \(kind.rawValue) (device database: \(quirks.entries.last ?? "?"))")
        }
        for code in [ABS.MT_PRESSURE, ABS.PRESSURE] {
            guard let info = d.axis(code) else { continue }
            let name = EventNames.codeName(type: EV.ABS, code: code) ?? "pressure"
            let range = "\(info.minimum)..\(info.maximum)"
            if info.maximum <= info.minimum {
                return CapabilityReport(capability: .unavailable, reason: "\(name) has no range (\(range))")
            }
            if PressureSource.isBinary(info) {
                return CapabilityReport(capability: .unavailable, reason: "\(name) \(range): touching or not, no force")
            }
            if code == ABS.MT_PRESSURE, !d.isMultitouch, d.axis(ABS.PRESSURE) == nil {
                return CapabilityReport(capability: .unavailable,
                                        reason: "\(name) \(range) without ABS_MT_SLOT (multi-touch protocol A): not read")
            }
        }
        return CapabilityReport(capability: .unavailable, reason: "no pressure axis")
    }

    /// A device that could not be opened or has gone.
    public static func unknown(_ reason: String) -> CapabilityReport {
        CapabilityReport(capability: .unknown, reason: reason)
    }
}
