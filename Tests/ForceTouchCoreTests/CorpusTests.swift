import Foundation
import Testing
@testable import ForceTouchCore

/// The corpus of real devices (Fixtures/recordings/corpus) and its README's label table, kept
/// in step: a recording added without a label, or a label left for a file that is gone,
/// fails here rather than silently leaving the corpus and its documentation apart.
@Suite struct CorpusTests {
    /// One row of the README's `| file | kind | label |` table.
    struct Row: Equatable {
        let file: String
        let kind: String
        let label: String
    }

    /// The table rows of the corpus README, in order (the header and its rule left out).
    static func rows() throws -> [Row] {
        let readme = try TestFiles.text(TestFiles.corpus.appendingPathComponent("README.md"))
        return readme.split(separator: "\n").compactMap { line -> Row? in
            guard line.hasPrefix("|"), line.hasSuffix("|") else { return nil }
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[0] != "file", !cells[0].hasPrefix("---") else { return nil }
            return Row(file: cells[0], kind: cells[1], label: cells[2])
        }
    }

    /// The `.evemu` files in the corpus directory.
    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: TestFiles.corpus.path)
            .filter { $0.hasSuffix(".evemu") }.sorted()
    }

    @Test func readmeLabelsExactlyTheFilesPresent() throws {
        let listed = try Self.rows().map(\.file)
        let present = try Self.files()
        #expect(listed.count == Set(listed).count, "a file is listed twice")
        #expect(Set(listed).subtracting(present).sorted() == [], "listed in the README but not in corpus/")
        #expect(Set(present).subtracting(listed).sorted() == [], "in corpus/ but not listed in the README")
        #expect(present.count == 27)
    }

    @Test func everyLabelAndKindIsOneTheReadmeDefines() throws {
        let labels: Set = ["tap/1", "tap/2", "tap/3", "tap/4", "double-tap/1", "no-tap", "-"]
        let kinds: Set = ["touchpads", "tablets", "touchscreens"]
        for row in try Self.rows() {
            #expect(labels.contains(row.label), "\(row.file): label \(row.label)")
            #expect(kinds.contains(row.kind), "\(row.file): kind \(row.kind)")
        }
    }

    @Test func everyCorpusFileReadsAsOneSelfContainedRecording() throws {
        for file in try Self.files() {
            let text = try TestFiles.text(TestFiles.corpus.appendingPathComponent(file))
            let recording = try EvemuReader.read(text)
            #expect(!recording.device.name.isEmpty, "\(file)")
            #expect(!recording.events.isEmpty, "\(file)")
        }
    }
}
