/// A device's capability with the reason behind it, as `forcetest list` and the daemon show it.
public struct CapabilityReport: Hashable, Sendable {
    public var capability: Capability
    /// Why, in words a user can act on ("no pressure axis", "permission denied").
    public var reason: String
    /// True when force is emulated from contact size (SPEC §3).
    public var emulated: Bool

    public init(capability: Capability, reason: String, emulated: Bool = false) {
        self.capability = capability
        self.reason = reason
        self.emulated = emulated
    }

    /// Probes an open device's description, with what the device database knows of it.
    public static func probe(_ d: DeviceDescription, emulateFromContactSize: Bool = false,
                             quirks: DeviceQuirks = .none) -> CapabilityReport {
        let deviceClass = DeviceClass(classifying: d)
        if let source = PressureSource.find(in: d, emulateFromContactSize: emulateFromContactSize, quirks: quirks) {
            let name = EventNames.codeName(type: EV.ABS, code: source.code) ?? "axis"
            let contactSize = quirks.pressureKind == .contactSize
            var reason = source.isEmulated
                ? "force emulated from \(name) \(source.info.minimum)..\(source.info.maximum)"
                : "\(name) \(source.info.minimum)..\(source.info.maximum)"
            if contactSize { reason += ", which measures contact size (device database)" }
            return CapabilityReport(capability: .available, reason: reason,
                                    emulated: source.isEmulated || contactSize)
        }
        if deviceClass == .other {
            return CapabilityReport(capability: .unavailable, reason: "not a touchscreen, tablet or touchpad")
        }
        if let kind = quirks.pressureKind, !kind.sensesForce {
            return CapabilityReport(capability: .unavailable,
                                    reason: "pressure is \(kind.rawValue) (device database: \(quirks.entries.last ?? "?"))")
        }
        for code in [ABS.MT_PRESSURE, ABS.PRESSURE] {
            if let info = d.axis(code), info.maximum <= info.minimum {
                let name = EventNames.codeName(type: EV.ABS, code: code) ?? "pressure"
                return CapabilityReport(capability: .unavailable,
                                        reason: "\(name) has no range (\(info.minimum)..\(info.maximum))")
            }
        }
        return CapabilityReport(capability: .unavailable, reason: "no pressure axis")
    }

    /// A device that could not be opened or has gone.
    public static func unknown(_ reason: String) -> CapabilityReport {
        CapabilityReport(capability: .unknown, reason: reason)
    }
}
