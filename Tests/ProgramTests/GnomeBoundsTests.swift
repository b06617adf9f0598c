import Foundation
import Testing

/// The GNOME Shell extension's bounds on what it draws, run by gjs outside the shell (bounded.js,
/// Tests/GnomeShell/boundedTest.js): bounded.c's, texts cut at 500 characters, image files refused
/// unless regular and of a size an image may have. (Its models are GnomeModelVectorTests'.) gjs is
/// what GNOME Shell runs extensions with (scripts/install-deps.sh installs it).
@Suite struct GnomeBoundsTests {
    /// gjs on the PATH, if any.
    static var gjs: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/gjs" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs one of Tests/GnomeShell's gjs scripts; its output and whether it passed.
    static func run(_ script: String) throws -> (status: Int32, output: String) {
        let process = Process()
        // Its own environment: tests beside it set XDG_DATA_DIRS to scratch directories, where
        // GIO's MIME database (through which gdk-pixbuf knows a PNG) is not.
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                               "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
        process.executableURL = URL(fileURLWithPath: try #require(gjs))
        process.arguments = [Program.repositoryRoot.appendingPathComponent("Tests/GnomeShell/\(script)").path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(.enabled(if: gjs != nil, "gjs is not installed (scripts/install-deps.sh installs it)"))
    func theExtensionBoundsWhatItDrawsAsTheOverlayDoes() throws {
        let (status, output) = try Self.run("boundedTest.js")
        #expect(status == 0, "gjs Tests/GnomeShell/boundedTest.js:\n\(output)")
        #expect(output.contains("bounded: ") && output.contains(" checks passed, 0 failed"), "\(output)")
    }
}
