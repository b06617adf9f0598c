import ForceTouchEngine

/// Reads `libinput record` YAML, file format version 1: one device's evdev description and its
/// kernel events, taken from the `devices:` list.
///
/// Only what a replay needs is read: `evdev:` (name, id, codes, absinfo, properties) and the
/// `- evdev:` frames of `events:`. The `libinput`, `system`, `udev`, `quirks` and `hid`
/// sections and the `- libinput:`/`- hid:` event items are libinput's own view of the session
/// and are ignored. Everything read is checked, and errors carry the line libyaml gives for the
/// offending node. libinput does not record an axis's current value, so `AbsInfo.value` is 0.
public enum LibinputRecordReader {
    /// The only `version:` this reader (and libinput replay) knows.
    public static let supportedVersion = 1

    /// The largest YAML text this reader takes: about 320 000 events, which it reads in a few
    /// hundred MB (the YAML node tree costs about 1.3 KB an event). A longer recording is
    /// refused at once, with a message that says how to go on: evemu has no such cost.
    public static let maximumTextSize = 16 << 20

    /// Reads device `deviceIndex` (0-based, in file order) of the recording.
    public static func read(_ text: String, deviceIndex: Int = 0) throws(RecordingError) -> Recording {
        guard text.utf8.count <= maximumTextSize else {
            throw RecordingError(.unreadable, line: nil,
                                 "a libinput recording of \(text.utf8.count >> 20) MiB is more than the \(maximumTextSize >> 20) MiB "
                                    + "this reader takes (about 320 000 events); record long sessions in evemu format "
                                    + "(forcetest record --format evemu)")
        }
        let root = try compose(text)
        guard let top = root.mapping else {
            throw RecordingError(.invalidStructure, line: line(root),
                                 "expected a libinput recording (a mapping with version and devices), found \(describe(root))")
        }
        guard let versionNode = top["version"] else {
            throw RecordingError(.invalidStructure, line: line(root),
                                 "expected a top-level 'version: 1' key, found none")
        }
        let version = try integer(versionNode, in: Int64.min...Int64.max, what: "a version number")
        guard version == Int64(supportedVersion) else {
            throw RecordingError(.unsupportedVersion, line: line(versionNode),
                                 "expected libinput record version \(supportedVersion), found version \(version)")
        }
        guard let devicesNode = top["devices"] else {
            throw RecordingError(.missingDescription, line: line(root),
                                 "expected a top-level 'devices:' list, found none")
        }
        guard let devices = devicesNode.sequence else {
            if isNull(devicesNode) {
                throw RecordingError(.missingDescription, line: line(devicesNode), "expected a device under 'devices:', found none")
            }
            throw RecordingError(.invalidStructure, line: line(devicesNode),
                                 "expected 'devices:' to be a list, found \(describe(devicesNode))")
        }
        guard deviceIndex >= 0, deviceIndex < devices.count else {
            // libinput writes ndevices up front and the devices after recording: a file with
            // fewer than it announced was cut short.
            let announced = top["ndevices"].flatMap { $0.string.flatMap { Int($0) } }
            let kind: RecordingError.Kind = (announced.map { deviceIndex < $0 } ?? false) ? .truncated : .missingDescription
            throw RecordingError(kind, line: line(devicesNode),
                                 "expected a device number \(deviceIndex), found \(devices.count) device\(devices.count == 1 ? "" : "s")"
                                    + (announced.map { " of the \($0) announced by ndevices" } ?? ""))
        }
        let deviceNode = devices[deviceIndex]
        guard let device = deviceNode.mapping else {
            throw RecordingError(.invalidStructure, line: line(deviceNode),
                                 "expected a device mapping with node, evdev and events, found \(describe(deviceNode))")
        }
        guard let evdev = device["evdev"] else {
            throw RecordingError(.missingDescription, line: line(deviceNode),
                                 "expected an 'evdev:' description in device \(deviceIndex), found none")
        }
        let description = try readDescription(evdev)
        var order = TimeOrder()
        let events = try readEvents(device["events"], order: &order)
        return Recording(device: description, events: events, warnings: order.warning.map { [$0] } ?? [])
    }

    // MARK: - Description

    private static func readDescription(_ node: YAMLNode) throws(RecordingError) -> DeviceDescription {
        guard let evdev = node.mapping else {
            throw RecordingError(.invalidStructure, line: line(node),
                                 "expected 'evdev:' to be a mapping with name, id and codes, found \(describe(node))")
        }
        func required(_ key: String) throws(RecordingError) -> YAMLNode {
            guard let value = evdev[key] else {
                throw RecordingError(.invalidStructure, line: line(node), "expected '\(key):' under 'evdev:', found none")
            }
            return value
        }

        let nameNode = try required("name")
        guard let name = nameNode.string else {
            throw RecordingError(.invalidStructure, line: line(nameNode), "expected the device name as a string, found \(describe(nameNode))")
        }

        let idNode = try required("id")
        guard let idList = idNode.sequence, idList.count == 4 else {
            throw RecordingError(.invalidStructure, line: line(idNode),
                                 "expected 'id: [bus, vendor, product, version]', found \(describe(idNode))")
        }
        var ids: [UInt16] = []
        for (item, what) in zip(idList, ["bus type", "vendor", "product", "version"]) {
            ids.append(UInt16(try integer(item, in: 0...0xffff, what: "a \(what) (0–65535)")))
        }

        var codes: [UInt16: Set<UInt16>] = [:]
        let codesNode = try required("codes")
        if !isNull(codesNode) {
            guard let codesMap = codesNode.mapping else {
                throw RecordingError(.invalidStructure, line: line(codesNode),
                                     "expected 'codes:' to map event types to lists of codes, found \(describe(codesNode))")
            }
            for pair in codesMap {
                let (typeNode, listNode) = (pair.key, pair.value)
                let type = UInt16(try integer(typeNode, in: 0...Int64(EventNames.maximumType), what: "an event type (0–\(EventNames.maximumType))"))
                for code in try integerList(listNode, in: 0...0xffff, what: "event codes") {
                    codes[type, default: []].insert(UInt16(code))
                }
            }
        }

        var absInfo: [UInt16: AbsInfo] = [:]
        if let absNode = evdev["absinfo"], !isNull(absNode) {
            guard let absMap = absNode.mapping else {
                throw RecordingError(.invalidStructure, line: line(absNode),
                                     "expected 'absinfo:' to map ABS codes to [min, max, fuzz, flat, resolution], found \(describe(absNode))")
            }
            let absMax = Int64(EventNames.maximumCode(type: EV.ABS) ?? 0x3f)
            for pair in absMap {
                let (codeNode, valueNode) = (pair.key, pair.value)
                let code = UInt16(try integer(codeNode, in: 0...absMax, what: "an ABS code (0–\(absMax))"))
                guard let values = valueNode.sequence, values.count == 5 else {
                    throw RecordingError(.invalidStructure, line: line(valueNode),
                                         "expected [min, max, fuzz, flat, resolution] for ABS code \(code), found \(describe(valueNode))")
                }
                var v: [Int32] = []
                for (item, what) in zip(values, ["minimum", "maximum", "fuzz", "flat", "resolution"]) {
                    v.append(Int32(try integer(item, in: Int64(Int32.min)...Int64(Int32.max), what: "a \(what)")))
                }
                guard v[1] >= v[0] else {
                    let axis = EventNames.codeName(type: EV.ABS, code: code) ?? "ABS code \(code)"
                    throw RecordingError(.invalidAxisRange, line: line(valueNode),
                                         "expected the maximum of \(axis) to be at least its minimum \(v[0]), found \(v[1])")
                }
                absInfo[code] = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v[4])
            }
        }

        var properties: Set<UInt16> = []
        if let propNode = evdev["properties"], !isNull(propNode) {
            for p in try integerList(propNode, in: 0...0xffff, what: "input properties") {
                properties.insert(UInt16(p))
            }
        }

        return DeviceDescription(
            name: name,
            id: InputID(bustype: ids[0], vendor: ids[1], product: ids[2], version: ids[3]),
            properties: properties, codes: codes, absInfo: absInfo)
    }

    // MARK: - Events

    private static func readEvents(_ node: YAMLNode?, order: inout TimeOrder) throws(RecordingError) -> [InputEvent] {
        // A recording stopped before the first event has `events:` with nothing under it.
        guard let node, !isNull(node) else { return [] }
        guard let items = node.sequence else {
            throw RecordingError(.invalidStructure, line: line(node), "expected 'events:' to be a list, found \(describe(node))")
        }
        var events: [InputEvent] = []
        for item in items {
            guard let map = item.mapping else {
                throw RecordingError(.invalidStructure, line: line(item),
                                     "expected an event item like '- evdev: [...]', found \(describe(item))")
            }
            // '- libinput:' and '- hid:' items are libinput's interpretation and raw HID
            // reports; the kernel events are all in '- evdev:'.
            guard let frameNode = map["evdev"], !isNull(frameNode) else { continue }
            guard let frame = frameNode.sequence else {
                throw RecordingError(.invalidStructure, line: line(frameNode),
                                     "expected a list of [sec, usec, type, code, value] under evdev, found \(describe(frameNode))")
            }
            // No reserveCapacity(count + frame.count) here: reserving exactly what one more
            // frame needs defeats the array's doubling and copies every event once per frame.
            for e in frame {
                guard let f = e.sequence, f.count == 5 else {
                    throw RecordingError(.invalidStructure, line: line(e),
                                         "expected an event [sec, usec, type, code, value], found \(describe(e))")
                }
                let sec = try integer(f[0], in: -(Int64.max / 1_000_000 - 1)...(Int64.max / 1_000_000 - 1), what: "whole seconds")
                let usec = try integer(f[1], in: 0...999_999, what: "microseconds (0–999999)")
                let type = try integer(f[2], in: 0...0xffff, what: "an event type")
                let code = try integer(f[3], in: 0...0xffff, what: "an event code")
                let value = try integer(f[4], in: Int64(Int32.min)...Int64(Int32.max), what: "an event value")
                var time = Timestamp(seconds: sec, microseconds: usec)
                order.clamp(&time, line: line(e))
                events.append(InputEvent(time: time,
                                         type: UInt16(type), code: UInt16(code), value: Int32(value)))
            }
        }
        return events
    }

    // MARK: - YAML helpers

    private static func compose(_ text: String) throws(RecordingError) -> YAMLNode {
        let node: YAMLNode?
        do {
            node = try YAMLComposer.compose(text)
        } catch {
            throw RecordingError(.malformedLine, line: error.line, error.message)
        }
        guard let node else {
            throw RecordingError(.missingDescription, line: 1, "expected a libinput recording, found an empty document")
        }
        return node
    }

    private static func line(_ node: YAMLNode) -> Int? { node.line }

    /// YAML's null: an empty plain value (`events:` with nothing under it), `~` or `null`.
    private static func isNull(_ node: YAMLNode) -> Bool {
        guard node.isPlainScalar, let s = node.string else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(s)
    }

    /// A decimal integer scalar, checked against `range`. Parsed here rather than by YAML's
    /// core schema so that YAML 1.1 oddities (`1:30` sexagesimal, `0b101`) are not silently accepted.
    private static func integer(_ node: YAMLNode, in range: ClosedRange<Int64>, what: String) throws(RecordingError) -> Int64 {
        guard let s = node.string else {
            throw RecordingError(.invalidStructure, line: line(node), "expected \(what), found \(describe(node))")
        }
        var digits = Substring(s)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let magnitude = Int64(digits)
        else {
            throw RecordingError(.badNumber, line: line(node), "expected \(what) as a decimal integer, found '\(s)'")
        }
        let value = negative ? -magnitude : magnitude
        guard range.contains(value) else {
            throw RecordingError(.badNumber, line: line(node), "expected \(what) in \(range.lowerBound)…\(range.upperBound), found \(value)")
        }
        return value
    }

    private static func integerList(_ node: YAMLNode, in range: ClosedRange<Int64>, what: String) throws(RecordingError) -> [Int64] {
        if isNull(node) { return [] }
        guard let list = node.sequence else {
            throw RecordingError(.invalidStructure, line: line(node), "expected a list of \(what), found \(describe(node))")
        }
        var result: [Int64] = []
        result.reserveCapacity(list.count)
        for item in list { result.append(try integer(item, in: range, what: "one of the \(what)")) }
        return result
    }

    /// A short description of a node for messages: its scalar text, or its kind.
    private static func describe(_ node: YAMLNode) -> String {
        switch node {
        case .scalar(let s, _): return s.isEmpty ? "nothing" : "'\(s)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}
