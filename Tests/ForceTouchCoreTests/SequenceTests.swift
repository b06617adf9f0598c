import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchTestDevices

/// Plain-text sequence tests, in the manner of keyd's t/*.t: each `Fixtures/sequences/NAME.t`
/// holds events and times in, and after a `---` line the dispatches and the recognizers'
/// explanations they must give, as `forcetest replay --explain` prints them. Every gesture is
/// bound (tap, double tap, long press, deep press, in that order, each a notification), so a
/// dispatch line names the binding and the gesture (`binding[1] (line 3) tap ended`).
///
/// The input, one frame a line (a SYN_REPORT after each), positions in device units (the
/// test devices measure 10 a millimetre), forces in force units (peek 2, pop 5):
///
///     device touchscreen|single-touch|pen|semi-mt|no-pressure|contact-size|no-resolution
///     transitions               (also print every change of state, not only refusals)
///     menu                      (also bind the deep press's quick-actions = true menu, which a
///                                Haptic Touch opens on a device without force)
///     0.00 down 500 300 force 1.0 slot 0, down 700 300 slot 1
///     0.10 move 535 300 force 2.5
///     0.20 up, up slot 1
///
/// After a deliberate change of behaviour, rewrite the expected parts, and read the diff:
///
///     FORCETOUCH_WRITE_GOLDEN=1 swift test --filter SequenceTests
@Suite struct SequenceTests {
    static let writing = ProcessInfo.processInfo.environment["FORCETOUCH_WRITE_GOLDEN"] == "1"

    static var directory: URL {
        writing ? TestFiles.packageRoot.appendingPathComponent("Tests/ForceTouchCoreTests/Fixtures/sequences")
                : TestFiles.fixture("sequences")
    }

    static var cases: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".t") }.sorted()
    }

    static let devices: [String: TestDevice] = [
        "touchscreen": .multitouchPressure, "single-touch": .singleTouchPressure, "pen": .pen,
        "semi-mt": .semiMultitouchTouchpad, "no-pressure": .touchscreenWithoutPressure,
        "contact-size": .touchscreenWithContactSize, "no-resolution": .touchpadWithoutResolution,
    ]

    static let configuration: String = ["tap", "double-tap", "long-press", "deep-press"]
        .map { "[[binding]]\ngesture = \"\($0)\"\nnotify = \"\($0)\"\n" }.joined(separator: "\n")

    struct BadLine: Error, CustomStringConvertible {
        var description: String
    }

    /// The menu binding a case asks for with `menu`, after the four.
    static let menuBinding = "\n[[binding]]\ngesture = \"deep-press\"\nquick-actions = true\n"

    /// The script a case's input describes, whether it asks for transitions, and for the menu.
    static func script(_ input: [Substring]) throws -> (script: EventScript, device: TestDevice, transitions: Bool,
                                                        menu: Bool) {
        var device = TestDevice.multitouchPressure
        var transitions = false, menu = false
        var lines: [Substring] = []
        for raw in input {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let words = line.split(separator: " ")
            if words[0] == "device" {
                guard words.count == 2, let d = devices[String(words[1])] else { throw BadLine(description: line) }
                device = d
            } else if words[0] == "transitions" {
                transitions = true
            } else if words[0] == "menu" {
                menu = true
            } else {
                lines.append(Substring(line))
            }
        }
        var s = device.script()
        for line in lines {
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2, let t = Double(words[0]) else { throw BadLine(description: String(line)) }
            for action in words[1].split(separator: ",") {
                var w = action.split(separator: " ").map(String.init)
                var slot: Int32 = 0
                var force: Double?
                if let k = w.firstIndex(of: "slot"), k + 1 < w.count, let v = Int32(w[k + 1]) {
                    slot = v
                    w.removeSubrange(k...(k + 1))
                }
                if let k = w.firstIndex(of: "force"), k + 1 < w.count, let v = Double(w[k + 1]) {
                    force = v
                    w.removeSubrange(k...(k + 1))
                }
                let numbers = w.dropFirst().compactMap { Int32($0) }
                guard numbers.count == w.count - 1 else { throw BadLine(description: String(line)) }
                switch (w.first, numbers.count) {
                case ("down", 2):
                    if let force { s.down(t, slot: slot, x: numbers[0], y: numbers[1], force: force) }
                    else { s.down(t, slot: slot, x: numbers[0], y: numbers[1]) }
                case ("move", 0), ("move", 2):
                    let x = numbers.first, y = numbers.count == 2 ? numbers[1] : nil
                    if let force { s.move(t, slot: slot, x: x, y: y, force: force) }
                    else { s.move(t, slot: slot, x: x, y: y) }
                case ("up", 0):
                    s.up(t, slot: slot)
                default:
                    throw BadLine(description: String(line))
                }
            }
            s.syn(t)
        }
        return (s, device, transitions, menu)
    }

    /// What the case's input gives: the explanations and the dispatches, in order.
    static func run(_ input: [Substring]) throws -> [String] {
        let (script, device, transitions, menu) = try script(input)
        let load = Configuration.parse(configuration + (menu ? menuBinding : ""), file: "sequence.toml", lookups: .fake())
        #expect(load.errors.isEmpty, "\(load.errors)")
        var settings = load.configuration.settings(for: script.device, deviceClass: DeviceClass(classifying: script.device))
        settings.emulateForce = device.emulatesForce
        var pipeline = DevicePipeline(device: script.device, deviceClass: DeviceClass(classifying: script.device),
                                      settings: settings, configuration: load.configuration)
        var out: [String] = []
        RecordingPlayback.play(script.recording, through: &pipeline, notes: { note in
            if case .transition = note.event, !transitions { return }
            out.append(GestureNoteText.line(note))
        }) { o in
            for d in o.dispatches { out.append("\(o.gesture.time.description)  \(d.label) fingers=\(o.gesture.fingers)") }
        }
        return out
    }

    @Test func thereAreCases() {
        #expect(Self.cases.count >= 12)
    }

    @Test(arguments: cases)
    func sequence(_ name: String) throws {
        let url = Self.directory.appendingPathComponent(name)
        let text = try TestFiles.text(url)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let split = lines.firstIndex(of: "---") else {
            Issue.record("\(name): no --- line between the input and what it gives")
            return
        }
        let got = try Self.run(Array(lines[..<split]))
        if Self.writing {
            let written = lines[...split].joined(separator: "\n") + "\n" + got.map { $0 + "\n" }.joined()
            try written.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = lines[(split + 1)...].map(String.init).filter { !$0.isEmpty }
        #expect(got == expected, "\(name)")
    }
}

/// What `forcetest replay --explain` promises on the corpus of real devices: every touch
/// sequence that was not a tap says which rule refused it, and every contact that lifted
/// without a deep press says why (where the device senses force at all).
@Suite struct ExplainCorpusTests {
    @Test func everyTapNotRecognizedAndEveryDeepPressNotFiredSaysWhy() throws {
        let files = try CorpusTests.files()
        #expect(files.count > 20)
        var allSequences = 0
        defer { #expect(allSequences > 50) }
        for file in files {
            let recording = try EvemuReader.read(try TestFiles.text(TestFiles.corpus.appendingPathComponent(file)))
            var pipeline = DevicePipeline(device: recording.device, deviceClass: DeviceClass(classifying: recording.device),
                                          settings: DeviceSettings())
            var notes: [GestureNote] = []
            var pressed = 0
            RecordingPlayback.play(recording, through: &pipeline, notes: { notes.append($0) }) { o in
                if o.gesture.gesture == .deepPress && o.gesture.phase == .began { pressed += 1 }
            }
            // Tap: each sequence that came down ends as a tap (waiting), a double tap
            // (touching → idle) or a refusal.
            var sequences = 0, taps = 0, refused = 0, deepRefused = 0
            for n in notes {
                switch n.event {
                case .transition(_, .touching) where n.recognizer == .tap: sequences += 1
                case .transition(.touching, .waiting), .transition(.touching, .idle): taps += 1
                case .refused(.tap, _): refused += 1
                case .refused(.deepPress, _): deepRefused += 1
                default: break
                }
            }
            allSequences += sequences
            #expect(sequences == taps + refused, "\(file): \(sequences) sequences, \(taps) taps, \(refused) refused")
            // Deep press: each contact that lifted either pressed or says why.
            guard pipeline.engine.forceModel != nil else { continue }
            var frames = FrameAssembler(device: recording.device)
            var lifted = 0
            for e in recording.events where frames.process(e) {
                for i in frames.frame.liveSlots where frames.frame.contacts[i].ended || frames.frame.contacts[i].isCancelled {
                    if !frames.frame.contacts[i].isDown { lifted += 1 }
                }
            }
            #expect(pressed + deepRefused == lifted, "\(file): \(lifted) contacts lifted, \(pressed) pressed, \(deepRefused) refused")
        }
    }
}

/// The claims explain themselves too: a held touch, then claimed by the deep press bound to
/// claim it, or passed to the clone when it lifts unclaimed.
@Suite struct ExplainClaimsTests {
    @Test func aHeldTouchIsClaimedOrPassedAndSaysSo() throws {
        let toml = """
            [[device]]
            match-name = "*"
            claim = "hold"

            [[binding]]
            gesture = "deep-press"
            notify = "deep press"
            """
        let load = Configuration.parse(toml, file: "claims.toml", lookups: .fake())
        #expect(load.errors.isEmpty)
        var s = TestDevice.multitouchPressure.script()
        s.touch(0, x: 500, y: 300, force: 1.0)
        s.move(0.05, force: 3.0); s.syn(0.05)
        s.move(0.30, force: 3.0); s.syn(0.30)
        s.lift(0.4)
        s.tap(1.0, x: 500, y: 300)
        var pipeline = DevicePipeline(device: s.device, deviceClass: .touchscreen, configuration: load.configuration,
                                      session: ClaimSession(sessionType: "x11", hasX11Display: true))
        #expect(pipeline.claimMode == .hold)
        var lines: [String] = []
        RecordingPlayback.play(s.recording, through: &pipeline, notes: { note in
            if note.recognizer == .claims { lines.append(GestureNoteText.line(note)) }
        }) { _ in }
        #expect(lines == [
            "0.000000  why: claim [slot 0] idle → undecided",
            "0.250000  why: claim [slot 0] undecided → claimed",
            "1.000000  why: claim [slot 0] claimed → undecided",
            "1.080000  why: claim [slot 0] undecided → passed",
        ])
    }
}
