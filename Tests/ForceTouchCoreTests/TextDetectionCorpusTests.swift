import Foundation
@testable import ForceTouchCore
import Testing

/// The data detectors over real sentences (`Fixtures/text-detection/corpus.txt`): each
/// press's find, and the refusals that must explain what was not found.
struct TextDetectionCorpusTests {
    /// Saturday 2026-11-28 09:00, local time: what `today`, `tomorrow` and a day without a
    /// year count from.
    static let now = CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 28)!, time: ClockTime(hour: 9, minute: 0)!)

    struct Case: CustomStringConvertible {
        var line: Int
        var text: String
        var offset: Int
        var expected: String
        var refusals: [String]
        var description: String { "corpus.txt:\(line): \(text)" }
    }

    static func cases() throws -> [Case] {
        let corpus = try TestFiles.text(TestFiles.fixture("text-detection/corpus.txt"))
        var cases: [Case] = []
        for (index, line) in corpus.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let halves = line.components(separatedBy: " => ")
            guard halves.count == 2 else { Issue.record("corpus.txt:\(index + 1): no \" => \""); continue }
            let marked = Array(halves[0].unicodeScalars)
            guard let offset = marked.firstIndex(of: "\u{2038}"), marked.filter({ $0 == "\u{2038}" }).count == 1 else {
                Issue.record("corpus.txt:\(index + 1): one ‸ marks the press"); continue
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: marked.filter { $0 != "\u{2038}" })
            let expectation = halves[1].components(separatedBy: " | ")
            let refusals = expectation.count > 1
                ? expectation[1].components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) } : []
            cases.append(Case(line: index + 1, text: String(scalars), offset: offset,
                              expected: expectation[0].trimmingCharacters(in: .whitespaces), refusals: refusals))
        }
        return cases
    }

    static func written(_ detection: TextDetection) -> String {
        guard let find = detection.find else { return "none" }
        return find.kind + " " + find.value
    }

    @Test func everyCorpusCaseFindsWhatItsLineSays() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 60)
        var kinds: [String: Int] = [:], refusals: [String: Int] = [:]
        for c in cases {
            let detection = TextDetection(try TextAtPoint(c.text, offset: c.offset), now: Self.now)
            let got = Self.written(detection)
            #expect(got == c.expected, "\(c) found \(got), refusals \(detection.refusals)")
            let said = detection.refusals.map(\.description)
            for refusal in c.refusals {
                #expect(said.contains(refusal), "\(c): \(refusal) not among \(said)")
            }
            kinds[detection.find?.kind ?? "none", default: 0] += 1
            for r in detection.refusals { refusals[r.description, default: 0] += 1 }
        }
        // Figures, printed for the report and the README table, not asserted.
        print("text-detection corpus: \(cases.count) cases; finds \(kinds.sorted { $0.key < $1.key }); refusals \(refusals.sorted { $0.key < $1.key })")
    }

    @Test func theCorpusNamesTheNonFindsTheIssueAsksFor() throws {
        let named = Set(try Self.cases().flatMap(\.refusals))
        for refusal in ["phone: versionNumber", "phone: price", "phone: time", "phone: ipAddress", "date: dottedNumber",
                        "email: insideWebAddress"] {
            #expect(named.contains(refusal), "\(refusal)")
        }
    }
}
