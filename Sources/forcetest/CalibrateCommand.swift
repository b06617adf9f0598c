import ArgumentParser
import ForceTouchCommandLine
import ForceTouchCore
import ForceTouchEngine
import ForceTouchLinux
import ForceTouchProtocol
import Glibc

/// `forcetest calibrate`: the user's light, average and firm presses become the device's
/// average touch and its peek and pop thresholds.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate force from your own light, average and firm presses.",
        discussion: """
            Three guided steps — light presses, average presses, firm presses, --presses of \
            each (3), lifting between presses — then: the raw value of your average touch \
            (force 1.0), the noise, and peek and pop thresholds placed between your average and \
            your firm presses (a third and two thirds of the way from the firmest average press \
            to the lightest firm one), with hysteresis. A device whose pressure is constant or \
            barely varies is `unavailable`; with --emulate a device without pressure is judged \
            on contact size instead (`emulated`).

            The result goes into a [[device]] block of the configuration (--config, else the \
            file forcetouchd reads, else ~/.config/forcetouch/forcetouch.toml) after you \
            confirm, atomically and without touching the rest of the file; --print prints the \
            block instead, --yes writes without asking.

            --from-recording FILE calibrates from a recording of the same steps (see forcetest \
            record): each contact from touch-down to lift is one press (contacts shorter than \
            0.1 s are ignored); the first third of the presses are the light ones, the second \
            third the average ones, the last third the firm ones.
            """)

    @Argument(help: "The device: path, eventN, or name.")
    var device: String?

    @Option(help: "Calibrate from a recording of the guided steps instead of a live device.")
    var fromRecording: String?

    @Option(name: .customLong("desc"), help: "With --from-recording: an evemu description for an events-only file.")
    var descriptionFile: String?

    @Option(help: "The configuration file to write (default: the one forcetouchd reads).")
    var config: String?

    @Option(help: "Presses per step.")
    var presses = 3

    @Flag(help: "For a device without pressure: emulate force from contact size (ABS_MT_TOUCH_MAJOR).")
    var emulate = false

    @Flag(name: .customLong("print"), help: "Print the [[device]] block instead of writing it.")
    var printOnly = false

    @Flag(name: [.customShort("y"), .long], help: "Write without asking.")
    var yes = false

    @Flag(help: "Print the result as one JSON object (guidance goes to stderr).")
    var json = false

    func validate() throws {
        guard (1...20).contains(presses) else { throw ValidationError("--presses must be from 1 to 20") }
    }

    func run() throws {
        try calibrate()
    }

    /// Guidance and progress: stdout, or stderr when stdout carries JSON.
    func say(_ s: String) {
        if json { Terminal.writeError(s + "\n") } else { print(s); fflush(nil) }
    }

    func calibrate() throws {
        let loaded = try LoadedConfiguration.load(config, quiet: true)
        let signals: SignalWatcher
        do { signals = try SignalWatcher() } catch { throw CommandFailure("\(error)") }
        let d: DeviceDescription
        let label: String
        let collected: [CalibrationPress]
        if let fromRecording {
            let recording = try loadRecording(fromRecording, description: descriptionFile)
            d = recording.device
            label = fromRecording
            let useSize = emulate && PressureSource.find(in: d) == nil
            collected = PressSegmenter.presses(in: recording, emulateFromContactSize: useSize)
            say("forcetest calibrate: \"\(d.name)\" from \(label): \(collected.count) presses")
            let n = collected.count / 3
            if n > 0 && collected.count % 3 == 0 {
                for (k, step) in Calibration.steps.enumerated() {
                    say("Step \(k + 1)/3: \(step.rawValue)")
                    for (i, p) in collected[(k * n)..<((k + 1) * n)].enumerated() {
                        say(pressLine(step, i + 1, n, p, d))
                    }
                }
            }
        } else {
            let dev = try DeviceChooser.choose(device, purpose: emulate ? .touch : .force, configuration: loaded,
                                               signals: signals)
            d = dev.description
            label = dev.path
            collected = try guided(LiveSource(dev), signals: signals)
        }
        let deviceClass = DeviceClass(classifying: d)
        let result: CalibrationResult
        do {
            result = try Calibration.analyze(collected, device: d, emulate: emulate,
                                             hysteresis: loaded.configuration.gestures.hysteresis)
        } catch {
            throw CommandFailure("calibration failed: \(error.message)")
        }
        if json {
            print(Self.json(result, device: d))
        } else {
            show(result, device: d, label: label)
        }
        guard result.isUsable else {
            say("Nothing to write: force is \(result.verdict.rawValue) on this device.")
            return
        }
        let values = CalibrationBlock.Values(result)
        let comment = CalibrationBlock.comment(result, by: "forcetest calibrate", on: Self.today())
        if printOnly {
            print(CalibrationBlock.render(values, device: d, comment: comment), terminator: "")
            return
        }
        let target = ConfigFileEditor.target(explicit: config)
        guard let old = ConfigFileEditor.read(target) else {
            throw CommandFailure("cannot read \(target): \(String(cString: strerror(errno))); "
                + "--print prints the block to add by hand")
        }
        let new: String
        do {
            new = try CalibrationBlock.apply(values, to: old, file: target, device: d, deviceClass: deviceClass,
                                             comment: comment, lookups: ConfigurationFile.systemLookups)
        } catch {
            say("Add this block to \(target) by hand:\n")
            say(CalibrationBlock.render(values, device: d, comment: comment))
            throw CommandFailure(error.message)
        }
        say("\nThe change to \(target):")
        for line in Self.changedLines(old, new) { say(line) }
        if !yes {
            guard Terminal.isTerminal(0) else {
                say("Not written: no terminal to confirm on (--yes writes, --print prints the block).")
                return
            }
            Terminal.write("\nWrite this calibration to \(target)? [y/N] ")
            let answer = Terminal.readLine(signals: signals)?.trimmingSpaces.lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                say("Not written.")
                return
            }
        }
        do {
            try ConfigFileEditor.writeAtomically(new, to: target)
        } catch {
            say("Add this block to \(target) by hand:\n")
            say(CalibrationBlock.render(values, device: d, comment: comment))
            var hint = ""
            if error.errno == EACCES || error.errno == EPERM || error.errno == EROFS {
                hint = " (--config ~/.config/forcetouch/forcetouch.toml writes your own file)"
            }
            throw CommandFailure("\(error)\(hint)")
        }
        say("Wrote the calibration for \"\(d.name)\" to \(target). forcetouchd applies it on reload "
            + "(systemctl --user reload forcetouchd, or SIGHUP) or restart.")
    }

    // MARK: - Guided steps

    func guided(_ source: LiveSource, signals: SignalWatcher) throws -> [CalibrationPress] {
        let d = source.device
        var calibration = GuidedCalibration(device: d, pressesPerStep: presses, emulate: emulate)
        let tty = Terminal.isTerminal(json ? 2 : 1) && !json
        say("forcetest calibrate: \"\(d.name)\" (\(source.label))")
        if let s = calibration.segmenter.source {
            let name = EventNames.codeName(type: EV.ABS, code: s.code) ?? "axis"
            say("measuring \(name) \(s.info.minimum)..\(s.info.maximum)\(calibration.emulateFromContactSize ? " (contact size)" : "")")
        } else {
            say("this device has no usable pressure axis: the presses will show what it reports")
        }
        say("\(Calibration.steps.count) steps of \(presses) presses each. Lift your finger fully between presses. "
            + "Ctrl-C stops.\n")
        var meterShown = false
        func clearMeter() {
            if meterShown { Terminal.write("\r" + Terminal.clearToEndOfLine) }
            meterShown = false
        }
        // By the step's own position: one read can complete presses of two steps.
        func announce(_ k: Int) {
            let step = Calibration.steps[k]
            say("Step \(k + 1)/\(Calibration.steps.count) — \(step.rawValue): \(step.instruction) (\(presses) times)")
        }
        announce(0)
        while !calibration.isComplete {
            switch source.wait(until: nil, signals: signals) {
            case .events(let events):
                for e in events {
                    for c in calibration.process(e) {
                        clearMeter()
                        say(pressLine(c.step, c.number, presses, c.press, d))
                        if c.number == presses {
                            say("")
                            if let k = Calibration.steps.firstIndex(of: c.step), k + 1 < Calibration.steps.count {
                                announce(k + 1)
                            }
                        }
                    }
                }
                if tty, let raw = calibration.currentRaw {
                    Terminal.write("\r  pressing: raw \(raw) " + meter(raw, calibration.segmenter.source?.info)
                        + Terminal.clearToEndOfLine)
                    meterShown = true
                } else {
                    clearMeter()
                }
            case .signal:
                clearMeter()
                say("\nStopped: nothing was written.")
                throw ExitCode(130)
            case .gone:
                clearMeter()
                throw CommandFailure("\(source.label) (\"\(d.name)\") disappeared (unplugged?): calibration abandoned")
            case .timeout, .ended:
                break
            }
        }
        return calibration.presses
    }

    func meter(_ raw: Int32, _ axis: AbsInfo?) -> String {
        guard let a = axis, a.maximum > a.minimum else { return "" }
        let width = 30
        let f = min(max((Double(raw) - Double(a.minimum)) / a.range, 0), 1)
        let n = Int((f * Double(width)).rounded())
        return "[" + String(repeating: "#", count: n) + String(repeating: ".", count: width - n) + "]"
    }

    func pressLine(_ step: CalibrationStep, _ i: Int, _ n: Int, _ p: CalibrationPress, _ d: DeviceDescription) -> String {
        let floor = (PressureSource.find(in: d, emulateFromContactSize: emulate)?.info.minimum) ?? 0
        return "  \(step.rawValue) press \(i)/\(n): level \(fmt(p.level(floor: floor))) (peak \(p.peak), "
            + "\(formatNumber(p.duration.seconds)) s)"
    }

    // MARK: - Result

    func show(_ r: CalibrationResult, device d: DeviceDescription, label: String) {
        say("\nResult for \"\(d.name)\"")
        say("  verdict:              \(r.verdict.rawValue) (\(r.reason))")
        say("  light/average/firm:   \(fmt(r.light.level)) / \(fmt(r.average.level)) / \(fmt(r.firm.level)) raw"
            + " (median press levels, \(r.pressesPerStep) presses each)")
        say("  noise:                ±\(fmt(r.noise)) raw while holding; lightest reading \(r.floor)")
        if r.isUsable {
            say("  average touch:        \(fmt(r.averageRaw)) raw = force 1.0")
            say("  maximumPossibleForce: \(formatNumber(r.maximumPossibleForce))")
            say("  peek:                 force \(formatNumber(r.peekForce)) (peek = \(TextFormat.number(r.peekFraction)) "
                + "of maximumPossibleForce), re-arms below \(formatNumber(r.peekForce * r.hysteresis))")
            say("  pop:                  force \(formatNumber(r.popForce)) (pop = \(TextFormat.number(r.popFraction))), "
                + "re-arms below \(formatNumber(r.popForce * r.hysteresis))")
            say("  your presses:         average up to force \(formatNumber(r.force(raw: Double(r.average.highestPeak)))), "
                + "firm from \(formatNumber(r.force(raw: r.firm.lowestLevel)))")
            say("  hysteresis:           \(TextFormat.number(r.hysteresis))\(r.hysteresisChanged ? " (lowered for the noise)" : "")")
        }
        for w in r.warnings { say("  note: \(w)") }
    }

    static func json(_ r: CalibrationResult, device d: DeviceDescription) -> String {
        var m = CalibrationMessage(name: d.name, verdict: r.verdict.rawValue, reason: r.reason, axis: r.axisName,
                                   pressesPerStep: r.pressesPerStep, light: JSONNumber(r.light.level),
                                   average: JSONNumber(r.average.level), firm: JSONNumber(r.firm.level),
                                   noise: JSONNumber(r.noise), floor: Int(r.floor), warnings: r.warnings)
        if r.isUsable {
            m.averageRaw = JSONNumber(r.averageRaw)
            m.maximumPossibleForce = JSONNumber(r.maximumPossibleForce)
            m.peek = JSONNumber(r.peekForce)
            m.pop = JSONNumber(r.popForce)
            m.peekFraction = JSONNumber(r.peekFraction)
            m.popFraction = JSONNumber(r.popFraction)
            m.hysteresis = JSONNumber(r.hysteresis)
        }
        return ProtocolJSON.line(m)
    }

    /// `forcetest calibrate --json`: the levels measured, the verdict, and the settings
    /// proposed when the device is usable.
    struct CalibrationMessage: Encodable {
        var event = "calibration"
        var name: String
        var verdict: String
        var reason: String
        var axis: String?
        var pressesPerStep: Int
        var light: JSONNumber
        var average: JSONNumber
        var firm: JSONNumber
        var noise: JSONNumber
        var floor: Int
        var warnings: [String]
        var averageRaw: JSONNumber?
        var maximumPossibleForce: JSONNumber?
        var peek: JSONNumber?
        var pop: JSONNumber?
        var peekFraction: JSONNumber?
        var popFraction: JSONNumber?
        var hysteresis: JSONNumber?
    }

    /// The new file's lines from the first that differs to the last, `+` marking new ones.
    static func changedLines(_ old: String, _ new: String) -> [String] {
        let a = old.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let b = new.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var p = 0
        while p < a.count, p < b.count, a[p] == b[p] { p += 1 }
        var s = 0
        while s < a.count - p, s < b.count - p, a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        let middleOld = Set(a[p..<(a.count - s)])
        return b[p..<(b.count - s)].map { (middleOld.contains($0) ? "  " : "+ ") + $0 }
    }

    static func today() -> String {
        var t = time(nil)
        var tm = tm()
        localtime_r(&t, &tm)
        var buf = [CChar](repeating: 0, count: 32)
        strftime(&buf, buf.count, "%Y-%m-%d", &tm)
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func fmt(_ v: Double) -> String { TextFormat.number((v * 100).rounded() / 100) }
}
