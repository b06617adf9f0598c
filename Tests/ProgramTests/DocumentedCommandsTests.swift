import Foundation
import Testing

/// Every command the README and the shipped configs show works through the built programs:
/// examples are run as written (Tests/Documented), and synopses name only subcommands and
/// options that exist.
@Suite struct DocumentedCommandsTests {
    static let commands = (try? DocumentedCommand.all()) ?? []

    @Test func theDocsShowCommands() throws {
        let all = try DocumentedCommand.all()
        #expect(all.contains { $0.text == "make demo" && $0.kind == .example })
        #expect(all.contains { $0.text.hasPrefix("forcetest replay FILE") && $0.kind == .reference })
        #expect(all.filter { $0.kind == .example }.count >= 10)
    }

    /// `make test` is the suite itself: what CI runs, and nothing runs it from inside.
    static func isCI(_ command: DocumentedCommand) -> Bool {
        guard command.text == "make test" else { return false }
        let ci = try? String(contentsOf: Program.repositoryRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        return ci?.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("make test") } ?? false
    }

    @Test("every documented example is run as written by a test",
          arguments: DocumentedCommandsTests.commands.filter { $0.kind == .example })
    func exampleIsRun(_ command: DocumentedCommand) throws {
        #expect(try DocumentedCommand.run().contains(command.text) || Self.isCI(command),
                "\(command) is shown to users but no Tests/**/*.sh runs it in a doc <<'CMD' block")
    }

    @Test("every synopsis names subcommands and options the program has",
          arguments: DocumentedCommandsTests.commands.filter { $0.kind == .reference })
    func synopsisMatchesTheProgram(_ command: DocumentedCommand) throws {
        let words = command.text.replacingOccurrences(of: "[", with: " ").replacingOccurrences(of: "]", with: " ")
            .split(separator: " ").map(String.init)
        guard let name = words.first, DocumentedCommand.ours.contains(name) else {
            // A mention of another program's command: a test runs it, perhaps inside a longer
            // line (`make install` in `sudo make install`).
            #expect(try DocumentedCommand.run().contains { $0.contains(command.text) } || Self.isCI(command), "\(command)")
            return
        }
        // Subcommands: the plain words before the first option or placeholder; `a|b` names several.
        var path: [[String]] = []
        for word in words.dropFirst() {
            if word.hasPrefix("-") || word.contains("…") || word.contains("=")
                || DocumentedCommand.placeholders.contains(word) { break }
            path.append(word.split(separator: "|").map(String.init))
        }
        let options = words.filter { $0.hasPrefix("-") }
        // Every combination of the alternatives: `shortcuts set|add` is `shortcuts set` and `shortcuts add`.
        var variants: [[String]] = [[]]
        for alternatives in path { variants = variants.flatMap { v in alternatives.map { v + [$0] } } }
        for subcommand in variants {
            let help = try Program(name: name).run(subcommand + ["--help"])
            #expect(help.status == 0, "\(command): \(name) \(subcommand.joined(separator: " ")) --help: \(help)")
            for option in options {
                #expect(help.output.contains(option), "\(command): \(option) is not in \(name) \(subcommand.joined(separator: " ")) --help")
            }
        }
    }
}
