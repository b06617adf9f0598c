import Glibc

/// Whether the process's standard error is the journal's stream, as systemd tells a service
/// it started: `JOURNAL_STREAM=device:inode` names the stream socket it connected stderr to
/// (systemd.exec(5)). Checked against fstat(2) of stderr, because a child whose stderr was
/// redirected elsewhere inherits the variable all the same.
public enum JournalStream {
    public static func isStandardError(environment: [String: String] = ProcessEnvironment.current()) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var st = stat()
        guard fstat(STDERR_FILENO, &st) == 0 else { return false }
        return UInt64(st.st_dev) == device && UInt64(st.st_ino) == inode
    }
}
