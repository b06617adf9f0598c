import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

/// The device database shipped in quirks/: it reads without a single error, every entry is
/// about a device the recordings have, and with it applied the recordings still do what
/// their users meant — no ordinary touch becomes a deep press, the deliberate presses stay.
@Suite struct ShippedDeviceDatabaseTests {
    static var directory: URL { TestFiles.packageRoot.appendingPathComponent("quirks", isDirectory: true) }

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".quirks") }.sorted()
    }

    /// The database as the programs read it: files in name order.
    static func database() throws -> DeviceDatabase {
        var entries: [DeviceDatabaseEntry] = []
        for name in try files() {
            entries += DeviceDatabase.parse(try TestFiles.text(directory.appendingPathComponent(name)), file: name).entries
        }
        return DeviceDatabase(entries: entries)
    }

    /// Every recording: the four beside the corpus and the corpus itself, with its label
    /// ("-" for the four: none of them is an ordinary touch to protect, or it is checked below).
    static func recordings() throws -> [(name: String, label: String, recording: Recording)] {
        var all: [(String, String, Recording)] = []
        for name in ["alps-glidepoint.double-tap.evemu", "cypress-trackpad.two_finger_press.evemu",
                     "elantech-touchpad.samsung-700z3a.evemu", "wacom-cintiq-13hd-touch-pen.evemu"] {
            all.append((name, "-", try EvemuReader.read(TestFiles.text(TestFiles.realRecording(name)))))
        }
        for row in try CorpusTests.rows() {
            let text = try TestFiles.text(TestFiles.corpus.appendingPathComponent(row.file))
            all.append(("corpus/" + row.file, row.label, try EvemuReader.read(text)))
        }
        return all
    }

    static func replay(_ r: Recording, _ db: DeviceDatabase) -> [GestureEvent] {
        let c = DeviceClass(classifying: r.device)
        return RecordingPlayback.run(r, deviceSettings: Configuration().settings(for: r.device, deviceClass: c, database: db))
    }

    @Test func everyShippedFileParsesWithoutErrors() throws {
        let files = try Self.files()
        #expect(files.count >= 2)
        for name in files {
            let parsed = DeviceDatabase.parse(try TestFiles.text(Self.directory.appendingPathComponent(name)), file: name)
            #expect(parsed.errors.map(\.description) == [], "\(name)")
            #expect(!parsed.entries.isEmpty, "\(name) has no entry")
        }
    }

    @Test func everyShippedEntryIsAboutARecordedDevice() throws {
        let db = try Self.database()
        let devices = try Self.recordings().map(\.recording.device) + RealDeviceCatalogueTests.devices()
        for e in db.entries {
            #expect(devices.contains { e.matches($0, deviceClass: DeviceClass(classifying: $0)) },
                    "[\(e.name)] (\(e.file):\(e.line)) matches no recorded device")
        }
    }

    @Test func noOrdinaryTouchOfTheCorpusBecomesADeepPress() throws {
        let db = try Self.database()
        for (name, label, r) in try Self.recordings() where label != "-" {
            let deep = Self.replay(r, db).filter { $0.gesture == .deepPress }
            #expect(deep.isEmpty, "\(name) (\(label)): \(names(deep))")
        }
    }

    @Test(arguments: ["cypress-trackpad.two_finger_press.evemu", "corpus/CyPS2-Cypress-Trackpad.three_finger_press.evemu"])
    func theDeliberatePressesStillFire(_ name: String) throws {
        let db = try Self.database()
        let r = try #require(try Self.recordings().first { $0.name == name }).recording
        let g = Self.replay(r, db)
        #expect(names(g).contains("deep-press began peek"), "\(names(g))")
    }

    @Test func theEntriesApplyToTheirDevices() throws {
        let db = try Self.database()
        let all = try Self.recordings()
        func settings(_ name: String) throws -> DeviceSettings {
            let r = try #require(all.first { $0.name == name }).recording
            return Configuration().settings(for: r.device, deviceClass: DeviceClass(classifying: r.device), database: db)
        }
        let synaptics = try settings("corpus/SynPS2-Synaptics-TouchPad.leftmove.evemu")
        #expect(synaptics.quirks.entries == ["Synaptics PS/2 touchpads"])
        #expect(synaptics.quirks.pressureKind == .contactSize)
        #expect(synaptics.calibration(learned: nil).average == 71)
        let bcm = try settings("corpus/bcm5974.three-finger-click.evemu")
        #expect(bcm.quirks.pressureRange == 0...255)
        let intuos = try settings("corpus/Wacom-Intuos4-6x9.stylus-drag.evemu")
        #expect(intuos.quirks.entries == ["Wacom pens"])
        #expect(intuos.gestures.peekFraction == 0.65)
        // The finger interfaces of the same vendor are no pens.
        let fingers = try settings("corpus/Wacom-Bamboo-16FG-4x5-Finger-double-tap-center.evemu")
        #expect(fingers.quirks.entries == [])
    }
}
