import ArgumentParser
import ForceTouchCommandLine
import ForceTouchCore
import ForceTouchLinux
import Glibc

/// The configuration in force: `--config`, else the first file on the search path.
struct LoadedConfiguration {
    var path: String?
    var configuration: Configuration

    static func load(_ explicit: String?, quiet: Bool = false) throws -> LoadedConfiguration {
        guard let path = ConfigurationFile.locate(explicit: explicit) else {
            return LoadedConfiguration(path: nil, configuration: Configuration())
        }
        if explicit != nil, access(path, F_OK) != 0 {
            // calibrate may create it; the others read defaults.
            return LoadedConfiguration(path: path, configuration: Configuration())
        }
        let load = ConfigurationFile.load(path)
        if !quiet {
            // An error drops a block, which forcetest goes on without: a warning here too.
            for e in load.diagnostics { Terminal.writeError("forcetest: \(e.isWarning ? "" : "warning: ")\(e)\n") }
        }
        return LoadedConfiguration(path: path, configuration: load.configuration)
    }

    func settings(_ d: DeviceDescription, _ c: DeviceClass) -> DeviceSettings {
        configuration.settings(for: d, deviceClass: c, database: DeviceDatabaseForTools.shared)
    }
}

/// The device database (docs/device-database.md), read once per run on first use; what is
/// wrong with its files goes to stderr with file:line, and forcetest goes on without it.
enum DeviceDatabaseForTools {
    static let shared: DeviceDatabase = {
        let load = DeviceDatabaseFiles.load()
        for e in load.errors { Terminal.writeError("forcetest: warning: \(e)\n") }
        return load.database
    }()
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
        switch dev.read({ events.append($0) }) {
        case .drained: return .events(events)
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

    func wait(until deadline: Timestamp?, signals: SignalWatcher) -> SourceWakeup {
        var due: [InputEvent] = []
        let t = now()
        while index < recording.events.count, recording.events[index].time <= t {
            due.append(recording.events[index])
            index += 1
        }
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
        return .timeout
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
    let p = pow(10.0, Double(decimals))
    let r = (v * p).rounded() / p
    var s = JSONLine.number(r)
    if decimals > 0 {
        if !s.contains(".") { s += "." }
        let have = s.count - 1 - s.distance(from: s.startIndex, to: s.firstIndex(of: ".")!)
        s += String(repeating: "0", count: max(0, decimals - have))
    }
    return s
}
