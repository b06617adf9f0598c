import Glibc

/// Waiting on several descriptors at once, with a deadline.
public enum Poller {
    /// Readable (or hung-up, or failed) descriptors among `fds` within `timeout` microseconds
    /// (nil: forever). Empty on timeout.
    public static func wait(_ fds: [Int32], timeout: Int64?) -> Set<Int32> {
        var pfds = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ms: Int32
        if let timeout { ms = Int32(clamping: timeout <= 0 ? 0 : (timeout + 999) / 1000) } else { ms = -1 }
        let n = pfds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), ms) }
        guard n > 0 else { return [] }
        var ready: Set<Int32> = []
        for p in pfds where p.revents != 0 { ready.insert(p.fd) }
        return ready
    }
}
