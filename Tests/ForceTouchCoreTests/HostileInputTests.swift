import Foundation
import Glibc
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// Inputs a few bytes long that once cost gigabytes or minutes (issue 12), and oddities that
/// once passed in silence. Each measured case prints its time and the process's peak memory.
@Suite struct HostileInputTests {
    private static func peakKB() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
    }

    private static func measure<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
        let before = peakKB()
        let start = Date()
        let result = try body()
        print("figure: \(label): \(String(format: "%.3f", Date().timeIntervalSince(start))) s, "
            + "peak RSS \(before / 1024) → \(peakKB() / 1024) MB")
        return result
    }

    // MARK: Info.plist

    @Test func aBinaryPlistWhoseSharedReferencesExpandIsRefusedBeforeFoundationReadsIt() throws {
        // 273 bytes: twelve levels of an array holding the same array eight times (8^12 items).
        let data = try Data(contentsOf: TestFiles.fixture("hostile/shared-references-bomb.binary.plist"))
        #expect(data.count < 400)
        let (items, errors) = Self.measure("plist bomb (\(data.count) bytes)") {
            InfoPlistImporter.importItems(from: data, file: "bomb.plist")
        }
        #expect(items.isEmpty)
        #expect(errors.count == 1)
        #expect(errors.first?.description.contains("expand to more than 100000 objects") == true, "\(errors)")
    }

    @Test func realBinaryPlistsAreWithinTheLimits() throws {
        for name in ["Info.binary.plist", "Notes-Info.binary.plist"] {
            let data = try Data(contentsOf: TestFiles.fixture(name))
            #expect(BinaryPlistLimits.problem(data) == nil, "\(name)")
        }
        // XML has no shared references: not measured.
        #expect(BinaryPlistLimits.problem(try Data(contentsOf: TestFiles.fixture("Info.plist"))) == nil)
    }

    @Test func damagedBinaryPlistsAreRefusedNotTrusted() throws {
        var data = [UInt8](try Data(contentsOf: TestFiles.fixture("Info.binary.plist")))
        // An object count past the limit in the trailer.
        var big = data
        let t = big.count - 32
        for i in 0..<8 { big[t + 8 + i] = i == 4 ? 0x10 : 0 }
        #expect(BinaryPlistLimits.problem(Data(big))?.contains("objects") == true)
        // An offset table past the end.
        for i in 0..<8 { data[t + 24 + i] = 0xff }
        #expect(BinaryPlistLimits.problem(Data(data))?.contains("damaged") == true)
        // Truncated: no longer a well-formed trailer, and never a crash.
        for n in [8, 20, 39, 40, 41, 100] {
            _ = BinaryPlistLimits.problem(Data(data.prefix(n)))
        }
    }

    @Test func aBinaryPlistHoldingASetIsRefusedBeforeFoundationCrashesOnIt() throws {
        // 90 bytes found by the plist fuzz target: {UIApplicationShortcutItems: [{a: set(x)}]}.
        let data = try Data(contentsOf: TestFiles.fixture("hostile/set-in-an-item.binary.plist"))
        let (items, errors) = InfoPlistImporter.importItems(from: data, file: "Set.plist")
        #expect(items.isEmpty)
        #expect(errors.map(\.description) == ["Set.plist: refused: a set (object 5), which an Info.plist cannot hold"])
    }

    @Test func aPlistContainingItselfIsRefused() {
        // bplist00, one array (object 0) holding object 0.
        var b = Array("bplist00".utf8)
        b += [0xA1, 0x00]              // array of 1, ref 0 (ref size 1)
        let table = b.count
        b += [0x08]                    // offset of object 0
        b += [0, 0, 0, 0, 0, 0, 1, 1]  // unused ×6, offset size 1, ref size 1
        b += [0, 0, 0, 0, 0, 0, 0, 1]  // 1 object
        b += [0, 0, 0, 0, 0, 0, 0, 0]  // top 0
        b += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        #expect(BinaryPlistLimits.problem(Data(b))?.contains("contains itself") == true)
    }

    // MARK: libinput record YAML

    /// A libinput recording of `events` events (5 a frame) on the fixture's touchscreen.
    static func libinputYAML(events: Int, backwardsAt: Int? = nil) throws -> String {
        let fixture = try TestFiles.text(TestFiles.fixture("touchscreen.libinput.yml"))
        var out = String(fixture[..<fixture.range(of: "  events")!.lowerBound]) + "  events:\n"
        var t = 0
        var k = 0
        while k < events {
            out += "  - evdev:\n"
            let id: Int32 = (k / 50) % 2 == 0 ? Int32(k / 100) : -1
            for (type, code, value) in [(3, 57, id), (3, 53, Int32(100 + k % 500)), (3, 54, 200), (3, 58, 30), (0, 0, 0)] {
                var time = t
                if let b = backwardsAt, k == b { time -= 20_000 }
                out += "    - [\(time / 1_000_000), \(time % 1_000_000), \(type), \(code), \(value)]\n"
            }
            k += 5
            t += 1000
        }
        return out
    }

    @Test func aLibinputRecordingIsReadInTimeLinearInItsEvents() throws {
        let text = try Self.libinputYAML(events: 100_000)
        let recording = try Self.measure("libinput YAML, 10^5 events (\(text.utf8.count >> 10) KiB)") {
            try LibinputRecordReader.read(text)
        }
        #expect(recording.events.count == 100_000)
    }

    @Test func aLibinputRecordingOverTheLimitIsRefusedAtOnce() throws {
        // 10^6 events: 120 s and 1.3 GB before; now refused before Yams builds its tree.
        let text = try Self.libinputYAML(events: 1_000_000)
        let error = Self.measure("libinput YAML, 10^6 events (\(text.utf8.count >> 20) MiB)") {
            #expect(throws: RecordingError.self) { try LibinputRecordReader.read(text) }
        }
        #expect(error?.message.contains("more than the 16 MiB") == true, "\(String(describing: error))")
        #expect(error?.message.contains("evemu") == true)
    }

    // MARK: Time going backwards

    @Test func libinputEventTimeGoingBackwardsIsClampedAndReportedWithItsLine() throws {
        let text = try Self.libinputYAML(events: 500, backwardsAt: 250)
        let recording = try LibinputRecordReader.read(text)
        #expect(zip(recording.events, recording.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        let warning = try #require(recording.warnings.first)
        #expect(recording.warnings.count == 1)
        let line = try #require(warning.line)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1].contains("[0, 30000,"),
                "\(warning)")
        #expect(warning.message.contains("goes backwards"))
        #expect(warning.message.contains("5 events in all were clamped"), "\(warning)")
    }

    @Test func evemuEventTimeGoingBackwardsIsClampedAndReportedWithItsLine() throws {
        let desc = try TestFiles.text(TestFiles.fixture("pen-tablet.desc"))
        let text = """
            E: 1.000000 0000 0000 0
            E: 2.000000 0000 0000 0
            E: 1.500000 0000 0000 0
            E: 3.000000 0000 0000 0

            """
        let recording = try EvemuReader.read(description: desc, events: text, eventsName: "tap.events")
        #expect(recording.events.map(\.time.seconds) == [1, 2, 2, 3])
        #expect(recording.warnings.map(\.line) == [3])
        #expect(recording.warnings.first?.description
                == "tap.events:3: warning: event time goes backwards, from 2.000000 to 1.500000: clamped to 2.000000")
        // Events in order give no warning; a whole recording reports the same.
        #expect(try EvemuReader.read(description: desc, events: text.replacingOccurrences(of: "1.500000", with: "2.500000"))
            .warnings.isEmpty)
        let combined = try EvemuReader.read(desc + text)
        #expect(combined.warnings.count == 1)
    }

    // MARK: Slots beyond those followed

    @Test func aTouchInASlotBeyondThoseFollowedIsFlagged() {
        var f = FrameAssembler(device: EventScript.touchscreen(slots: 128))
        #expect(f.contacts.count == FrameAssembler.maximumSlots)
        var s = EventScript(device: EventScript.touchscreen(slots: 128))
        s.down(0, slot: 3, x: 100, y: 100, pressure: 50)
        s.syn(0)
        for e in s.events { f.process(e) }
        #expect(f.untrackedSlot == nil)
        var t = EventScript(device: EventScript.touchscreen(slots: 128))
        t.down(0.01, slot: 70, x: 100, y: 100, pressure: 50)
        t.syn(0.01)
        for e in t.events { f.process(e) }
        #expect(f.untrackedSlot == 70)
        #expect(f.activeCount == 1)
    }
}
