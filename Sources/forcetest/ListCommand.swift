import ArgumentParser
import ForceTouchCommandLine
import ForceTouchCore
import ForceTouchEngine
import ForceTouchLinux
import ForceTouchProtocol
import Glibc

/// `forcetest list`: every input device, whether it senses force, and why.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List input devices with their class, force capability and pressure axis.",
        discussion: """
            Every /dev/input/event* node: its name, vendor:product id, class (touchscreen, \
            tablet, touchpad, other), force capability (available, unavailable, unknown; none \
            for a device of class other, which is no touch device) and why, the pressure and \
            contact-size axes, slots, how distances are found (the axes' \
            resolution, or an estimate where they report none), maximumPossibleForce, and whether \
            the configuration holds a calibration for it, and which entries of the device \
            database (docs/device-database.md) matched it. A device that cannot be opened is \
            `unknown`, with what would let you open it. Exits 1 when there is no device.
            """)

    @Flag(help: "Print JSON Lines, one object per device.")
    var json = false

    @Option(help: "The configuration file (default: the first of the search path that exists).")
    var config: String?

    @Flag(help: "Only touchscreens, tablets and touchpads.")
    var touchOnly = false

    func run() throws {
        let loaded = try LoadedConfiguration.load(config)
        // Read the device database now: its warnings show even where no device matches.
        _ = DeviceDatabaseForTools.shared
        var devices = DeviceLister.list(settings: loaded.settings)
        if touchOnly { devices = devices.filter(\.isTouch) }
        guard !devices.isEmpty else {
            throw CommandFailure(touchOnly ? "no touchscreen, tablet or touchpad found"
                : "no input devices found: /dev/input has no event nodes")
        }
        for d in devices {
            print(json ? Self.json(d, loaded) : Self.text(d, loaded))
        }
        if !json, devices.contains(where: \.permissionDenied) {
            print("\nSome devices could not be opened. To fix: \(DeviceLister.permissionFix)")
        }
        if !json {
            print("\nconfiguration: \(loaded.path ?? "none (defaults; calibrate creates \(ConfigFileEditor.target(explicit: nil)))")")
            print("something not working? forcectl doctor checks the daemon, permissions, uinput, the menu and accessibility, and says what to fix")
        }
    }

    struct Facts {
        var settings: DeviceSettings?
        /// Where the average touch comes from, as the daemon would take it.
        var calibration: CalibrationSource?
        var model: ForceModel?
        var source: PressureSource?
        var contactSize: AbsInfo?
        var slots: Int?
    }

    static func facts(_ d: ListedDevice, _ loaded: LoadedConfiguration) -> Facts {
        guard let desc = d.description else { return Facts() }
        let s = loaded.settings(desc, d.deviceClass)
        let source = PressureSource.find(in: desc, emulateFromContactSize: s.emulateForce, quirks: s.quirks)
        let (calibration, average) = s.calibration(learned: LearnedCalibrationForTools.learned(for: desc))
        return Facts(settings: s, calibration: calibration,
                     model: source.map { ForceModel(axis: $0.info, usableRange: s.quirks.pressureRange, average: average) },
                     source: source, contactSize: desc.axis(ABS.MT_TOUCH_MAJOR),
                     slots: desc.axis(ABS.MT_SLOT).map { Int($0.maximum) - Int($0.minimum) + 1 })
    }

    static func axisName(_ code: UInt16) -> String { EventNames.codeName(type: EV.ABS, code: code) ?? "ABS_\(code)" }

    static func text(_ d: ListedDevice, _ loaded: LoadedConfiguration) -> String {
        let f = facts(d, loaded)
        var lines: [String] = []
        var head = "\(d.path)  \"\(d.name)\""
        if let id = d.id { head += "  \(id.vendorProduct)" }
        head += "  \(d.deviceClass.rawValue)"
        lines.append(head)
        var cap = "    force: \(d.report.capabilityText) (\(d.report.reason))"
        if d.report.emulated { cap += ", emulated" }
        lines.append(cap)
        guard let desc = d.description, d.isTouch else { return lines.joined(separator: "\n") }
        // The pressure axis the device declares, usable or not.
        let declared = [ABS.MT_PRESSURE, ABS.PRESSURE].first { desc.axis($0) != nil }
        if let code = f.source?.code ?? declared, let a = desc.axis(code) {
            lines.append("    pressure: \(axisName(code)) min \(a.minimum) max \(a.maximum) resolution \(a.resolution)")
        } else {
            lines.append("    pressure: none")
        }
        if let c = f.contactSize {
            lines.append("    contact size: ABS_MT_TOUCH_MAJOR min \(c.minimum) max \(c.maximum) resolution \(c.resolution)")
        } else {
            lines.append("    contact size: none")
        }
        lines.append("    slots: \(f.slots.map(String.init) ?? "none (single touch)")")
        let quirks = f.settings?.quirks ?? .none
        let geometry = DeviceGeometry(device: desc, quirks: quirks)
        var distances = "    " + GestureReport.distancesText(geometry)
        if case .database = geometry.scale, let entry = quirks.sizeEntry { distances += " (database: \(entry))" }
        lines.append(distances)
        if let m = f.model, let source = f.calibration {
            lines.append("    maximumPossibleForce: \(formatNumber(m.maximumPossibleForce))")
            var line = "    calibration: \(source.summary), average touch \(formatNumber(m.average)) raw"
            switch source {
            case .config: line += " ([[device]] block \(f.settings?.rule ?? 0) of \(loaded.path ?? "?"))"
            case .learned, .database, .default: line += " (forcetest calibrate \(d.path) measures your own)"
            }
            lines.append(line)
        }
        if let q = f.settings?.quirks, !q.entries.isEmpty {
            var line = "    database: " + q.entries.joined(separator: ", ")
            if let kind = q.pressureKind { line += " (pressure: \(kind.rawValue))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ d: ListedDevice, _ loaded: LoadedConfiguration) -> String {
        let f = facts(d, loaded)
        var m = ListedDeviceMessage(path: d.path, name: d.name, id: d.id?.vendorProduct, deviceClass: d.deviceClass.rawValue,
                                    capability: d.report.capabilityText, reason: d.report.reason,
                                    emulated: d.report.emulated ? true : nil, config: loaded.path)
        func axis(_ code: UInt16, _ a: AbsInfo) -> ListedDeviceMessage.Axis {
            .init(code: axisName(code), min: Int(a.minimum), max: Int(a.maximum), resolution: Int(a.resolution))
        }
        if let desc = d.description {
            let declared = [ABS.MT_PRESSURE, ABS.PRESSURE].first { desc.axis($0) != nil }
            if let code = f.source?.code ?? declared, let a = desc.axis(code) { m.pressure = axis(code, a) }
            m.contactSize = f.contactSize.map { axis(ABS.MT_TOUCH_MAJOR, $0) }
            m.slots = f.slots
            m.distances = GestureReport.distances(DeviceGeometry(device: desc, quirks: f.settings?.quirks ?? .none))
            m.maximumPossibleForce = JSONNumber(f.model?.maximumPossibleForce ?? 0)
            m.calibrated = f.settings?.calibrationAverage != nil
            if let model = f.model { m.calibration = f.calibration?.info(average: model.average) }
            m.calibrationAverage = f.settings?.calibrationAverage.map(JSONNumber.init)
            m.rule = f.settings?.rule
            let quirks = f.settings?.quirks ?? .none
            m.quirks = quirks.entries
            m.pressureKind = quirks.pressureKind?.rawValue
            m.databaseAverage = quirks.averageTouch.map(JSONNumber.init)
        }
        return ProtocolJSON.line(m)
    }
}

/// One device in `forcetest list --json`: what the kernel declares, what forcetouch makes
/// of it, and which configuration rule and database entries apply. `pressure`,
/// `contactSize` and `slots` are null when the device has none.
struct ListedDeviceMessage: Encodable {
    var event = "device"
    var path: String
    var name: String
    var id: String?
    var deviceClass: String
    var capability: String
    var reason: String
    var emulated: Bool?
    var pressure: Axis?
    var contactSize: Axis?
    var slots: Int?
    /// How distances are found: the axes' resolution, or an estimate (SPEC §4).
    var distances: DistanceInfo?
    var maximumPossibleForce = JSONNumber(0)
    var calibrated = false
    var calibration: CalibrationInfo?
    var calibrationAverage: JSONNumber?
    var rule: Int?
    var quirks: [String]?
    var pressureKind: String?
    var databaseAverage: JSONNumber?
    var config: String?

    struct Axis: Encodable {
        var code: String
        var min: Int
        var max: Int
        var resolution: Int
    }

    enum CodingKeys: String, CodingKey {
        case event, path, name, id, deviceClass = "class", capability, reason, emulated, pressure, contactSize, slots,
             distances, maximumPossibleForce, calibrated, calibration, calibrationAverage, rule, quirks, pressureKind,
             databaseAverage, config
    }

    init(path: String, name: String, id: String?, deviceClass: String, capability: String, reason: String,
         emulated: Bool?, config: String?) {
        self.path = path
        self.name = name
        self.id = id
        self.deviceClass = deviceClass
        self.capability = capability
        self.reason = reason
        self.emulated = emulated
        self.config = config
    }

    /// `pressure`, `contactSize` and `slots` are written as null rather than left out when
    /// the device was read, so a script can tell "none" from "not read".
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(event, forKey: .event)
        try c.encode(path, forKey: .path)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(deviceClass, forKey: .deviceClass)
        try c.encode(capability, forKey: .capability)
        try c.encode(reason, forKey: .reason)
        try c.encodeIfPresent(emulated, forKey: .emulated)
        if quirks != nil {
            try c.encode(pressure, forKey: .pressure)
            try c.encode(contactSize, forKey: .contactSize)
            try c.encode(slots, forKey: .slots)
            try c.encodeIfPresent(distances, forKey: .distances)
        }
        try c.encode(maximumPossibleForce, forKey: .maximumPossibleForce)
        try c.encode(calibrated, forKey: .calibrated)
        try c.encodeIfPresent(calibration, forKey: .calibration)
        try c.encodeIfPresent(calibrationAverage, forKey: .calibrationAverage)
        try c.encodeIfPresent(rule, forKey: .rule)
        try c.encodeIfPresent(quirks, forKey: .quirks)
        try c.encodeIfPresent(pressureKind, forKey: .pressureKind)
        try c.encodeIfPresent(databaseAverage, forKey: .databaseAverage)
        try c.encodeIfPresent(config, forKey: .config)
    }

}
