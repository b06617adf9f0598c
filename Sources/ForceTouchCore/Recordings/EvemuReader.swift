import ForceTouchEngine

/// Reads evemu recordings: the text `evemu-record` and `evemu-describe` write.
///
/// A recording is a device description (`N:` name, `I:` ids, `P:` property bitmask, `B:`
/// event-code bitmasks, `A:` axis ranges) followed by `E:` event lines. It can come as one
/// file or as a `.desc` file plus an `.events` file. The reader is strict: a line it does not
/// understand is an error naming that line, never something it skips. It is also tolerant of
/// the variations real files show: the `# EVEMU 1.0`…`1.3` version comment or none, `A:` lines
/// with or without the resolution field, comments at the end of any line, CRLF line ends.
///
/// Two things a description file may carry are checked but not kept, because
/// `DeviceDescription` has nowhere for them: the `L:`/`S:` lines of LED and switch state,
/// and the current axis value (evemu does not write it, so `AbsInfo.value` is always 0).
public enum EvemuReader {
    /// The `# EVEMU major.minor` versions this reader knows. A file without the comment is
    /// read as the newest, since writers that omit it predate nothing we can tell apart.
    public static let supportedVersions: [(major: Int, minor: Int)] = [(1, 0), (1, 1), (1, 2), (1, 3)]

    /// Reads a whole recording: the description followed by its events.
    public static func read(_ text: String) throws(RecordingError) -> Recording {
        var parser = EvemuParser(mode: .combined)
        try parser.parse(text)
        return Recording(device: try parser.device(), events: parser.events, warnings: parser.warnings)
    }

    /// Reads a recording kept as two files, a `.desc` description and an `.events` list.
    ///
    /// Errors carry the 1-based line number within the file they come from, and `file` set
    /// to `descriptionName` or `eventsName` so that the caller can tell the two apart.
    public static func read(
        description: String, events: String,
        descriptionName: String = "<description>", eventsName: String = "<events>"
    ) throws(RecordingError) -> Recording {
        let device: DeviceDescription
        do {
            device = try readDescription(description)
        } catch {
            throw error.inFile(descriptionName)
        }
        do {
            var warnings: [RecordingWarning] = []
            let list = try readEvents(events, warnings: &warnings)
            return Recording(device: device, events: list,
                             warnings: warnings.map { var w = $0; w.file = eventsName; return w })
        } catch {
            throw error.inFile(eventsName)
        }
    }

    /// Reads a description alone (what `evemu-describe` prints). `E:` lines are an error here.
    public static func readDescription(_ text: String) throws(RecordingError) -> DeviceDescription {
        var parser = EvemuParser(mode: .descriptionOnly)
        try parser.parse(text)
        return try parser.device()
    }

    /// Reads event lines alone. Description lines are an error here: a file that has both
    /// belongs to `read(_:)`.
    public static func readEvents(_ text: String) throws(RecordingError) -> [InputEvent] {
        var ignored: [RecordingWarning] = []
        return try readEvents(text, warnings: &ignored)
    }

    /// Reads event lines alone, and says what was odd in them.
    public static func readEvents(_ text: String, warnings: inout [RecordingWarning]) throws(RecordingError) -> [InputEvent] {
        var parser = EvemuParser(mode: .eventsOnly)
        try parser.parse(text)
        warnings += parser.warnings
        return parser.events
    }
}

/// The line-by-line state of one evemu read.
struct EvemuParser {
    enum Mode { case combined, descriptionOnly, eventsOnly }

    let mode: Mode
    private(set) var events: [InputEvent] = []
    private var order = TimeOrder()
    var warnings: [RecordingWarning] { order.warning.map { [$0] } ?? [] }

    private var name: String?
    private var id: InputID?
    private var properties: Set<UInt16> = []
    private var propertyBytes = 0
    private var codes: [UInt16: Set<UInt16>] = [:]
    /// Bytes of bitmask read so far per event type: each `B:` line continues where the last
    /// one of the same type stopped.
    private var maskBytes: [UInt16: Int] = [:]
    private var absInfo: [UInt16: AbsInfo] = [:]
    private var absLines: [UInt16: Int] = [:]
    private var nameLine: Int?
    private var idLine: Int?
    private var sawVersion = false
    private var sawData = false
    private var lastLineNumber = 0

    init(mode: Mode) { self.mode = mode }

    /// The description read, once the text had both an `N:` and an `I:` line.
    func device() throws(RecordingError) -> DeviceDescription {
        guard let name else {
            throw RecordingError(.missingDescription, line: max(1, lastLineNumber),
                                 "expected an N: line with the device name, found none in the file")
        }
        guard let id else {
            throw RecordingError(.missingDescription, line: max(1, lastLineNumber),
                                 "expected an I: line (bus vendor product version), found none in the file")
        }
        return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absInfo: absInfo)
    }

    mutating func parse(_ text: String) throws(RecordingError) {
        let bytes = Array(text.utf8)
        let lines = splitLines(bytes)
        lastLineNumber = lines.count
        // A short line is "truncated" only when nothing follows it: that is what a recording
        // cut off mid-write looks like. A short line elsewhere is simply malformed.
        var lastContent = 0
        for (index, range) in lines.enumerated().reversed() where !isBlank(bytes, range) {
            lastContent = index + 1
            break
        }
        for (index, range) in lines.enumerated() {
            let line = Line(bytes: bytes, range: range, number: index + 1, isLast: index + 1 == lastContent)
            try parseLine(line)
        }
    }

    private func splitLines(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        // A leading byte-order mark is an editor's doing, not part of the first line.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var i = start
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\n") {
                result.append(start..<i)
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result.map { r in
            r.upperBound > r.lowerBound && bytes[r.upperBound - 1] == UInt8(ascii: "\r")
                ? r.lowerBound..<(r.upperBound - 1) : r
        }
    }

    private func isBlank(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        range.allSatisfy { bytes[$0] == UInt8(ascii: " ") || bytes[$0] == UInt8(ascii: "\t") }
    }

    private mutating func parseLine(_ line: Line) throws(RecordingError) {
        guard let first = line.firstContentIndex else { return }
        let b = line.bytes
        if b[first] == UInt8(ascii: "#") {
            if !sawData && !sawVersion && mode != .eventsOnly { try checkVersion(line, from: first + 1) }
            return
        }
        let prefixEnd = first + 1
        guard prefixEnd < line.range.upperBound, b[prefixEnd] == UInt8(ascii: ":") else {
            throw line.error(.unknownLine, "expected a line starting with N:, I:, P:, B:, A:, L:, S:, E: or #, found '\(line.text)'")
        }
        sawData = true
        let prefix = b[first]
        let rest = (prefixEnd + 1)..<line.range.upperBound
        switch prefix {
        case UInt8(ascii: "E"):
            try parseEvent(line, rest)
        case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "B"),
             UInt8(ascii: "A"), UInt8(ascii: "L"), UInt8(ascii: "S"):
            let p = Character(Unicode.Scalar(prefix))
            if mode == .eventsOnly {
                throw line.error(.malformedLine, "expected only E: lines and comments in an events file, found a \(p): description line")
            }
            if !events.isEmpty {
                throw line.error(.malformedLine, "expected E: lines after the first event, found a \(p): description line")
            }
            switch prefix {
            case UInt8(ascii: "N"): try parseName(line, rest)
            case UInt8(ascii: "I"): try parseID(line, rest)
            case UInt8(ascii: "P"): try parseProperties(line, rest)
            case UInt8(ascii: "B"): try parseMask(line, rest)
            case UInt8(ascii: "A"): try parseAxis(line, rest)
            default: try parseState(line, rest, prefix: p)
            }
        default:
            throw line.error(.unknownLine, "expected a line starting with N:, I:, P:, B:, A:, L:, S:, E: or #, found '\(Character(Unicode.Scalar(prefix))):'")
        }
    }

    // MARK: - Header comment

    private mutating func checkVersion(_ line: Line, from start: Int) throws(RecordingError) {
        let comment = line.string(start..<line.range.upperBound).trimmingSpaces
        guard comment.hasPrefix("EVEMU") else { return }
        sawVersion = true
        let value = String(comment.dropFirst(5)).trimmingSpaces
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]),
              parts.allSatisfy({ $0.allSatisfy { $0 >= "0" && $0 <= "9" } })
        else {
            throw line.error(.unsupportedVersion, "expected '# EVEMU major.minor', found '# \(comment)'")
        }
        guard EvemuReader.supportedVersions.contains(where: { $0 == (major, minor) }) else {
            throw line.error(.unsupportedVersion, "expected evemu format 1.0 to 1.3, found EVEMU \(major).\(minor)")
        }
    }

    // MARK: - Description lines

    private mutating func parseName(_ line: Line, _ rest: Range<Int>) throws(RecordingError) {
        if let nameLine {
            throw line.error(.malformedLine, "expected one N: line, found a second (the first is line \(nameLine))")
        }
        // The name is everything to the end of the line, '#' included: evemu reads it that way
        // and device names do contain odd characters.
        var start = rest.lowerBound
        while start < rest.upperBound, line.bytes[start] == UInt8(ascii: " ") || line.bytes[start] == UInt8(ascii: "\t") {
            start += 1
        }
        guard start < rest.upperBound else {
            throw line.error(line.isLast ? .truncated : .malformedLine, "expected a device name after N:, found nothing")
        }
        name = line.string(start..<rest.upperBound)
        nameLine = line.number
    }

    private mutating func parseID(_ line: Line, _ rest: Range<Int>) throws(RecordingError) {
        if let idLine {
            throw line.error(.malformedLine, "expected one I: line, found a second (the first is line \(idLine))")
        }
        let fields = try line.fields(rest, count: 4...4, prefix: "I", what: "bus vendor product version in hex")
        var values: [UInt16] = []
        for (field, what) in zip(fields, ["bus type", "vendor", "product", "version"]) {
            values.append(UInt16(try line.hex(field, max: 0xffff, what: "a hexadecimal \(what) (0000–ffff)")))
        }
        id = InputID(bustype: values[0], vendor: values[1], product: values[2], version: values[3])
        idLine = line.number
    }

    private mutating func parseProperties(_ line: Line, _ rest: Range<Int>) throws(RecordingError) {
        let fields = try line.fields(rest, count: 8...8, prefix: "P", what: "8 hexadecimal bytes")
        for (i, field) in fields.enumerated() {
            let byte = try line.hex(field, max: 0xff, what: "a hexadecimal byte (00–ff)")
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                properties.insert(UInt16((propertyBytes + i) * 8 + bit))
            }
        }
        propertyBytes += 8
    }

    private mutating func parseMask(_ line: Line, _ rest: Range<Int>) throws(RecordingError) {
        let fields = try line.fields(rest, count: 9...9, prefix: "B", what: "an event type and 8 hexadecimal bytes")
        let type = UInt16(try line.hex(fields[0], max: Int(EventNames.maximumType),
                                       what: "a hexadecimal event type (00–\(RecordingText.hex2(Int(EventNames.maximumType))))"))
        let offset = maskBytes[type, default: 0]
        for (i, field) in fields.dropFirst().enumerated() {
            let byte = try line.hex(field, max: 0xff, what: "a hexadecimal byte (00–ff)")
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                let code = (offset + i) * 8 + bit
                guard code <= Int(UInt16.max) else {
                    throw line.error(.malformedLine, "expected event codes up to 0xffff, found a bitmask reaching code \(code)")
                }
                codes[type, default: []].insert(UInt16(code))
            }
        }
        maskBytes[type] = offset + 8
    }

    private mutating func parseAxis(_ line: Line, _ rest: Range<Int>) throws(RecordingError) {
        // Resolution arrived in format 1.2; files of every version are accepted with or without
        // it, since evemu itself wrote 1.1-style lines under later headers for a while.
        let fields = try line.fields(rest, count: 5...6, prefix: "A", what: "code min max fuzz flat [resolution]")
        let absMax = Int(EventNames.maximumCode(type: EV.ABS) ?? 0x3f)
        let code = UInt16(try line.hex(fields[0], max: absMax, what: "a hexadecimal ABS code (00–\(RecordingText.hex2(absMax)))"))
        if let first = absLines[code] {
            throw line.error(.malformedLine, "expected one A: line per axis, found a second for \(axisName(code)) (the first is line \(first))")
        }
        var v: [Int32] = []
        for (field, what) in zip(fields.dropFirst(), ["minimum", "maximum", "fuzz", "flat", "resolution"]) {
            v.append(try line.decimal(field, what: "a decimal \(what)"))
        }
        guard v[1] >= v[0] else {
            throw line.error(.invalidAxisRange, "expected the maximum of \(axisName(code)) to be at least its minimum \(v[0]), found \(v[1])")
        }
        absInfo[code] = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v.count > 4 ? v[4] : 0)
        absLines[code] = line.number
        codes[EV.ABS, default: []].insert(code)
    }

    /// `L:` and `S:` carry the LED and switch state at record time. They are validated so a
    /// damaged one is reported, but not kept: a replay starts from the events, not from state.
    private func parseState(_ line: Line, _ rest: Range<Int>, prefix: Character) throws(RecordingError) {
        let fields = try line.fields(rest, count: 2...2, prefix: String(prefix), what: "a hexadecimal code and a decimal state")
        _ = try line.hex(fields[0], max: 0xffff, what: "a hexadecimal code")
        _ = try line.decimal(fields[1], what: "a decimal state")
    }

    // MARK: - Events

    private mutating func parseEvent(_ line: Line, _ rest: Range<Int>) throws(RecordingError) {
        if mode == .descriptionOnly {
            throw line.error(.malformedLine, "expected only description lines in a description file, found an E: event line")
        }
        if mode == .combined && (name == nil || id == nil) {
            let missing = [name == nil ? "N:" : nil, id == nil ? "I:" : nil].compactMap { $0 }.joined(separator: " and ")
            throw line.error(.missingDescription, "expected the device description (\(missing) lines) before the first event, found an E: line")
        }
        let fields = try line.fields(rest, count: 4...4, prefix: "E", what: "sec.usec type code value")
        var time = try line.timestamp(fields[0])
        order.clamp(&time, line: line.number)
        let type = UInt16(try line.hex(fields[1], max: 0xffff, what: "a hexadecimal event type (0000–ffff)"))
        let code = UInt16(try line.hex(fields[2], max: 0xffff, what: "a hexadecimal event code (0000–ffff)"))
        let value = try line.decimal(fields[3], what: "a decimal event value")
        if events.isEmpty { events.reserveCapacity(lastLineNumber) }
        events.append(InputEvent(time: time, type: type, code: code, value: value))
    }

    private func axisName(_ code: UInt16) -> String {
        EventNames.codeName(type: EV.ABS, code: code) ?? "ABS code 0x\(RecordingText.hex2(Int(code)))"
    }
}

/// One line of the text, as bytes, with what error reporting needs to know about it.
private struct Line {
    let bytes: [UInt8]
    let range: Range<Int>
    let number: Int
    let isLast: Bool

    var firstContentIndex: Int? {
        range.first { bytes[$0] != UInt8(ascii: " ") && bytes[$0] != UInt8(ascii: "\t") }
    }

    var text: String { string(range) }

    func string(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }

    func error(_ kind: RecordingError.Kind, _ message: String) -> RecordingError {
        RecordingError(kind, line: number, message)
    }

    /// The whitespace-separated fields of `r`, up to a `#` comment, checked against `count`.
    func fields(_ r: Range<Int>, count: ClosedRange<Int>, prefix: String, what: String) throws(RecordingError) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = r.lowerBound
        while i < r.upperBound {
            let c = bytes[i]
            if c == UInt8(ascii: "#") { break }
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { i += 1; continue }
            let start = i
            while i < r.upperBound, bytes[i] != UInt8(ascii: " "), bytes[i] != UInt8(ascii: "\t"), bytes[i] != UInt8(ascii: "#") {
                i += 1
            }
            result.append(start..<i)
        }
        let expected = count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) or \(count.upperBound)"
        if result.count < count.lowerBound {
            let found = result.count == 0 ? "none" : "only \(result.count)"
            throw error(isLast ? .truncated : .malformedLine,
                        "expected \(expected) fields after \(prefix): (\(what)), found \(found)\(isLast ? " at the end of the file" : "")")
        }
        if result.count > count.upperBound {
            throw error(.malformedLine, "expected \(expected) fields after \(prefix): (\(what)), found \(result.count)")
        }
        return result
    }

    /// A hexadecimal field, with or without `0x`, as evemu's `%x` reads it.
    func hex(_ r: Range<Int>, max: Int, what: String) throws(RecordingError) -> Int {
        var i = r.lowerBound
        if r.count > 2, bytes[i] == UInt8(ascii: "0"), bytes[i + 1] | 0x20 == UInt8(ascii: "x") { i += 2 }
        var value = 0
        guard i < r.upperBound else { throw error(.badNumber, "expected \(what), found '\(string(r))'") }
        while i < r.upperBound {
            let c = bytes[i]
            let digit: Int
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(c - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(c - UInt8(ascii: "A")) + 10
            default: throw error(.badNumber, "expected \(what), found '\(string(r))'")
            }
            value = value * 16 + digit
            if value > max { throw error(.badNumber, "expected \(what), found '\(string(r))', which is too large") }
            i += 1
        }
        return value
    }

    /// A signed decimal field in `Int32` range; leading zeros are fine (`-001` is -1).
    func decimal(_ r: Range<Int>, what: String) throws(RecordingError) -> Int32 {
        guard let v = parseDecimal(r, limit: Int64(Int32.max) + 1), v <= Int64(Int32.max) else {
            throw error(.badNumber, "expected \(what), found '\(string(r))'")
        }
        return Int32(v)
    }

    private func parseDecimal(_ r: Range<Int>, limit: Int64) -> Int64? {
        var i = r.lowerBound
        var negative = false
        if i < r.upperBound, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < r.upperBound else { return nil }
        var value: Int64 = 0
        while i < r.upperBound {
            let c = bytes[i]
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(c - UInt8(ascii: "0"))
            if value > limit { return nil }
            i += 1
        }
        return negative ? -value : value
    }

    /// `sec.usec` as integers, never through `Double`: `1382570965.735216` must stay exact.
    /// The microseconds are read as a whole number of up to six digits, as evemu's `%06u`
    /// reads them, so `0.5` is five microseconds, not half a second.
    func timestamp(_ r: Range<Int>) throws(RecordingError) -> Timestamp {
        guard let dot = r.first(where: { bytes[$0] == UInt8(ascii: ".") }) else {
            throw error(.malformedLine, "expected a time like 12.345678 (seconds.microseconds), found '\(string(r))'")
        }
        let secRange = r.lowerBound..<dot
        let usecRange = (dot + 1)..<r.upperBound
        guard !secRange.isEmpty, bytes[secRange.lowerBound] != UInt8(ascii: "+"),
              let sec = parseDecimal(secRange, limit: Int64.max / 1_000_000 - 1)
        else {
            throw error(.badNumber, "expected whole seconds before the '.', found '\(string(r))'")
        }
        guard (1...6).contains(usecRange.count), usecRange.allSatisfy({ bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }),
              let usec = parseDecimal(usecRange, limit: 999_999)
        else {
            throw error(.badNumber, "expected 1 to 6 digits of microseconds after the '.', found '\(string(r))'")
        }
        // A negative time (only a hand-made file has one) follows the timeval convention that
        // Timestamp.timeval writes: `-1.500000` is -1 s plus 0.5 s.
        return Timestamp(seconds: sec, microseconds: usec)
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
