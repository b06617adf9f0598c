import Foundation
import ForceTouchTestSupport
import Testing

/// `forcetest replay` of several recordings (files or a directory): each file's output, then
/// the summary table a user pastes into a bug report; and `forcetest watch --replay`, which
/// must see on a recording exactly what `forcetest replay` sees.
@Suite struct ReplaySummaryTests {
    static let recordings = "Tests/ForceTouchCoreTests/Fixtures/recordings/"
    /// One one-finger double tap on an ALPS touchpad (pressure 0..127).
    static let doubleTap = recordings + "alps-glidepoint.double-tap.evemu"
    /// One two-finger tap on a Cypress trackpad.
    static let twoFingerTap = recordings + "corpus/CyPS2-Cypress-Trackpad.two_finger_tap.evemu"
    static let broken = "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0001\nE: nonsense\n"

    /// A directory with the two real recordings above and a broken one.
    static func directoryWithABrokenFile() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        for f in [doubleTap, twoFingerTap] {
            try FileManager.default.copyItem(at: Program.repositoryRoot.appendingPathComponent(f),
                                             to: dir.file(URL(fileURLWithPath: f).lastPathComponent))
        }
        _ = try dir.write("broken.evemu", broken)
        _ = try dir.write("notes.txt", "not a recording: left out\n")
        return dir
    }

    /// The summary table in `stdout`: its first line, the header's cells, and each row's cells
    /// by file name. Checks as it goes that every cell starts under its header.
    struct Table {
        var heading: String
        var header: [String]
        var rows: [String: [String]] = [:]
        var order: [String] = []

        init(_ stdout: String) throws {
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(lines.lastIndex { $0.hasPrefix("FILE ") }, "no table in:\n\(stdout)")
            heading = start > 0 ? lines[start - 1] : ""
            let headerLine = lines[start]
            header = Table.cells(headerLine)
            let columns = header.map { headerLine.range(of: $0)!.lowerBound.utf16Offset(in: headerLine) }
            for line in lines[(start + 1)...] where !line.isEmpty {
                let cells = Table.cells(line)
                rows[cells[0]] = cells
                order.append(cells[0])
                guard cells.count == header.count else { continue }
                for (i, cell) in cells.enumerated() {
                    let at = line.utf16.index(line.utf16.startIndex, offsetBy: columns[i])
                    #expect(String(line[at...]).hasPrefix(cell), "\(cell) is not under \(header[i]):\n\(headerLine)\n\(line)")
                }
            }
        }

        static func cells(_ line: String) -> [String] {
            line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    @Test func aDirectoryIsReplayedFileByFileThenSummed() throws {
        let dir = try Self.directoryWithABrokenFile()
        defer { dir.remove() }
        let run = try Program.forcetest.run(["replay", dir.path])
        // The broken file fails the run, but only after the others were replayed.
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("forcetest: \(dir.path)/broken.evemu:4: expected 4 fields"), "\(run)")
        #expect(!run.output.contains("Usage:"))

        // Each file's own output first, headed by its path, in name order.
        let sections = run.stdout.components(separatedBy: "== ").dropFirst().map { $0 }
        #expect(sections.count == 3, "\(run)")
        #expect(sections.first?.hasPrefix("\(dir.path)/CyPS2-Cypress-Trackpad.two_finger_tap.evemu\n") == true, "\(run)")
        let alps = try #require(sections.first { $0.hasPrefix("\(dir.path)/alps-glidepoint.double-tap.evemu\n") }, "\(run)")
        #expect(alps.contains("device \"AlpsPS/2 ALPS GlidePoint\": touchpad, force available"), "\(alps)")
        #expect(alps.contains("double-tap ended  fingers 1"), "\(alps)")
        #expect(!alps.contains("  tap ended"), "a double tap without a configuration is one double-tap:\n\(alps)")

        let table = try Table(run.stdout)
        #expect(table.heading == "3 recordings in \(dir.path)/, 1 could not be read:", "\(run)")
        #expect(table.header == ["FILE", "DEVICE", "CLASS", "CAPABILITY", "CALIBRATION", "GESTURES"])
        #expect(table.order == ["CyPS2-Cypress-Trackpad.two_finger_tap.evemu", "alps-glidepoint.double-tap.evemu",
                                "broken.evemu"], "notes.txt is no recording:\n\(run)")
        #expect(table.rows["alps-glidepoint.double-tap.evemu"]
                    == ["alps-glidepoint.double-tap.evemu", "AlpsPS/2 ALPS GlidePoint", "touchpad", "available (emulated)",
                        "database (ALPS PS/2 touchpads)", "double-tap/1"], "\(run)")
        #expect(table.rows["CyPS2-Cypress-Trackpad.two_finger_tap.evemu"]
                    == ["CyPS2-Cypress-Trackpad.two_finger_tap.evemu", "CyPS/2 Cypress Trackpad", "touchpad",
                        "available (emulated)", "default", "tap/2"], "\(run)")
        #expect(table.rows["broken.evemu"]
                    == ["broken.evemu", "error: line 4: expected 4 fields after E: (sec.usec type code value), "
                        + "found only 1 at the end of the file"], "\(run)")
    }

    /// Files named one by one work as a directory does, in the order given; `--summary` prints
    /// the table alone.
    @Test func namedFilesWithSummaryPrintOnlyTheTable() throws {
        let run = try Program.forcetest.run(["replay", "--summary", Self.twoFingerTap, Self.doubleTap])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "a heading, the header and two rows:\n\(run)")
        #expect(lines.first == "2 recordings in \(Self.recordings):", "\(run)")
        let table = try Table(run.stdout)
        #expect(table.order == ["corpus/CyPS2-Cypress-Trackpad.two_finger_tap.evemu", "alps-glidepoint.double-tap.evemu"])
        #expect(table.rows["corpus/CyPS2-Cypress-Trackpad.two_finger_tap.evemu"]?.last == "tap/2", "\(run)")
        #expect(table.rows["alps-glidepoint.double-tap.evemu"]?.last == "double-tap/1", "\(run)")
    }

    /// The rows a user checks on the bundled corpus: each labelled recording shows what its
    /// label says (corpus/README.md), and the one long enough for auto-calibration to converge
    /// says it learned.
    @Test func theCorpusSummaryAgreesWithItsLabels() throws {
        let corpus = Self.recordings + "corpus"
        let run = try Program.forcetest.run(["replay", "--summary", corpus])
        #expect(run.status == 0, "\(run)")
        let table = try Table(run.stdout)
        #expect(table.heading == "27 recordings in \(corpus)/:", "\(run)")
        #expect(table.rows.count == 27)
        let readme = try String(contentsOf: Program.repositoryRoot.appendingPathComponent(corpus + "/README.md"),
                                encoding: .utf8)
        var labelled = 0
        for line in readme.split(separator: "\n") where line.hasPrefix("| ") && line.contains(".evemu") {
            let cols = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let (file, label) = (cols[0], cols[2])
            let row = try #require(table.rows[file], "\(file) has no row:\n\(run)")
            #expect(row.count == 6, "\(row)")
            let gestures = row.last ?? ""
            switch label {
            case "-": continue
            case "no-tap":
                #expect(!gestures.contains("tap/"), "\(file) (\(label)): \(gestures)")
            default:
                #expect(gestures == label, "\(file) (\(label)): \(gestures)")
            }
            #expect(!gestures.contains("deep-press"), "\(file) (\(label)) is an ordinary touch: \(gestures)")
            labelled += 1
        }
        #expect(labelled == 19)
        #expect(table.rows["Wacom-Cintiq-22HDT-Pen.evemu"]?[4].hasPrefix("learned (") == true, "\(run)")
        #expect(table.rows["Atmel-maXTouch-Touchscreen.1-finger-drag-up-down.evemu"]?[3...4] == ["unavailable", "-"],
                "no force, no force scale: \(run)")
    }

    /// What `--json` prints for several files, decoded as a program reading it would.
    struct Summary: Decodable, Equatable {
        struct Calibration: Decodable, Equatable {
            var source: String
            var touches: Int?
            var entry: String?
            var average: Double?
        }
        struct Count: Decodable, Equatable {
            var gesture: String
            var fingers: Int
            var count: Int
        }
        var event: String
        var file: String
        var device: String?
        var `class`: String?
        var capability: String?
        var calibration: Calibration?
        var gestures: [Count]?
        var error: String?
    }

    struct Line: Decodable {
        var event: String
        var file: String?
        var gesture: String?
    }

    @Test func jsonTagsEveryLineWithItsFileAndEndsWithOneSummaryAFile() throws {
        let dir = try Self.directoryWithABrokenFile()
        defer { dir.remove() }
        let run = try Program.forcetest.run(["replay", "--json", dir.path])
        #expect(run.status == 1, "\(run)")
        let lines = run.stdout.split(separator: "\n").map { Data($0.utf8) }
        let decoded = try lines.map { try JSONDecoder().decode(Line.self, from: $0) }
        #expect(decoded.allSatisfy { $0.file?.hasPrefix(dir.path + "/") == true }, "\(run)")
        #expect(decoded.map(\.event) == ["device", "gesture", "device", "gesture", "summary", "summary", "summary"], "\(run)")
        #expect(decoded.filter { $0.event == "gesture" }.map(\.gesture) == ["tap", "double-tap"], "\(run)")

        let summaries = try lines.suffix(3).map { try JSONDecoder().decode(Summary.self, from: $0) }
        #expect(summaries[0] == Summary(
            event: "summary", file: dir.path + "/CyPS2-Cypress-Trackpad.two_finger_tap.evemu",
            device: "CyPS/2 Cypress Trackpad", class: "touchpad", capability: "available",
            calibration: .init(source: "default", average: 38.25), gestures: [.init(gesture: "tap", fingers: 2, count: 1)]))
        #expect(summaries[1] == Summary(
            event: "summary", file: dir.path + "/alps-glidepoint.double-tap.evemu",
            device: "AlpsPS/2 ALPS GlidePoint", class: "touchpad", capability: "available",
            calibration: .init(source: "database", entry: "ALPS PS/2 touchpads", average: 31),
            gestures: [.init(gesture: "double-tap", fingers: 1, count: 1)]))
        #expect(summaries[2] == Summary(
            event: "summary", file: dir.path + "/broken.evemu",
            error: "line 4: expected 4 fields after E: (sec.usec type code value), found only 1 at the end of the file"))
    }

    /// The calibration column says where the force scale came from, with its value: here the
    /// configuration's average.
    @Test func theCalibrationColumnNamesTheConfiguration() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let config = try dir.write("alps.toml", """
            [[device]]
            match-name = "AlpsPS/2*"
            calibration = { average = 40.0 }
            """)
        let run = try Program.forcetest.run(["replay", "--summary", "--config", config.path, Self.doubleTap, Self.twoFingerTap])
        #expect(run.status == 0, "\(run)")
        let table = try Table(run.stdout)
        #expect(table.rows["alps-glidepoint.double-tap.evemu"]?[4] == "config (average 40)", "\(run)")
        #expect(table.rows["corpus/CyPS2-Cypress-Trackpad.two_finger_tap.evemu"]?[4] == "default", "\(run)")
    }

    /// One file alone prints as it always has: the device, now with its calibration, and
    /// the gestures; no table, no "file" field.
    @Test func oneFileAlonePrintsNoTable() throws {
        let text = try Program.forcetest.run(["replay", Self.doubleTap])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout == """
            device "AlpsPS/2 ALPS GlidePoint": touchpad, force available, maximumPossibleForce 4.096774 \
            (ABS_PRESSURE 0..127, which measures contact size (device database), emulated), \
            calibration database (ALPS PS/2 touchpads)
            0.222372  double-tap ended  fingers 1  at 0.52,0.533571  force 0.870968

            """, "\(text)")
        let json = try Program.forcetest.run(["replay", "--json", Self.doubleTap])
        #expect(json.status == 0, "\(json)")
        let first = json.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("\"event\":\"device\"") && first.contains("\"name\":\"AlpsPS/2 ALPS GlidePoint\""), "\(json)")
        // One encoder writes every JSON line, keys sorted: the same value always prints the same way.
        #expect(json.stdout.contains(
            "\"calibration\":{\"average\":31,\"entry\":\"ALPS PS/2 touchpads\",\"source\":\"database\"}"), "\(json)")
        #expect(!json.stdout.contains("\"file\""), "\(json)")
        #expect(!json.stdout.contains("summary"), "\(json)")
    }

    @Test func aDirectoryWithoutRecordingsIsAFailure() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let run = try Program.forcetest.run(["replay", dir.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr == "forcetest: \(dir.path): no recordings (*.evemu, *.yml, *.yaml) in the directory\n", "\(run)")
        #expect(run.stdout.contains("error: no recordings"), "\(run)")
    }

    @Test func descAndUinputTakeOneRecording() throws {
        for args in [["replay", Self.doubleTap, Self.twoFingerTap, "--desc", Self.doubleTap],
                     ["replay", "--uinput", Self.doubleTap, Self.twoFingerTap]] {
            let run = try Program.forcetest.run(args)
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains("Usage:"), "\(run)")
        }
    }

    // MARK: - watch and replay agree

    /// `forcetest watch --replay` (stdout not a terminal: one line per gesture, to the end of
    /// the recording) prints what `forcetest replay` prints.
    static func agree(_ file: String, _ extra: [String] = []) throws -> (watch: Program.Run, replay: Program.Run) {
        let watch = try Program.forcetest.run(["watch", "--replay", file, "--exit-at-end"] + extra, timeout: 30)
        let replay = try Program.forcetest.run(["replay", file] + extra)
        #expect(watch.status == 0, "\(watch)")
        #expect(replay.status == 0, "\(replay)")
        #expect(watch.stdout == replay.stdout, "watch:\n\(watch.stdout)replay:\n\(replay.stdout)")
        return (watch, replay)
    }

    @Test("watch --replay and replay report the same gestures",
          arguments: [doubleTap, twoFingerTap, recordings + "corpus/AlpsPS2-ALPS-GlidePoint.2-finger-tap.evemu",
                      recordings + "corpus/Wacom-ISDv4-E6-Finger.single-tap-center.evemu",
                      recordings + "cypress-trackpad.two_finger_press.evemu"])
    func watchAndReplayAgree(_ file: String) throws {
        let (watch, _) = try Self.agree(file)
        #expect(watch.stdout.split(separator: "\n").count >= 2, "a device line and a gesture at least:\n\(watch)")
    }

    /// Without a configuration a double tap is one double-tap in both; under a configuration
    /// that binds no double-tap, taps come at release in both (SPEC §4), the double tap after
    /// the second; binding one makes both wait again.
    @Test func aDoubleTapIsTheSameInWatchAndReplay() throws {
        func gestures(_ run: Program.Run) -> [String] {
            run.stdout.split(separator: "\n").compactMap { line in
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                return words.count > 2 && words[2] == "ended" ? "\(words[1]) \(words[4])" : nil
            }
        }
        let plain = try Self.agree(Self.doubleTap)
        #expect(gestures(plain.replay) == ["double-tap 1"], "\(plain.replay)")

        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let tapOnly = try dir.write("tap.toml", "[[binding]]\ngesture = \"tap\"\nexec = [\"true\"]\n")
        let atRelease = try Self.agree(Self.doubleTap, ["--config", tapOnly.path])
        #expect(gestures(atRelease.replay) == ["tap 1", "tap 1", "double-tap 1"], "\(atRelease.replay)")
        let noWait = try Self.agree(Self.doubleTap, ["--no-double-tap-wait"])
        #expect(gestures(noWait.replay) == ["tap 1", "tap 1", "double-tap 1"], "\(noWait.replay)")

        let both = try dir.write("both.toml", """
            [[binding]]
            gesture = "tap"
            exec = ["true"]

            [[binding]]
            gesture = "double-tap"
            exec = ["true"]
            """)
        let waiting = try Self.agree(Self.doubleTap, ["--config", both.path])
        #expect(gestures(waiting.replay) == ["double-tap 1"], "\(waiting.replay)")
    }
}
