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

    /// Probes an open device's description.
    public static func probe(_ d: DeviceDescription, emulateFromContactSize: Bool = false) -> CapabilityReport {
        let deviceClass = DeviceClass(classifying: d)
        if let source = PressureSource.find(in: d, emulateFromContactSize: emulateFromContactSize) {
            let name = EventNames.codeName(type: EV.ABS, code: source.code) ?? "axis"
            return CapabilityReport(
                capability: .available,
                reason: source.isEmulated
                    ? "force emulated from \(name) \(source.info.minimum)..\(source.info.maximum)"
                    : "\(name) \(source.info.minimum)..\(source.info.maximum)",
                emulated: source.isEmulated)
        }
        if deviceClass == .other {
            return CapabilityReport(capability: .unavailable, reason: "not a touchscreen, tablet or touchpad")
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
