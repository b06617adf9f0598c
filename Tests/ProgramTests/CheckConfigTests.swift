import Foundation
import Testing

/// Every configuration the repository ships is one a user may start from: each passes
/// `forcetouchd --check-config` through the built program.
@Suite struct CheckConfigTests {
    static var shippedConfigs: [String] {
        let root = Program.repositoryRoot
        var files: [String] = []
        for dir in ["config", "config/examples"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)) ?? []
            files += names.filter { $0.hasSuffix(".toml") }.sorted().map { "\(dir)/\($0)" }
        }
        return files
    }

    @Test func theRepositoryShipsConfigs() {
        #expect(Self.shippedConfigs.contains("config/forcetouch.toml"))
        #expect(Self.shippedConfigs.count >= 6)
    }

    @Test("every shipped config passes --check-config", arguments: CheckConfigTests.shippedConfigs)
    func shippedConfigPasses(_ file: String) throws {
        let run = try Program.forcetouchd.run(["--check-config", "--config", file])
        #expect(run.status == 0, "\(file): \(run)")
    }
}
