import Foundation
import ForceTouchTestSupport
import Testing

/// The fuzz targets (Fuzz/, `make fuzz`) over their seed corpus — the repository's fixtures —
/// and every input a fuzzer once crashed on (Fuzz/regressions/TARGET/), through the plain
/// build: what libFuzzer found stays fixed.
@Suite struct FuzzRegressionTests {
    @Test(arguments: ["evemu", "libinput", "config", "plist", "shortcuts", "quirks", "protocol", "numbers", "dict", "text"])
    func seedsAndRegressionsRunWithoutACrash(target: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let seeds = try Program(name: "bash").runScript(["scripts/fuzz.sh", "seeds", target, scratch.path])
        #expect(seeds == 0)
        let count = try FileManager.default.contentsOfDirectory(atPath: scratch.path).count
        #expect(count > 0, "no seeds for \(target)")
        let run = try Program(name: "forcetouch-fuzz").run([target, scratch.path], timeout: 300)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "\(target): \(count) input(s), no crash\n", "\(run)")
    }
}

extension Program {
    /// Runs a repository script with bash; returns its exit status.
    func runScript(_ arguments: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = arguments
        p.currentDirectoryURL = Program.repositoryRoot
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}
