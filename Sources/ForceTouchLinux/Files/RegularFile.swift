import Glibc

/// Why a file could not be read, in words a user can act on: errno's text
/// ("No such file or directory"), or what the path is instead of a regular file.
public struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    /// errno's text, or what is wrong ("is a FIFO, not a regular file").
    public var reason: String
    /// The errno it stands for (EINVAL for a path that is not a regular file, EFBIG for one
    /// over the limit).
    public var errno: Int32
    public init(path: String, reason: String, errno: Int32) {
        self.path = path
        self.reason = reason
        self.errno = errno
    }
    /// `path: reason`
    public var description: String { "\(path): \(reason)" }
}

/// Reads whole files that must be regular files: configurations, Info.plists, recordings,
/// the daemon's state. A FIFO, a device or a socket is refused at once — opened without
/// blocking, then looked at with fstat — rather than read forever or waited on, and a file
/// over the limit is refused before it is read.
public enum RegularFile {
    /// What `st_mode` says a path is, for messages.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// The bytes of `path`, at most `limit` of them.
    public static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        func failure(_ e: Int32 = Glibc.errno) -> FileReadError {
            FileReadError(path: path, reason: String(cString: strerror(e)), errno: e)
        }
        // O_NONBLOCK: opening a FIFO without a writer would otherwise wait for one.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw failure() }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failure() }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw FileReadError(path: path, reason: "is \(kind(st.st_mode)), not a regular file", errno: EINVAL)
        }
        guard st.st_size <= limit else {
            throw FileReadError(path: path, reason: "is \(st.st_size) bytes, more than the limit of \(limit)", errno: EFBIG)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if Glibc.errno == EINTR { continue }
                throw failure()
            }
            if n == 0 { break }
            bytes += buffer[0..<n]
            // A file that grows while it is read (a log being written) is still bounded.
            if bytes.count > limit {
                throw FileReadError(path: path, reason: "is more than the limit of \(limit) bytes", errno: EFBIG)
            }
        }
        return bytes
    }

    /// Throws unless `path` is a regular file (it may be unreadable still).
    public static func check(_ path: String) throws(FileReadError) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            let e = Glibc.errno
            throw FileReadError(path: path, reason: String(cString: strerror(e)), errno: e)
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw FileReadError(path: path, reason: "is \(kind(st.st_mode)), not a regular file", errno: EINVAL)
        }
    }
}
