import ForceTouchEngine

/// Writes a recording as `libinput record` YAML, version 1, in the layout libinput itself
/// writes, so that `libinput replay` can recreate the device and play the events.
///
/// What cannot come from a recording is stubbed and says so: the `libinput` and `system`
/// sections read `unknown`, the device node is `/dev/input/event0`, and the `udev` section
/// holds only the `ID_INPUT*` classification udev's input_id builtin would give these bits
/// (libinput replay compares it with the new device and only warns on a mismatch).
/// An ABS code without a range (only a hand-made description lacks one) is given evemu's
/// stand-in range 0..1, which then reads back as that range.
/// Times are written as the recording holds them, not rebased to zero. Events are grouped into
/// one `- evdev:` item per SYN_REPORT frame, as libinput writes them and replays them.
public enum LibinputRecordWriter {
    /// The recording as one-device `libinput record` YAML.
    public static func write(_ recording: Recording) -> String {
        let d = recording.device
        var out = "# libinput record\n"
        out += "# written by forcetouch; libinput, system, node and udev are stand-ins\n"
        out += "version: \(LibinputRecordReader.supportedVersion)\n"
        out += "ndevices: 1\n"
        out += "libinput:\n"
        out += "  version: \"unknown\"\n"
        out += "  git: \"unknown\"\n"
        out += "system:\n"
        out += "  os: \"unknown\"\n"
        out += "  kernel: \"unknown\"\n"
        out += "  dmi: \"unknown\"\n"
        out += "devices:\n"
        out += "- node: /dev/input/event0\n"
        out += "  evdev:\n"
        out += "    # Name: \(String(d.name.map { $0.isNewline ? " " : $0 }))\n"
        out += "    # ID: bus 0x\(hex4(d.id.bustype)) vendor 0x\(hex4(d.id.vendor))"
            + " product 0x\(hex4(d.id.product)) version 0x\(hex4(d.id.version))\n"
        out += "    name: \(quoted(d.name))\n"
        out += "    id: [\(d.id.bustype), \(d.id.vendor), \(d.id.product), \(d.id.version)]\n"
        out += "    codes:\n"
        for type in d.codes.keys.sorted() {
            guard let codes = d.codes[type], !codes.isEmpty else { continue }
            let list = codes.sorted().map(String.init).joined(separator: ", ")
            out += "      \(type): [\(list)] # \(EventNames.typeName(type) ?? "type \(type)")\n"
        }
        let absCodes = Set(d.absInfo.keys).union(d.codes[EV.ABS] ?? [])
        if !absCodes.isEmpty {
            out += "    absinfo:\n"
            for code in absCodes.sorted() {
                let name = EventNames.codeName(type: EV.ABS, code: code) ?? "ABS code \(code)"
                guard let a = d.absInfo[code] else {
                    // libinput replay looks up a range for every ABS code and stops without one.
                    // 0..1 is the stand-in evemu-device gives an axis that has no A: line.
                    out += "      \(code): [0, 1, 0, 0, 0] # \(name), no range recorded\n"
                    continue
                }
                out += "      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)] # \(name)\n"
            }
        }
        out += "    properties: [\(d.properties.sorted().map(String.init).joined(separator: ", "))]\n"
        out += "  udev:\n"
        out += "    properties:\n"
        for p in udevProperties(d) { out += "    - \(p)\n" }
        out += "    virtual: false\n"
        out += writeEvents(recording.events)
        return out
    }

    private static func writeEvents(_ events: [InputEvent]) -> String {
        guard !events.isEmpty else { return "  events: []\n" }
        var out = "  events:\n"
        out.reserveCapacity(events.count * 80)
        var frameOpen = false
        // The first frame's comment reads +0ms however far from zero the times start.
        var lastSynMillis = events[0].time.microseconds / 1000
        for e in events {
            if !frameOpen {
                out += "  - evdev:\n"
                frameOpen = true
            }
            let (sec, usec) = e.time.timeval
            out += "    - [\(RecordingText.rightAligned(sec, 3)), \(RecordingText.rightAligned(usec, 6)), "
                + "\(RecordingText.rightAligned(e.type, 3)), \(RecordingText.rightAligned(e.code, 3)), "
                + "\(RecordingText.rightAligned(e.value, 7))] # "
            let codeName = EventNames.codeName(type: e.type, code: e.code) ?? "(null)"
            if e.type == EV.SYN && e.code == SYN.MT_REPORT {
                out += "++++++++++++ \(codeName) (\(e.value)) ++++++++++\n"
            } else if e.type == EV.SYN {
                let millis = e.time.microseconds / 1000
                let dt = millis - lastSynMillis
                lastSynMillis = millis
                out += "------------ \(codeName) (\(e.value)) ---------- \(dt >= 0 ? "+" : "")\(dt)ms\n"
            } else {
                let typeName = EventNames.typeName(e.type) ?? "(null)"
                out += "\(typeName) / \(RecordingText.leftAligned(codeName, 20)) \(RecordingText.rightAligned(e.value, 6))\n"
            }
            // libinput replay sends one '- evdev:' item at a time, at the time of its first
            // event: a frame must end with its SYN_REPORT to be delivered whole.
            if e.isSynReport { frameOpen = false }
        }
        return out
    }

    /// The `ID_INPUT*` properties udev's input_id builtin derives from these bits, reduced to
    /// the device kinds forcetouch cares about.
    static func udevProperties(_ d: DeviceDescription) -> [String] {
        var props = ["ID_INPUT=1"]
        let hasXY = d.has(type: EV.ABS, code: ABS.X) && d.has(type: EV.ABS, code: ABS.Y)
        let hasMT = d.has(type: EV.ABS, code: ABS.MT_POSITION_X) && d.has(type: EV.ABS, code: ABS.MT_POSITION_Y)
        let pen = d.has(type: EV.KEY, code: BTN.TOOL_PEN) || d.has(type: EV.KEY, code: BTN.STYLUS)
        let finger = d.has(type: EV.KEY, code: BTN.TOOL_FINGER)
        let touch = d.has(type: EV.KEY, code: BTN.TOUCH)
        let direct = d.has(property: INPUT_PROP.DIRECT)
        let pointer = d.has(property: INPUT_PROP.POINTER) || d.has(property: INPUT_PROP.BUTTONPAD)
        if hasXY || hasMT {
            if pen {
                props.append("ID_INPUT_TABLET=1")
            } else if finger && !direct && (pointer || !touch || hasXY) {
                props.append("ID_INPUT_TOUCHPAD=1")
            } else if touch || direct {
                props.append("ID_INPUT_TOUCHSCREEN=1")
            }
        }
        return props
    }

    /// A YAML double-quoted scalar (device names carry quotes, colons and `#` often
    /// enough): a JSON string is one, escapes included.
    static func quoted(_ s: String) -> String { TextFormat.quoted(s) }
}
