import ForceTouchCore
import Glibc

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
