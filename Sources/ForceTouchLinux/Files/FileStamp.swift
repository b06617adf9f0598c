// struct timespec reaches Swift through whichever C module included <time.h> first; with
// MemberImportVisibility its fields need that module imported: libevdev's, here.
import CLibevdev
import Glibc

/// Which version of a file is on disk — its inode, size and modification time — so that a
/// state file the daemon wrote can be told from one changed behind its back (edited by hand,
/// replaced by a half-synced disk) without reading it at every save.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    /// The stamp of what is at `path` now; nil when nothing is there (or it cannot be looked at).
    static func of(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileStamp(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                         seconds: st.st_mtim.tv_sec, nanoseconds: st.st_mtim.tv_nsec)
    }
}
