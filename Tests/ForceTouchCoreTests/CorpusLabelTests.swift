import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

/// Every real recording against what its user meant (the label in its README), replayed as
/// `forcetest replay` does without a configuration: the shipped device database applies and
/// a tap waits out the double-tap window.
///
/// - `tap/N`: exactly one N-finger tap, no double tap;
/// - `double-tap/1`: exactly one one-finger double tap, no single tap;
/// - `no-tap`: no tap and no double tap;
/// - `deep-press/N`: a deliberate N-finger press: a deep press with N fingers, no tap;
/// - and no deep press in any labelled ordinary touch (all but `deep-press/N` and `-`).
@Suite struct CorpusLabelTests {
    struct Labelled: CustomTestStringConvertible, Sendable {
        let file: String
        let label: String
        var testDescription: String { "\(file) (\(label))" }
    }

    /// The rows of both READMEs' tables whose label says something (`-` left out).
    static let labelled: [Labelled] = {
        var rows: [Labelled] = []
        for (readme, prefix) in [(TestFiles.realRecordings, ""), (TestFiles.corpus, "corpus/")] {
            let text = (try? TestFiles.text(readme.appendingPathComponent("README.md"))) ?? ""
            for line in text.split(separator: "\n") where line.hasPrefix("| ") && line.contains(".evemu") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let label = cells.last, label != "-" else { continue }
                rows.append(Labelled(file: prefix + cells[0], label: label))
            }
        }
        return rows
    }()

    static func gestures(_ file: String) throws -> [GestureEvent] {
        let r = try EvemuReader.read(TestFiles.text(TestFiles.realRecordings.appendingPathComponent(file)))
        var s = Configuration().settings(for: r.device, deviceClass: DeviceClass(classifying: r.device),
                                         database: try ShippedDeviceDatabaseTests.database())
        s.gestures.waitsForDoubleTap = true
        return RecordingPlayback.run(r, deviceSettings: s)
    }

    @Test func bothTablesAreRead() {
        #expect(Self.labelled.count >= 22)
        #expect(Self.labelled.contains { $0.file == "alps-glidepoint.double-tap.evemu" && $0.label == "double-tap/1" })
    }

    @Test(arguments: labelled)
    func theRecordingDoesWhatItsLabelSays(_ row: Labelled) throws {
        let g = try Self.gestures(row.file)
        let taps = g.filter { $0.gesture == .tap }
        let doubleTaps = g.filter { $0.gesture == .doubleTap }
        let deepPresses = g.filter { $0.gesture == .deepPress && $0.phase == .began }
        let parts = row.label.split(separator: "/")
        let kind = String(parts[0])
        let fingers = parts.count > 1 ? Int(parts[1]) : nil
        switch kind {
        case "tap":
            #expect(taps.map(\.fingers) == [fingers!], "\(names(g))")
            #expect(doubleTaps.isEmpty, "\(names(g))")
        case "double-tap":
            #expect(doubleTaps.map(\.fingers) == [fingers!], "\(names(g))")
            #expect(taps.isEmpty, "\(names(g))")
        case "no-tap":
            #expect(taps.isEmpty && doubleTaps.isEmpty, "\(names(g))")
        case "deep-press":
            #expect(!deepPresses.isEmpty && deepPresses.allSatisfy { $0.fingers == fingers! }, "\(names(g))")
            #expect(taps.isEmpty, "\(names(g))")
        default:
            Issue.record("unknown label \(row.label)")
        }
        if kind != "deep-press" {
            #expect(deepPresses.isEmpty, "an ordinary touch became a deep press: \(names(g))")
        }
    }

    /// Deliberate presses the corpus holds without a label (a three-finger press) still fire.
    @Test func theCorpusThreeFingerPressIsADeepPress() throws {
        let g = try Self.gestures("corpus/CyPS2-Cypress-Trackpad.three_finger_press.evemu")
        #expect(g.filter { $0.gesture == .deepPress && $0.phase == .began }.map(\.fingers) == [3], "\(names(g))")
    }
}
