import ForceTouchEngine

/// Writes recordings in the `# EVEMU 1.3` text format, line for line as evemu-record does, so
/// that `evemu-device` and `evemu-play` accept the output and a diff against a real recording
/// shows only real differences.
///
/// Choices a reader of the output will notice:
/// - Times are written as the recording holds them, `sec.usec` with six digits; nothing is
///   rebased to zero. A negative time (only a hand-made recording has one) is written in the
///   `timeval` convention, `-1.500000` for -0.5 s, which `EvemuReader` reads back.
/// - `B:` lines cover every event type 0x00…0x1f whose highest code the kernel defines
///   (`EventNames.maximumCode`), all-zero when the device has none of it, as evemu writes them.
///   Types without a known maximum (EV_PWR, EV_FF_STATUS) get lines only when the device
///   has codes of that type, enough to hold its highest code, so no code is dropped. Unlike
///   evemu, which always writes `B: 00 0b …`, the EV_SYN line holds the device's own SYN codes
///   so that a read–write–read gives back the same description.
/// - Codes of types above 0x1f cannot be expressed in the format and are left out.
/// - A line break in the device name would end the `N:` line early; it is written as a space.
public enum EvemuWriter {
    /// The whole recording: description, evemu's "Waiting for events" banner, then events.
    public static func write(_ recording: Recording) -> String {
        var out = writeDescription(recording.device)
        out += "################################\n"
        out += "#      Waiting for events      #\n"
        out += "################################\n"
        out += writeEvents(recording.events)
        return out
    }

    /// The description alone, as `evemu-describe` prints it: version comment, an evtest-like
    /// summary in comments, then the `N:`, `I:`, `P:`, `B:` and `A:` lines.
    public static func writeDescription(_ d: DeviceDescription) -> String {
        var out = "# EVEMU 1.3\n"
        let name = sanitizedName(d.name)
        out += "# Input device name: \"\(name)\"\n"
        out += "# Input device ID: bus \(altHex(d.id.bustype)) vendor \(altHex(d.id.vendor))"
            + " product \(altHex(d.id.product)) version \(altHex(d.id.version))\n"
        out += "# Supported events:\n"
        for type in d.codes.keys.sorted() where type <= EventNames.maximumType {
            guard let codes = d.codes[type], !codes.isEmpty else { continue }
            out += "#   Event type \(type) (\(EventNames.typeName(type) ?? "(null)"))\n"
            for code in codes.sorted() {
                out += "#     Event code \(code) (\(EventNames.codeName(type: type, code: code) ?? "(null)"))\n"
                if type == EV.ABS, let a = d.absInfo[code] {
                    // The spacing of the evemu that wrote the shared recordings, 1.2 and 1.3 alike.
                    out += "#       Value \(RecordingText.rightAligned(a.value, 6))\n"
                    out += "#       Min   \(RecordingText.rightAligned(a.minimum, 6))\n"
                    out += "#       Max   \(RecordingText.rightAligned(a.maximum, 6))\n"
                    out += "#       Fuzz  \(RecordingText.rightAligned(a.fuzz, 6))\n"
                    out += "#       Flat  \(RecordingText.rightAligned(a.flat, 6))\n"
                    out += "#       Resolution \(a.resolution)\n"
                }
            }
        }
        out += "# Properties:\n"
        for p in d.properties.sorted() {
            out += "#   Property  type \(p) (\(EventNames.propertyName(p) ?? "(null)"))\n"
        }

        out += "N: \(name)\n"
        out += "I: \(hex4(d.id.bustype)) \(hex4(d.id.vendor)) \(hex4(d.id.product)) \(hex4(d.id.version))\n"

        let propMax = max(Int(EventNames.maximumProperty), Int(d.properties.max() ?? 0))
        for line in bitmaskLines(d.properties, maxCode: propMax) {
            out += "P: \(line)\n"
        }

        for type in 0...EventNames.maximumType {
            let codes = d.codes[type] ?? []
            let known = EventNames.maximumCode(type: type).map(Int.init)
            guard known != nil || !codes.isEmpty else { continue }
            let maxCode = max(known ?? 0, Int(codes.max() ?? 0))
            for line in bitmaskLines(codes, maxCode: maxCode) {
                out += "B: \(RecordingText.hex2(Int(type))) \(line)\n"
            }
        }

        for code in d.absInfo.keys.sorted() {
            let a = d.absInfo[code]!
            out += "A: \(RecordingText.hex2(Int(code))) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        return out
    }

    /// `E:` lines, each followed by a tab and evemu's comment naming the event; `SYN_REPORT`
    /// comments carry the milliseconds since the previous one, counted from time 0 as evemu does.
    public static func writeEvents(_ events: [InputEvent]) -> String {
        var out = ""
        out.reserveCapacity(events.count * 64)
        var lastMillis: Int64 = 0
        for e in events {
            let (sec, usec) = e.time.timeval
            out += "E: \(sec).\(RecordingText.zeroPad(usec, 6)) \(hex4(e.type)) \(hex4(e.code)) \(evemuValue(e.value))\t"
            if e.type == EV.SYN {
                let name = EventNames.codeName(type: e.type, code: e.code) ?? "(null)"
                if e.code == SYN.MT_REPORT {
                    out += "# ++++++++++++ \(name) (\(e.value)) ++++++++++\n"
                } else {
                    // evemu's millis(): whole seconds plus truncated microseconds, per event.
                    let millis = sec * 1000 + usec / 1000
                    let dt = millis - lastMillis
                    lastMillis = millis
                    out += "# ------------ \(name) (\(e.value)) ---------- \(dt >= 0 ? "+" : "")\(dt)ms\n"
                }
            } else {
                let type = EventNames.typeName(e.type) ?? "(null)"
                let code = EventNames.codeName(type: e.type, code: e.code) ?? "(null)"
                out += "# \(type) / \(RecordingText.leftAligned(code, 20)) \(e.value)\n"
            }
        }
        return out
    }

    // MARK: - Formatting

    /// Lines of eight `%02x` bytes covering codes 0…maxCode, in the order evemu reads them back.
    private static func bitmaskLines(_ codes: Set<UInt16>, maxCode: Int) -> [String] {
        let bytes = (maxCode + 1 + 7) / 8
        let lineCount = max(1, (bytes + 7) / 8)
        var mask = [UInt8](repeating: 0, count: lineCount * 8)
        for code in codes { mask[Int(code) / 8] |= 1 << (code % 8) }
        return (0..<lineCount).map { line in
            mask[(line * 8)..<(line * 8 + 8)].map { RecordingText.hex2(Int($0)) }.joined(separator: " ")
        }
    }

    /// C's `%04d`: at least four characters, zero-filled after the sign (`-001`, `0042`).
    static func evemuValue(_ value: Int32) -> String {
        value < 0 ? "-" + RecordingText.zeroPad(-Int64(value), 3) : RecordingText.zeroPad(Int64(value), 4)
    }

    /// C's `%#04x` as evemu's header comment uses it: `0x11`, `0x56a`, and `0000` for zero.
    private static func altHex(_ v: UInt16) -> String {
        v == 0 ? "0000" : "0x" + RecordingText.hex2(Int(v))
    }

    private static func sanitizedName(_ name: String) -> String {
        String(name.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }

}

/// The C `printf` conversions the recording formats are defined in, for the writers.
enum RecordingText {
    /// `%02x`: lowercase hex, at least two digits.
    static func hex2(_ v: Int) -> String {
        let s = String(v, radix: 16)
        return s.count < 2 ? "0" + s : s
    }

    /// `%0Nd` for non-negative values.
    static func zeroPad(_ v: Int64, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// `%-Ns`: left-aligned in at least `width` characters.
    static func leftAligned(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    /// `%Nd`: right-aligned in at least `width` characters.
    static func rightAligned(_ v: some BinaryInteger, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }
}
