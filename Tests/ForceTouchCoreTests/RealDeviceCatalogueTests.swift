import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

/// The catalogue of real devices' descriptions (Fixtures/devices, from libinput's test
/// devices) against the class and capability its README gives each: keyboards and mice with
/// fake multi-touch, tablet pads, a multi-touch mouse and a totem are no touch devices, and
/// the touch devices beside them keep their class and say truly what their pressure is.
@Suite struct RealDeviceCatalogueTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let file: String
        let deviceClass: String
        let capability: String
        var testDescription: String { file }
    }

    static var directory: URL { TestFiles.fixture("devices") }

    /// The README's `| file | class | capability | what |` rows.
    static let rows: [Row] = {
        let text = (try? TestFiles.text(directory.appendingPathComponent("README.md"))) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| "), line.contains(".evemu") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return Row(file: cells[0], deviceClass: cells[1], capability: cells[2])
        }
    }()

    static func device(_ file: String) throws -> DeviceDescription {
        try EvemuReader.read(TestFiles.text(directory.appendingPathComponent(file))).device
    }

    /// Every description in the catalogue.
    static func devices() throws -> [DeviceDescription] { try rows.map { try device($0.file) } }

    /// As `forcetest replay` takes a description: its bits, with the shipped device database.
    static func classify(_ d: DeviceDescription) throws -> (DeviceClassification, CapabilityReport) {
        let db = try ShippedDeviceDatabaseTests.database()
        let quirks = db.quirks(for: d, deviceClass: DeviceClass(classifying: d))
        let classified = DeviceClassification(d, quirks: quirks)
        let settings = Configuration().settings(for: d, deviceClass: classified.deviceClass, database: db)
        return (classified, CapabilityReport.probe(d, classification: classified, quirks: settings.quirks))
    }

    @Test func theReadmeListsEveryDescriptionOnce() throws {
        let present = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".evemu") }.sorted()
        #expect(Self.rows.map(\.file).sorted() == present)
        #expect(Self.rows.filter { $0.deviceClass == "other" }.count >= 11)
    }

    @Test(arguments: rows)
    func eachDeviceHasTheClassAndCapabilityLibinputGivesIt(_ row: Row) throws {
        let (classified, report) = try Self.classify(try Self.device(row.file))
        #expect(classified.deviceClass.rawValue == row.deviceClass, "\(classified.reason)")
        #expect(report.capabilityText + (report.emulated ? " (emulated)" : "") == row.capability, "\(report.reason)")
    }

    /// The reasons say what the device is, in the bits a user can check.
    @Test func theReasonsSayWhatTheDeviceIs() throws {
        func reason(_ file: String) throws -> String { try Self.classify(try Self.device(file)).1.reason }
        #expect(try reason("razer-blackwidow-keyboard.evemu").hasPrefix("not a touch device: fake multi-touch: ABS_MT_SLOT comes with ABS_MT_SLOT-1"))
        #expect(try reason("wacom-intuos5-touch-m-pad.evemu") == "not a touch device: a tablet pad: BTN_0 and BTN_1 beside BTN_STYLUS, no BTN_TOOL_PEN")
        #expect(try reason("apple-magic-mouse.evemu").hasPrefix("not a touch device: a mouse: REL_X/REL_Y and buttons"))
        #expect(try reason("dell-canvas-totem.evemu") == "not a touch device: a totem, a dial put on the screen (device database: Dell Canvas Totem)")
        #expect(try reason("protocol-a-touchscreen.evemu") == "ABS_MT_PRESSURE 0..1: touching or not, no force")
        #expect(try reason("synaptics-rmi4-touchpad.evemu")
            == "ABS_MT_PRESSURE 0..255, which measures contact size (a touchpad without INPUT_PROP_PRESSUREPAD)")
    }

    /// A tap on the Dell Canvas totem (its feet down 80 ms at the screen's middle) is no tap:
    /// the totem is no touch device, and touch gestures never come from it.
    @Test func aTouchOnTheTotemIsNoGesture() throws {
        let totem = try Self.device("dell-canvas-totem.evemu")
        func frame(_ t: Int64, _ values: [(UInt16, UInt16, Int32)]) -> [InputEvent] {
            (values + [(EV.SYN, SYN.REPORT, 0)]).map {
                InputEvent(time: Timestamp(microseconds: t), type: $0.0, code: $0.1, value: $0.2)
            }
        }
        let events = frame(0, [(EV.ABS, ABS.MT_SLOT, 0), (EV.ABS, ABS.MT_TRACKING_ID, 1),
                               (EV.ABS, ABS.MT_POSITION_X, 16000), (EV.ABS, ABS.MT_POSITION_Y, 9000), (EV.KEY, BTN.BTN_0, 1)])
            + frame(80_000, [(EV.ABS, ABS.MT_TRACKING_ID, -1), (EV.KEY, BTN.BTN_0, 0)])
        let db = try ShippedDeviceDatabaseTests.database()
        var settings = Configuration().settings(for: totem, deviceClass: .touchscreen, database: db)
        settings.gestures.waitsForDoubleTap = false
        #expect(RecordingPlayback.run(Recording(device: totem, events: events), deviceSettings: settings).isEmpty)
        // The same touch on the screen's own touch device is a tap.
        let screen = try Self.device("dell-canvas-totem-touchscreen.evemu")
        var screenSettings = Configuration().settings(for: screen, deviceClass: .touchscreen, database: db)
        screenSettings.gestures.waitsForDoubleTap = false
        #expect(RecordingPlayback.run(Recording(device: screen, events: events), deviceSettings: screenSettings)
            .map(\.gesture) == [.tap])
    }

    /// The overall capability of a machine with a fake-MT keyboard, a tablet's pad and a
    /// touchscreen without pressure is the touchscreen's: the others count nowhere.
    @Test func devicesThatAreNoTouchDevicesNeverRaiseTheOverallCapability() throws {
        let reports = try ["razer-blackwidow-keyboard.evemu", "microsoft-surface-type-cover.evemu",
                           "wacom-intuos5-touch-m-pad.evemu", "wacom-cintiq-13hd-touch-finger.evemu"]
            .map { try Self.classify(try Self.device($0)).1 }
        #expect(Capability.overall(reports.map(\.capability)) == .unavailable)
    }
}
