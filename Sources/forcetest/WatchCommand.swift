import ArgumentParser
import ForceTouchCommandLine
import ForceTouchCore
import ForceTouchEngine
import ForceTouchLinux
import Glibc

/// `forcetest watch`: force, live.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Show force live: a bar per contact, peek/pop marks, long-press progress, gestures.",
        discussion: """
            DEVICE is a path (/dev/input/event3), a node name (event3) or a device name. \
            Without it the one force-capable device is used, or you are asked to choose. \
            The view is redrawn in place on the terminal's alternate screen; Ctrl-C quits and \
            leaves the terminal as it was. Force, thresholds and timings are the device's \
            own from the configuration (calibration included). When stdout is not a terminal, \
            the device line and gesture events are printed one per line instead. With --replay \
            the view is driven by a recording with its own timing, under --config only (without \
            it, the defaults), exactly as forcetest replay plays it: the same recording gives \
            the same gestures. Taps wait out the double-tap window when a double-tap is bound \
            for the device, or when there is no configuration at all; otherwise a tap is \
            reported at release.
            """)

    @Argument(help: "The device: path, eventN, or name.")
    var device: String?

    @Option(help: "Drive the view from a recording (evemu or libinput record) instead of a device.")
    var replay: String?

    @Option(name: .customLong("desc"), help: "With --replay: an evemu description for an events-only file.")
    var descriptionFile: String?

    @Option(help: "The configuration file (default: the first of the search path that exists; with --replay, none).")
    var config: String?

    @Flag(name: .customLong("no-double-tap-wait"),
          help: "Report each tap at release instead of waiting out the double-tap window.")
    var noDoubleTapWait = false

    @Flag(help: "With --replay: quit when the recording ends instead of waiting for Ctrl-C.")
    var exitAtEnd = false

    @Flag(help: "Say why: every change of a recognizer's state and every gesture refused, with the rule and its figures, printed between the gestures (on a terminal, the last refusal under the view).")
    var explain = false

    func run() throws {
        try watch()
    }

    func watch() throws {
        let loaded = try EngineSetup.configuration(config, recording: replay != nil)
        let signals: SignalWatcher
        do { signals = try SignalWatcher([SIGINT, SIGTERM, SIGHUP, SIGWINCH]) } catch { throw CommandFailure("\(error)") }
        let source: EventSource
        if let replay {
            source = ReplaySource(try loadRecording(replay, description: descriptionFile), label: replay)
        } else {
            source = LiveSource(try DeviceChooser.choose(device, purpose: .force, configuration: loaded, signals: signals))
        }
        let d = source.device
        var pipeline = EngineSetup.pipeline(loaded, d, doubleTapWait: !noDoubleTapWait,
                                            learned: replay == nil ? LearnedCalibrationForTools.learned(for: d) : LearnedCalibration())
        if explain { pipeline.explain() }
        var view = WatchView(title: "\"\(d.name)\" (\(source.label))", engine: pipeline.engine)
        let tty = Terminal.isTerminal(1)
        if tty {
            Terminal.write(Terminal.enterFullScreen)
        } else {
            print(EngineSetup.deviceText(pipeline.engine, pipeline.deviceClass))
            fflush(nil)
        }
        var size = Terminal.size()
        var fullScreen = tty
        func restore() {
            if fullScreen { Terminal.write(Terminal.leaveFullScreen) }
            fullScreen = false
        }
        defer { restore() }

        func draw() {
            guard tty else { return }
            let lines = view.render(now: source.now(), columns: size.columns, rows: size.rows)
            var out = Terminal.home
            for l in lines.prefix(size.rows) { out += l + Terminal.clearToEndOfLine + "\r\n" }
            out += Terminal.clearToEndOfScreen
            Terminal.write(out)
        }
        func show(_ outputs: [PipelineOutput]) {
            if explain {
                pipeline.drainNotes { note in
                    if !tty {
                        print(GestureNoteText.line(note))
                    } else if case .refused = note.event {
                        view.status = GestureNoteText.line(note)
                    }
                }
            }
            for g in outputs.map(\.gesture) {
                view.record(g)
                if !tty {
                    print(GestureReport.gestureText(g))
                    fflush(nil)
                }
            }
        }

        draw()
        var dirty = false
        var lastDraw = MonotonicClock.now()
        let frameTime = Timestamp.Duration(microseconds: 33_000)
        loop: while true {
            // Wake for the engine's next deadline, and to animate or flush a pending redraw.
            var deadline = pipeline.nextDeadline
            if tty && (dirty || view.isAnimating) {
                let redraw = source.now() + Timestamp.Duration(microseconds: dirty ? 10_000 : 50_000)
                deadline = deadline.map { min($0, redraw) } ?? redraw
            }
            switch source.wait(until: deadline, signals: signals) {
            case .events(let events):
                for e in events {
                    show(pipeline.process(e))
                    if e.isSynReport { view.update(pipeline.engine) }
                }
                dirty = true
            case .timeout:
                // Only to the deadline itself: an event due before `now` must go first.
                if let due = pipeline.nextDeadline, due <= source.now() { show(pipeline.advance(to: due)) }
                dirty = true
            case .signal(let sig):
                if sig == SIGWINCH {
                    size = Terminal.size()
                    dirty = true
                    continue loop
                }
                break loop
            case .gone:
                show(pipeline.cancelAll(at: source.now()))
                restore()
                Terminal.writeError("forcetest: \(source.label) (\"\(d.name)\") disappeared (unplugged?)\n")
                throw ExitCode.failure
            case .ended:
                // Let pending decisions come due, then say so.
                while let t = pipeline.nextDeadline {
                    _ = source.wait(until: t, signals: signals)
                    show(pipeline.advance(to: t))
                }
                if exitAtEnd || !tty { break loop }
                view.status = "(end of the recording: Ctrl-C quits)"
                dirty = true
            }
            let now = MonotonicClock.now()
            if dirty && (now - lastDraw >= frameTime) {
                draw()
                dirty = false
                lastDraw = now
            }
        }
    }
}
