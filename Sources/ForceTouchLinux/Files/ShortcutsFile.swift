import FoundationEssentials
import ForceTouchCore
import Glibc

/// The dynamic quick actions' file, `$XDG_STATE_HOME/forcetouch/shortcuts.json`, as the
/// daemon reads it at start, and again before a change when it changed on disk since:
/// nothing in it is ever lost to a later write.
///
/// - A file that is not one this forcetouch reads (corrupt, not text, or written by a newer
///   version) is moved aside to `shortcuts.json.bad-<UTC time>` (`KeptAside`: never over an
///   earlier copy), and the log says where; the daemon goes on without dynamic items and the
///   next `shortcuts add` starts a fresh file.
/// - A file that cannot be read (permissions, an I/O error, not a regular file) is left where
///   it is and reported; `isWritable` is then false, so that no change overwrites it until
///   it can be read.
/// - Temporary files a crashed atomic write left beside it (`.shortcuts.json.XXXXXX`) are
///   removed.
public enum ShortcutsFile {
    /// The most a dynamic-items file may weigh.
    static let sizeLimit = 4 << 20

    /// What a load found, for the log.
    public struct Load: Sendable {
        /// Warnings and errors, one a line, each naming the file.
        public var messages: [String] = []
        /// Where a bad file was moved.
        public var setAside: String?
        /// Nil when the file was read (or is missing); else why it cannot be, and changes
        /// must not overwrite it.
        public var unreadable: String?
    }

    /// Reads `path` into `store`'s dynamic items.
    public static func load(_ path: String, into store: inout ShortcutStore, now: Date = Date()) -> Load {
        var result = Load()
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: sizeLimit)
        } catch {
            if error.errno == ENOENT { return result }
            if error.errno == EFBIG {
                // Too big to be ours: as bad as a corrupt one, and kept the same way.
                return setAside(path, why: error.reason, now: now, result)
            }
            result.unreadable = error.reason
            result.messages.append("\(path): cannot read the dynamic quick actions: \(error.reason); "
                + "starting without them, and not writing over the file until it can be read")
            return result
        }
        if let problem = TextCheck.problem(in: bytes) {
            return setAside(path, why: "line \(problem.line), column \(problem.column): \(problem.message)", now: now,
                            result)
        }
        do {
            let refused = try store.decodeDynamic(Data(bytes))
            for item in refused {
                result.messages.append("\(path): dynamic quick action \(item.type) not loaded: its type is taken")
            }
            return result
        } catch {
            return setAside(path, why: error.message, now: now, result)
        }
    }

    private static func setAside(_ path: String, why: String, now: Date, _ partial: Load) -> Load {
        var result = partial
        do {
            let aside = try KeptAside.move(path, now: now)
            result.setAside = aside
            result.messages.append("\(path): \(why); kept as \(aside), starting without dynamic quick actions")
        } catch {
            let reason = String(cString: strerror(error.errno))
            result.unreadable = "cannot be understood and cannot be moved aside: \(reason)"
            result.messages.append("\(path): \(why); cannot move it aside (\(reason)): starting without dynamic "
                + "quick actions, and not writing over the file")
        }
        return result
    }

    /// Removes the temporary files `AtomicFile.write` makes for `path` (`.NAME.XXXXXX` in its
    /// directory) that a crash left behind. Call at start, before anything writes `path`.
    /// Returns the paths removed.
    @discardableResult
    public static func removeStaleTemporaries(of path: String) -> [String] {
        let dir = AtomicFile.parent(path)
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard !name.isEmpty, let entries = try? DirectoryListing.names(in: dir) else { return [] }
        let prefix = "." + name + "."
        var removed: [String] = []
        for entry in entries where entry.hasPrefix(prefix) && entry.count == prefix.count + 6 {
            let full = dir + "/" + entry
            var st = stat()
            guard lstat(full, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_uid == geteuid() else { continue }
            if unlink(full) == 0 { removed.append(full) }
        }
        return removed
    }
}
