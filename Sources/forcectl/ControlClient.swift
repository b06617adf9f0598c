import CLinuxSupport
import Glibc

/// forcectl's side of the control socket: one connection, JSON lines out and in.
final class ControlClient {
    struct Error: Swift.Error, CustomStringConvertible, Sendable {
        var description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws(Error) {
        let fd = ft_unix_connect(path)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw Error(description: "\(path): \(reason) (is forcetouchd running?)")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    func send(_ line: String) throws(Error) {
        var bytes = Array(line.utf8)
        bytes.append(10)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Error(description: "send: \(String(cString: strerror(errno)))")
            }
            sent += n
        }
    }

    /// The next line from the daemon; nil when it closed the connection.
    func readLine() throws(Error) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 16384)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Error(description: "receive: \(String(cString: strerror(errno)))")
            }
            buffer += chunk[0..<n]
        }
    }
}
