import Foundation
import Testing

/// One way to write and read JSON (docs/ARCHITECTURE.md, issue 32 part 4): `ProtocolJSON` is
/// the only place in Sources, Benchmarks and Fuzz that makes a `JSONEncoder` or `JSONDecoder`
/// or sets an encoder's output formatting, so replies, events, files and `forcetest --json`
/// cannot drift apart.
@Suite struct OneJSONConfigurationTests {
    static let home = "Sources/ForceTouchProtocol/ProtocolJSON.swift"

    @Test func onlyProtocolJSONMakesAnEncoderOrADecoder() throws {
        let files = ["Sources", "Benchmarks", "Fuzz"].flatMap { RepositoryTests.files(under: $0, suffix: ".swift") }
        #expect(files.contains(Self.home))
        for file in files where file != Self.home {
            let text = try String(contentsOf: Program.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for word in ["JSONEncoder()", "JSONDecoder()", "outputFormatting"] {
                #expect(!text.contains(word), "\(file): \(word), not through ProtocolJSON")
            }
        }
    }

    /// No reply is written by hand (issue 41): a JSON literal in Sources would carry its own
    /// key order, not the one encoder's, and drift from SPEC. A string literal that opens a
    /// JSON object (`#"{"…` or `"{\"…`) is one.
    @Test func noJSONLiteralInSources() throws {
        let files = RepositoryTests.files(under: "Sources", suffix: ".swift")
        for file in files {
            let text = try String(contentsOf: Program.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(##"#"{""##) || line.contains(#""{\""#) {
                Issue.record("\(file):\(number + 1): a JSON literal; make it a Codable value and write it with ProtocolJSON")
            }
        }
    }
}
