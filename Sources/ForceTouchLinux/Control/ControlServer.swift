import CLinuxSupport
import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Glibc

/// The daemon's control socket: JSON Lines over a Unix stream socket, only for the
/// daemon's own user (SO_PEERCRED) unless the configuration names more users or a group.
///
/// Every buffer is bounded. A request line longer than `maximumRequest` gets an error and
/// the client is dropped; a client that stops reading is dropped once `maximumBacklog`
/// bytes wait for it, so a stuck subscriber never stalls the daemon. One line is never too
/// long to send: a reply larger than the backlog (`shortcuts list` of a shortcuts.json near
/// its 4 MiB) goes whole to a client that had read what came before it.
///
/// Fair: a client gets at most `requestsPerTurn` requests and one read of `readPerTurn`
/// bytes answered per turn of the event loop, then the loop goes round (devices first, see
/// `EventLoop.Priority`) before its next ones. A connection that sends nothing for
/// `idleTimeout` is closed, unless it subscribed or waits for a reply; so is one that began a
/// request line `idleTimeout` ago and has not finished it, however it trickles bytes. One user
/// may hold `maximumClientsPerUser` connections and everyone together `maximumClients`: at the
/// cap the connection idle, or stalled mid-line, longest (at least `evictionGrace`) gives way
/// to the new one, and when none is the new one is told `{"error":"busy","ok":false}` and
/// closed. Every line it writes itself, refusals too, is a `ControlReply` made by the one
/// encoder, so its keys come sorted like every other reply's.
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
        let uid: uid_t
        var token: UInt64 = 0
        var input: [UInt8] = []
        /// Where the unanswered part of `input` begins.
        var start = 0
        var output: [UInt8] = []
        var subscribed = false
        /// Whether the loop wakes us when the client can take output: changed only when
        /// it must be, not with a system call per line sent.
        var watchingWritable = false
        /// Requests answered later through `reply(_:to:)`.
        var awaiting = 0
        /// Deferred replies sent so far (one may come before its request returns).
        var lateReplies = 0
        var lastActivity: Timestamp
        /// When the request line not yet complete began; nil when none is. A line must be
        /// finished within `idleTimeout` of its first byte, however it trickles in: each byte
        /// is activity, and would otherwise keep a half line open for ever.
        var partialSince: Timestamp?
        init(fd: Int32, uid: uid_t, now: Timestamp) {
            self.fd = fd
            self.uid = uid
            self.lastActivity = now
        }
        /// Neither subscribed nor waiting for an answer nor with a request half answered.
        var isIdle: Bool { !subscribed && awaiting == 0 && start == input.count }

        /// Since when the connection may give way to a new one at the cap: idle since its
        /// last activity, or stalled since its unfinished line began; nil when it is busy.
        var givesWaySince: Timestamp? { partialSince ?? (isIdle ? lastActivity : nil) }
    }

    /// The reply to a connection refused because its user (or everyone) has too many.
    public static let busyReply = refusal("busy")

    /// A failed reply the server writes itself, with no request (and so no id) to answer.
    static func refusal(_ message: String) -> String { ControlReply.failure(message, id: nil).json }

    public let path: String
    public var access: Access
    public var maximumRequest = 64 * 1024
    public var maximumBacklog = 1024 * 1024
    public var maximumClients = 128
    public var maximumClientsPerUser = 32
    /// Subscribers one user may hold, and everyone together: fewer than the connections, so
    /// that subscribers (which never give way) cannot keep a plain request out.
    public var maximumSubscribersPerUser = 24
    public var maximumSubscribers = 96
    /// Requests answered per client per turn of the loop.
    public var requestsPerTurn = 16
    /// Bytes read per client per turn of the loop.
    public var readPerTurn = 16384
    // Read at every turn of the loop, by `nextDeadline`, as `clients` is: one thread, no
    // overlapping access, so no dynamic exclusivity check (a runtime call at every access).
    /// A connection that sends nothing this long is closed (not subscribers, nor clients
    /// waiting for a reply); nil keeps idle connections.
    @exclusivity(unchecked) public var idleTimeout: Timestamp.Duration? = Timestamp.Duration(seconds: 60)
    /// How long a connection must have been idle to give way to a new one at the cap.
    public var evictionGrace = Timestamp.Duration(seconds: 0.5)
    /// Where time comes from (tests set it).
    public var now: () -> Timestamp = { MonotonicClock.now() }
    /// Answers one request line from a client with one response line, or nil when the
    /// answer comes later through `reply(_:to:)` (performing, running an intent).
    public var onRequest: ((String, ClientID) -> String?)?
    public var log: ((String) -> Void)?

    private let loop: EventLoop
    private let listener: Int32
    private var listenerToken: UInt64 = 0
    @exclusivity(unchecked) private var clients: [ClientID: Client] = [:]

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
        if let pid = Self.liveServer(at: path) {
            // Taking the path over would leave that daemon unreachable, and two daemons of one
            // user would each claim the other's clones.
            throw SystemError("another forcetouchd\(pid > 0 ? " (pid \(pid))" : "") already answers on \(path); "
                + "one runs per user (systemctl --user stop forcetouchd, or --socket for another place)",
                errno: EADDRINUSE)
        }
        let fd = ft_unix_listen(path, 16)
        guard fd >= 0 else { throw SystemError("listen on \(path)") }
        listener = fd
        listenerToken = loop.add(fd: fd, priority: .low) { [unowned self] in self.acceptClients() }
    }

    /// The pid of a process that accepts connections at `path` now (0 when its credentials
    /// cannot be read), or nil: nothing listens there, or only a socket file left by a daemon
    /// that ended, which may be replaced.
    static func liveServer(at path: String) -> Int32? {
        let fd = ft_unix_connect(path)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var uid: UInt32 = 0, gid: UInt32 = 0, pid: Int32 = 0
        return ft_peer_credentials(fd, &uid, &gid, &pid) == 0 ? pid : 0
    }

    deinit {
        for c in clients.values { close(c.fd) }
        close(listener)
        unlink(path)
    }

    public var clientCount: Int { clients.count }
    /// How many writes to clients went out: each one a system call, and a wake-up of the
    /// client. What `releasePublishing` keeps to one a subscriber.
    private(set) var writes = 0
    public var subscriberCount: Int { clients.values.filter(\.subscribed).count }

    /// Makes the client a subscriber: it receives every `publish`ed line from now on. Nil
    /// when it may: else why not (its user, or everyone, holds the subscribers allowed).
    @discardableResult
    public func subscribe(_ id: ClientID) -> String? {
        guard let c = clients[id] else { return nil }
        if c.subscribed { return nil }
        let mine = clients.values.filter { $0.subscribed && $0.uid == c.uid }.count
        if mine >= maximumSubscribersPerUser {
            return "busy: uid \(c.uid) already has \(mine) subscribers (the limit is \(maximumSubscribersPerUser), "
                + "so that requests still get in)"
        }
        if subscriberCount >= maximumSubscribers {
            return "busy: already \(subscriberCount) subscribers (the limit is \(maximumSubscribers))"
        }
        c.subscribed = true
        return nil
    }

    /// A deferred answer; dropped when the client has gone meanwhile.
    public func reply(_ line: String, to id: ClientID) {
        guard let c = clients[id] else { return }
        c.awaiting = max(c.awaiting - 1, 0)
        c.lateReplies += 1
        c.lastActivity = now()
        send(line, to: c)
    }

    /// When the first idle connection times out, or the first unfinished request line runs
    /// out of time; nil when none can.
    public var nextDeadline: Timestamp? {
        guard let idleTimeout, !clients.isEmpty else { return nil }
        var next: Timestamp?
        for c in clients.values {
            guard let since = c.partialSince ?? (c.isIdle ? c.lastActivity : nil) else { continue }
            let d = since + idleTimeout
            if next.map({ d < $0 }) ?? true { next = d }
        }
        return next
    }

    /// Closes, each told why, the connections idle for `idleTimeout` by `now`, and those that
    /// began a request line longer ago than that and have not finished it.
    public func expireIdle(now t: Timestamp) {
        guard let idleTimeout else { return }
        let seconds = TextFormat.number(idleTimeout.seconds)
        for c in clients.values {
            if let since = c.partialSince, since + idleTimeout <= t {
                log?("control: closed a connection that sent no complete request line in \(seconds) s")
                c.output += Array(Self.refusal("request line timeout").utf8) + [10]
                flushAndDrop(c)
            } else if c.isIdle && c.lastActivity + idleTimeout <= t {
                log?("control: closed a connection idle for \(seconds) s")
                c.output += Array(Self.refusal("idle timeout").utf8) + [10]
                flushAndDrop(c)
            }
        }
    }

    /// Lines published while publishing is held, in order: made and sent on release.
    private var heldLines: [() -> String]?

    /// Holds what is published until `releasePublishing`: the daemon holds it while it starts
    /// the actions a frame or deadline decided, so that no JSON is made and no subscriber's
    /// turn comes between the decision and the action. Subscribers still get every line, in
    /// the order published.
    public func holdPublishing() {
        if heldLines == nil { heldLines = [] }
    }

    /// Makes the lines held since `holdPublishing` and sends them to each subscriber in one
    /// write: a turn that decided a gesture and its action publishes several lines, and a
    /// write of each would wake the subscriber, and cost a system call, once a line.
    public func releasePublishing() {
        guard let lines = heldLines else { return }
        heldLines = nil
        guard !lines.isEmpty else { return }
        let subscribers = clients.values.filter(\.subscribed)
        for line in lines {
            let text = line()
            for c in subscribers { _ = queue(text, to: c) }
        }
        // A subscriber whose backlog overflowed while queuing is dropped: gone from `clients`.
        for c in subscribers where clients[c.fd] === c { write(c) }
    }

    /// Sends one JSON line to every subscriber. The line is made only when there is one: a
    /// gesture nobody subscribed to costs no JSON.
    public func publish(_ line: @autoclosure @escaping () -> String) {
        guard clients.values.contains(where: \.subscribed) else { return }
        if heldLines != nil { heldLines?.append(line); return }
        let text = line()
        for c in clients.values where c.subscribed { send(text, to: c) }
    }

    private func acceptClients() {
        // Bounded too: a storm of connections waits its turn like a storm of requests.
        for _ in 0..<16 {
            let fd = ft_unix_accept(listener)
            guard fd >= 0 else { return }
            var uid: UInt32 = 0, gid: UInt32 = 0, pid: Int32 = 0
            guard ft_peer_credentials(fd, &uid, &gid, &pid) == 0 else { close(fd); continue }
            guard allowed(uid: uid, gid: gid) else {
                log?("control: refused uid \(uid) (pid \(pid)): not the daemon's user")
                Self.refuse(fd, Self.refusal("permission denied: this daemon serves only its own user"))
                continue
            }
            let t = now()
            let mine = clients.values.filter { $0.uid == uid }
            if mine.count >= maximumClientsPerUser || clients.count >= maximumClients {
                // The connection idle (or stalled mid-line) longest gives way: neither idle
                // connections nor half-sent lines can lock anyone out.
                let pool = mine.count >= maximumClientsPerUser ? mine : Array(clients.values)
                let idle = pool.compactMap { c in c.givesWaySince.flatMap { t - $0 >= evictionGrace ? (c, $0) : nil } }
                if let oldest = idle.min(by: { $0.1 < $1.1 })?.0 {
                    log?("control: closed the connection idle longest to make room (uid \(oldest.uid))")
                    oldest.output += Array(Self.busyReply.utf8) + [10]
                    flushAndDrop(oldest)
                } else {
                    log?("control: refused a client of uid \(uid) (pid \(pid)): busy, "
                        + "\(mine.count) of its connections and \(clients.count) in all")
                    Self.refuse(fd, Self.busyReply)
                    continue
                }
            }
            let c = Client(fd: fd, uid: uid, now: t)
            clients[fd] = c
            c.token = loop.add(fd: fd, priority: .low) { [unowned self] in self.serve(c) }
        }
        loop.callAgain(listenerToken)
    }

    /// Tells a refused connection why, then closes it.
    private static func refuse(_ fd: Int32, _ reply: String) {
        let bytes = Array(reply.utf8) + [10]
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        closeAfterReply(fd)
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

    /// One turn for one client: at most `requestsPerTurn` requests and one read. What is
    /// left waits for the next turn (`EventLoop.callAgain`).
    private func serve(_ c: Client) {
        guard clients[c.fd] != nil else { return }
        var budget = requestsPerTurn
        answer(c, budget: &budget)
        if budget > 0, clients[c.fd] != nil, !c.input[c.start...].contains(10) {
            var buffer = [UInt8](repeating: 0, count: readPerTurn)
            let n = buffer.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n == 0 { drop(c); return }
            if n < 0 {
                if errno != EAGAIN && errno != EINTR { drop(c); return }
            } else {
                if c.start > 0 {
                    c.input.removeFirst(c.start)
                    c.start = 0
                }
                let t = now()
                // A newline ends the line that was unfinished: what follows it begins now.
                if buffer[0..<n].contains(10) { c.partialSince = nil }
                c.input += buffer[0..<n]
                c.lastActivity = t
                if c.input.last != 10, c.partialSince == nil { c.partialSince = t }
                answer(c, budget: &budget)
            }
        }
        guard clients[c.fd] != nil else { return }
        if c.input.count - c.start > maximumRequest && !c.input[c.start...].contains(10) {
            send(Self.refusal("request too long (limit \(maximumRequest) bytes)"), to: c)
            log?("control: dropped a client: request over \(maximumRequest) bytes")
            drop(c)
            return
        }
        if c.input[c.start...].contains(10) { loop.callAgain(c.token) }
        if !c.output.isEmpty { write(c) }
    }

    /// Answers the complete lines waiting in `c.input`, while the budget lasts.
    private func answer(_ c: Client, budget: inout Int) {
        while budget > 0, clients[c.fd] != nil,
              let newline = c.input[c.start...].firstIndex(of: 10) {
            let bytes = c.input[c.start..<newline]
            c.start = newline + 1
            budget -= 1
            // A request is text: decoded leniently, a stray byte in a title would become U+FFFD
            // and be saved so.
            if let problem = TextCheck.problem(in: bytes), problem.message.hasPrefix("invalid UTF-8") {
                send(ControlReply.failure("column \(problem.column): \(problem.message)", id: nil,
                                          kind: .invalidRequest).json, to: c)
                continue
            }
            let line = String(decoding: bytes, as: UTF8.self)
            let before = c.lateReplies
            if let reply = onRequest?(line, c.fd) {
                send(reply, to: c)
            } else if clients[c.fd] != nil && c.lateReplies == before {
                c.awaiting += 1
            }
        }
        if c.start == c.input.count {
            c.input.removeAll(keepingCapacity: c.input.capacity <= readPerTurn * 2)
            c.start = 0
        }
    }

    private func send(_ line: String, to c: Client) {
        if queue(line, to: c) { write(c) }
    }

    /// Adds a line to what `c` is to be sent; false when that dropped the client, which
    /// does not read.
    private func queue(_ line: String, to c: Client) -> Bool {
        // What the client left unread before this line counts, not the line itself: the
        // largest reply is the daemon's to bound (its items', its status'), not the backlog's.
        let unread = c.output.count
        c.output.append(contentsOf: line.utf8)
        c.output.append(10)
        guard unread > maximumBacklog else { return true }
        log?("control: dropped a client that does not read (\(c.output.count) bytes waiting)")
        drop(c)
        return false
    }

    private func write(_ c: Client) {
        while !c.output.isEmpty {
            let n = c.output.withUnsafeBytes { Glibc.send(c.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 {
                writes += 1
                c.output.removeFirst(n)
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EINTR) {
                // Woken again when the client can take more.
                if !c.watchingWritable { loop.watchWritable(c.token, true); c.watchingWritable = true }
                return
            }
            drop(c)
            return
        }
        if c.watchingWritable { loop.watchWritable(c.token, false); c.watchingWritable = false }
    }

    /// Sends what can go now without waiting, then closes.
    private func flushAndDrop(_ c: Client) {
        if !c.output.isEmpty {
            _ = c.output.withUnsafeBytes { Glibc.send(c.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            c.output.removeAll()
        }
        drop(c)
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
