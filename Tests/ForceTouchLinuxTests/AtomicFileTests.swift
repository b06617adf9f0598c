import Foundation
import ForceTouchTestSupport
import Glibc
import Testing
@testable import ForceTouchLinux

/// The one atomic writer every file the project writes goes through.
@Suite struct AtomicFileTests {
    func mode(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
    }

    @Test func writesWithItsModeAndCreatesDirectoriesWithTheirs() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/a/b/state.json"
        try AtomicFile.write(Array("one".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one")
        #expect(mode(path) == 0o600)
        #expect(mode("\(scratch.path)/a/b") == 0o700)
        let config = "\(scratch.path)/c/forcetouch.toml"
        try AtomicFile.write(Array("x".utf8), to: config, mode: nil, directoryMode: 0o755)
        #expect(mode(config) == 0o644)
        #expect(mode("\(scratch.path)/c") == 0o755)
    }

    @Test func keepsTheReplacedFilesModeAndLeavesNoTemporaryFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/forcetouch.toml"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        try AtomicFile.write(Array("new".utf8), to: path, mode: nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(mode(path) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["forcetouch.toml"])
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/shortcuts.json"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        // A directory where the file should be: the rename fails.
        let blocked = "\(scratch.path)/blocked"
        mkdir(blocked, 0o700)
        mkdir("\(blocked)/inner", 0o700)
        #expect(throws: SystemError.self) { try AtomicFile.write(Array("new".utf8), to: blocked) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["blocked", "shortcuts.json"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }
}
