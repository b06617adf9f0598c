import FoundationEssentials
import Glibc

/// Moves a state file that cannot be understood out of the way, under a name no earlier
/// kept copy has: `NAME.bad-<UTC time>`, then `-2`, `-3`… So a file the daemon cannot read
/// is never lost to its next write, and a second bad file never replaces the first copy.
enum KeptAside {
    /// Moves `path` aside; returns where it went.
    static func move(_ path: String, now: Date = Date()) throws(SystemError) -> String {
        let stamp = timestamp(now)
        var n = 1
        while true {
            let aside = n == 1 ? "\(path).bad-\(stamp)" : "\(path).bad-\(stamp)-\(n)"
            n += 1
            // link fails with EEXIST where rename would replace: a kept copy is never written over.
            if link(path, aside) == 0 {
                if unlink(path) != 0 { throw SystemError("cannot remove \(path) once kept as \(aside)") }
                return aside
            }
            switch errno {
            case EEXIST:
                continue
            case EPERM, EXDEV, ENOSYS, EOPNOTSUPP, EMLINK:
                // A file system without hard links: rename, after looking for the name.
                if access(aside, F_OK) == 0 { continue }
                guard rename(path, aside) == 0 else { throw SystemError("cannot rename \(path) to \(aside)") }
                return aside
            default:
                throw SystemError("cannot keep \(path) aside as \(aside)")
            }
        }
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
}
