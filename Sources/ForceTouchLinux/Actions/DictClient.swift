import ForceTouchCore
import Glibc

/// Look Up's dictionary: a DICT (RFC 2229) session with the dictionary server on this
/// machine's loopback, 127.0.0.1 (Debian's dictd with dict-wn), and never another address:
/// the word pressed does not leave the machine. One blocking session, run off the event loop
/// (`BackgroundJob`), bounded in time (`timeout` for the whole of it: connecting, asking,
/// reading) and in size (what `DictReply` reads, and `maximumBytes` in all).
struct DictClient: Sendable {
    /// DICT's port (RFC 2229 §3.1).
    static let standardPort: UInt16 = 2628
    /// The most bytes read from a session: the reply's bounds and its status lines.
    static let maximumBytes = DictReply.maximumTextBytes + 64 * 1024

    /// The server's port on 127.0.0.1; another only for a test's own server.
    var port: UInt16 = standardPort
    /// The whole session's time, in milliseconds.
    var timeoutMS: Int32 = 400

    /// Why no definition came: each says what to do, as the card shows it.
    enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Nothing listens: no server installed, or not running.
        case noServer(port: UInt16)
        case timedOut(ms: Int32)
        case tooLong
        case malformed(DictReply.Malformed)
        case refusedWord(DictRequest.Refusal)
        case system(String)

        var description: String {
            switch self {
            case .noServer(let port):
                "no dictionary server on 127.0.0.1:\(port) (Debian: install dictd and dict-wn)"
            case .timedOut(let ms): "the dictionary server on 127.0.0.1 did not answer within \(ms) ms"
            case .tooLong: "the dictionary server's reply is longer than \(DictClient.maximumBytes) bytes"
            case .malformed(let why): "the dictionary server's reply: \(why)"
            case .refusedWord(let why): "not looked up: \(why)"
            case .system(let why): "the dictionary server: \(why)"
            }
        }
    }

    /// `DEFINE * "word"`: every database's definitions of `word`, as the server sent them.
    func define(_ word: String) -> Result<DictReply, Failure> {
        let request: String
        do { request = DictRequest.client + (try DictRequest.define(word)) + DictRequest.quit } catch {
            return .failure(.refusedWord(error))
        }
        let deadline = Self.milliseconds() + Int64(timeoutMS)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(.system(Self.errorText("socket"))) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 {
            guard errno == EINPROGRESS else {
                return .failure(errno == ECONNREFUSED ? .noServer(port: port) : .system(Self.errorText("connect")))
            }
            guard wait(fd, for: Int16(POLLOUT), until: deadline) else { return .failure(.timedOut(ms: timeoutMS)) }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else {
                return .failure(error == ECONNREFUSED ? .noServer(port: port) : .system(String(cString: strerror(error))))
            }
        }
        // The three commands at once: the server reads them in turn (RFC 2229 allows it),
        // and QUIT makes it close when done, which ends the read.
        var out = Array(request.utf8)[...]
        while !out.isEmpty {
            let sent = out.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 { out = out.dropFirst(sent); continue }
            guard sent < 0, errno == EAGAIN || errno == EINTR else { return .failure(.system(Self.errorText("send"))) }
            guard wait(fd, for: Int16(POLLOUT), until: deadline) else { return .failure(.timedOut(ms: timeoutMS)) }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if got == 0 { break }
            if got > 0 {
                received += buffer[..<got]
                guard received.count <= Self.maximumBytes else { return .failure(.tooLong) }
                continue
            }
            guard errno == EAGAIN || errno == EINTR else { return .failure(.system(Self.errorText("recv"))) }
            // A reply complete before the server closes is taken as it is.
            if let reply = try? DictReply.parse(received) { return .success(reply) }
            guard wait(fd, for: Int16(POLLIN), until: deadline) else {
                return .failure(.timedOut(ms: timeoutMS))
            }
        }
        do { return .success(try DictReply.parse(received)) } catch { return .failure(.malformed(error)) }
    }

    /// Whether `fd` became ready for `events` before `deadline`.
    private func wait(_ fd: Int32, for events: Int16, until deadline: Int64) -> Bool {
        while true {
            let left = deadline - Self.milliseconds()
            guard left > 0 else { return false }
            var p = pollfd(fd: fd, events: events, revents: 0)
            let n = poll(&p, 1, Int32(left))
            if n > 0 { return true }
            if n < 0, errno != EINTR { return false }
        }
    }

    private static func milliseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1000 + Int64(t.tv_nsec) / 1_000_000
    }

    private static func errorText(_ call: String) -> String { "\(call): \(String(cString: strerror(errno)))" }
}

extension DictClient {
    /// `ActionRunner.define` for a daemon: each session on a thread of its own
    /// (`BackgroundJob`), its result handed back on `loop`, which goes on meanwhile.
    static func definer(on loop: EventLoop) -> (String, @escaping (Result<DictReply, Failure>) -> Void) -> Void {
        { word, done in
            let client = DictClient()
            if BackgroundJob.start(on: loop, { client.define(word) }, done: done) == nil {
                done(.failure(.system("no thread for the dictionary lookup: \(String(cString: strerror(errno)))")))
            }
        }
    }
}
