import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

extension RecordingTests {
    @Suite("EvemuWriter")
    struct EvemuWriterTests {
        /// The lines of `text` that start with one of `prefixes`.
        private func lines(_ text: String, _ prefixes: String...) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in prefixes.contains { line.hasPrefix($0) } }
                .map(String.init)
        }

        @Test("read → write → read gives the same recording", arguments: RealRecording.all)
        func roundTrip(_ real: RealRecording) throws {
            let recording = try real.read()
            let written = EvemuWriter.write(recording)
            #expect(try EvemuReader.read(written) == recording)
            // And as a .desc + .events pair.
            let pair = try EvemuReader.read(description: EvemuWriter.writeDescription(recording.device),
                                            events: EvemuWriter.writeEvents(recording.events))
            #expect(pair == recording)
        }

        @Test("the description lines match evemu's own, line for line", arguments: RealRecording.all)
        func descriptionLinesMatchEvemu(_ real: RealRecording) throws {
            let text = try real.text()
            let written = EvemuWriter.write(try EvemuReader.read(text))
            #expect(lines(written, "N:", "I:", "P:", "A:") == lines(text, "N:", "I:", "P:", "A:"))
            // Files from libevdev before EV_REP had a maximum lack the B: 14 line; the rest match.
            var original = lines(text, "B:")
            if !original.contains(where: { $0.hasPrefix("B: 14") }) {
                original.insert("B: 14 00 00 00 00 00 00 00 00", at: original.firstIndex { $0.hasPrefix("B: 15") }!)
            }
            #expect(lines(written, "B:") == original)
            #expect(written.hasPrefix("# EVEMU 1.3\n# Input device name: \"\(real.name)\"\n"))
        }

        @Test("E: lines are byte for byte what evemu 1.3 wrote for the Wacom pen")
        func eventLinesMatchEvemu13() throws {
            let real = RealRecording.all[2]
            let text = try real.text()
            let written = EvemuWriter.write(try EvemuReader.read(text))
            #expect(lines(written, "E:") == lines(text, "E:"))
            // The banner evemu-record prints between description and events.
            #expect(written.contains("################################\n#      Waiting for events      #\n################################\nE: "))
        }

        @Test("E: fields match evemu 1.2 files too (their comments lack the +ms)", arguments: RealRecording.all)
        func eventFieldsMatch(_ real: RealRecording) throws {
            let text = try real.text()
            let written = EvemuWriter.write(try EvemuReader.read(text))
            let fields = { (t: String) in self.lines(t, "E:").map { $0.split(separator: "\t")[0] } }
            #expect(fields(written) == fields(text))
        }

        @Test("values are written as evemu's %04d and times as sec.usec")
        func eventFormatting() throws {
            let events = [
                InputEvent(time: Timestamp(microseconds: 1_382_570_965_735_216), type: EV.ABS, code: ABS.MT_TRACKING_ID, value: -1),
                InputEvent(time: Timestamp(microseconds: 1_382_570_965_735_216), type: EV.ABS, code: ABS.X, value: 5),
                InputEvent(time: Timestamp(microseconds: 1_382_570_965_735_216), type: EV.ABS, code: ABS.X, value: -1234),
                InputEvent(time: Timestamp(microseconds: 1_382_570_965_735_216), type: EV.ABS, code: ABS.X, value: .min),
                InputEvent(time: Timestamp(microseconds: 1_382_570_965_735_216), type: EV.SYN, code: SYN.MT_REPORT, value: 0),
                InputEvent(time: Timestamp(microseconds: 1_382_570_965_800_000), type: EV.SYN, code: SYN.REPORT, value: 0),
                InputEvent(time: Timestamp(microseconds: 1_382_570_965_812_999), type: EV.SYN, code: SYN.REPORT, value: 0),
                InputEvent(time: Timestamp(microseconds: 1_382_570_965_812_999), type: 0x1e, code: 0x0777, value: 3),
            ]
            let out = EvemuWriter.writeEvents(events).split(separator: "\n").map(String.init)
            #expect(out == [
                "E: 1382570965.735216 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1",
                "E: 1382570965.735216 0003 0000 0005\t# EV_ABS / ABS_X                5",
                "E: 1382570965.735216 0003 0000 -1234\t# EV_ABS / ABS_X                -1234",
                "E: 1382570965.735216 0003 0000 -2147483648\t# EV_ABS / ABS_X                -2147483648",
                "E: 1382570965.735216 0000 0002 0000\t# ++++++++++++ SYN_MT_REPORT (0) ++++++++++",
                "E: 1382570965.800000 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +1382570965800ms",
                "E: 1382570965.812999 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +12ms",
                "E: 1382570965.812999 001e 0777 0003\t# (null) / (null)               3",
            ])
            #expect(try EvemuReader.readEvents(EvemuWriter.writeEvents(events)) == events)
        }

        @Test("a description with no events, odd types and awkward values survives a round trip")
        func unusualDescription() throws {
            let device = DeviceDescription(
                name: "Odd  Device # with hash",
                id: InputID(bustype: 0, vendor: 0xffff, product: 0, version: 0xabcd),
                properties: [INPUT_PROP.DIRECT, 0x1f],
                codes: [
                    EV.KEY: [0, 0x2ff], EV.REL: [0], EV.SW: [0x10], EV.FF: [0x50],
                    0x16: [0],  // EV_PWR: no known maximum
                    0x17: [1],  // EV_FF_STATUS: no known maximum
                ],
                absInfo: [ABS.X: AbsInfo(minimum: Int32.min, maximum: Int32.max, fuzz: -1, flat: 7, resolution: 12),
                          0x3f: AbsInfo(minimum: 0, maximum: 0)])
            let recording = Recording(device: device, events: [])
            let text = EvemuWriter.write(recording)
            #expect(try EvemuReader.read(text) == recording)
            #expect(text.contains("\nB: 16 01 00 00 00 00 00 00 00\n"))
            #expect(text.contains("\nB: 17 02 00 00 00 00 00 00 00\n"))
            #expect(text.contains("\nP: 02 00 00 80 00 00 00 00\n"))
            #expect(text.contains("\nA: 00 -2147483648 2147483647 -1 7 12\n"))
            #expect(text.contains("# Input device ID: bus 0000 vendor 0xffff product 0000 version 0xabcd\n"))
            // A device without EV_SYN codes gets an all-zero EV_SYN line; every known type gets its lines.
            #expect(text.contains("\nB: 00 00 00 00 00 00 00 00 00\n"))
            #expect(lines(text, "B: 01").count == 12)
            #expect(lines(text, "B: 15").count == 2)
        }

        @Test("a line break in the name becomes a space rather than ending the N: line")
        func nameWithNewline() throws {
            let device = DeviceDescription(name: "Two\nLines", id: InputID(bustype: 3))
            let read = try EvemuReader.read(EvemuWriter.write(Recording(device: device, events: [])))
            #expect(read.device.name == "Two Lines")
        }

        @Test("negative and large times round-trip")
        func unusualTimes() throws {
            let device = DeviceDescription(name: "T", id: InputID())
            let events = [Timestamp(microseconds: -500_000), Timestamp(microseconds: -1), .zero,
                          Timestamp(microseconds: 4_102_444_800_000_001)].map {
                InputEvent(time: $0, type: EV.SYN, code: SYN.REPORT, value: 0)
            }
            let recording = Recording(device: device, events: events)
            let text = EvemuWriter.write(recording)
            #expect(text.contains("E: -1.500000 0000 0000 0000\t"))
            #expect(try EvemuReader.read(text) == recording)
        }
    }
}
