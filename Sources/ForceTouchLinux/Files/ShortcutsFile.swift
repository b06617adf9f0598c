import FoundationEssentials
import ForceTouchCore
import Glibc

/// The dynamic quick actions' file, `$XDG_STATE_HOME/forcetouch/shortcuts.json`, as the
/// daemon reads it at start, and again before a change when it changed on disk since:
/// nothing in it is ever lost to a later write.
///
/// - A file that is not one this forcetouch reads (corrupt, not text, or written by a newer
///   version) is moved aside to `shortcuts.json.bad-<UTC time>` (`KeptAside`: never over an
///   earlier copy), and the log says where; at start the daemon goes on without dynamic
///   items and the next `shortcuts add` starts a fresh file; while it runs, the items it holds
///   are kept and the next change writes them to the fresh file.
/// - A file that cannot be read (permissions, an I/O error, not a regular file) is left where
///   it is and reported; `isWritable` is then false, so that no change overwrites it until
///   it can be read.
/// - A file that is missing while the daemon runs never replaces the items it holds: what
///   the daemon holds is the truth once it runs, and the next write writes all of it.
/// - Nothing is written that `load` would refuse: a change that would make the file larger
///   than `sizeLimit` is refused (`checkSize`), the items held unchanged.
/// - Temporary files a crashed atomic write left beside it (`.shortcuts.json.XXXXXX`) are
///   removed.
public enum ShortcutsFile {
    /// The most a dynamic-items file may weigh, read and written alike.
    public static let sizeLimit = 4 << 20

    /// Refuses `bytes` as the new contents of `path` when they are over `sizeLimit`: a file
    /// the next start would keep aside must not be written.
    public static func checkSize(_ bytes: [UInt8], of path: String) throws(ShortcutError) {
        guard bytes.count > sizeLimit else { return }
        throw ShortcutError("dynamic quick actions: this change would make \(path) \(bytes.count) bytes, more than "
            + "the limit of \(sizeLimit) (4 MiB); refused, the items held are unchanged")
    }

    /// What a load found, for the log.
    public struct Load: Sendable {
        /// Warnings and errors, one a line, each naming the file.
        public var messages: [String] = []
        /// Where a bad file was moved.
        public var setAside: String?
        /// Nil when the file was read (or is missing); else why it cannot be, and changes
        /// must not overwrite it.
        public var unreadable: String?
        /// The file is not there: nothing was read, and a running daemon keeps what it holds.
        public var missing = false
        /// The number of items the daemon holds, nil at start: what the log says happens to
        /// them.
        var holding: Int?

        /// What becomes of the dynamic items, for the end of a message.
        var whatIsKept: String {
            guard let holding else { return "starting without dynamic quick actions" }
            return "keeping the \(holding) dynamic quick action\(holding == 1 ? "" : "s") the daemon holds"
        }
    }

    /// Reads `path` into `store`'s dynamic items. `holding` is the number of items a running
    /// daemon holds (nil at start), which the messages say are kept.
    public static func load(_ path: String, into store: inout ShortcutStore, holding: Int? = nil,
                            now: Date = Date()) -> Load {
        var result = Load()
        result.holding = holding
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: sizeLimit)
        } catch {
            if error.errno == ENOENT {
                result.missing = true
                return result
            }
            if error.errno == EFBIG {
                // Too big to be ours: as bad as a corrupt one, and kept the same way.
                return setAside(path, why: error.reason, now: now, result)
            }
            result.unreadable = error.reason
            result.messages.append("\(path): cannot read the dynamic quick actions: \(error.reason); "
                + "\(result.whatIsKept), and not writing over the file until it can be read")
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
            let next = result.holding == nil ? "" : ", which the next change writes to a new file"
            result.messages.append("\(path): \(why); kept as \(aside), \(result.whatIsKept)\(next)")
        } catch {
            let reason = String(cString: strerror(error.errno))
            result.unreadable = "cannot be understood and cannot be moved aside: \(reason)"
            result.messages.append("\(path): \(why); cannot move it aside (\(reason)): \(result.whatIsKept), "
                + "and not writing over the file")
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
