import ForceTouchCore
import Glibc

/// Reads and atomically rewrites the configuration file for `forcetest calibrate`.
public enum ConfigFileEditor {
    /// The file a calibration goes into: `--config`, else the first existing file on the
    /// search path, else the user's own (`~/.config/forcetouch/forcetouch.toml`), created.
    public static func target(explicit: String?) -> String {
        ConfigurationFile.locate(explicit: explicit) ?? ConfigurationFile.searchPath()[0]
    }

    /// The file's text; "" when it does not exist; nil (errno set) when it cannot be read.
    public static func read(_ path: String) -> String? {
        if access(path, F_OK) != 0 && errno == ENOENT { return "" }
        return ConfigurationFile.readFile(path)
    }

    /// Replaces `path` with `text` atomically: a temporary file in the same directory
    /// (so the rename stays on one filesystem), written, synced and given the old file's
    /// mode, then renamed over it. A reader sees the old file or the new one, never half.
    public static func writeAtomically(_ text: String, to path: String) throws(SystemError) {
        let dir = parent(path)
        try makeDirectories(dir)
        var old = stat()
        let mode: mode_t = stat(path, &old) == 0 ? old.st_mode & 0o7777 : 0o644
        var template = Array((dir + "/.forcetouch-calibration.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SystemError("cannot create a temporary file in \(dir)") }
        let tmp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tmp) }
        }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                close(fd)
                throw SystemError("cannot write \(tmp)", errno: e)
            }
            written += n
        }
        _ = fchmod(fd, mode)
        if fsync(fd) != 0 {
            let e = errno
            close(fd)
            throw SystemError("cannot sync \(tmp)", errno: e)
        }
        close(fd)
        guard rename(tmp, path) == 0 else { throw SystemError("cannot replace \(path)") }
        ok = true
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            _ = fsync(dfd)
            close(dfd)
        }
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let p = String(path[..<slash])
        return p.isEmpty ? "/" : p
    }

    static func makeDirectories(_ dir: String) throws(SystemError) {
        if access(dir, F_OK) == 0 { return }
        let up = parent(dir)
        if up != dir { try makeDirectories(up) }
        if mkdir(dir, 0o755) != 0 && errno != EEXIST { throw SystemError("cannot create \(dir)") }
    }
}
