import Foundation
import ForceTouchCore
import ForceTouchEngine
import Testing
@testable import ForceTouchLinux

/// A live device and a replay of its recording must classify it alike, and so decide alike:
/// the class picks `device = "touchscreen"` bindings, `match-class` rules, and whether taps
/// wait for a double tap.
@Suite struct DeviceClassificationTests {
    /// The corpus recording of a tablet PC's finger touchscreen (Wacom ISDv4 E6 Finger): no
    /// pressure axis, INPUT_PROP_DIRECT, no pen bits.
    static func wacomFinger() throws -> Recording {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ForceTouchCoreTests/Fixtures/recordings/corpus/Wacom-ISDv4-E6-Finger.single-tap-center.evemu")
            .path
        return try RecordingFile.load(path)
    }

    /// What udev says of that device where libwacom is installed: its rules mark every Wacom
    /// device a tablet, beside input_id's touchscreen.
    static let libwacomProperties = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1", "ID_INPUT_TABLET": "1"]

    /// The reported double tap on that device: taps of 32 and 60 ms, 140 ms apart.
    static func doubleTap() -> [InputEvent] {
        func frame(_ t: Double, _ values: [(UInt16, UInt16, Int32)]) -> [InputEvent] {
            let time = Timestamp(microseconds: Int64((t * 1_000_000).rounded()))
            return values.map { InputEvent(time: time, type: $0.0, code: $0.1, value: $0.2) }
                + [InputEvent(time: time, type: EV.SYN, code: SYN.REPORT, value: 0)]
        }
        func down(_ t: Double, id: Int32, x: Int32, y: Int32) -> [InputEvent] {
            frame(t, [(EV.ABS, ABS.MT_TRACKING_ID, id), (EV.ABS, ABS.MT_POSITION_X, x), (EV.ABS, ABS.MT_POSITION_Y, y),
                      (EV.KEY, BTN.TOUCH, 1), (EV.ABS, ABS.X, x), (EV.ABS, ABS.Y, y)])
        }
        func up(_ t: Double) -> [InputEvent] {
            frame(t, [(EV.ABS, ABS.MT_TRACKING_ID, -1), (EV.KEY, BTN.TOUCH, 0)])
        }
        return down(0, id: 0, x: 1269, y: 710) + up(0.032) + down(0.172, id: 1, x: 1272, y: 712) + up(0.232)
    }

    static func configuration(_ text: String) throws -> Configuration {
        let load = Configuration.parse(text, file: "test.toml",
                                       lookups: ConfigurationLookups(readFile: { _ in nil }, userExists: { _ in true },
                                                                     groupExists: { _ in true },
                                                                     desktopApplication: { _ in .failure(.init("none")) }))
        #expect(load.errors.isEmpty, "\(load.errors)")
        return load.configuration
    }

    @Test func theDaemonClassifiesADeviceAsItsRecordingReplays() throws {
        let d = try Self.wacomFinger().device
        #expect(DeviceClass(classifying: d) == .touchscreen)
        let node = InputNode(devnode: "/dev/input/event7", properties: Self.libwacomProperties)
        #expect(node.properties["ID_INPUT_TABLET"] == "1", "the premise: libwacom's tag beside udev's own")
        let session = DeviceSession(node: node, description: d, device: nil,
                                    configuration: try Self.configuration(""))
        #expect(session.deviceClass == .touchscreen)
    }

    /// A description of the catalogue of real devices (ForceTouchCoreTests/Fixtures/devices).
    static func catalogued(_ file: String) throws -> DeviceDescription {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ForceTouchCoreTests/Fixtures/devices/" + file).path
        return try RecordingFile.load(path).device
    }

    static func session(_ file: String, _ udev: [String: String], database: DeviceDatabase = .empty) throws -> DeviceSession {
        DeviceSession(node: InputNode(devnode: "/dev/input/event9", properties: udev), description: try catalogued(file),
                      device: nil, configuration: try configuration(""), database: database)
    }

    /// What the daemon makes of the devices that are no touch devices, with the tags udev gives
    /// them: none is a touch device, so none is followed, grabbed or counted.
    @Test func theDaemonTakesNoKeyboardMousePadOrTotemForATouchDevice() throws {
        // A Wacom pad: udev (and libwacom) tag it a tablet and a tablet pad.
        let pad = try Self.session("wacom-intuos5-touch-m-pad.evemu",
                                   ["ID_INPUT": "1", "ID_INPUT_TABLET": "1", "ID_INPUT_TABLET_PAD": "1", "ID_INPUT_KEY": "1"])
        #expect(pad.deviceClass == .other)
        // A fake-MT keyboard, as an older udev that tagged it a touchscreen too describes it.
        let keyboard = try Self.session("razer-blackwidow-keyboard.evemu",
                                        ["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1", "ID_INPUT_TOUCHSCREEN": "1"])
        #expect(keyboard.deviceClass == .other)
        let mouse = try Self.session("apple-magic-mouse.evemu", ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"])
        #expect(mouse.deviceClass == .other)
        // The totem: udev calls it a touchscreen; the shipped device database knows better.
        let quirks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("quirks/05-not-touch.quirks")
        let db = DeviceDatabase(entries: DeviceDatabase.parse(try String(contentsOf: quirks, encoding: .utf8),
                                                              file: "05-not-touch.quirks").entries)
        let totemTags = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]
        #expect(try Self.session("dell-canvas-totem.evemu", totemTags, database: db).deviceClass == .other)
        #expect(try Self.session("dell-canvas-totem-touchscreen.evemu", totemTags, database: db).deviceClass == .touchscreen)
    }

    /// A node that cannot be opened is known by udev's tags alone: a pad is no touch device.
    @Test func anUnreadablePadIsNoTouchDevice() {
        #expect(InputNode(devnode: "/dev/input/event9",
                          properties: ["ID_INPUT": "1", "ID_INPUT_TABLET": "1", "ID_INPUT_TABLET_PAD": "1"]).udevClass == nil)
        #expect(InputNode(devnode: "/dev/input/event9", properties: Self.libwacomProperties).udevClass == .touchscreen)
    }

    @Test func udevCountsWhereTheBitsMakeNoTouchDevice() {
        // An absolute device with a mouse button and nothing else: a hwdb entry calls it a tablet.
        var d = DeviceDescription(name: "XP-PEN STAR 06", codes: [EV.KEY: [BTN.LEFT], EV.ABS: [ABS.X, ABS.Y]])
        d.absInfo[ABS.X] = AbsInfo(minimum: 0, maximum: 1000)
        d.absInfo[ABS.Y] = AbsInfo(minimum: 0, maximum: 1000)
        #expect(DeviceClass(classifying: d) == .other)
        #expect(DeviceClass(classifying: d, udevProperties: ["ID_INPUT_TABLET": "1"]) == .tablet)
        #expect(DeviceClass(classifying: d, udevProperties: [:]) == .other)
    }

    /// The report: bindings for the touchscreen, the reported double tap played into the
    /// device while the daemon ran gave no action, where the replay reported the double tap.
    @Test func aDoubleTapOnTheDeviceRunsTheBindingsItsReplayReports() throws {
        let configuration = try Self.configuration("""
            [[binding]]
            gesture = "tap"
            device = "touchscreen"
            exec = ["true", "tap"]

            [[binding]]
            gesture = "double-tap"
            device = "touchscreen"
            exec = ["true", "double-tap"]
            """)
        let d = try Self.wacomFinger().device
        let events = Self.doubleTap()

        // The replay: forcetest replay --config classifies from the recording.
        let replayed = configuration.settings(for: d, deviceClass: DeviceClass(classifying: d))
        let replay = RecordingPlayback.run(Recording(device: d, events: events), settings: replayed.gestures)
        #expect(replay.map(\.gesture) == [.doubleTap])

        // The daemon, on the node udev (with libwacom) describes.
        let session = DeviceSession(node: InputNode(devnode: "/dev/input/event7", properties: Self.libwacomProperties),
                                    description: d, device: nil, configuration: configuration)
        #expect(session.settings.gestures.waitsForDoubleTap == replayed.gestures.waitsForDoubleTap)
        var fired: [String] = []
        func record(_ outputs: [PipelineOutput]) {
            for d in outputs.flatMap(\.dispatches) {
                if case .exec(let exec) = d.request { fired.append(exec.argv.joined(separator: " ")) }
            }
        }
        for e in events { record(session.feed(e)) }
        while let t = session.nextDeadline { record(session.advance(to: t)) }
        #expect(fired == ["true double-tap"])
    }
}
