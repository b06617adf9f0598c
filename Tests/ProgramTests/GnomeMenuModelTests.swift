import Foundation
import Testing

/// The GNOME Shell extension's menu (gnome-shell/…/menuModel.js), a JavaScript port of
/// OverlayModel's menu, run by gjs over the vectors the Swift model writes
/// (OverlayModelTests' MenuVectorsTests, Tests/GnomeShell/vectors/menu.json) through
/// Tests/GnomeShell/menuModelTest.js and its checker model-checks/menu.js: the extension's
/// menu opens, grows, slides and closes as forcetouch-overlay's does, or this fails with where
/// it does not. gjs is what GNOME Shell runs extensions with (scripts/install-deps.sh installs it).
@Suite struct GnomeMenuModelTests {
    /// gjs on the PATH, if any.
    static var gjs: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/gjs" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.enabled(if: gjs != nil, "gjs is not installed (scripts/install-deps.sh installs it)"))
    func theExtensionsMenuModelMatchesTheSwiftOne() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.gjs))
        process.arguments = [Program.repositoryRoot.appendingPathComponent("Tests/GnomeShell/menuModelTest.js").path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "gjs Tests/GnomeShell/menuModelTest.js:\n\(output)")
        #expect(output.contains("menu: ") && output.contains(" vectors passed, 0 failed"), "\(output)")
    }
}
