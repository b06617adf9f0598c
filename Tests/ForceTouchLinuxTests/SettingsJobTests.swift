import Foundation
import ForceTouchProtocol
import ForceTouchTestSupport
import Glibc
import Testing
@testable import ForceTouchCore
@testable import ForceTouchLinux

/// A settings request's work on a real file: edited in place and written atomically with
/// its mode kept; a file with errors refused and left as it was; a change made on disk
/// meanwhile is what the next edit starts from; undo only while the file is what was written.
@Suite struct SettingsJobTests {
    static let mine = "# my own notes\n[general]\nhaptics = \"auto\"   # keep\n\n[[binding]]\ngesture = \"deep-press\"\nquick-actions = true\n"

    func mode(_ path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func aChangeIsWrittenInPlaceWithTheFilesMode() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.write("forcetouch.toml", Self.mine).path
        chmod(path, 0o640)
        guard case .written(let state, let previous, let stamp, let what) =
            SettingsJob.run(.set(key: "sensitivity", value: "firm"), path: path, undo: nil) else {
            Issue.record("not written")
            return
        }
        #expect(try text(path) == Self.mine.replacingOccurrences(of: "# keep\n", with: "# keep\nsensitivity = \"firm\"\n"))
        #expect(mode(path) == 0o640)
        #expect(state.sensitivity == "firm" && previous == Self.mine && what == "set sensitivity = \"firm\"")
        #expect(stamp == FileStamp.of(path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["forcetouch.toml"])

        // Undone while the file is what was written; not once it changed behind the daemon's back.
        let undo = SettingsEdits.Undo(text: Self.mine, stamp: stamp)
        try (Self.mine + "# edited by hand\n").write(toFile: path, atomically: true, encoding: .utf8)
        guard case .refused(let e) = SettingsJob.run(.undo, path: path, undo: undo) else {
            Issue.record("undone over a change made by hand")
            return
        }
        #expect(e.message == "\(path) changed on disk since the last change; nothing was undone")
        // The next change starts from the file as edited by hand: nothing of it is lost.
        guard case .written = SettingsJob.run(.set(key: "haptics", value: "off"), path: path, undo: nil) else {
            Issue.record("not written")
            return
        }
        #expect(try text(path) == Self.mine.replacingOccurrences(of: "\"auto\"   # keep", with: "\"off\"   # keep")
            + "# edited by hand\n")
        let again = SettingsEdits.Undo(text: Self.mine, stamp: FileStamp.of(path))
        guard case .written(_, nil, _, "undid the last change") = SettingsJob.run(.undo, path: path, undo: again) else {
            Issue.record("not undone")
            return
        }
        #expect(try text(path) == Self.mine)
    }

    /// A daemon on the system's file, which its user cannot write, makes the user's own from it.
    @Test func theUsersOwnFileIsMadeFromTheSystemsWhenItHasNone() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let system = try scratch.write("system.toml", Self.mine).path
        chmod(system, 0o444)
        let user = "\(scratch.path)/home/.config/forcetouch/forcetouch.toml"
        guard case .written(let state, let previous, _, _) =
            SettingsJob.run(.set(key: "haptics", value: "off"), path: user, seed: system, undo: nil) else {
            Issue.record("not written")
            return
        }
        #expect(try text(user) == Self.mine.replacingOccurrences(of: "\"auto\"   # keep", with: "\"off\"   # keep"))
        #expect(try text(system) == Self.mine && state.file == user && previous == Self.mine)
        #expect(mode(user) == 0o644 && mode("\(scratch.path)/home/.config/forcetouch") == 0o755)
        // Once it exists, it is what is read: the system's file no longer matters.
        guard case .read(let now) = SettingsJob.run(.get, path: user, seed: system, undo: nil) else {
            Issue.record("not read")
            return
        }
        #expect(now.haptics == "off")
        // With no file at all, the defaults are the start.
        let fresh = "\(scratch.path)/other/forcetouch.toml"
        guard case .written = SettingsJob.run(.set(key: "sensitivity", value: "light"), path: fresh, seed: nil, undo: nil) else {
            Issue.record("not written")
            return
        }
        #expect(try text(fresh) == "[general]\nsensitivity = \"light\"\n")
    }

    /// Written past the configuration's size limit, the file would be refused by every later
    /// read, the reload that follows first: the change is refused instead.
    @Test func aChangePastTheSizeLimitIsRefused() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.write("forcetouch.toml", Self.mine).path
        let title = String(repeating: "x", count: ConfigurationFile.configurationLimit)
        guard case .refused(let e) = SettingsJob.run(.set(key: "quick-action.new", value: "{ type = \"t\", title = \"\(title)\" }"),
                                                     path: path, undo: nil) else {
            Issue.record("written past the limit")
            return
        }
        #expect(e.message.hasSuffix("more than the limit of \(ConfigurationFile.configurationLimit); it is unchanged"))
        #expect(try text(path) == Self.mine)
    }

    @Test func aFileWithErrorsIsRefusedAtItsLineAndNotWritten() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let broken = Self.mine + "[gestures]\npeek = 7\n"
        let path = try scratch.write("forcetouch.toml", broken).path
        let before = FileStamp.of(path)
        guard case .refused(let e) = SettingsJob.run(.set(key: "sensitivity", value: "firm"), path: path, undo: nil) else {
            Issue.record("a broken file was written over")
            return
        }
        #expect(e.message.contains("\(path):9: gestures.peek:"))
        #expect(try text(path) == broken && FileStamp.of(path) == before)
        guard case .refused(let g) = SettingsJob.run(.get, path: path, undo: nil) else {
            Issue.record("a broken file was read as settings")
            return
        }
        #expect(g.message.contains("\(path):9:"))
    }
}
