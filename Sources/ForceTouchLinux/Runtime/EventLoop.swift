import CLinuxSupport
import ForceTouchCore
import ForceTouchEngine
import Glibc

/// The daemon's one loop: epoll over device, udev, signal and timer file descriptors.
///
/// No polling and no periodic wake-ups — it sleeps in epoll_wait until a descriptor is
/// readable, and the one timer is armed for the earliest deadline anyone has asked for —
/// so an idle daemon uses no CPU.
public final class EventLoop {
    public typealias Handler = () -> Void

    /// Which handlers go first when several descriptors are ready at once. Input devices are
    /// `.input`: read before anything else, so that what the kernel holds for us is taken
    /// before its buffer can overflow, and no action or deadline runs while it waits. Udev,
    /// signals and the timer are `.normal`; socket clients are `.low`, so no client's work
    /// ever delays a device's events by more than one bounded turn.
    ///
    /// An `.input` descriptor is watched edge-triggered: it is reported when new input comes,
    /// so its handler must read it to EAGAIN every time. epoll then does not look at it again
    /// at the next wait to find it empty, as it does for a level-triggered one, which is
    /// kernel work at every wake-up (an evdev reader wakes once a frame).
    public enum Priority: Sendable { case input, normal, low }

    private let epfd: Int32
    private let timerfd: Int32
    private let signalfd: Int32
    // `@exclusivity(unchecked)` below: the loop reads these at every turn. It is one thread
    // and no access to them overlaps another, so their dynamic check, a runtime call at
    // every access, is off.
    /// What is watched, by slot: a token's low 32 bits name its slot (past the timer's and the
    /// signals'), its high ones the registration, so that the token of a removed descriptor
    /// never reaches the one that reuses its slot. Finding a handler is an index, not a hash:
    /// the loop does it for every ready descriptor.
    @exclusivity(unchecked) private var watches: [Watch?] = []
    private var freeSlots: [Int] = []
    private var registrations: UInt64 = 0
    /// Handlers with work left over from their last turn: called again on the next turn
    /// even if their descriptor is not readable (the loop then does not sleep).
    @exclusivity(unchecked) private var again: Set<UInt64> = []
    private var signalHandler: ((Int32) -> Void)?
    private var timerHandler: (() -> Void)?
    @exclusivity(unchecked) private var armedAt: Timestamp?
    @exclusivity(unchecked) private var running = false

    private static let timerToken: UInt64 = 1
    private static let signalToken: UInt64 = 2
    private static let firstSlotToken = 3

    /// One watched descriptor. A class, so that its handler is called as the closure it is,
    /// with no reabstraction thunk around it as a collection's element would need.
    private final class Watch {
        let token: UInt64
        let fd: Int32
        let priority: Priority
        let handler: Handler
        init(token: UInt64, fd: Int32, priority: Priority, handler: @escaping Handler) {
            self.token = token
            self.fd = fd
            self.priority = priority
            self.handler = handler
        }
    }

    /// - Parameter signals: delivered through `onSignal` instead of their default action.
    public init(signals: [Int32]) throws(SystemError) {
        epfd = ft_epoll_create()
        guard epfd >= 0 else { throw SystemError("epoll_create1") }
        timerfd = ft_timerfd_create()
        guard timerfd >= 0 else { throw SystemError("timerfd_create") }
        // Blocked, so they queue for the signalfd rather than interrupt anything.
        signalfd = signals.withUnsafeBufferPointer { ft_signalfd_create($0.baseAddress, Int32($0.count)) }
        guard signalfd >= 0 else { throw SystemError("signalfd") }
        _ = ft_epoll_add(epfd, timerfd, Self.timerToken, 0)
        _ = ft_epoll_add(epfd, signalfd, Self.signalToken, 0)
    }

    deinit {
        close(timerfd)
        close(signalfd)
        close(epfd)
    }

    /// Calls `handler` whenever `fd` is readable. Returns a token for `remove`.
    @discardableResult
    public func add(fd: Int32, priority: Priority = .normal, _ handler: @escaping Handler) -> UInt64 {
        let slot: Int
        if let free = freeSlots.popLast() { slot = free } else { slot = watches.count; watches.append(nil) }
        registrations &+= 1
        let token = registrations << 32 | UInt64(slot + Self.firstSlotToken)
        watches[slot] = Watch(token: token, fd: fd, priority: priority, handler: handler)
        _ = ft_epoll_add(epfd, fd, token, priority == .input ? 1 : 0)
        return token
    }

    private static func slot(of token: UInt64) -> Int {
        Int(truncatingIfNeeded: token & 0xffff_ffff) - firstSlotToken
    }

    private func watch(_ token: UInt64) -> Watch? {
        let slot = Self.slot(of: token)
        guard slot >= 0, slot < watches.count, let w = watches[slot], w.token == token else { return nil }
        return w
    }

    /// Also wakes the handler when `fd` can take output (a client with a backlog).
    public func watchWritable(_ token: UInt64, _ writable: Bool) {
        if let w = watch(token) { _ = ft_epoll_mod(epfd, w.fd, token, writable ? 1 : 0) }
    }

    /// Calls the handler of `token` again on the next turn of the loop, after what is ready
    /// then: the way a handler that stopped at its budget comes back for the rest.
    public func callAgain(_ token: UInt64) {
        if watch(token) != nil { again.insert(token) }
    }

    public func remove(_ token: UInt64) {
        again.remove(token)
        guard let w = watch(token) else { return }
        let slot = Self.slot(of: token)
        watches[slot] = nil
        freeSlots.append(slot)
        _ = ft_epoll_del(epfd, w.fd)
    }

    public func onSignal(_ handler: @escaping (Int32) -> Void) { signalHandler = handler }

    /// Called when the time armed with `arm(at:)` comes.
    public func onTimer(_ handler: @escaping () -> Void) { timerHandler = handler }

    /// Arms the single timer for `t` on the monotonic clock, or disarms it for nil.
    public func arm(at t: Timestamp?) {
        guard t != armedAt else { return }
        armedAt = t
        // Zero would disarm: a deadline already past fires at the first microsecond.
        _ = ft_timerfd_arm(timerfd, t.map { max($0.microseconds, 1) } ?? 0)
    }

    public func stop() { running = false }

    /// Runs until `stop()`. `beforeWait` runs before each sleep: the place to re-arm the timer.
    ///
    /// Each turn handles the `.input` descriptors first, then the timer, signals and
    /// `.normal` descriptors, then `.low` ones, then the handlers that asked to be called again.
    public func run(beforeWait: () -> Void = {}) {
        running = true
        // A plain buffer, not an array: epoll writes into it at every turn, and an array would
        // check each time that its storage is not shared.
        let tokens = UnsafeMutablePointer<UInt64>.allocate(capacity: 32)
        defer { tokens.deallocate() }
        var later: [UInt64] = []
        later.reserveCapacity(32)
        var low: [UInt64] = []
        low.reserveCapacity(32)
        while running {
            beforeWait()
            guard running else { break }
            let timeout: Int32 = again.isEmpty ? -1 : 0
            let n = ft_epoll_wait(epfd, tokens, 32, timeout)
            // Mostly empty already; clearing an empty array still costs a call.
            if !later.isEmpty { later.removeAll(keepingCapacity: true) }
            if !low.isEmpty { low.removeAll(keepingCapacity: true) }
            for i in 0..<Int(max(n, 0)) {
                if let w = watch(tokens[i]), w.priority == .input {
                    w.handler()
                    if !running { return }
                } else {
                    later.append(tokens[i])
                }
            }
            for token in later {
                switch token {
                case Self.timerToken:
                    ft_timerfd_drain(timerfd)
                    armedAt = nil
                    timerHandler?()
                case Self.signalToken:
                    var signal = ft_signalfd_next(signalfd)
                    while signal > 0 {
                        signalHandler?(signal)
                        signal = ft_signalfd_next(signalfd)
                    }
                default:
                    guard let w = watch(token) else { break }
                    if w.priority == .low { low.append(token); break }
                    w.handler()
                }
                if !running { return }
            }
            for token in low {
                again.remove(token)
                watch(token)?.handler()
                if !running { return }
            }
            if !again.isEmpty {
                let pending = again
                again.removeAll(keepingCapacity: true)
                for token in pending {
                    watch(token)?.handler()
                    if !running { return }
                }
            }
        }
    }
}
