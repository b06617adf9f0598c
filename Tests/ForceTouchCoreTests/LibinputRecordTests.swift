import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

extension RecordingTests {
    @Suite("LibinputRecord")
    struct LibinputRecordTests {
        /// libinput record does not carry an axis's current value, so a comparison across the
        /// format sets it to 0 on both sides rather than pretending it survives.
        private func withoutAxisValues(_ r: Recording) -> Recording {
            var r = r
            for code in r.device.absInfo.keys { r.device.absInfo[code]!.value = 0 }
            return r
        }

        /// A minimal valid recording, with `evdev` lines replaceable for error tests.
        private func yaml(version: String = "1", absinfo: String = "      0: [0, 100, 0, 0, 0]",
                          events: String = "  events:\n  - evdev:\n    - [0, 0, 3, 0, 5]\n    - [0, 0, 0, 0, 0]\n") -> String {
            """
            version: \(version)
            ndevices: 1
            devices:
            - node: /dev/input/event3
              evdev:
                name: "Pad"
                id: [3, 1, 2, 3]
                codes:
                  0: [0]
                  3: [0]
                absinfo:
            \(absinfo)
                properties: []

            """ + events
        }

        @Test("the touchscreen fixture reads: name, ids, codes, axes, properties, evdev events only")
        func touchscreenFixture() throws {
            let text = try TestFiles.text(TestFiles.fixture("touchscreen.libinput.yml"))
            let r = try LibinputRecordReader.read(text)
            let d = r.device
            #expect(d.name == "Example Touchscreen")
            #expect(d.id == InputID(bustype: 0x18, vendor: 0x27c6, product: 0x0113, version: 0x0100))
            #expect(d.codes[EV.SYN] == Set(0...15))
            #expect(d.codes[EV.KEY] == [BTN.TOUCH])
            #expect(d.codes[EV.ABS] == [0, 1, 47, 48, 53, 54, 57, 58])
            #expect(d.codes[EV.MSC] == [5])
            #expect(d.axis(ABS.MT_PRESSURE) == AbsInfo(minimum: 0, maximum: 255))
            #expect(d.axis(ABS.MT_POSITION_X) == AbsInfo(minimum: 0, maximum: 1919, resolution: 10))
            #expect(d.axis(ABS.MT_SLOT) == AbsInfo(minimum: 0, maximum: 9))
            #expect(d.properties == [INPUT_PROP.DIRECT])
            #expect(d.isMultitouch)
            // 10 + 3 + 4 evdev events; the libinput and hid items are not kernel events.
            #expect(r.events.count == 17)
            #expect(r.events.filter(\.isSynReport).count == 3)
            #expect(r.events[0] == InputEvent(time: .zero, type: EV.ABS, code: ABS.MT_SLOT, value: 0))
            #expect(r.events[10] == InputEvent(time: Timestamp(microseconds: 12_034), type: EV.ABS, code: ABS.MT_PRESSURE, value: 180))
            #expect(r.events[13] == InputEvent(time: Timestamp(microseconds: 24_101), type: EV.ABS, code: ABS.MT_TRACKING_ID, value: -1))
            #expect(r.events.last == InputEvent(time: Timestamp(microseconds: 24_101), type: EV.SYN, code: SYN.REPORT, value: 0))
        }

        @Test("write → read gives the same recording for every real recording", arguments: RealRecording.all)
        func roundTripReal(_ real: RealRecording) throws {
            let recording = withoutAxisValues(try real.read())
            let yaml = LibinputRecordWriter.write(recording)
            #expect(withoutAxisValues(try LibinputRecordReader.read(yaml)) == recording)
        }

        @Test("write → read gives the same recording for the fixture, axis values included")
        func roundTripFixture() throws {
            var recording = try LibinputRecordReader.read(try TestFiles.text(TestFiles.fixture("touchscreen.libinput.yml")))
            #expect(try LibinputRecordReader.read(LibinputRecordWriter.write(recording)) == recording)
            // A current axis value is the one thing the format loses.
            recording.device.absInfo[ABS.X]!.value = 700
            let back = try LibinputRecordReader.read(LibinputRecordWriter.write(recording))
            #expect(back.device.absInfo[ABS.X]?.value == 0)
            #expect(withoutAxisValues(back) == withoutAxisValues(recording))
        }

        @Test("the output has what libinput replay fetches, one SYN_REPORT frame per evdev item")
        func writerLayout() throws {
            let recording = try RealRecording.all[1].read()  // Cypress, absolute times
            let yaml = LibinputRecordWriter.write(recording)
            let lines = yaml.split(separator: "\n").map(String.init)
            for needed in ["version: 1", "ndevices: 1", "libinput:", "system:", "devices:", "- node: /dev/input/event0",
                           "  evdev:", "    name: \"CyPS/2 Cypress Trackpad\"", "    id: [17, 2, 17, 1]",
                           "    properties: [2, 3]", "  udev:", "    properties:", "    - ID_INPUT=1",
                           "    - ID_INPUT_TOUCHPAD=1", "    virtual: false", "  events:"] {
                #expect(lines.contains(needed), "\(needed)")
            }
            #expect(lines.contains("      3: [0, 1, 24, 28, 47, 53, 54, 57, 58] # EV_ABS"))
            #expect(lines.contains("      58: [0, 255, 0, 0, 0] # ABS_MT_PRESSURE"))
            // Times are kept, not rebased.
            #expect(lines.contains { $0.hasPrefix("    - [1382570965, 735216,   3,  47,       0] # EV_ABS / ABS_MT_SLOT") })
            let frames = lines.filter { $0 == "  - evdev:" }.count
            #expect(frames == recording.events.filter(\.isSynReport).count)
            // Every frame's last event is its SYN_REPORT.
            let eventLines = lines.enumerated().filter { $0.element.hasPrefix("    - [") }
            for (index, line) in eventLines where index + 1 < lines.count && lines[index + 1] == "  - evdev:" {
                #expect(line.contains("SYN_REPORT"), "\(line)")
            }
        }

        @Test("device names with quotes and backslashes are quoted for YAML")
        func quotedName() throws {
            let device = DeviceDescription(name: #"Vendor "Pro" \ Pad: #1"#, id: InputID(bustype: 3))
            let recording = Recording(device: device, events: [])
            let yaml = LibinputRecordWriter.write(recording)
            #expect(yaml.contains(#"    name: "Vendor \"Pro\" \\ Pad: #1""#))
            #expect(yaml.contains("  events: []\n"))
            #expect(try LibinputRecordReader.read(yaml) == recording)
        }

        @Test("udev classification of the kinds forcetouch handles")
        func udevClassification() throws {
            let wacom = try RealRecording.all[2].read().device
            #expect(LibinputRecordWriter.udevProperties(wacom) == ["ID_INPUT=1", "ID_INPUT_TABLET=1"])
            let touchscreen = try LibinputRecordReader.read(try TestFiles.text(TestFiles.fixture("touchscreen.libinput.yml"))).device
            #expect(LibinputRecordWriter.udevProperties(touchscreen) == ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
            let alps = try RealRecording.all[0].read().device
            #expect(LibinputRecordWriter.udevProperties(alps) == ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"])
        }

        @Test("the second device of a two-device recording")
        func deviceIndex() throws {
            let text = """
                version: 1
                ndevices: 2
                devices:
                - node: /dev/input/event3
                  evdev:
                    name: "First"
                    id: [3, 1, 1, 1]
                    codes: {0: [0]}
                    properties: []
                  events:
                - node: /dev/input/event4
                  evdev:
                    name: "Second"
                    id: [3, 1, 2, 1]
                    codes: {0: [0], 3: [24]}
                    absinfo: {24: [0, 1023, 0, 0, 0]}
                    properties: [1]
                  events:
                  - evdev:
                    - [1, 2, 0, 0, 0]
                """
            let first = try LibinputRecordReader.read(text)
            #expect(first.device.name == "First")
            #expect(first.events.isEmpty)
            let second = try LibinputRecordReader.read(text, deviceIndex: 1)
            #expect(second.device.name == "Second")
            #expect(second.device.axis(ABS.PRESSURE)?.maximum == 1023)
            #expect(second.events == [InputEvent(time: Timestamp(microseconds: 1_000_002), type: 0, code: 0, value: 0)])
            let missing = recordingError { () throws(RecordingError) in try LibinputRecordReader.read(text, deviceIndex: 2) }
            #expect(missing?.kind == .missingDescription)
            #expect(missing?.line == 4)
            let cut = recordingError { () throws(RecordingError) in
                try LibinputRecordReader.read(text.replacingOccurrences(of: "ndevices: 2", with: "ndevices: 3"), deviceIndex: 2)
            }
            #expect(cut?.kind == .truncated)
        }

        @Test("an ABS code without a range gets evemu's stand-in 0..1, so libinput replay finds one")
        func axisWithoutRange() throws {
            let device = DeviceDescription(name: "Hand-made", id: InputID(bustype: 3),
                                           codes: [EV.ABS: [ABS.X, ABS.PRESSURE]],
                                           absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 99)])
            let yaml = LibinputRecordWriter.write(Recording(device: device, events: []))
            #expect(yaml.contains("      24: [0, 1, 0, 0, 0] # ABS_PRESSURE, no range recorded\n"))
            let back = try LibinputRecordReader.read(yaml).device
            #expect(back.axis(ABS.PRESSURE) == AbsInfo(minimum: 0, maximum: 1))
            #expect(back.axis(ABS.X) == AbsInfo(minimum: 0, maximum: 99))
        }

        // MARK: - Format detection

        @Test("RecordingReader tells the formats apart and reads either")
        func detection() throws {
            let yaml = try TestFiles.text(TestFiles.fixture("touchscreen.libinput.yml"))
            #expect(RecordingReader.detectFormat(yaml) == .libinput)
            #expect(RecordingReader.detectFormat("\n---\nversion: 1\n") == .libinput)
            #expect(RecordingReader.detectFormat("devices:\n") == .libinput)
            #expect(try RecordingReader.read(yaml) == LibinputRecordReader.read(yaml))
            for real in RealRecording.all {
                let text = try real.text()
                #expect(RecordingReader.detectFormat(text) == .evemu)
                #expect(try RecordingReader.read(text) == real.read())
            }
            let desc = try TestFiles.text(TestFiles.fixture("pen-tablet.desc"))
            #expect(RecordingReader.detectFormat(desc) == .evemu)
            #expect(RecordingReader.detectFormat("") == .evemu)
            // A forced format is used as given, and its reader reports what it finds.
            let forced = recordingError { () throws(RecordingError) in try RecordingReader.read(yaml, format: .evemu) }
            #expect(forced?.kind == .unknownLine)
            #expect(forced?.line == 4)
            // Written output is detected as what it is.
            let recording = try RealRecording.all[0].read()
            #expect(RecordingReader.detectFormat(LibinputRecordWriter.write(recording)) == .libinput)
            #expect(RecordingReader.detectFormat(EvemuWriter.write(recording)) == .evemu)
        }

        // MARK: - Malformed input

        @Test("YAML that does not parse gives .malformedLine at Yams' line")
        func badYAML() {
            let text = "version: 1\nndevices: 1\ndevices:\n- node: x\n  evdev: [unclosed\n  events: []\n"
            let error = recordingError { () throws(RecordingError) in try LibinputRecordReader.read(text) }
            #expect(error?.kind == .malformedLine)
            #expect(error?.line == 6)
            let tab = recordingError { () throws(RecordingError) in try LibinputRecordReader.read("version: 1\n\tdevices: x\n") }
            #expect(tab?.kind == .malformedLine)
            #expect(tab?.line == 2)
        }

        @Test("YAML without devices gives .missingDescription")
        func withoutDevices() {
            let error = recordingError { () throws(RecordingError) in
                try LibinputRecordReader.read("# libinput record\nversion: 1\nndevices: 0\nlibinput:\n  version: \"1.25\"\n")
            }
            #expect(error?.kind == .missingDescription)
            #expect(error?.line == 2)
            let emptyList = recordingError { () throws(RecordingError) in
                try LibinputRecordReader.read("version: 1\nndevices: 1\ndevices:\n")
            }
            #expect(emptyList?.kind == .missingDescription)
            let noEvdev = recordingError { () throws(RecordingError) in
                try LibinputRecordReader.read("version: 1\nndevices: 1\ndevices:\n- node: /dev/input/event1\n  events: []\n")
            }
            #expect(noEvdev?.kind == .missingDescription)
            #expect(noEvdev?.line == 4)
            let empty = recordingError { () throws(RecordingError) in try LibinputRecordReader.read("") }
            #expect(empty?.kind == .missingDescription)
        }

        @Test("a version other than 1 gives .unsupportedVersion at the version line")
        func unsupportedVersion() {
            let error = recordingError { () throws(RecordingError) in
                try LibinputRecordReader.read("# libinput record\n" + yaml(version: "2"))
            }
            #expect(error?.kind == .unsupportedVersion)
            #expect(error?.line == 2)
            #expect(error?.message.contains("found version 2") == true)
        }

        @Test("absinfo with max < min gives .invalidAxisRange at its line")
        func invalidAxisRange() {
            let error = recordingError { () throws(RecordingError) in
                try LibinputRecordReader.read(yaml(absinfo: "      0: [0, 100, 0, 0, 0]\n      24: [10, 5, 0, 0, 0]"))
            }
            #expect(error?.kind == .invalidAxisRange)
            #expect(error?.line == 13)
            #expect(error?.message.contains("ABS_PRESSURE") == true)
        }

        @Test("bad numbers and bad shapes name their line")
        func badValues() {
            let cases: [(String, RecordingError.Kind, Int)] = [
                (yaml(absinfo: "      0: [0, 100, 0, 0]"), .invalidStructure, 12),
                (yaml(absinfo: "      0: [0, x100, 0, 0, 0]"), .badNumber, 12),
                (yaml(absinfo: "      0: [0, 1:30, 0, 0, 0]"), .badNumber, 12),
                (yaml(events: "  events:\n  - evdev:\n    - [0, 1000000, 3, 0, 5]\n"), .badNumber, 16),
                (yaml(events: "  events:\n  - evdev:\n    - [0, 0, 3, 0]\n"), .invalidStructure, 16),
                (yaml(events: "  events:\n  - evdev:\n    - [0, 0, 3, 0, 2147483648]\n"), .badNumber, 16),
                (yaml(events: "  events:\n  - evdev: 7\n"), .invalidStructure, 15),
                (yaml(events: "  events: {a: 1}\n"), .invalidStructure, 14),
                (yaml().replacingOccurrences(of: "id: [3, 1, 2, 3]", with: "id: [3, 1, 2]"), .invalidStructure, 7),
                (yaml().replacingOccurrences(of: "id: [3, 1, 2, 3]", with: "id: [3, 1, 70000, 3]"), .badNumber, 7),
                (yaml().replacingOccurrences(of: "    name: \"Pad\"\n", with: ""), .invalidStructure, 6),
                (yaml(version: "one"), .badNumber, 1),
                ("- 1\n- 2\n", .invalidStructure, 1),
                ("ndevices: 1\ndevices: []\n", .invalidStructure, 1),
            ]
            for (text, kind, line) in cases {
                let error = recordingError { () throws(RecordingError) in try LibinputRecordReader.read(text) }
                #expect(error?.kind == kind, "\(text)")
                #expect(error?.line == line, "\(text)")
            }
        }
    }
}
