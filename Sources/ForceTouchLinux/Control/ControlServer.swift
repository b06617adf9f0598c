import CLinuxSupport
import ForceTouchCore
import Glibc

/// The daemon's control socket: JSON Lines over a Unix stream socket, only for the
/// daemon's own user (SO_PEERCRED) unless the configuration names more users or a group.
///
/// Every buffer is bounded. A request line longer than `maximumRequest` gets an error and
/// the client is dropped; a client that stops reading is dropped once `maximumBacklog`
/// bytes wait for it, so a stuck subscriber never stalls the daemon.
public final class ControlServer {
    public typealias ClientID = Int32

    /// Who may connect besides the daemon's own user.
    public struct Access: Sendable {
        public var uids: Set<uid_t>
        public var gids: Set<gid_t>
        public init(uids: Set<uid_t> = [], gids: Set<gid_t> = []) {
            self.uids = uids
            self.gids = gids
        }
    }

    private final class Client {
        let fd: Int32
        var token: UInt64 = 0
        var input: [UInt8] = []
        var output: [UInt8] = []
        var subscribed = false
        init(fd: Int32) { self.fd = fd }
    }

    public let path: String
    public var access: Access
    public var maximumRequest = 64 * 1024
    public var maximumBacklog = 1024 * 1024
    public var maximumClients = 64
    /// Answers one request line from a client with one response line, or nil when the
    /// answer comes later through `reply(_:to:)` (performing, running an intent).
    public var onRequest: ((String, ClientID) -> String?)?
    public var log: ((String) -> Void)?

    private let loop: EventLoop
    private let listener: Int32
    private var listenerToken: UInt64 = 0
    private var clients: [ClientID: Client] = [:]

    /// Creates the directory (0700) and the socket (0600).
    public init(path: String, access: Access, loop: EventLoop) throws(SystemError) {
        self.path = path
        self.access = access
        self.loop = loop
        let dir = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !dir.isEmpty {
            if mkdir(dir, 0o700) != 0, errno != EEXIST {
                // Most often the runtime directory itself is missing: no login session made it.
                throw SystemError("cannot create the control socket directory \(dir) "
                    + "(is $XDG_RUNTIME_DIR set up by a login session? --socket picks another place)")
            }
            var st = stat()
            guard stat(dir, &st) == 0 else { throw SystemError("control socket directory \(dir)") }
            guard st.st_uid == geteuid() else {
                throw SystemError("control socket directory \(dir) belongs to uid \(st.st_uid), not to uid \(geteuid())",
                                  errno: EPERM)
            }
        }
        let fd = ft_unix_listen(path, 16)
        guard fd >= 0 else { throw SystemError("listen on \(path)") }
        listener = fd
        listenerToken = loop.add(fd: fd) { [unowned self] in self.acceptClients() }
    }

    deinit {
        for c in clients.values { close(c.fd) }
        close(listener)
        unlink(path)
    }

    public var clientCount: Int { clients.count }
    public var subscriberCount: Int { clients.values.filter(\.subscribed).count }

    /// Makes the client a subscriber: it receives every `publish`ed line from now on.
    public func subscribe(_ id: ClientID) { clients[id]?.subscribed = true }

    /// A deferred answer; dropped when the client has gone meanwhile.
    public func reply(_ line: String, to id: ClientID) {
        if let c = clients[id] { send(line, to: c) }
    }

    /// Sends one JSON line to every subscriber.
    public func publish(_ line: String) {
        for c in clients.values where c.subscribed { send(line, to: c) }
    }

    private func acceptClients() {
        while true {
            let fd = ft_unix_accept(listener)
            guard fd >= 0 else { return }
            var uid: UInt32 = 0, gid: UInt32 = 0, pid: Int32 = 0
            guard ft_peer_credentials(fd, &uid, &gid, &pid) == 0 else { close(fd); continue }
            guard allowed(uid: uid, gid: gid) else {
                log?("control: refused uid \(uid) (pid \(pid)): not the daemon's user")
                let refusal = Array(#"{"ok":false,"error":"permission denied: this daemon serves only its own user"}"#.utf8) + [10]
                _ = refusal.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                Self.closeAfterReply(fd)
                continue
            }
            guard clients.count < maximumClients else {
                log?("control: refused a client, \(clients.count) already connected")
                close(fd)
                continue
            }
            let c = Client(fd: fd)
            clients[fd] = c
            c.token = loop.add(fd: fd) { [unowned self] in
                self.readable(c)
                if !c.output.isEmpty && self.clients[c.fd] != nil { self.write(c) }
            }
        }
    }

    private func allowed(uid: uid_t, gid: gid_t) -> Bool {
        if uid == geteuid() || access.uids.contains(uid) { return true }
        if access.gids.contains(gid) { return true }
        if !access.gids.isEmpty, let pw = getpwuid(uid) {
            // Supplementary groups of the peer's user.
            var count: Int32 = 64
            var groups = [gid_t](repeating: 0, count: 64)
            if getgrouplist(pw.pointee.pw_name, pw.pointee.pw_gid, &groups, &count) >= 0 {
                return groups.prefix(Int(count)).contains { access.gids.contains($0) }
            }
        }
        return false
    }

    private func readable(_ c: Client) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while clients[c.fd] != nil {
            let n = buffer.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { drop(c); return }
            if n < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                drop(c)
                return
            }
            c.input += buffer[0..<n]
            while let newline = c.input.firstIndex(of: 10) {
                let line = String(decoding: c.input[..<newline], as: UTF8.self)
                c.input.removeSubrange(...newline)
                guard clients[c.fd] != nil else { return }
                if let reply = onRequest?(line, c.fd) { send(reply, to: c) }
            }
            if c.input.count > maximumRequest {
                send(#"{"ok":false,"error":"request too long (limit \#(maximumRequest) bytes)"}"#, to: c)
                log?("control: dropped a client: request over \(maximumRequest) bytes")
                drop(c)
                return
            }
        }
    }

    private func send(_ line: String, to c: Client) {
        c.output += Array(line.utf8)
        c.output.append(10)
        if c.output.count > maximumBacklog {
            log?("control: dropped a client that does not read (\(c.output.count) bytes waiting)")
            drop(c)
            return
        }
        write(c)
    }

    private func write(_ c: Client) {
        while !c.output.isEmpty {
            let n = c.output.withUnsafeBytes { Glibc.send(c.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 {
                c.output.removeFirst(n)
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EINTR) {
                // Woken again when the client can take more.
                loop.watchWritable(c.token, true)
                return
            }
            drop(c)
            return
        }
        loop.watchWritable(c.token, false)
    }

    private func drop(_ c: Client) {
        guard clients.removeValue(forKey: c.fd) != nil else { return }
        loop.remove(c.token)
        Self.closeAfterReply(c.fd)
    }

    /// Closes so that what was sent still arrives: a Unix socket closed with unread input
    /// resets the peer, which then loses our last reply. Shutting down first stops more
    /// input; what is queued is read and dropped.
    private static func closeAfterReply(_ fd: Int32) {
        shutdown(fd, Int32(SHUT_RDWR))
        var sink = [UInt8](repeating: 0, count: 16384)
        while sink.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
        close(fd)
    }
}
