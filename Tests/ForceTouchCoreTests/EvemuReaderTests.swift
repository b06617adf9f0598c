import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

/// What Fixtures/recordings/README.md promises about each real recording.
struct RealRecording: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let id: InputID
    let eventCount: Int
    let first: InputEvent
    let last: InputEvent

    var testDescription: String { file }

    static let all: [RealRecording] = [
        RealRecording(
            file: "alps-glidepoint.double-tap.evemu", name: "AlpsPS/2 ALPS GlidePoint",
            id: InputID(bustype: 0x11, vendor: 0x0002, product: 0x0008, version: 0x0300), eventCount: 88,
            first: InputEvent(time: .zero, type: EV.ABS, code: ABS.MT_TRACKING_ID, value: 18),
            last: InputEvent(time: Timestamp(microseconds: 222_372), type: EV.SYN, code: SYN.REPORT, value: 0)),
        RealRecording(
            file: "cypress-trackpad.two_finger_press.evemu", name: "CyPS/2 Cypress Trackpad",
            id: InputID(bustype: 0x11, vendor: 0x0002, product: 0x0011, version: 0x0001), eventCount: 278,
            first: InputEvent(time: Timestamp(microseconds: 1_382_570_965_735_216), type: EV.ABS, code: ABS.MT_SLOT, value: 0),
            last: InputEvent(time: Timestamp(microseconds: 1_382_570_966_307_635), type: EV.SYN, code: SYN.REPORT, value: 0)),
        RealRecording(
            file: "wacom-cintiq-13hd-touch-pen.evemu", name: "Wacom Cintiq 13HD touch Pen",
            id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0333, version: 0x0110), eventCount: 425,
            first: InputEvent(time: Timestamp(microseconds: 1), type: EV.ABS, code: ABS.X, value: 27246),
            last: InputEvent(time: Timestamp(microseconds: 499_964), type: EV.SYN, code: SYN.REPORT, value: 0)),
        RealRecording(
            file: "elantech-touchpad.samsung-700z3a.evemu", name: "ETPS/2 Elantech Touchpad",
            id: InputID(bustype: 0x11, vendor: 0x0002, product: 0x000e, version: 0x0000), eventCount: 1557,
            first: InputEvent(time: .zero, type: EV.ABS, code: ABS.MT_TRACKING_ID, value: 948),
            last: InputEvent(time: Timestamp(microseconds: 7_426_427), type: EV.SYN, code: SYN.REPORT, value: 0)),
    ]

    func text() throws -> String { try TestFiles.text(TestFiles.realRecording(file)) }
    func read() throws -> Recording { try EvemuReader.read(try text()) }
}

/// A header that every malformed-input test below builds on: lines 1–5.
let miniHeader = """
    # EVEMU 1.3
    N: Test Pad
    I: 0003 1234 5678 0001
    B: 03 03 00 00 00 00 00 00 00
    A: 00 0 100 0 0 0

    """

/// The error `body` throws, or nil with a test failure when it throws none.
func recordingError(_ body: () throws(RecordingError) -> Recording) -> RecordingError? {
    do {
        _ = try body()
        Issue.record("expected a RecordingError, got a recording")
        return nil
    } catch {
        return error
    }
}

/// The recording readers' and writers' suites, grouped so that `--filter Recording` runs them.
@Suite("Recordings")
enum RecordingTests {}

extension RecordingTests {
    @Suite("EvemuReader")
    struct EvemuReaderTests {
        @Test("every real recording reads with the name, ids and events the README lists",
              arguments: RealRecording.all)
        func realRecordingReads(_ real: RealRecording) throws {
            let text = try real.text()
            let recording = try EvemuReader.read(text)
            #expect(recording.device.name == real.name)
            #expect(recording.device.id == real.id)
            let eLines = text.split(separator: "\n").filter { $0.hasPrefix("E:") }.count
            #expect(recording.events.count == eLines)
            #expect(recording.events.count == real.eventCount)
            #expect(recording.events.first == real.first)
            #expect(recording.events.last == real.last)
            // evemu's A: line carries no current value.
            #expect(recording.device.absInfo.values.allSatisfy { $0.value == 0 })
            // The first B: line of every file is `B: 00 0b`: SYN_REPORT, SYN_CONFIG, SYN_DROPPED.
            #expect(recording.device.codes[EV.SYN] == [0, 1, 3])
        }

        @Test("the Wacom pen's axes, keys and properties")
        func wacom() throws {
            let d = try RealRecording.all[2].read().device
            #expect(d.axis(ABS.PRESSURE) == AbsInfo(minimum: 0, maximum: 2047))
            #expect(d.axis(ABS.DISTANCE) == AbsInfo(minimum: 0, maximum: 63, fuzz: 1))
            #expect(d.axis(ABS.X) == AbsInfo(minimum: 400, maximum: 59152, fuzz: 4, resolution: 200))
            #expect(d.axis(0x02) == AbsInfo(minimum: -900, maximum: 899, resolution: 287))  // ABS_Z
            #expect(d.axis(0x1a) == AbsInfo(minimum: -64, maximum: 63, fuzz: 1, resolution: 57))  // ABS_TILT_X
            #expect(d.codes[EV.ABS] == [0x00, 0x01, 0x02, 0x08, 0x18, 0x19, 0x1a, 0x1b, 0x28])
            #expect(d.codes[EV.KEY] == [320, 321, 322, 323, 324, 330, 331, 332])
            #expect(d.has(type: EV.KEY, code: BTN.TOOL_PEN) && d.has(type: EV.KEY, code: BTN.TOUCH))
            #expect(d.codes[EV.MSC] == [0])  // MSC_SERIAL
            #expect(d.properties == [INPUT_PROP.DIRECT])
            #expect(!d.isMultitouch)
        }

        @Test("the ALPS touchpad: ABS_PRESSURE 0..127, no ABS_MT_PRESSURE, SEMI_MT")
        func alps() throws {
            let d = try RealRecording.all[0].read().device
            #expect(d.axis(ABS.PRESSURE) == AbsInfo(minimum: 0, maximum: 127))
            #expect(d.axis(ABS.MT_PRESSURE) == nil)
            #expect(d.properties == [INPUT_PROP.SEMI_MT])
            #expect(d.isSemiMultitouch)
            #expect(d.axis(ABS.MT_SLOT) == AbsInfo(minimum: 0, maximum: 1))
            #expect(d.codes[EV.KEY] == [272, 273, 274, 325, 330, 333, 334, 335])
            #expect(d.codes[EV.ABS] == Set(d.absInfo.keys))
        }

        @Test("the Cypress trackpad: MT pressure 0..255, BUTTONPAD+SEMI_MT, exact absolute times")
        func cypress() throws {
            let r = try RealRecording.all[1].read()
            #expect(r.device.axis(ABS.PRESSURE)?.maximum == 255)
            #expect(r.device.axis(ABS.MT_PRESSURE) == AbsInfo(minimum: 0, maximum: 255))
            #expect(r.device.axis(ABS.X) == AbsInfo(minimum: 0, maximum: 1600, resolution: 16))
            #expect(r.device.properties == [INPUT_PROP.BUTTONPAD, INPUT_PROP.SEMI_MT])
            #expect(r.events[0].time.microseconds == 1_382_570_965_735_216)
            #expect(r.events[0].time.description == "1382570965.735216")
        }

        @Test("the Elantech touchpad: 5 slots, touch major, POINTER+BUTTONPAD")
        func elantech() throws {
            let d = try RealRecording.all[3].read().device
            #expect(d.axis(ABS.MT_SLOT) == AbsInfo(minimum: 0, maximum: 4))
            #expect(d.axis(ABS.MT_TOUCH_MAJOR) == AbsInfo(minimum: 0, maximum: 2445))
            #expect(d.axis(ABS.MT_PRESSURE)?.maximum == 255)
            #expect(d.properties == [INPUT_PROP.POINTER, INPUT_PROP.BUTTONPAD])
            // The file has a B: 14 (EV_REP) line of zeros: no codes, so no entry.
            #expect(d.codes[EV.REP] == nil)
        }

        @Test("-001 reads as -1")
        func negativeValue() throws {
            let r = try RealRecording.all[0].read()
            let lifts = r.events.filter { $0.code == ABS.MT_TRACKING_ID && $0.type == EV.ABS && $0.value < 0 }
            #expect(lifts.count == 2)
            #expect(lifts.allSatisfy { $0.value == -1 })
            let inline = try EvemuReader.read(miniHeader + "E: 0.000001 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1\n")
            #expect(inline.events == [InputEvent(time: Timestamp(microseconds: 1), type: EV.ABS, code: ABS.MT_TRACKING_ID, value: -1)])
        }

        @Test("a .desc and .events pair reads as one recording")
        func descriptionAndEventsPair() throws {
            let desc = try TestFiles.text(TestFiles.fixture("pen-tablet.desc"))
            let events = try TestFiles.text(TestFiles.fixture("pen-tablet.events"))
            let r = try EvemuReader.read(description: desc, events: events)
            #expect(r.device.name == "Example Pen Tablet Pen")
            #expect(r.device.id == InputID(bustype: 3, vendor: 0x28bd, product: 0x0905, version: 0x0111))
            #expect(r.device.codes[EV.KEY] == [BTN.TOOL_PEN, BTN.TOUCH, BTN.STYLUS])
            #expect(r.device.codes[EV.ABS] == [ABS.X, ABS.Y, ABS.PRESSURE, 0x1a])
            #expect(r.device.axis(ABS.PRESSURE) == AbsInfo(minimum: 0, maximum: 8191))
            #expect(r.device.axis(0x1a) == AbsInfo(minimum: -64, maximum: 63, resolution: 57))
            #expect(r.device.properties.isEmpty)
            #expect(r.events.count == 14)
            #expect(r.events.filter(\.isSynReport).count == 4)
            #expect(r.events[8] == InputEvent(time: Timestamp(microseconds: 16_000), type: EV.ABS, code: 0x1a, value: -5))
            #expect(r.events.last?.time == Timestamp(microseconds: 24_000))
            // The pair reads the same as the two files joined.
            #expect(try EvemuReader.read(desc + events) == r)
        }

        @Test("an error in the .events file names its line in that file, and which file")
        func eventsFileLineNumbers() throws {
            let desc = try TestFiles.text(TestFiles.fixture("pen-tablet.desc"))
            let events = "# comment\nE: 0.000000 0001 0140 0001\nE: 0.000000 0003 00zz 7600\n"
            let error = recordingError { () throws(RecordingError) in
                try EvemuReader.read(description: desc, events: events, eventsName: "pen.events")
            }
            #expect(error?.kind == .badNumber)
            #expect(error?.line == 3)
            #expect(error?.file == "pen.events")
            #expect(error?.description.hasPrefix("pen.events:3: ") == true)

            let descError = recordingError { () throws(RecordingError) in
                try EvemuReader.read(description: "N: x\nI: 0003 0001 0002\n", events: "")
            }
            // A short last line is how a file cut off mid-write looks.
            #expect(descError?.kind == .truncated)
            #expect(descError?.line == 2)
            #expect(descError?.file == "<description>")
        }

        @Test("description lines in an events file, and events in a description file, are errors")
        func misplacedLines() {
            let inEvents = recordingError { () throws(RecordingError) in
                try EvemuReader.read(description: miniHeader, events: "E: 0.000000 0000 0000 0000\nN: Other\n")
            }
            #expect(inEvents?.kind == .malformedLine)
            #expect(inEvents?.line == 2)
            do {
                _ = try EvemuReader.readDescription(miniHeader + "E: 0.000000 0000 0000 0000\n")
                Issue.record("expected an error")
            } catch {
                #expect(error.kind == .malformedLine)
                #expect(error.line == 6)
            }
            let afterEvents = recordingError { () throws(RecordingError) in
                try EvemuReader.read(miniHeader + "E: 0.000000 0000 0000 0000\nA: 01 0 10 0 0 0\n")
            }
            #expect(afterEvents?.kind == .malformedLine)
            #expect(afterEvents?.line == 7)
        }

        @Test("format variations: no version comment, A: without resolution, CRLF, trailing comments, 0x")
        func variations() throws {
            let text = "N: Old Pad  \r\nI: 0011 0002 0007 0000 # comment\r\n"
                + "P: 00 00 00 00 00 00 00 00\r\nP: 01 00 00 00 00 00 00 00\r\n"
                + "B: 03 03 00 00 00 00 00 00 00\r\nB: 01 00 00 00 00 00 00 00 00\r\nB: 01 00 00 00 00 00 00 00 80\r\n"
                + "A: 00 0 1000 0 0\r\nA: 0x01 -10 10 1 2 3\r\n\r\n   \r\n"
                + "E: 12.5 0003 0000 +42\r\n"
            let r = try EvemuReader.read(text)
            #expect(r.device.name == "Old Pad  ")
            #expect(r.device.properties == [64])  // the second P: line starts at bit 64
            #expect(r.device.codes[EV.KEY] == [127])  // the second B: 01 line starts at code 64
            #expect(r.device.axis(ABS.X) == AbsInfo(minimum: 0, maximum: 1000, resolution: 0))
            #expect(r.device.axis(ABS.Y) == AbsInfo(minimum: -10, maximum: 10, fuzz: 1, flat: 2, resolution: 3))
            // Microsecond digits are an integer count, as evemu's %06u reads them.
            #expect(r.events == [InputEvent(time: Timestamp(microseconds: 12_000_005), type: EV.ABS, code: ABS.X, value: 42)])
            for version in ["1.0", "1.1", "1.2", "1.3"] {
                #expect(try EvemuReader.read("# EVEMU \(version)\n" + text) == r)
            }
        }

        @Test("L: and S: state lines are accepted")
        func stateLines() throws {
            let r = try EvemuReader.read(miniHeader + "L: 00 1\nS: 05 0\nE: 0.000000 0000 0000 0000\n")
            #expect(r.events.count == 1)
        }

        // MARK: - Malformed input: each its own kind, at its own line

        @Test("a truncated E: line at the end of the file")
        func truncatedEvent() {
            let error = recordingError { () throws(RecordingError) in
                try EvemuReader.read(miniHeader + "E: 0.000000 0003 0000 0005\nE: 0.000000 0003 00")
            }
            #expect(error?.kind == .truncated)
            #expect(error?.line == 7)
            #expect(error?.message.contains("expected 4 fields") == true)
        }

        @Test("a short E: line in the middle of the file")
        func shortEventMidFile() {
            let error = recordingError { () throws(RecordingError) in
                try EvemuReader.read(miniHeader + "E: 0.000000 0003\nE: 0.000000 0000 0000 0000\n")
            }
            #expect(error?.kind == .malformedLine)
            #expect(error?.line == 6)
        }

        @Test("bad hex in I:")
        func badHexInID() {
            let error = recordingError { () throws(RecordingError) in
                try EvemuReader.read("# EVEMU 1.3\nN: Pad\nI: 0011 00g2 0008 0300\n")
            }
            #expect(error?.kind == .badNumber)
            #expect(error?.line == 3)
            #expect(error?.message.contains("00g2") == true)
        }

        @Test("bad hex in B:")
        func badHexInMask() {
            let error = recordingError { () throws(RecordingError) in
                try EvemuReader.read("N: Pad\nI: 0011 0002 0008 0300\nB: 00 0b 00 00 00 00 00 00 00\nB: 01 00 zz 00 00 00 00 00 00\n")
            }
            #expect(error?.kind == .badNumber)
            #expect(error?.line == 4)
        }

        @Test("a byte too large in P:, a type beyond EV_MAX in B:, a bad decimal and a bad time in E:")
        func otherBadNumbers() {
            let cases: [(String, Int)] = [
                ("N: Pad\nI: 0011 0002 0008 0300\nP: 100 00 00 00 00 00 00 00\n", 3),
                ("N: Pad\nI: 0011 0002 0008 0300\nB: 20 00 00 00 00 00 00 00 00\n", 3),
                (miniHeader + "E: 0.000000 0003 0000 12a\n", 6),
                (miniHeader + "E: 0.1234567 0003 0000 1\n", 6),
                (miniHeader + "E: 0.000000 0003 0000 2147483648\n", 6),
                (miniHeader + "E: 0.000000 10000 0000 1\n", 6),
                ("N: Pad\nI: 0011 0002 0008 10000\n", 2),
            ]
            for (text, line) in cases {
                let error = recordingError { () throws(RecordingError) in try EvemuReader.read(text) }
                #expect(error?.kind == .badNumber, "\(text)")
                #expect(error?.line == line, "\(text)")
            }
        }

        @Test("events with no N:/I: description")
        func eventsWithoutDescription() {
            let error = recordingError { () throws(RecordingError) in
                try EvemuReader.read("# EVEMU 1.3\n# recorded without a header\nE: 0.000000 0003 0000 0005\n")
            }
            #expect(error?.kind == .missingDescription)
            #expect(error?.line == 3)
            let noID = recordingError { () throws(RecordingError) in
                try EvemuReader.read("N: Pad\nE: 0.000000 0003 0000 0005\n")
            }
            #expect(noID?.kind == .missingDescription)
            #expect(noID?.line == 2)
            #expect(noID?.message.contains("I:") == true)
            let empty = recordingError { () throws(RecordingError) in try EvemuReader.read("") }
            #expect(empty?.kind == .missingDescription)
        }

        @Test("an A: line whose maximum is below its minimum")
        func invalidAxisRange() {
            let error = recordingError { () throws(RecordingError) in
                try EvemuReader.read(miniHeader + "A: 18 0 -5 0 0 0\n")
            }
            #expect(error?.kind == .invalidAxisRange)
            #expect(error?.line == 6)
            #expect(error?.message.contains("ABS_PRESSURE") == true)
        }

        @Test("an unknown line prefix")
        func unknownLine() {
            let error = recordingError { () throws(RecordingError) in
                try EvemuReader.read(miniHeader + "X: 1 2 3\n")
            }
            #expect(error?.kind == .unknownLine)
            #expect(error?.line == 6)
            let noColon = recordingError { () throws(RecordingError) in try EvemuReader.read("hello world\n") }
            #expect(noColon?.kind == .unknownLine)
            #expect(noColon?.line == 1)
        }

        @Test("an unsupported version comment")
        func unsupportedVersion() {
            for header in ["# EVEMU 2.0", "# EVEMU 1.4", "# EVEMU one"] {
                let error = recordingError { () throws(RecordingError) in
                    try EvemuReader.read(header + "\nN: Pad\nI: 0011 0002 0008 0300\n")
                }
                #expect(error?.kind == .unsupportedVersion, "\(header)")
                #expect(error?.line == 1, "\(header)")
            }
        }

        @Test("extra fields, a second N:, an empty name")
        func otherMalformedLines() {
            let cases: [(String, Int)] = [
                (miniHeader + "E: 0.000000 0003 0000 1 7\n", 6),
                ("N: Pad\nN: Pad again\nI: 0011 0002 0008 0300\n", 2),
                ("N:   \nI: 0011 0002 0008 0300\n", 1),
                (miniHeader + "A: 00 0 100 0 0 0\n", 6),
                (miniHeader + "E: 0000003 0003 0000 1\n", 6),
            ]
            for (text, line) in cases {
                let error = recordingError { () throws(RecordingError) in try EvemuReader.read(text) }
                #expect(error?.kind == .malformedLine, "\(text)")
                #expect(error?.line == line, "\(text)")
            }
        }
    }
}
