@testable import ForceTouchCore
import Foundation
import ForceTouchEngine
import ForceTouchTestDevices
import Testing

/// The daemon's debug log writes a device's notes within a budget (SPEC §9, issue 40): a
/// person's gestures are written whole, ten fingers at 1 kHz are not written 750 times a
/// second, and what is left out is counted, never lost without a word.
@Suite struct GestureNoteBudgetTests {
    static func note(_ seconds: Double, refused: Bool = false) -> GestureNote {
        GestureNote(time: Timestamp(seconds: seconds), recognizer: .deepPress, slot: 0,
                    event: refused ? .refused(.deepPress, .shortOfDwell(seconds: 0.01, dwell: 0.1))
                                   : .transition(from: .idle, to: .holding))
    }

    /// Plays `notes` through a budget and finishes it: the lines written, the notes among
    /// them, and the notes the summary lines say were left out.
    static func play(_ notes: [GestureNote]) -> (lines: [String], written: Int, leftOut: Int) {
        var budget = GestureNoteBudget()
        var lines: [String] = []
        for n in notes { budget.take(n) { lines.append($0) } }
        budget.finish { lines.append($0) }
        let summaries = lines.filter { $0.contains(" note(s) not logged in ") }
        let leftOut = summaries.compactMap { Int($0.prefix { $0 != " " }) }.reduce(0, +)
        return (lines, lines.count - summaries.count, leftOut)
    }

    @Test func aFewGesturesAreWrittenWhole() {
        // Twenty notes a second for ten seconds: a person tapping and pressing, well under
        // the budget. Every note is written, and nothing says notes were left out.
        let notes = (0..<200).map { Self.note(Double($0) / 20) }
        let r = Self.play(notes)
        #expect(r.written == 200 && r.leftOut == 0 && r.lines.count == 200)
        #expect(r.lines[0] == "deep-press [slot 0] idle → holding")
    }

    @Test func aDenseStreamIsBoundedAndCounted() {
        // 750 notes a second for 10 s, as ten contacts at 1 kHz make (one in three a refusal).
        let notes = (0..<7500).map { Self.note(Double($0) / 750, refused: $0 % 3 == 2) }
        let r = Self.play(notes)
        let seconds = 10.0
        #expect(Double(r.written) <= GestureNoteBudget.burst + GestureNoteBudget.perSecond * seconds + 1)
        #expect(r.written >= Int(GestureNoteBudget.perSecond * seconds))
        // One line a second at most says how many were left out, and they add up.
        #expect(r.lines.count - r.written <= Int(seconds) + 1)
        #expect(r.written + r.leftOut == 7500, "\(r.written) + \(r.leftOut)")
        let first = r.lines.first { $0.contains("not logged") } ?? ""
        #expect(first.hasSuffix("refusal(s)): more than 50 a second"), "\(first)")
    }

    @Test func theBurstComesBackAfterAQuietSpell() {
        // A burst of 300 at once, two quiet seconds, then another: each burst's first 100
        // written, the rest counted, and the count said before the second burst's notes.
        let notes = (0..<300).map { _ in Self.note(1) } + (0..<300).map { _ in Self.note(3) }
        let r = Self.play(notes)
        #expect(r.written == 2 * Int(GestureNoteBudget.burst))
        #expect(r.leftOut == 400)
        #expect(r.lines[100].hasPrefix("200 note(s) not logged in 0.0 s"), "\(r.lines[100])")
        #expect(r.lines[101] == "deep-press [slot 0] idle → holding")
    }

    @Test func timeGoingBackDoesNotRefill() {
        // A reload or a second recording may start earlier: no note is written on credit.
        let notes = (0..<150).map { _ in Self.note(5) } + (0..<150).map { _ in Self.note(1) }
        let r = Self.play(notes)
        #expect(r.written == Int(GestureNoteBudget.burst))
        #expect(r.leftOut == 200)
    }

    /// Through the pipeline, as the daemon's debug log takes them: the bench's stream of ten
    /// contacts pressing harder and softer at 1 kHz for 5 s.
    @Test func denseStreamThroughThePipeline() {
        let device = EventScript.touchscreen(slots: 10)
        var script = EventScript(device: device)
        for c in Int32(0)..<10 { script.down(0, slot: c, x: 50 + c * 90, y: 300, pressure: 40) }
        script.syn(0)
        for frame in 1..<5000 {
            let t = Double(frame) / 1000
            for c in Int32(0)..<10 {
                let phase = (t / 1.5 + Double(c) / 10) * 2 * Double.pi
                script.move(t, slot: c, x: 50 + c * 90 + Int32(frame % 3) - 1, y: 300,
                            pressure: Int32(125 + 105 * sin(phase)))
            }
            script.syn(t)
        }
        var all: [GestureNote] = []
        var pipeline = DevicePipeline(device: device, deviceClass: DeviceClass(classifying: device),
                                      settings: DeviceSettings())
        RecordingPlayback.play(script.recording, through: &pipeline, notes: { all.append($0) }) { _ in }
        let r = Self.play(all)
        let span = (all.last?.time.seconds ?? 0) - (all.first?.time.seconds ?? 0)
        #expect(Double(r.written) <= GestureNoteBudget.burst + GestureNoteBudget.perSecond * span + 1,
                "\(r.written) of \(all.count) in \(span) s")
        #expect(r.written + r.leftOut == all.count)
    }
}
