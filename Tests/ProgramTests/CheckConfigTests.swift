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

    /// The shipped file acts (issue 51): a deep press shows what is under the finger's menu,
    /// and on anything else nothing, the touch left to the app; `--check-config` says so.
    @Test func theShippedConfigBindsTheDefaultAndSaysWhat() throws {
        let run = try Program.forcetouchd.run(["--check-config", "--config", "config/forcetouch.toml"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "one line a binding, then the verdict: \(run)")
        #expect(lines.first?.hasPrefix("binding 1 (line ") == true, "\(run)")
        #expect(lines.first?.hasSuffix("): deep-press at peek → quick-actions: a link's Open and Copy Link, an app icon's "
            + "actions (under-finger); on anything else nothing, and the touch is the app's (no [[quick-action]] items)") == true,
            "\(run)")
        #expect(lines.last == "config/forcetouch.toml: ok, 1 binding(s), 0 device rule(s)", "\(run)")
    }

    @Test("every shipped config passes --check-config", arguments: CheckConfigTests.shippedConfigs)
    func shippedConfigPasses(_ file: String) throws {
        let run = try Program.forcetouchd.run(["--check-config", "--config", file])
        #expect(run.status == 0, "\(file): \(run)")
    }
}
