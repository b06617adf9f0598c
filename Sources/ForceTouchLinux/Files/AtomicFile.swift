import Glibc

/// Writes files so that a crash mid-write never leaves a broken one: a temporary file in
/// the same directory, fsync, rename over the old, fsync the directory.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(SystemError) {
        let dir = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        try makeDirectories(dir)
        let temp = "\(path).tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SystemError("open \(temp)") }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = SystemError("write \(temp)")
                close(fd)
                unlink(temp)
                throw e
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            let e = SystemError("fsync \(temp)")
            close(fd)
            unlink(temp)
            throw e
        }
        close(fd)
        guard rename(temp, path) == 0 else {
            let e = SystemError("rename \(temp) to \(path)")
            unlink(temp)
            throw e
        }
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    /// `mkdir -p` with mode 0700 for the parts it creates.
    public static func makeDirectories(_ path: String) throws(SystemError) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0 && errno != EEXIST { throw SystemError("mkdir \(current)") }
        }
    }
}
