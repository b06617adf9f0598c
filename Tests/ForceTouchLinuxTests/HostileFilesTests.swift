import Foundation
import ForceTouchCore
import ForceTouchTestSupport
import Glibc
import Testing
@testable import ForceTouchLinux

/// Files that are not what they should be (issue 12): FIFOs and devices refused at once,
/// errno's words in every error, a shortcuts.json nothing is lost from, a reload that a
/// crashing parser cannot take down.
@Suite(.serialized) struct HostileFilesTests {
    // MARK: Only regular files

    @Test func aFIFOIsRefusedAtOnceNotWaitedOn() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let fifo = scratch.path + "/config.toml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        #expect(throws: FileReadError(path: fifo, reason: "is a FIFO (named pipe), not a regular file", errno: EINVAL)) {
            try RegularFile.read(fifo, limit: 1 << 20)
        }
        let load = ConfigurationFile.load(fifo)
        #expect(load.errors.map(\.description) == ["\(fifo):0: cannot read: is a FIFO (named pipe), not a regular file"],
                "\(load.errors)")
        #expect(throws: RecordingError.self) { try RecordingFile.load(fifo) }
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test func devicesAndDirectoriesAreRefusedAndErrorsSayWhy() throws {
        #expect(throws: FileReadError(path: "/dev/zero", reason: "is a character device, not a regular file", errno: EINVAL)) {
            try RegularFile.read("/dev/zero", limit: 1 << 20)
        }
        #expect(throws: FileReadError(path: "/", reason: "is a directory, not a regular file", errno: EINVAL)) {
            try RegularFile.read("/", limit: 1 << 20)
        }
        do {
            _ = try RecordingFile.load("/nonexistent/x.evemu")
            Issue.record("read a missing file")
        } catch {
            #expect(error.description == "/nonexistent/x.evemu: No such file or directory")
        }
        do {
            _ = try RecordingFile.load("/dev/null")
            Issue.record("read /dev/null")
        } catch {
            #expect(error.description == "/dev/null: is a character device, not a regular file")
        }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let big = try scratch.write("big.toml", String(repeating: "#\n", count: 100))
        #expect(throws: FileReadError.self) { try RegularFile.read(big.path, limit: 10) }
    }

    // MARK: A reload checked in a child

    @Test func aCheckThatCrashesOrHangsIsNotSafeToParse() {
        let crash = ConfigurationCheck.run(["/bin/sh", "-c", "kill -ABRT $$"])
        #expect(crash == .crashed(signal: SIGABRT))
        #expect(!crash.isSafeToParse)
        #expect(crash.description.contains("crashed the parser, or it outgrew 512 MiB (signal 6"), "\(crash)")
        #expect(ConfigurationCheck.run(["/bin/sh", "-c", "exit 1"]) == .exited(1))
        #expect(ConfigurationCheck.run(["/bin/sh", "-c", "exit 1"]).isSafeToParse)
        #expect(ConfigurationCheck.run(["/bin/true"]).isSafeToParse)
        let start = Date()
        let hang = ConfigurationCheck.run(["/bin/sleep", "30"], timeout: 0.3)
        #expect(hang == .timedOut(seconds: 0.3))
        #expect(Date().timeIntervalSince(start) < 5)
        if case .notStarted = ConfigurationCheck.run(["/nonexistent/forcetouchd"]) {} else { Issue.record("started nothing?") }
    }

    // MARK: shortcuts.json

    private func store() -> ShortcutStore { ShortcutStore(configuration: Configuration()) }

    @Test(arguments: [
        ("not json {", "not JSON"),
        (#"{"version": 99, "items": []}"#, "newer"),
    ])
    func aBadShortcutsFileIsKeptAside(contents: String, _ what: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.write("shortcuts.json", contents).path
        var s = store()
        let date = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z
        let load = ShortcutsFile.load(path, into: &s, now: date)
        let aside = path + ".bad-20261118T110640Z"
        #expect(load.setAside == aside, "\(what): \(load.messages)")
        #expect(load.unreadable == nil)
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == contents)
        #expect(access(path, F_OK) != 0)
        #expect(load.messages.count == 1)
        #expect(load.messages.first?.contains("kept as \(aside)") == true, "\(load.messages)")
        // A second bad file the same second is not written over the first.
        _ = try scratch.write("shortcuts.json", contents)
        let again = ShortcutsFile.load(path, into: &s, now: date)
        #expect(again.setAside == aside + "-2")
    }

    /// A title with a byte that is not UTF-8 would be loaded as U+FFFD and written back so:
    /// the file is kept aside whole instead, with where the byte is (issue 31).
    @Test func aShortcutsFileThatIsNotTextIsKeptAsideWithItsLineAndColumn() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path + "/shortcuts.json"
        let bytes = Array("{\"items\": [{\"title\": \"caf".utf8) + [0xE9]
            + Array("\", \"type\": \"a\"}], \"version\": 1}\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var s = store()
        let load = ShortcutsFile.load(path, into: &s, now: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(s.dynamicItems.isEmpty)
        #expect(load.setAside == path + ".bad-20261118T110640Z", "\(load.messages)")
        #expect(load.messages.first?.contains("line 1, column 26: invalid UTF-8") == true, "\(load.messages)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bad-20261118T110640Z")) == Data(bytes))
    }

    @Test func anUnreadableShortcutsFileIsReportedAndLeftAlone() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path + "/shortcuts.json"
        // Root reads any mode: a directory in its place is unreadable for everyone.
        #expect(mkdir(path, 0o700) == 0)
        var s = store()
        let load = ShortcutsFile.load(path, into: &s)
        #expect(load.unreadable == "is a directory, not a regular file")
        #expect(load.setAside == nil)
        #expect(load.messages.first?.contains("not writing over the file") == true, "\(load.messages)")
        // A missing one is simply empty.
        var t = store()
        let missing = ShortcutsFile.load(scratch.path + "/none.json", into: &t)
        #expect(missing.messages.isEmpty && missing.unreadable == nil && missing.setAside == nil)
    }

    @Test func staleTemporariesOfACrashedWriteAreRemoved() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path + "/shortcuts.json"
        _ = try scratch.write(".shortcuts.json.Ab3dE9", "{half")
        _ = try scratch.write(".shortcuts.json.keep", "not ours: wrong length")
        _ = try scratch.write(".calibration.json.Ab3dE9", "another file's")
        try AtomicFile.write(Array("{}".utf8), to: path)
        let removed = ShortcutsFile.removeStaleTemporaries(of: path)
        #expect(removed == [scratch.path + "/.shortcuts.json.Ab3dE9"])
        #expect(access(scratch.path + "/.shortcuts.json.keep", F_OK) == 0)
        #expect(access(scratch.path + "/.calibration.json.Ab3dE9", F_OK) == 0)
        #expect(access(path, F_OK) == 0)
    }
}
