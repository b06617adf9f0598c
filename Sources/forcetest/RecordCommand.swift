import ArgumentParser
import ForceTouchCommandLine
import ForceTouchCore
import ForceTouchEngine
import ForceTouchLinux
import Glibc

/// `forcetest record`: what a device sends, in a file every replayer reads.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a device's events for forcetest replay, evemu-play or libinput replay.",
        discussion: """
            Records until Ctrl-C (or --duration), then writes the device's description and \
            every event, times counted from the first event: evemu's format (evemu-device and \
            evemu-play read it) or libinput record YAML (libinput replay). The format follows \
            the output's extension (.yml/.yaml: libinput) unless --format says. Without -o the \
            recording goes to stdout. If the device disappears, what was recorded is still \
            written, and forcetest exits 1.
            """)

    @Argument(help: "The device: path, eventN, or name.")
    var device: String?

    @Option(name: .shortAndLong, help: "The file to write (default: stdout).")
    var output: String?

    @Option(help: "evemu or libinput.")
    var format: String?

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    @Option(help: "The configuration file (for choosing a device).")
    var config: String?

    func validate() throws {
        if let format, RecordingFormat(rawValue: format) == nil {
            throw ValidationError("--format must be evemu or libinput, not \(format)")
        }
        if let duration, duration <= 0 { throw ValidationError("--duration must be positive") }
    }

    func run() throws {
        try record()
    }

    func record() throws {
        let chosen: RecordingFormat
        if let format { chosen = RecordingFormat(rawValue: format)! } else if let o = output,
            o.hasSuffix(".yml") || o.hasSuffix(".yaml") { chosen = .libinput } else { chosen = .evemu }
        let loaded = try LoadedConfiguration.load(config, quiet: true)
        let signals: SignalWatcher
        do { signals = try SignalWatcher() } catch { throw CommandFailure("\(error)") }
        let dev = try DeviceChooser.choose(device, purpose: .touch, configuration: loaded, signals: signals)
        // Check the output can be written before the user performs anything.
        if let output {
            let fd = open(output, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw CommandFailure("cannot write \(output): \(String(cString: strerror(errno)))") }
            close(fd)
        }
        Terminal.writeError("recording \"\(dev.description.name)\" (\(dev.path)) as \(chosen.rawValue)"
            + "\(duration.map { " for \(TextFormat.number($0)) s" } ?? ""); Ctrl-C stops\n")
        let source = LiveSource(dev)
        let stop = duration.map { source.now() + Timestamp.Duration(seconds: $0) }
        var events: [InputEvent] = []
        var gone = false
        loop: while true {
            if let stop, source.now() >= stop { break }
            switch source.wait(until: stop, signals: signals) {
            case .events(let e): events += e
            case .signal: break loop
            case .gone:
                gone = true
                break loop
            case .timeout, .ended: continue
            }
        }
        // Times from the first event, as evemu-record and libinput record write them.
        if let first = events.first?.time {
            for i in events.indices { events[i].time = Timestamp(microseconds: events[i].time.microseconds - first.microseconds) }
        }
        let recording = Recording(device: dev.description, events: events)
        let text = chosen == .evemu ? EvemuWriter.write(recording) : LibinputRecordWriter.write(recording)
        if let output {
            do {
                try ConfigFileEditor.writeAtomically(text, to: output)
            } catch {
                throw CommandFailure("\(error)")
            }
            Terminal.writeError("wrote \(events.count) events to \(output)\n")
        } else {
            print(text, terminator: "")
            fflush(nil)
        }
        if gone {
            throw CommandFailure("\(dev.path) (\"\(dev.description.name)\") disappeared (unplugged?); "
                + "the \(events.count) events before were \(output == nil ? "written" : "saved")")
        }
    }
}
