import ForceTouchEngine

/// Reading one device database file: INI-like, as libinput's `.quirks` files are.
///
///     # Comment lines start with #.
///     [Synaptics PS/2 touchpads]
///     MatchBus=i8042
///     MatchVendor=0x0002
///     MatchProduct=0x0007
///     AttrPressureKind=contact-size
///
/// A section is a `[Name]` line and the `Key=Value` lines under it; it needs at least one
/// `Match…` key and one `Attr…` key. docs/device-database.md describes every key.
extension DeviceDatabase {
    /// The keys a section may hold, in the order docs/device-database.md lists them.
    public static let matchKeys = ["MatchBus", "MatchVendor", "MatchProduct", "MatchName", "MatchDeviceClass"]
    public static let attributeKeys = ["AttrPressureKind", "AttrPressureRange", "AttrAverageTouch", "AttrPeek", "AttrPop",
                                       "AttrSizeHint", "AttrDeviceKind"]

    /// Parses one file's text. Pure: `file` only names the text in entries and errors.
    /// A section with any error is dropped whole, with every error it has; the other
    /// sections load.
    public static func parse(_ text: String, file: String) -> (entries: [DeviceDatabaseEntry], errors: [DeviceDatabaseError]) {
        var entries: [DeviceDatabaseEntry] = []
        var errors: [DeviceDatabaseError] = []
        var section: SectionParser?

        func close() {
            guard let s = section else { return }
            switch s.finish() {
            case .success(let entry): entries.append(entry)
            case .failure(let e): errors += e.list
            }
            section = nil
        }

        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = trim(Substring(raw))
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                close()
                let name = line.hasSuffix("]") ? trim(line.dropFirst().dropLast()) : ""
                guard !name.isEmpty else {
                    errors.append(DeviceDatabaseError(file: file, line: lineNumber,
                        message: line.hasSuffix("]") ? "a section needs a name: [Name]" : "\"\(line)\" is not a section header: [Name]"))
                    // The lines up to the next header belong to no readable section: skipped.
                    section = SectionParser(name: "", file: file, line: lineNumber, broken: true)
                    continue
                }
                section = SectionParser(name: name, file: file, line: lineNumber)
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                errors.append(DeviceDatabaseError(file: file, line: lineNumber,
                                                  message: "\"\(line)\" is neither [Section], Key=Value nor a # comment"))
                section?.broken = true
                continue
            }
            let key = trim(line[..<eq]), value = trim(line[line.index(after: eq)...])
            guard section != nil else {
                errors.append(DeviceDatabaseError(file: file, line: lineNumber,
                                                  message: "\(key) is outside a section: start one with [Name]"))
                continue
            }
            section!.add(key: key, value: value, line: lineNumber)
        }
        close()
        return (entries, errors)
    }

    static func trim(_ s: Substring) -> String {
        String(s.drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            .reversed())
    }
}

/// One section as it is read: its entry so far, and what is wrong with it.
private struct SectionParser {
    struct Errors: Error { var list: [DeviceDatabaseError] }

    var entry: DeviceDatabaseEntry
    var errors: [DeviceDatabaseError] = []
    /// A header that could not be read: its lines are skipped, the error already given.
    var broken: Bool
    var seen: Set<String> = []
    var hasMatch = false
    var hasAttribute = false

    init(name: String, file: String, line: Int, broken: Bool = false) {
        entry = DeviceDatabaseEntry(name: name, file: file, line: line)
        self.broken = broken
    }

    mutating func fail(_ line: Int, _ message: String) {
        errors.append(DeviceDatabaseError(file: entry.file, line: line, message: message))
    }

    mutating func add(key: String, value: String, line: Int) {
        guard !broken else { return }
        guard DeviceDatabase.matchKeys.contains(key) || DeviceDatabase.attributeKeys.contains(key) else {
            fail(line, "unknown key \(key) (known: \((DeviceDatabase.matchKeys + DeviceDatabase.attributeKeys).joined(separator: ", ")))")
            return
        }
        guard seen.insert(key).inserted else { return fail(line, "\(key) is given twice in [\(entry.name)]") }
        guard !value.isEmpty else { return fail(line, "\(key) has no value") }
        if key.hasPrefix("Match") { hasMatch = true } else { hasAttribute = true }
        switch key {
        case "MatchBus":
            guard let v = BusType.parse(value) else {
                return fail(line, "MatchBus: \"\(value)\" is not a bus (usb, bluetooth, i8042, i2c, spi, virtual, … or hex like 0x11)")
            }
            entry.bus = v
        case "MatchVendor", "MatchProduct":
            guard value.hasPrefix("0x") || value.hasPrefix("0X") else {
                return fail(line, "\(key): \"\(value)\" must be hex with 0x, as forcetest list's id 056a:0333 is MatchVendor=0x056a, MatchProduct=0x0333")
            }
            guard let v = BusType.parseNumber(value) else {
                return fail(line, "\(key): \"\(value)\" is not a 16-bit hex number")
            }
            if key == "MatchVendor" { entry.vendor = v } else { entry.product = v }
        case "MatchName":
            do {
                entry.deviceName = try Glob(value)
            } catch {
                fail(line, "MatchName: \"\(value)\" \(error.message)")
            }
        case "MatchDeviceClass":
            guard let c = DeviceClass(rawValue: value), c != .other else {
                return fail(line, "MatchDeviceClass: \"\(value)\" is not touchpad, touchscreen or tablet")
            }
            entry.deviceClass = c
        case "AttrPressureKind":
            guard let k = PressureKind(rawValue: value) else {
                return fail(line, "AttrPressureKind: \"\(value)\" is not "
                    + PressureKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            entry.attributes.pressureKind = k
        case "AttrDeviceKind":
            guard let k = DeviceKind(rawValue: value) else {
                return fail(line, "AttrDeviceKind: \"\(value)\" is not "
                    + DeviceKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            entry.attributes.deviceKind = k
        case "AttrPressureRange":
            let parts = value.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let lo = Int32(DeviceDatabase.trim(parts[0])), let hi = Int32(DeviceDatabase.trim(parts[1])) else {
                return fail(line, "AttrPressureRange: \"\(value)\" is not MIN:MAX (raw values, as 0:255)")
            }
            guard lo < hi else { return fail(line, "AttrPressureRange: \(value): MIN must be below MAX") }
            entry.attributes.pressureRange = lo...hi
        case "AttrAverageTouch":
            guard let v = Double(value), v.isFinite else {
                return fail(line, "AttrAverageTouch: \"\(value)\" is not a number (the raw pressure of an average touch)")
            }
            if let problem = NumberRange.rawPressure.problem(v) { return fail(line, "AttrAverageTouch: \(problem)") }
            entry.attributes.averageTouch = v
        case "AttrPeek", "AttrPop":
            guard let v = Double(value), v > 0, v <= 1 else {
                return fail(line, "\(key): \"\(value)\" is not a fraction of maximumPossibleForce above 0 and at most 1")
            }
            if key == "AttrPeek" { entry.attributes.peekFraction = v } else { entry.attributes.popFraction = v }
        case "AttrSizeHint":
            guard let size = DeviceSize(parsing: value) else {
                return fail(line, "AttrSizeHint: \"\(value)\" is not WIDTHxHEIGHT in millimetres (as 69x50)")
            }
            for (side, mm) in [("width", size.width), ("height", size.height)] {
                if let problem = NumberRange.surfaceSide.problem(mm) { return fail(line, "AttrSizeHint: its \(side) \(problem)") }
            }
            entry.attributes.size = size
        default:
            break
        }
    }

    /// The entry, or every error of the section (it is then dropped).
    func finish() -> Result<DeviceDatabaseEntry, Errors> {
        guard !broken else { return .failure(Errors(list: errors)) }
        var all = errors
        let a = entry.attributes
        let at = entry.line
        func add(_ m: String) { all.append(DeviceDatabaseError(file: entry.file, line: at, message: m)) }
        // A section already wrong says so; that a bad key left it without a Match or an
        // Attr key would only repeat it.
        if errors.isEmpty, !hasMatch {
            add("[\(entry.name)] has no Match key: it would apply to every device (give MatchBus, MatchVendor, "
                + "MatchProduct, MatchName or MatchDeviceClass)")
        }
        if errors.isEmpty, !hasAttribute { add("[\(entry.name)] has no Attr key: it says nothing of the devices it matches") }
        if let peek = a.peekFraction, let pop = a.popFraction, peek >= pop {
            add("[\(entry.name)]: AttrPeek (\(peek)) must be below AttrPop (\(pop))")
        }
        if let r = a.pressureRange, let avg = a.averageTouch, !(avg > Double(r.lowerBound) && avg <= Double(r.upperBound)) {
            add("[\(entry.name)]: AttrAverageTouch (\(avg)) must lie within AttrPressureRange, above its minimum")
        }
        if a.averageTouch != nil, let k = a.pressureKind, !k.sensesForce {
            add("[\(entry.name)]: AttrAverageTouch means nothing when AttrPressureKind is \(k.rawValue)")
        }
        return all.isEmpty ? .success(entry) : .failure(Errors(list: all))
    }
}
