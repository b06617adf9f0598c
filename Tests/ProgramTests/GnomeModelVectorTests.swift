import Foundation
import Testing

/// The GNOME Shell extension's menu, intent window and AssistiveTouch button models
/// (gnome-shell/…/menuModel.js, intentModel.js, buttonModel.js), JavaScript ports of OverlayModel's, run by gjs
/// over the vectors the Swift model writes (OverlayModelTests' IntentWindowVectorTests and
/// ButtonPlacementVectorTests, Tests/GnomeShell/vectors/NAME.json) through
/// Tests/GnomeShell/model-vectors.js and its checker model-checks/NAME.js: the extension's window
/// asks, answers, closes and is placed as forcetouch-overlay's is, and its button is where the
/// overlay's would be, or this fails with the vectors that differ. gjs is what GNOME Shell runs
/// extensions with (scripts/install-deps.sh installs it).
@Suite struct GnomeModelVectorTests {
    /// gjs on the PATH, if any.
    static var gjs: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/gjs" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.enabled(if: gjs != nil, "gjs is not installed (scripts/install-deps.sh installs it)"),
          arguments: ["menu", "intent", "button"])
    func theExtensionsModelMatchesTheSwiftOne(name: String) throws {
        let root = Program.repositoryRoot
        let process = Process()
        // Its own environment: tests beside it set XDG_DATA_DIRS to scratch directories, where
        // GIO's MIME database (through which gdk-pixbuf knows a PNG) is not.
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                               "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
        process.executableURL = URL(fileURLWithPath: try #require(Self.gjs))
        process.arguments = ["-I", root.appendingPathComponent("gnome-shell/forcetouch@forcetouch.github.io").path,
                             root.appendingPathComponent("Tests/GnomeShell/model-vectors.js").path, name]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "gjs Tests/GnomeShell/model-vectors.js \(name):\n\(output)")
        #expect(output.contains("\(name): ") && output.contains(" vectors passed, 0 failed"), "\(output)")
    }
}
