import ArgumentParser
import ForceTouchCommandLine
import ForceTouchCore
import ForceTouchEngine
import ForceTouchLinux
import ForceTouchProtocol
import Glibc

/// The configuration in force: `--config`, else the first file on the search path.
struct LoadedConfiguration {
    var path: String?
    var configuration: Configuration
    /// Whether a configuration file was read: without one (none on the search path, or an
    /// explicit path that does not exist yet) the defaults apply, and `EngineSetup` treats
    /// every gesture as bound.
    var found = true

    static func load(_ explicit: String?, quiet: Bool = false) throws -> LoadedConfiguration {
        guard let path = ConfigurationFile.locate(explicit: explicit) else {
            return LoadedConfiguration(path: nil, configuration: Configuration(), found: false)
        }
        if explicit != nil, access(path, F_OK) != 0 {
            // calibrate may create it; the others read defaults.
            return LoadedConfiguration(path: path, configuration: Configuration(), found: false)
        }
        let load = ConfigurationFile.load(path)
        if !quiet {
            // An error drops a block, which forcetest goes on without: a warning here too.
            for e in load.diagnostics { Terminal.writeError("forcetest: \(e.isWarning ? "" : "warning: ")\(e)\n") }
        }
        return LoadedConfiguration(path: path, configuration: load.configuration)
    }

    /// Exactly the file `explicit` names, or none (the defaults) without one; a file with an
    /// error is refused. What a recording is played under: the same gestures on every
    /// machine, whatever configuration happens to be installed there.
    static func loadStrictly(_ explicit: String?) throws -> LoadedConfiguration {
        guard let explicit else { return LoadedConfiguration(path: nil, configuration: Configuration(), found: false) }
        let load = ConfigurationFile.load(explicit)
        for w in load.warnings { Terminal.writeError("forcetest: \(w)\n") }
        if let first = load.errors.first {
            throw CommandFailure(load.errors.count == 1 ? first.description
                                  : load.errors.map { $0.description }.joined(separator: "\n"))
        }
        return LoadedConfiguration(path: explicit, configuration: load.configuration)
    }

    func settings(_ d: DeviceDescription, _ c: DeviceClass) -> DeviceSettings {
        configuration.settings(for: d, deviceClass: c, database: DeviceDatabaseForTools.shared)
    }
}

/// The device database (docs/device-database.md), read once per run on first use; what is
/// wrong with its files goes to stderr with file:line, and forcetest goes on without it.
/// What the daemon's auto-calibration learned (`$XDG_STATE_HOME/forcetouch/calibration.json`),
/// read once per run on first use, never written: list and a live watch show a device as the
/// daemon would treat it.
enum LearnedCalibrationForTools {
    static let entries: [LearnedCalibrationFile.Entry] = {
        guard let path = LearnedCalibrationFile.defaultPath() else { return [] }
        let file = LearnedCalibrationFile(path: path)
        if let problem = file.load(readOnly: true) { Terminal.writeError("forcetest: warning: \(problem)\n") }
        return file.entries
    }()

    static func learned(for d: DeviceDescription) -> LearnedCalibration {
        entries.first { $0.isFor(d) }?.learned ?? LearnedCalibration()
    }
}

enum DeviceDatabaseForTools {
    static let shared: DeviceDatabase = {
        let load = DeviceDatabaseFiles.load()
        for e in load.errors { Terminal.writeError("forcetest: warning: \(e)\n") }
        return load.database
    }()
}

/// How forcetest sets up a gesture engine. `watch` (live or `--replay`) and `replay` both go
/// through here, so that one recording gives the same gestures in both.
enum EngineSetup {
    /// The configuration a command runs under. A live device: `--config`, else the search
    /// path, as the daemon finds it. A recording: `--config` only — without it, none — so that
    /// a replay gives the same gestures on every machine (`LoadedConfiguration.loadStrictly`).
    static func configuration(_ explicit: String?, recording: Bool) throws -> LoadedConfiguration {
        recording ? try LoadedConfiguration.loadStrictly(explicit) : try LoadedConfiguration.load(explicit)
    }

    /// The device's settings under `loaded`.
    ///
    /// Whether a single tap waits out the double-tap window (SPEC §4): under a configuration,
    /// only where a double-tap is bound in the same context (`Configuration.settings(for:…)`);
    /// without one, every gesture counts as bound, so a tap waits and a double tap is one
    /// double-tap, never two taps and a double-tap. `doubleTapWait: false`
    /// (`--no-double-tap-wait`) reports every tap at release whatever is bound.
    static func settings(_ loaded: LoadedConfiguration, _ device: DeviceDescription, _ deviceClass: DeviceClass,
                         doubleTapWait: Bool = true) -> DeviceSettings {
        var s = loaded.settings(device, deviceClass)
        if !loaded.found { s.gestures.waitsForDoubleTap = true }
        if !doubleTapWait { s.gestures.waitsForDoubleTap = false }
        return s
    }

    /// The pipeline for `device`: its engine, with the configuration's bindings. `learned` is
    /// what auto-calibration learned of it: the daemon's for a live device, none for a
    /// recording (which then learns only from its own touches, the same on every machine).
    static func pipeline(_ loaded: LoadedConfiguration, _ device: DeviceDescription, doubleTapWait: Bool = true,
                         learned: LearnedCalibration = LearnedCalibration()) -> DevicePipeline {
        // The device database may say what the device is (a totem): asked for the bits' class.
        let quirks = loaded.settings(device, DeviceClass(classifying: device)).quirks
        let deviceClass = DeviceClass(classifying: device, quirks: quirks)
        return DevicePipeline(device: device, deviceClass: deviceClass,
                              settings: settings(loaded, device, deviceClass, doubleTapWait: doubleTapWait),
                              configuration: loaded.configuration, learned: learned)
    }

    /// The device line both commands print first: `GestureReport`'s, with where the force
    /// scale comes from.
    static func deviceText(_ engine: GestureEngine, _ deviceClass: DeviceClass) -> String {
        GestureReport.deviceText(name: engine.device.name, report: engine.capability, forceModel: engine.forceModel,
                                 deviceClass: deviceClass)
            + (engine.forceModel == nil ? "" : ", calibration " + calibrationText(engine))
    }

    static func deviceMessage(_ engine: GestureEngine, _ deviceClass: DeviceClass) -> DeviceMessage {
        GestureReport.deviceMessage(name: engine.device.name, report: engine.capability, forceModel: engine.forceModel,
                                    deviceClass: deviceClass, calibration: calibration(engine),
                                    geometry: engine.frames.geometry)
    }

    /// `default`, `config (average 42)`, `learned (23 touches)`, `database (ENTRY)`; `-` for a
    /// device without force, which has no force scale to calibrate.
    static func calibrationText(_ engine: GestureEngine) -> String {
        guard engine.forceModel != nil else { return "-" }
        return switch engine.calibrationSource {
        case .config:
            engine.deviceSettings.calibrationAverage.map { "config (average \(TextFormat.number($0)))" } ?? "config"
        case .learned(let n): "learned (\(n) touch\(n == 1 ? "" : "es"))"
        case .database(let entry): "database (\(entry))"
        case .default: "default"
        }
    }

    static func calibration(_ engine: GestureEngine) -> CalibrationInfo {
        engine.calibrationSource.info(average: engine.forceModel?.average)
    }
}

/// Picks the device a command works on.
enum DeviceChooser {
    enum Purpose {
        /// watch, calibrate: a device that senses force.
        case force
        /// record: any touch device.
        case touch
    }

    /// `argument` is a path (`/dev/input/event3`), a node name (`event3`) or a device name
    /// (exact, else a case-insensitive part of it). Without one: the only suitable device,
    /// or the user's choice among several.
    static func choose(_ argument: String?, purpose: Purpose, configuration: LoadedConfiguration,
                       signals: SignalWatcher?) throws -> EvdevDevice {
        if let a = argument {
            if a.contains("/") { return try open(a) }
            if a.hasPrefix("event"), Int(a.dropFirst(5)) != nil { return try open("/dev/input/" + a) }
            let all = DeviceLister.list()
            var matches = all.filter { $0.name == a }
            if matches.isEmpty { matches = all.filter { $0.name.lowercased().contains(a.lowercased()) } }
            if matches.count == 1 { return try open(matches[0].path) }
            if matches.isEmpty {
                let names = all.filter(\.isTouch).map { "  \($0.path)  \"\($0.name)\"" }
                throw CommandFailure("no input device is named \"\(a)\""
                    + (names.isEmpty ? "" : "; touch devices:\n" + names.joined(separator: "\n")))
            }
            throw CommandFailure("\"\(a)\" matches \(matches.count) devices; name one by path:\n"
                + matches.map { "  \($0.path)  \"\($0.name)\"" }.joined(separator: "\n"))
        }
        let all = DeviceLister.list(settings: configuration.settings)
        if all.isEmpty {
            throw CommandFailure("no input devices found: /dev/input has no event nodes "
                + "(is this a container or a VM without input devices?)")
        }
        let candidates = all.filter {
            purpose == .force ? $0.report.capability == .available : ($0.isTouch && $0.isOpen)
        }
        if candidates.count == 1 { return try open(candidates[0].path) }
        if candidates.isEmpty {
            let denied = all.filter(\.permissionDenied)
            if !denied.isEmpty {
                throw CommandFailure("no device could be opened for reading: permission denied on "
                    + denied.map(\.path).joined(separator: ", ") + ".\nTo fix: " + DeviceLister.permissionFix)
            }
            let touch = all.filter(\.isTouch)
            if purpose == .force, !touch.isEmpty {
                throw CommandFailure("no force-capable device found; touch devices:\n"
                    + touch.map { "  \($0.path)  \"\($0.name)\": \($0.report.capability) (\($0.report.reason))" }
                        .joined(separator: "\n"))
            }
            throw CommandFailure("no touchscreen, tablet or touchpad found (forcetest list shows every input device)")
        }
        guard Terminal.isTerminal(0) else {
            throw CommandFailure("\(candidates.count) devices could do; name one:\n"
                + candidates.map { "  \($0.path)  \"\($0.name)\"" }.joined(separator: "\n"))
        }
        print("Several devices \(purpose == .force ? "sense force" : "can be recorded"):")
        for (i, c) in candidates.enumerated() {
            print("  \(i + 1). \(c.path)  \"\(c.name)\"  \(c.deviceClass.rawValue), \(c.report.reason)")
        }
        while true {
            Terminal.write("Which one? [1-\(candidates.count)] ")
            guard let line = Terminal.readLine(signals: signals) else { throw ExitCode(130) }
            if let n = Int(line.trimmingSpaces), n >= 1, n <= candidates.count {
                return try open(candidates[n - 1].path)
            }
        }
    }

    static func open(_ path: String) throws -> EvdevDevice {
        do {
            return try EvdevDevice(path: path)
        } catch {
            throw CommandFailure("cannot open " + DeviceLister.openFailure(path, error.errno))
        }
    }
}

/// Where watch and calibrate get events: a live device, or a recording played with its
/// own timing. Both speak the device's event clock.
protocol EventSource: AnyObject {
    var device: DeviceDescription { get }
    /// `/dev/input/event3`, or the recording's file name.
    var label: String { get }
    /// The event clock now.
    func now() -> Timestamp
    /// Waits until events come, `deadline` (event clock) passes, or a signal arrives.
    func wait(until deadline: Timestamp?, signals: SignalWatcher) -> SourceWakeup
}

enum SourceWakeup {
    case events([InputEvent])
    case timeout
    case signal(Int32)
    /// The device went away.
    case gone
    /// The recording has no more events (it keeps answering timeouts and signals).
    case ended
}

final class LiveSource: EventSource {
    let dev: EvdevDevice
    init(_ dev: EvdevDevice) { self.dev = dev }
    var device: DeviceDescription { dev.description }
    var label: String { dev.path }
    func now() -> Timestamp { MonotonicClock.now() }

    func wait(until deadline: Timestamp?, signals: SignalWatcher) -> SourceWakeup {
        let timeout = deadline.map { $0.microseconds - now().microseconds }
        let ready = Poller.wait([dev.fd, signals.fd], timeout: timeout)
        if ready.contains(signals.fd), let s = signals.next() { return .signal(s) }
        guard ready.contains(dev.fd) else { return .timeout }
        var events: [InputEvent] = []
        switch dev.read(into: &events) {
        case .drained, .full: return .events(events)
        case .gone: return .gone
        case .failed(let e): return e == ENODEV ? .gone : .events(events)
        }
    }
}

final class ReplaySource: EventSource {
    let recording: Recording
    let label: String
    private var index = 0
    private let origin: Timestamp
    private let start: Timestamp
    private var reportedEnd = false

    init(_ recording: Recording, label: String) {
        self.recording = recording
        self.label = label
        origin = recording.events.first?.time ?? .zero
        start = MonotonicClock.now()
    }

    var device: DeviceDescription { recording.device }
    func now() -> Timestamp { origin + (MonotonicClock.now() - start) }

    /// The events due by now, in order.
    private func takeDue() -> [InputEvent] {
        var due: [InputEvent] = []
        let t = now()
        while index < recording.events.count, recording.events[index].time <= t {
            due.append(recording.events[index])
            index += 1
        }
        return due
    }

    func wait(until deadline: Timestamp?, signals: SignalWatcher) -> SourceWakeup {
        let t = now()
        let due = takeDue()
        if !due.isEmpty { return .events(due) }
        if index >= recording.events.count && !reportedEnd {
            reportedEnd = true
            return .ended
        }
        var until = deadline
        if index < recording.events.count {
            let next = recording.events[index].time
            until = until.map { min($0, next) } ?? next
        }
        let ready = Poller.wait([signals.fd], timeout: until.map { $0.microseconds - t.microseconds })
        if ready.contains(signals.fd), let s = signals.next() { return .signal(s) }
        // A late wake-up (a busy machine) may find events due before the deadline: they go
        // first, or the engine would decide the deadline without them.
        let late = takeDue()
        return late.isEmpty ? .timeout : .events(late)
    }
}

extension String {
    var trimmingSpaces: String {
        String(self.drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            .reversed())
    }
}

func loadRecording(_ path: String, description: String? = nil) throws -> Recording {
    do {
        return try RecordingFile.load(path, description: description)
    } catch {
        throw CommandFailure(error.description)
    }
}

func formatNumber(_ v: Double, _ decimals: Int = 2) -> String {
    TextFormat.fixed(v, decimals: decimals)
}
