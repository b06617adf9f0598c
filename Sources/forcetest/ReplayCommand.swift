import ArgumentParser
import ForceTouchCommandLine
import ForceTouchLinux
import ForceTouchProtocol
import ForceTouchCore
import ForceTouchEngine
import FoundationEssentials
import Glibc

/// `forcetest replay FILE…`: runs recordings through the engine and prints what it saw, and
/// for several a summary table to paste into a bug report.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run recordings through the gesture engine and print each device and its gestures.",
        discussion: """
            FILE is an evemu recording (evemu-record) or a libinput record YAML file, or a \
            directory: every *.evemu, *.yml and *.yaml in it, in name order. With --desc, \
            FILE (one only) holds only the evemu events and the description is read from the \
            other file. Time is the recording's own: a finger still down when the recording \
            ends is followed until every pending gesture has decided.

            With several files (or a directory, or --summary) each file's output is headed by \
            its name, and a table follows, one row a file: device, class, capability, where \
            the force scale comes from (calibration: config, learned, database or default, \
            with its value) and the gestures recognized (taps, double taps, long and deep \
            presses, by finger count: tap/1 ×2, double-tap/1). A file that cannot be read \
            shows its error there, the others are still replayed, and the exit status is 1. \
            --summary prints the table alone. With --json every line gets a "file" field and \
            the table is one {"event":"summary",…} line per file.

            The configuration is --config's only: without it the defaults apply on every \
            machine — uncalibrated force (an average touch is 15% of the pressure range, \
            maximumPossibleForce 6.67), the default timings and thresholds (docs/SPEC.md, \
            "2. Force" and "4. Gestures"), and every gesture counts as bound, so a tap waits \
            out the double-tap window and a double tap is one double-tap. With --config a tap \
            waits only where a double-tap is bound for the device (SPEC §4) and is reported at \
            release elsewhere. forcetest watch --replay plays a recording the same way.

            Distances (the slops, the double-tap distance) are millimetres. Where the recorded \
            device's axes report no resolution they are estimated (docs/SPEC.md, "4. Gestures"): \
            with --json the device line says how, as "distances" (estimated, scale, how, \
            unitsPerMillimetre); forcetest list says it of live devices.
            """)

    @Argument(help: ArgumentHelp("The recordings to replay: files, or directories of them.", valueName: "file"))
    var files: [String]

    @Option(name: .customLong("desc"), help: "An evemu device description for an events-only FILE.")
    var descriptionFile: String?

    @Flag(help: "Print JSON Lines instead of text.")
    var json = false

    @Flag(help: "Print only the summary table (with --json, only the summary lines), even for one file.")
    var summary = false

    @Flag(help: "Replay into a new uinput virtual device with the recording's timing, instead of through the engine.")
    var uinput = false

    @Option(help: "With --uinput: seconds to wait after creating the device before playing.")
    var settle = 1.0

    @Option(help: "With --uinput: seconds to keep the device after the last event.")
    var linger = 0.5

    @Option(help: "A configuration whose device rules (calibration, sensitivity, timings, rotation) and double-tap bindings apply; default: none (see above).")
    var config: String?

    @Flag(name: .customLong("no-double-tap-wait"),
          help: "Report each tap at release instead of waiting out the double-tap window.")
    var noDoubleTapWait = false

    @Flag(help: "Say why, between the gestures: each recognizer's changes of state, and for every tap, long press or deep press refused, the rule and its figures (moved 3.4 mm > 2 mm slop).")
    var explain = false

    func validate() throws {
        if explain, json || summary || uinput { throw ValidationError("--explain is text: no --json, --summary or --uinput") }
        if descriptionFile != nil, files.count > 1 { throw ValidationError("--desc goes with one events FILE") }
        if uinput, files.count > 1 { throw ValidationError("--uinput plays one recording") }
        if uinput, summary || json { throw ValidationError("--uinput prints no gestures: no --json or --summary") }
    }

    func run() throws {
        let directories = files.filter(Self.isDirectory)
        if !directories.isEmpty, descriptionFile != nil || uinput {
            throw CommandFailure("\(directories[0]): is a directory; \(uinput ? "--uinput" : "--desc") takes one recording")
        }
        if uinput {
            try playIntoUinput(try loadRecording(files[0], description: descriptionFile))
            return
        }
        let loaded = try EngineSetup.configuration(config, recording: true)
        guard files.count > 1 || !directories.isEmpty || summary else {
            // One file: as it has always been, and a failure is the command's.
            replay(try loadRecording(files[0], description: descriptionFile), loaded, file: nil)
            return
        }
        var rows: [Row] = []
        for (n, entry) in Self.expand(files).enumerated() {
            if !json && !summary {
                if n > 0 { print("") }
                print("== \(entry.path)")
            }
            do throws(RecordingError) {
                if let error = entry.error { throw error }
                let recording = try RecordingFile.load(entry.path, description: descriptionFile)
                rows.append(Row(file: entry.path, outcome: .replayed(replay(recording, loaded, file: entry.path))))
            } catch {
                fflush(nil)
                Terminal.writeError("forcetest: \(error.description)\n")
                rows.append(Row(file: entry.path, outcome: .failed(Self.reason(error, file: entry.path))))
            }
            fflush(nil)
        }
        if json {
            for row in rows { print(row.json) }
        } else {
            if !summary { print("") }
            for line in Self.table(rows) { print(line) }
        }
        fflush(nil)
        if rows.contains(where: \.failed) { throw ExitCode.failure }
    }

    private func playIntoUinput(_ recording: Recording) throws {
        let player = UinputPlayer(recording: recording, settle: .init(seconds: settle), linger: .init(seconds: linger))
        do {
            try player.play(
                created: { node in
                    print("created \"\(recording.device.name)\" at \(node ?? "an unknown node")")
                    fflush(nil)
                },
                played: {
                    print("played \(recording.events.count) events")
                    fflush(nil)
                })
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Plays `recording` through an engine set up as `forcetest watch` sets up its own,
    /// printing the device and each gesture as it comes (unless --summary). `file` is
    /// added to every JSON line when given.
    @discardableResult
    private func replay(_ recording: Recording, _ loaded: LoadedConfiguration, file: String?) -> Replayed {
        var pipeline = EngineSetup.pipeline(loaded, recording.device, doubleTapWait: !noDoubleTapWait)
        let quiet = summary
        if !quiet {
            var device = EngineSetup.deviceMessage(pipeline.engine, pipeline.deviceClass)
            device.file = file
            print(json ? ProtocolJSON.line(device)
                       : EngineSetup.deviceText(pipeline.engine, pipeline.deviceClass))
        }
        var gestures: [GestureEvent] = []
        // The pipeline is kept: the summary reports where its force scale came from at the
        // end (auto-calibration may have converged on the way).
        let notes: ((GestureNote) -> Void)? = explain ? { print(GestureNoteText.line($0)) } : nil
        RecordingPlayback.play(recording, through: &pipeline, notes: notes) { o in
            gestures.append(o.gesture)
            guard !quiet else { return }
            var gesture = GestureReport.gestureMessage(o.gesture)
            gesture.file = file
            print(json ? ProtocolJSON.line(gesture) : GestureReport.gestureText(o.gesture))
        }
        // What was read anyway, or ignored, is said on stderr: the gestures above stand.
        fflush(nil)
        for w in recording.warnings { Terminal.writeError("forcetest: \(w)\n") }
        if let slot = pipeline.engine.frames.untrackedSlot {
            Terminal.writeError("forcetest: \(file ?? files.first ?? "<recording>"): warning: touches in slot \(slot) are ignored: "
                + "forcetest follows slots 0–\(pipeline.engine.frames.contacts.count - 1)\n")
        }
        return Replayed(engine: pipeline.engine, deviceClass: pipeline.deviceClass, gestures: gestures)
    }

    // MARK: - Several files

    struct Replayed {
        var engine: GestureEngine
        var deviceClass: DeviceClass
        var gestures: [GestureEvent]
    }

    struct Row {
        enum Outcome {
            case replayed(Replayed)
            case failed(String)
        }

        var file: String
        var outcome: Outcome

        var failed: Bool { if case .failed = outcome { true } else { false } }

        /// `{"event":"summary","file":…,"device":…,"class":…,"capability":…,"calibration":{…},
        /// "gestures":[{"gesture":"tap","fingers":1,"count":2},…]}`, or `"error"` instead of
        /// all but the file.
        var json: String {
            var m = SummaryMessage(file: file)
            switch outcome {
            case .failed(let reason):
                m.error = reason
            case .replayed(let r):
                m.device = r.engine.device.name
                m.deviceClass = r.deviceClass.rawValue
                m.capability = r.engine.capability.capabilityText
                m.emulated = r.engine.capability.emulated ? true : nil
                m.calibration = EngineSetup.calibration(r.engine)
                m.gestures = ReplayCommand.tally(r.gestures).map {
                    .init(gesture: $0.gesture.rawValue, fingers: $0.fingers, count: $0.count)
                }
            }
            return ProtocolJSON.line(m)
        }
    }

    /// One line of `--summary --json`: what one recording gave.
    struct SummaryMessage: Encodable {
        var event = "summary"
        var file: String
        var error: String?
        var device: String?
        var deviceClass: String?
        var capability: String?
        var emulated: Bool?
        var calibration: CalibrationInfo?
        var gestures: [Count]?

        struct Count: Encodable {
            var gesture: String
            var fingers: Int
            var count: Int
        }

        enum CodingKeys: String, CodingKey {
            case event, file, error, device, deviceClass = "class", capability, emulated, calibration, gestures
        }
    }

    /// One entry per recording: a file as named, a directory's recordings in name order, or
    /// a directory with none (or unreadable) as an entry with its error.
    static func expand(_ arguments: [String]) -> [(path: String, error: RecordingError?)] {
        var out: [(path: String, error: RecordingError?)] = []
        for a in arguments {
            guard isDirectory(a) else {
                out.append((a, nil))
                continue
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: a)
            } catch {
                let reason = access(a, R_OK | X_OK) != 0 ? String(cString: strerror(errno)) : "cannot list the directory"
                out.append((a, RecordingError(.unreadable, line: nil, reason, file: a)))
                continue
            }
            let recordings = names.filter { n in
                !n.hasPrefix(".") && [".evemu", ".yml", ".yaml"].contains { n.hasSuffix($0) }
            }.sorted()
            if recordings.isEmpty {
                out.append((a, RecordingError(.unreadable, line: nil, "no recordings (*.evemu, *.yml, *.yaml) in the directory",
                                              file: a)))
            }
            let base = a.hasSuffix("/") ? a : a + "/"
            out += recordings.map { (base + $0, nil) }
        }
        return out
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The error without the file name the row already shows: `line 3: expected …`.
    static func reason(_ e: RecordingError, file: String) -> String {
        if let f = e.file, f != file { return e.description }
        return e.line.map { "line \($0): \(e.message)" } ?? e.message
    }

    /// Recognized gestures by kind and finger count: taps and double taps, and long and deep
    /// presses by their `began`. In the order of `GestureKind.allCases`, fewer fingers first.
    static func tally(_ gestures: [GestureEvent]) -> [(gesture: GestureKind, fingers: Int, count: Int)] {
        var counts: [GestureKind: [Int: Int]] = [:]
        for g in gestures {
            let recognized = switch g.gesture {
            case .tap, .doubleTap: g.phase == .ended
            case .longPress, .deepPress: g.phase == .began
            }
            if recognized { counts[g.gesture, default: [:]][g.fingers, default: 0] += 1 }
        }
        return GestureKind.allCases.flatMap { kind in
            (counts[kind] ?? [:]).sorted { $0.key < $1.key }.map { (kind, $0.key, $0.value) }
        }
    }

    /// `tap/1 ×2, double-tap/1, deep-press/2`, or `none`.
    static func gesturesText(_ gestures: [GestureEvent]) -> String {
        let t = tally(gestures)
        if t.isEmpty { return "none" }
        return t.map { "\($0.gesture.rawValue)/\($0.fingers)" + ($0.count > 1 ? " ×\($0.count)" : "") }
            .joined(separator: ", ")
    }

    /// The summary: a line saying what was replayed, then aligned columns, one row a file
    /// (named within the directory they share, which the first line names).
    static func table(_ rows: [Row]) -> [String] {
        let directory = commonDirectory(rows.map(\.file))
        let failed = rows.filter(\.failed).count
        var head = "\(rows.count) recording\(rows.count == 1 ? "" : "s")"
        if !directory.isEmpty { head += " in \(directory)" }
        if failed > 0 { head += ", \(failed) could not be read" }
        var cells: [[String]] = [["FILE", "DEVICE", "CLASS", "CAPABILITY", "CALIBRATION", "GESTURES"]]
        for row in rows {
            let name = String(row.file.dropFirst(directory.count))
            switch row.outcome {
            case .failed(let reason):
                cells.append([name, "error: " + reason])
            case .replayed(let r):
                let c = r.engine.capability
                cells.append([name, r.engine.device.name, r.deviceClass.rawValue,
                              c.capabilityText + (c.emulated ? " (emulated)" : ""),
                              EngineSetup.calibrationText(r.engine), gesturesText(r.gestures)])
            }
        }
        // Widths from the full rows: an error runs on from the device column.
        var widths = Array(repeating: 0, count: cells[0].count)
        for row in cells where row.count == widths.count {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        widths[0] = cells.map { $0[0].count }.max() ?? 0
        return [head + ":"] + cells.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }.joined(separator: "  ")
        }
    }

    /// The directory every path is in, with its trailing slash; "" for none.
    static func commonDirectory(_ paths: [String]) -> String {
        guard var common = paths.first.map({ $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() })
        else { return "" }
        for p in paths.dropFirst() {
            let dir = p.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            var n = 0
            while n < common.count, n < dir.count, common[common.startIndex + n] == dir[dir.startIndex + n] { n += 1 }
            common = common.prefix(n)
        }
        return common.isEmpty ? "" : common.joined(separator: "/") + "/"
    }
}
