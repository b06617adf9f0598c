import CLinuxSupport
import ForceTouchCore
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

/// The few terminal controls `forcetest watch` and `calibrate` need, as ANSI sequences.
public enum Terminal {
    public static let escape = "\u{1B}["
    /// Alternate screen, cursor hidden, cleared.
    public static let enterFullScreen = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Cursor shown again, back to the normal screen with its scrollback intact.
    public static let leaveFullScreen = "\u{1B}[?25h\u{1B}[?1049l"
    public static let home = "\u{1B}[H"
    public static let clearToEndOfLine = "\u{1B}[K"
    public static let clearToEndOfScreen = "\u{1B}[J"

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Columns and rows of the terminal on stdout; 80×24 when it cannot be told.
    public static func size() -> (columns: Int, rows: Int) {
        var ws = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        return (80, 24)
    }

    /// Writes straight to stdout, after whatever `print` has buffered.
    public static func write(_ s: String) { write(s, to: 1) }

    /// Writes straight to stderr.
    public static func writeError(_ s: String) { write(s, to: 2) }

    static func write(_ s: String, to fd: Int32) {
        fflush(nil)
        let bytes = Array(s.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 { if errno == EINTR { continue }; return }
            done += n
        }
    }

    /// Reads one line from stdin while watching `signals`: nil on end of input or on a signal.
    public static func readLine(signals: SignalWatcher?) -> String? {
        var bytes: [UInt8] = []
        while true {
            let fds = [Int32(0)] + (signals.map { [$0.fd] } ?? [])
            let ready = Poller.wait(fds, timeout: nil)
            if let s = signals, ready.contains(s.fd), s.next() != nil { return nil }
            guard ready.contains(0) else { continue }
            var b: UInt8 = 0
            let n = Glibc.read(0, &b, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if b == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(b)
        }
    }
}
