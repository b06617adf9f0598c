import FoundationEssentials
import ForceTouchCore
import ForceTouchProtocol
import Glibc

/// Where the user left the AssistiveTouch button, kept in
/// `$XDG_STATE_HOME/forcetouch/assistive-touch.json` (SPEC §6): read when the daemon starts,
/// written atomically (`AtomicFile`) when a drag drops the button, so that a restart shows it,
/// and listens, where it was left. A file that cannot be understood is kept aside
/// (`KeptAside`) and the button starts at its default place.
public struct AssistiveButtonFile: Sendable {
    private struct Contents: Codable {
        var version: Int
        var x: Double
        var y: Double
    }

    static let version = 1
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/forcetouch/assistive-touch.json`, else `~/.local/state/…`.
    public static func defaultPath(environment: [String: String] = ProcessEnvironment.current()) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/forcetouch/assistive-touch.json" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/forcetouch/assistive-touch.json"
    }

    /// The place kept, nil when there is none (no file yet, or a bad one, which is then kept
    /// aside and `problem` says so).
    public func load() -> (place: AssistiveButton.Place?, problem: String?) {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: 4096)
        } catch {
            if error.errno == ENOENT { return (nil, nil) }
            return (nil, setAside("cannot read: \(error.reason)"))
        }
        guard let contents = try? ProtocolJSON.decode(Contents.self, from: Data(bytes)) else {
            return (nil, setAside("not an AssistiveTouch button file"))
        }
        guard contents.version <= Self.version else {
            return (nil, setAside("written by a newer forcetouch (version \(contents.version))"))
        }
        guard contents.x.isFinite, contents.y.isFinite, (0...1).contains(contents.x), (0...1).contains(contents.y) else {
            return (nil, setAside("the place \(contents.x),\(contents.y) is off the surface"))
        }
        return (AssistiveButton.Place(x: contents.x, y: contents.y), nil)
    }

    /// Keeps `place`, atomically: a reader sees the old place or the new one.
    public func save(_ place: AssistiveButton.Place) throws(SystemError) {
        let text = (try? ProtocolJSON.string(Contents(version: Self.version, x: place.x, y: place.y))) ?? ""
        try AtomicFile.write(Array((text + "\n").utf8), to: path)
    }

    private func setAside(_ why: String) -> String {
        do {
            let aside = try KeptAside.move(path)
            return "\(path): \(why); kept as \(aside), the button starts at its default place"
        } catch {
            return "\(path): \(why); \(error), the button starts at its default place"
        }
    }
}
