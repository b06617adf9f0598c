import Foundation
import ForceTouchCore
import Glibc

/// The dynamic quick actions' file, `$XDG_STATE_HOME/forcetouch/shortcuts.json`, as the
/// daemon reads it at start: nothing in it is ever lost to a later write.
///
/// - A file that is not one this forcetouch reads (corrupt, or written by a newer version)
///   is moved aside to `shortcuts.json.bad-<UTC time>`, and the log says where; the daemon
///   starts without dynamic items and the next `shortcuts add` starts a fresh file.
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
        let stamp = timestamp(now)
        var aside = "\(path).bad-\(stamp)"
        var n = 2
        while access(aside, F_OK) == 0 {
            aside = "\(path).bad-\(stamp)-\(n)"
            n += 1
        }
        if rename(path, aside) == 0 {
            result.setAside = aside
            result.messages.append("\(path): \(why); kept as \(aside), starting without dynamic quick actions")
        } else {
            let reason = String(cString: strerror(errno))
            result.unreadable = "cannot be understood and cannot be moved aside: \(reason)"
            result.messages.append("\(path): \(why); cannot move it aside (\(reason)): starting without dynamic "
                + "quick actions, and not writing over the file")
        }
        return result
    }

    /// `20261123T111900Z`
    static func timestamp(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        // Zero-padded by hand: String(format:) is libFoundation's, and its first use costs pages.
        func padded(_ v: Int32, _ width: Int) -> String {
            let digits = String(v)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.tm_year + 1900, 4) + padded(parts.tm_mon + 1, 2) + padded(parts.tm_mday, 2) + "T"
            + padded(parts.tm_hour, 2) + padded(parts.tm_min, 2) + padded(parts.tm_sec, 2) + "Z"
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
