import FoundationEssentials
import ForceTouchProtocol
import OverlayModel
import Testing

/// The rules of what a press is on (`PointedObject`, `TaskbarButton`) over answers recorded from
/// real applications: each file of Tests/Documented/fixtures/under-finger is one situation (its
/// README's table), the answers `forcetouch-overlay --observe-at` printed there, in the order they
/// were asked, and what a user pressing there means. A new case is a new file.
@Suite struct PointedObjectTests {
    /// One recorded situation.
    struct Situation: Decodable {
        /// What was pressed, in which application.
        var what: String
        /// The application's answers, as they came, one ask after another.
        var answers: [AccessibleAnswer]
        var expect: Expectation
    }

    /// What the press is on, and at which ask it is known.
    struct Expectation: Decodable {
        /// The ask whose answer is taken (1: the first); the ones before are asked again.
        var asks: Int?
        /// The answer taken is the last chance's (no time left to ask again).
        var lastChance: Bool?
        var role: String
        var name: String
        var description: String?
        /// The link's address; none for anything else.
        var address: String?
        /// The title of the window the object stands for, a wlroots taskbar's button
        /// (`TaskbarButton`); none for anything else.
        var standsForWindow: String?
    }

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OverlayModelTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Documented/fixtures/under-finger")

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func thereAreRecordedSituations() {
        #expect(Self.files.count >= 8, "\(Self.directory.path) holds \(Self.files.count) situations")
    }

    @Test(arguments: files) func recordedSituation(_ file: String) throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(file))
        let situation = try JSONDecoder().decode(Situation.self, from: data)
        let expect = situation.expect
        let asks = expect.asks ?? 1
        try #require(asks >= 1 && asks <= situation.answers.count, "\(file): expect.asks \(asks) of \(situation.answers.count) answers")
        for (i, answer) in situation.answers.prefix(asks).enumerated() {
            let last = i == asks - 1
            let decided = PointedObject.decide(answer, lastChance: last && expect.lastChance == true)
            guard !last else {
                guard case .object(let node, let address) = decided else {
                    Issue.record("\(file): \(situation.what): ask \(i + 1) is asked again: \(decided)")
                    return
                }
                let object = answer.path[node]
                #expect(object.role == expect.role, "\(file): \(situation.what)")
                #expect(object.name == expect.name, "\(file): \(situation.what)")
                #expect((object.description.isEmpty ? nil : object.description) == expect.description, "\(file)")
                #expect(address == expect.address, "\(file): \(situation.what)")
                #expect(TaskbarButton.windowTitle(of: object) == expect.standsForWindow, "\(file): \(situation.what)")
                return
            }
            guard case .askAgain = decided else {
                Issue.record("\(file): \(situation.what): ask \(i + 1)'s answer, partial, is taken: \(decided)")
                return
            }
        }
    }

    /// Every file is in the README's table, and every row of the table is a file.
    @Test func readmeListsEverySituation() throws {
        let readme = try String(contentsOf: Self.directory.appendingPathComponent("README.md"), encoding: .utf8)
        let listed = readme.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| "), let name = line.dropFirst(2).split(separator: " ").first,
                  name.hasSuffix(".json") else { return nil }
            return String(name)
        }
        #expect(listed.sorted() == Self.files)
    }

    @Test func statesAreNamedByTheirBit() {
        #expect(AccessibleStates.names(of: 1 << 25 | 1 << 30) == ["showing", "visible"])
        #expect(AccessibleStates.names(of: 1 << 3) == ["busy"])
        #expect(AccessibleStates.names(of: 1 << 63) == ["state 63"])
    }

    @Test func anEmptyAnswerIsAskedAgainUntilTheLastChance() {
        let none = AccessibleAnswer(toolkit: "GTK", path: [])
        #expect(PointedObject.decide(none, lastChance: false) == .askAgain("no object at all"))
    }
}
