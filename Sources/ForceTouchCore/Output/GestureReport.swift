import ForceTouchEngine
import ForceTouchProtocol

/// How devices and gestures are printed: SPEC §9's JSON Lines, or one readable line each.
public enum GestureReport {
    /// The device line of SPEC §9: its class, capability and where its force scale comes from.
    /// - Parameter geometry: the device's axes, to say how its distances are found.
    public static func deviceMessage(name: String, report: CapabilityReport, forceModel: ForceModel?,
                                     deviceClass: DeviceClass, calibration: CalibrationInfo? = nil,
                                     geometry: DeviceGeometry? = nil) -> DeviceMessage {
        DeviceMessage(name: name, deviceClass: deviceClass.rawValue, capability: report.capabilityText,
                      maximumPossibleForce: forceModel?.maximumPossibleForce ?? 0, emulated: report.emulated,
                      reason: report.reason, calibration: calibration, distances: geometry.map(distances))
    }

    /// How the device's distances are found: `"distances":{"estimated":true,…}`.
    public static func distances(_ g: DeviceGeometry) -> DistanceInfo {
        DistanceInfo(estimated: g.scale.isEstimated, scale: g.scale.name, how: g.scale.summary,
                     unitsPerMillimetre: g.unitsPerMillimetre)
    }

    /// `distances: estimated: no axis resolution, a PS/2 touchpad is taken to be 69 × 50 mm
    /// (14.83 × 15.34 units/mm)`, or `measured (axis resolution) (10 × 10 units/mm)`.
    public static func distancesText(_ g: DeviceGeometry) -> String {
        let u = g.unitsPerMillimetre
        func two(_ v: Double) -> String { TextFormat.number((v * 100).rounded() / 100) }
        return "distances: \(g.scale.summary) (\(two(u.x)) × \(two(u.y)) units/mm)"
    }

    public static func deviceText(name: String, report: CapabilityReport, forceModel: ForceModel?,
                                  deviceClass: DeviceClass) -> String {
        var s = "device \"\(name)\": \(deviceClass.rawValue), force \(report.capabilityText)"
        if let m = forceModel {
            s += ", maximumPossibleForce \(TextFormat.number(m.maximumPossibleForce))"
        }
        return s + " (\(report.reason)\(report.emulated ? ", emulated" : ""))"
    }

    public static func gestureMessage(_ g: GestureEvent, device: String? = nil) -> GestureMessage {
        GestureMessage(gesture: g.gesture.rawValue, phase: g.phase.rawValue, fingers: g.fingers, time: g.time.seconds,
                       x: g.x, y: g.y, force: g.force, stage: g.stage?.rawValue, transitionProgress: g.transitionProgress,
                       commitProgress: g.commitProgress, device: device, hapticTouch: g.hapticTouch ? true : nil)
    }

    public static func gestureJSON(_ g: GestureEvent, device: String? = nil) -> String {
        ProtocolJSON.line(gestureMessage(g, device: device))
    }

    public static func gestureText(_ g: GestureEvent) -> String {
        var s = "\(g.time.description)  \(g.gesture.rawValue) \(g.phase.rawValue)"
        if let stage = g.stage { s += " (\(stage.rawValue))" }
        if g.hapticTouch { s += " (haptic touch)" }
        s += "  fingers \(g.fingers)  at \(TextFormat.number(g.x)),\(TextFormat.number(g.y))"
        s += "  force \(TextFormat.number(g.force))"
        return s
    }
}

extension CalibrationSource {
    /// The source's name, its value (`touches` or `entry`), and the raw pressure of an
    /// average touch when there is one; `summary` for people when asked.
    public func info(average: Double?, summary: Bool = false) -> CalibrationInfo {
        var info = CalibrationInfo(source: name, average: average, summary: summary ? self.summary : nil)
        switch self {
        case .learned(let n): info.touches = n
        case .database(let entry): info.entry = entry
        case .config, .default: break
        }
        return info
    }
}
