import Foundation
import Glibc

/// A fresh directory for one test, made by mkdtemp under $TMPDIR (default /tmp): a fixed name
/// there could belong to another user or to a run of the suite going on beside this one.
public struct ScratchDirectory {
    public struct Failed: Error { public let errno: Int32 }

    public let path: String
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    public init() throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/forcetouch-test.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failed(errno: errno) }
        path = String(cString: made)
    }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `text` to the file `name` in the directory, and returns its URL.
    public func write(_ name: String, _ text: String) throws -> URL {
        let f = file(name)
        try text.write(to: f, atomically: true, encoding: .utf8)
        return f
    }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
