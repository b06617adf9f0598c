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
}
