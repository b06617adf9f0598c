import Foundation
import ForceTouchCore
import ForceTouchTestSupport
import Glibc
import Testing
@testable import ForceTouchLinux

/// `$XDG_STATE_HOME/forcetouch/assistive-touch.json`: where the user left the AssistiveTouch
/// button survives a restart; a file that cannot be understood is kept aside, never used.
@Suite struct AssistiveButtonFileTests {
    @Test func defaultPathFollowsXDG() {
        #expect(AssistiveButtonFile.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == "/s/forcetouch/assistive-touch.json")
        #expect(AssistiveButtonFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/state/forcetouch/assistive-touch.json")
    }

    @Test func keepsThePlaceAcrossARestart() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/state/forcetouch/assistive-touch.json"
        let file = AssistiveButtonFile(path: path)
        let missing = file.load()
        #expect(missing.place == nil && missing.problem == nil)
        try file.save(AssistiveButton.Place(x: 0.06, y: 0.75))
        let again = AssistiveButtonFile(path: path).load()
        #expect(again.place == AssistiveButton.Place(x: 0.06, y: 0.75))
        #expect(again.problem == nil)
        // Written as other state is: the user's alone, and no temporary left beside it.
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/state/forcetouch")
        #expect(names == ["assistive-touch.json"])
    }

    @Test func aBadFileIsKeptAsideAndTheButtonStartsAtItsDefault() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = "\(scratch.path)/assistive-touch.json"
        for bad in ["{\"version\":1,\"x\":", "{\"version\":1,\"x\":3,\"y\":0.5}", "{\"version\":9,\"x\":0.5,\"y\":0.5}"] {
            try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
            let load = AssistiveButtonFile(path: path).load()
            #expect(load.place == nil, "\(bad)")
            #expect(load.problem?.contains("kept as \(path).bad-") == true, "\(load.problem ?? "")")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains(".bad-") }
        #expect(kept.count == 3)
    }
}
