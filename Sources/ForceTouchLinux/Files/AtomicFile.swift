import Glibc

/// Writes files so that a crash mid-write never leaves a broken one: a temporary file in
/// the same directory (so the rename stays on one filesystem), written, synced and given its
/// mode, renamed over the old, and the directory synced. A reader sees the old file or the
/// new one, never half; a failed write leaves no temporary file behind. Its errors name
/// `path`, the file the caller asked for, not the temporary file nobody knows of.
public enum AtomicFile {
    /// - Parameters:
    ///   - mode: the file's mode; nil keeps the mode of the file it replaces (0644 for a
    ///     new one).
    ///   - directoryMode: the mode of directories it has to create.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t? = 0o600,
                             directoryMode: mode_t = 0o700) throws(SystemError) {
        let dir = parent(path)
        try makeDirectories(dir, mode: directoryMode)
        var old = stat()
        let fileMode = mode ?? (stat(path, &old) == 0 ? old.st_mode & 0o7777 : 0o644)
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        var template = Array((dir + "/.\(name).XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SystemError("write \(path): cannot create a temporary file in \(dir)") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // a child spawned meanwhile must not inherit it
        let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temp) } }
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = SystemError("write \(path)")
                close(fd)
                throw e
            }
            written += n
        }
        _ = fchmod(fd, fileMode)
        guard fsync(fd) == 0 else {
            let e = SystemError("write \(path) (fsync)")
            close(fd)
            throw e
        }
        close(fd)
        guard rename(temp, path) == 0 else { throw SystemError("write \(path) (rename from \(temp))") }
        renamed = true
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    /// The directory `path` is in: "." for a bare name, "/" for a file at the root.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let p = String(path[..<slash])
        return p.isEmpty ? "/" : p
    }

    /// `mkdir -p` with `mode` for the parts it creates.
    public static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(SystemError) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, mode) != 0 && errno != EEXIST { throw SystemError("mkdir \(current)") }
        }
    }
}
