import CLinuxSupport
import Glibc

/// Signals delivered through a descriptor rather than a handler, so an interactive tool can
/// wait for Ctrl-C together with its device and always get the chance to clean up.
public final class SignalWatcher {
    public let fd: Int32

    /// Blocks `signals` for the process; they queue here instead.
    public init(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) throws(SystemError) {
        // A shell starts background commands with SIGINT ignored, and an ignored signal is
        // discarded rather than queued: back to the default, which the block then holds off,
        // so `kill -INT` stops a backgrounded `forcetest record` as Ctrl-C would.
        if signals.contains(SIGINT) { signal(SIGINT, SIG_DFL) }
        let fd = signals.withUnsafeBufferPointer { ft_signalfd_create($0.baseAddress, Int32($0.count)) }
        guard fd >= 0 else { throw SystemError("signalfd") }
        self.fd = fd
    }

    deinit { close(fd) }

    /// The next queued signal, or nil.
    public func next() -> Int32? {
        let s = ft_signalfd_next(fd)
        return s > 0 ? s : nil
    }
}
