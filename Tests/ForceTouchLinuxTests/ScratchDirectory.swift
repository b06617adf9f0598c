import Foundation
import Glibc

/// A fresh directory for one test, made by mkdtemp under $TMPDIR (default /tmp): a fixed name
/// there could belong to another user or to a run of the suite going on beside this one.
struct ScratchDirectory {
    struct Failed: Error { let errno: Int32 }

    let path: String

    init() throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/forcetouch-test.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failed(errno: errno) }
        path = String(cString: made)
    }

    /// Deletes the directory and everything in it.
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
