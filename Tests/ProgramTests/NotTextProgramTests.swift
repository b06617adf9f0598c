import Foundation
import ForceTouchTestSupport
import Glibc
import Testing

/// Files that are not text — a NUL, invalid UTF-8 — through the built programs (issue 31,
/// item 1): each is refused with its line and column, and `--check-config` and a reload say
/// the same thing. They once cut the configuration short at the NUL (`ok, 1 binding(s)`) or
/// ran a command with U+FFFD where the user wrote another byte.
@Suite(.serialized) struct NotTextProgramTests {
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    /// Two bindings; `between` goes on a line of its own between them (line 4).
    static func config(between: [UInt8]) -> [UInt8] {
        Array("[[binding]]\ngesture = \"tap\"\nexec = [\"a\"]\n".utf8) + between
            + Array("\n[[binding]]\ngesture = \"long-press\"\nexec = [\"b\"]\n".utf8)
    }

    func check(_ bytes: [UInt8]) throws -> (path: String, run: Program.Run) {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let file = dir.file("forcetouch.toml")
        try Data(bytes).write(to: file)
        return (file.path, try Program.forcetouchd.run(["--check-config", "--config", file.path]))
    }

    @Test func aNULBetweenBlocksIsRefusedWithItsLineAndColumn() throws {
        let (path, run) = try check(Self.config(between: [0]))
        #expect(run.status == 1, "\(run)")
        #expect(run.output.contains("\(path):4:1: a NUL byte"), "\(run)")
        #expect(!run.output.contains("ok,"), "\(run)")
    }

    @Test func aNULAsTheFirstByteIsRefused() throws {
        let (path, run) = try check([0] + Self.config(between: []))
        #expect(run.status == 1, "\(run)")
        #expect(run.output.contains("\(path):1:1: a NUL byte"), "\(run)")
    }

    @Test func aNULInsideAStringIsANULNotTheEndOfTheFile() throws {
        let text = Array("[[binding]]\ngesture = \"tap\"\nexec = [\"ab".utf8) + [0] + Array("c\"]\n".utf8)
        let (path, run) = try check(text)
        #expect(run.status == 1, "\(run)")
        #expect(run.output.contains("\(path):3:12: a NUL byte"), "\(run)")
        #expect(!run.output.contains("end-of-file"), "\(run)")
    }

    @Test func invalidUTF8InACommandIsRefusedNotReplaced() throws {
        let text = Array("[[binding]]\ngesture = \"tap\"\nexec = [\"caf".utf8) + [0xE9] + Array("\"]\n".utf8)
        let (path, run) = try check(text)
        #expect(run.status == 1, "\(run)")
        #expect(run.output.contains("\(path):3:13: invalid UTF-8 (a sequence starting with byte 0xE9)"), "\(run)")
    }

    @Test func aReloadOfAFileWithANULIsRefusedAndTheBindingsStay() throws {
        let daemon = try RobustnessProgramTests.RunningDaemon(
            config: "[control]\nallow-users = [\"root\"]\n\n[[binding]]\ngesture = \"tap\"\nexec = [\"true\"]\n",
            asUser: asUser)
        defer { daemon.stop() }
        #expect(daemon.process.isRunning, "\(daemon.log)")
        // A NUL first: toml++ used to read an empty file, and the reload dropped every binding.
        try Data([0] + Self.config(between: [])).write(to: daemon.config)
        let reload = try daemon.forcectl(["reload"])
        #expect(reload.status != 0, "\(reload)")
        #expect(reload.output.contains("reload refused"), "\(reload)")
        #expect(daemon.log.contains("\(daemon.config.path):1:1: a NUL byte"), "\(daemon.log)")
        let status = try daemon.forcectl(["status", "--json"])
        #expect(status.stdout.contains(#""bindings":1"#), "\(status)")
    }

    @Test func aRecordingWithANULIsRefusedWithItsLineAndColumn() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let fixtures = Program.repositoryRoot.appendingPathComponent("Tests/ForceTouchCoreTests/Fixtures")
        var yaml = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent("touchscreen.libinput.yml")))
        let newline = yaml.firstIndex(of: UInt8(ascii: "\n"))!
        yaml.insert(0, at: newline + 3)
        let file = dir.file("touch.yml")
        try Data(yaml).write(to: file)
        let run = try Program.forcetest.run(["replay", file.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.output.contains("\(file.path):2:3: a NUL byte"), "\(run)")
    }
}
