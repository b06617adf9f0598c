/// How devices and gestures are printed: SPEC §9's JSON Lines, or one readable line each.
public enum GestureReport {
    public static func deviceJSON(name: String, report: CapabilityReport, forceModel: ForceModel?,
                                  deviceClass: DeviceClass) -> String {
        var j = JSONLine()
        j.add("event", "device")
        j.add("name", name)
        j.add("class", deviceClass.rawValue)
        j.add("capability", report.capability.description)
        j.add("maximumPossibleForce", forceModel?.maximumPossibleForce ?? 0)
        if report.emulated { j.add("emulated", true) }
        j.add("reason", report.reason)
        return j.text
    }

    public static func deviceText(name: String, report: CapabilityReport, forceModel: ForceModel?,
                                  deviceClass: DeviceClass) -> String {
        var s = "device \"\(name)\": \(deviceClass.rawValue), force \(report.capability)"
        if let m = forceModel {
            s += ", maximumPossibleForce \(JSONLine.number(m.maximumPossibleForce))"
        }
        return s + " (\(report.reason)\(report.emulated ? ", emulated" : ""))"
    }

    public static func gestureJSON(_ g: GestureEvent, device: String? = nil) -> String {
        var j = JSONLine()
        j.add("event", "gesture")
        j.add("gesture", g.gesture.rawValue)
        j.add("phase", g.phase.rawValue)
        j.add("fingers", g.fingers)
        j.add("time", g.time.seconds)
        j.add("x", g.x)
        j.add("y", g.y)
        j.add("force", g.force)
        if let stage = g.stage { j.add("stage", stage.rawValue) }
        if let t = g.transitionProgress { j.add("transitionProgress", t) }
        if let c = g.commitProgress { j.add("commitProgress", c) }
        if let device { j.add("device", device) }
        return j.text
    }

    public static func gestureText(_ g: GestureEvent) -> String {
        var s = "\(g.time.description)  \(g.gesture.rawValue) \(g.phase.rawValue)"
        if let stage = g.stage { s += " (\(stage.rawValue))" }
        s += "  fingers \(g.fingers)  at \(JSONLine.number(g.x)),\(JSONLine.number(g.y))"
        s += "  force \(JSONLine.number(g.force))"
        return s
    }
}

extension CalibrationSource {
    /// `{"source":"learned","touches":23,"average":31.5}`: the source's name, its value
    /// (`touches` or `entry`), and the raw pressure of an average touch when there is one.
    public func json(average: Double?) -> String {
        var j = JSONLine()
        j.add("source", name)
        switch self {
        case .learned(let n): j.add("touches", n)
        case .database(let entry): j.add("entry", entry)
        case .config, .default: break
        }
        if let average { j.add("average", average) }
        return j.text
    }
}
