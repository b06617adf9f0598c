import ForceTouchCore
import ForceTouchEngine

/// The `numbers` fuzz target (issue 40, item 1): the bytes are read as doubles and written
/// into every numeric key of a configuration and of a device database section, and whatever
/// both accept is then used as the daemon uses it — a device's settings resolved, its
/// distances estimated and described, a press played through its pipeline past every
/// deadline, each action's timeout turned into a deadline. Mutating text seldom puts `1e300`
/// in the right key; this reaches every key with every kind of double (huge, tiny,
/// negative, subnormal, infinite, NaN) at once.
enum NumbersTarget {
    /// The keys that take a number, each a line with `{}` where the value goes.
    static let configLines = [
        "[general]", "action-timeout = {}", "max-children = {i}",
        "[gestures]", "tap-time = {}", "tap-slop = {}", "double-tap-time = {}", "double-tap-distance = {}",
        "long-press-time = {}", "long-press-slop = {}", "peek = {}", "pop = {}", "hysteresis = {}",
        "deep-press-time = {}", "deep-press-slop = {}", "deep-press-pen-time = {}",
        "[quick-actions]", "max-items = {i}",
        "[assistive-touch]", "double-tap-timeout = {}", "long-press-duration = {}", "button-size = {}",
        "single-tap = { notify = \"t\" }",
        "[[device]]", "calibration = { average = {} }", "gestures = { long-press-time = {}, tap-slop = {} }",
        "[[binding]]", "gesture = \"deep-press\"", "min-force = {}", "timeout = {}", "region = [{}, {}, {}, {}]",
        "exec = [\"true\"]",
        "[[intent]]", "name = \"n\"", "timeout = {}", "handler = [\"true\"]",
    ]
    static let quirksLines = [
        "[Fuzz]", "MatchName=fuzz*", "AttrSizeHint={}x{}", "AttrAverageTouch={}", "AttrPeek={}", "AttrPop={}",
        "AttrPressureRange={i}:{i}",
    ]

    static func run(_ bytes: UnsafeRawBufferPointer) {
        var numbers: [Double] = []
        var i = 0
        while i + 8 <= bytes.count {
            numbers.append(Double(bitPattern: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        guard !numbers.isEmpty else { return }
        var next = 0
        func fill(_ lines: [String]) -> String {
            lines.map { line in
                var out = ""
                var rest = Substring(line)
                while let open = rest.firstIndex(of: "{"), rest[open...].hasPrefix("{}") || rest[open...].hasPrefix("{i}") {
                    out += rest[..<open]
                    let d = numbers[next % numbers.count]
                    next += 1
                    if rest[open...].hasPrefix("{i}") {
                        out += d.isFinite && abs(d) < 1e18 ? String(Int64(d)) : "9223372036854775807"
                        rest = rest[rest.index(open, offsetBy: 3)...]
                    } else {
                        out += Self.toml(d)
                        rest = rest[rest.index(open, offsetBy: 2)...]
                    }
                }
                return out + rest
            }.joined(separator: "\n")
        }
        let load = Configuration.parse(fill(configLines), file: "fuzz.toml", lookups: .init(
            readFile: { _ in nil }, userExists: { _ in true }, groupExists: { _ in true },
            desktopApplication: { _ in .failure(.init("none")) }))
        let database = DeviceDatabase(entries: DeviceDatabase.parse(fill(quirksLines), file: "fuzz.quirks").entries)
        let configuration = load.isValid ? load.configuration : Configuration()
        for (device, deviceClass) in [(touchscreen, DeviceClass.touchscreen), (touchpad, .touchpad)] {
            let quirks = database.quirks(for: device, deviceClass: deviceClass)
            _ = DeviceGeometry.estimate(of: device, quirks: quirks).summary
            var pipeline = DevicePipeline(device: device, deviceClass: deviceClass, configuration: configuration,
                                          database: database)
            var t = Timestamp(microseconds: 1_000_000)
            for (type, code, value) in press {
                t = t + Timestamp.Duration(microseconds: 8_000)
                _ = pipeline.process(InputEvent(time: t, type: type, code: code, value: value))
            }
            for step in [0.1, 1, 100, 100_000, 1e9] { _ = pipeline.advance(to: t + Timestamp.Duration(seconds: step)) }
            _ = pipeline.cancelAll(at: t + Timestamp.Duration(seconds: 1e12))
        }
        // What ActionRunner does with a timeout: a deadline from now.
        let now = Timestamp(microseconds: 1 << 50)
        _ = now + Timestamp.Duration(seconds: configuration.general.actionTimeout)
        for binding in configuration.bindings { _ = now + Timestamp.Duration(seconds: binding.timeout ?? 0) }
    }

    /// A double as TOML writes it: `inf`, `nan`, or a float with a point or an exponent.
    static func toml(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        let s = String(d)
        return s.contains(".") || s.contains("e") ? s : s + ".0"
    }

    static let touchscreen = DeviceDescription(
        name: "fuzz touchscreen", properties: [INPUT_PROP.DIRECT],
        codes: [EV.KEY: [BTN.TOUCH]],
        absInfo: [ABS.MT_SLOT: AbsInfo(minimum: 0, maximum: 9), ABS.MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                  ABS.MT_POSITION_X: AbsInfo(minimum: 0, maximum: 4095), ABS.MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 4095),
                  ABS.MT_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
                  ABS.X: AbsInfo(minimum: 0, maximum: 4095), ABS.Y: AbsInfo(minimum: 0, maximum: 4095)])
    static let touchpad = DeviceDescription(
        name: "fuzz touchpad", id: InputID(bustype: BusType.i8042, vendor: 2, product: 8, version: 0),
        properties: [INPUT_PROP.POINTER], codes: [EV.KEY: [BTN.TOUCH, BTN.TOOL_FINGER, BTN.LEFT]],
        absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 2000), ABS.Y: AbsInfo(minimum: 0, maximum: 1400),
                  ABS.PRESSURE: AbsInfo(minimum: 0, maximum: 127)])

    /// One finger down, pressing to full pressure, held, lifted: every recognizer's path.
    static let press: [(UInt16, UInt16, Int32)] = {
        var events: [(UInt16, UInt16, Int32)] = [
            (EV.ABS, ABS.MT_SLOT, 0), (EV.ABS, ABS.MT_TRACKING_ID, 1), (EV.ABS, ABS.MT_POSITION_X, 2000),
            (EV.ABS, ABS.MT_POSITION_Y, 2000), (EV.ABS, ABS.X, 1000), (EV.ABS, ABS.Y, 700),
            (EV.KEY, BTN.TOUCH, 1), (EV.KEY, BTN.TOOL_FINGER, 1), (EV.SYN, SYN.REPORT, 0),
        ]
        for p in stride(from: 10, through: 255, by: 15) {
            events += [(EV.ABS, ABS.MT_PRESSURE, Int32(p)), (EV.ABS, ABS.PRESSURE, Int32(min(p, 127))), (EV.SYN, SYN.REPORT, 0)]
        }
        events += [(EV.ABS, ABS.MT_TRACKING_ID, -1), (EV.KEY, BTN.TOUCH, 0), (EV.KEY, BTN.TOOL_FINGER, 0),
                   (EV.SYN, SYN.REPORT, 0)]
        return events
    }()
}
