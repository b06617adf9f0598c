import CLinuxSupport
import ForceTouchCore
import ForceTouchEngine
import Glibc

/// Starts action commands and looks after them: no shell, their own process group, a
/// timeout after which the group is killed, a cap on how many run at once, and reaping.
///
/// It never waits for a child: exits are collected on SIGCHLD and timeouts fire from the
/// event loop's timer, so dispatch never blocks gesture recognition.
public final class ChildSupervisor {
    /// How a child ended.
    public struct Exit: Sendable {
        public var label: String
        public var pid: pid_t
        /// Exit status, when it exited.
        public var status: Int32?
        /// Terminating signal, when a signal ended it.
        public var signal: Int32?
        /// True when it was killed for outliving its timeout.
        public var timedOut: Bool
        /// True when it was ended because the daemon stopped (`terminateAll`), not for its timeout.
        public var atShutdown = false
        /// True when SIGTERM did not end it and it was killed (SIGKILL) after the grace.
        public var forced = false
        public var duration: Timestamp.Duration
        public var succeeded: Bool { status == 0 }
        /// How it ended, and why when forcetouch ended it: the log must not blame a timeout
        /// for a kill at shutdown.
        public var summary: String {
            let after = "\(TextFormat.number(duration.seconds)) s"
            if atShutdown {
                if forced { return "killed (SIGKILL) as the daemon stopped: it did not end on SIGTERM, after \(after)" }
                if let status { return "exited with status \(status) as the daemon stopped, after \(after)" }
                return "ended by signal \(signal ?? 0) as the daemon stopped, after \(after)"
            }
            if timedOut {
                return forced ? "killed (SIGKILL) after its timeout, as SIGTERM did not end it (\(after))"
                    : "killed after its timeout (\(after))"
            }
            if let status { return "exited with status \(status)" }
            if let signal { return "killed by signal \(signal)" }
            return "ended"
        }
    }

    /// Why a command did not start.
    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var description: String { message }
    }

    private final class Running {
        var label: String
        var started: Timestamp
        var deadline: Timestamp
        var terminated = false
        /// SIGKILL was sent.
        var killed = false
        /// Ended by `terminateAll`.
        var atShutdown = false
        /// Read end of the child's stdout, when it is captured.
        var stdout: Int32 = -1
        var stdoutToken: UInt64?
        var output: [UInt8] = []
        var completion: ((Exit, [UInt8]) -> Void)?
        init(label: String, started: Timestamp, deadline: Timestamp) {
            self.label = label
            self.started = started
            self.deadline = deadline
        }
    }

    /// Most a captured stdout keeps; the rest is read and dropped so the child never blocks.
    public var maximumOutput = 1 << 20
    /// The loop that reads captured output; without one, output is read when the child exits.
    public weak var loop: EventLoop?

    public let maximumChildren: Int
    /// Grace between SIGTERM at the timeout and SIGKILL.
    public var killGrace = Timestamp.Duration(seconds: 1)
    public var onExit: ((Exit) -> Void)?
    // The loop asks whether any is running at every turn; it is one thread, so the dynamic
    // exclusivity check (a runtime call at every access) is off.
    @exclusivity(unchecked) private var running: [pid_t: Running] = [:]

    public init(maximumChildren: Int) {
        self.maximumChildren = maximumChildren
    }

    public var count: Int { running.count }

    /// When the next child must be signalled, if any runs.
    public var nextDeadline: Timestamp? { running.isEmpty ? nil : running.values.map(\.deadline).min() }

    /// Starts `argv` with the daemon's environment plus `environment`. Stdin is `input`
    /// (from /dev/null when nil). With `captureOutput`, stdout is collected and handed to
    /// `completion` with the exit; otherwise it is the daemon's own.
    @discardableResult
    public func spawn(_ argv: [String], environment: [String: String], timeout: Timestamp.Duration,
                      label: String, input: [UInt8]? = nil, captureOutput: Bool = false,
                      completion: ((Exit, [UInt8]) -> Void)? = nil) throws(SpawnError) -> pid_t {
        guard let program = argv.first, !program.isEmpty else {
            throw SpawnError(message: "\(label): empty command")
        }
        guard running.count < maximumChildren else {
            throw SpawnError(message: "\(label): not started, \(running.count) actions already running (max-children)")
        }
        var env = ProcessEnvironment.current()
        for (k, v) in environment { env[k] = v }
        let envStrings = env.map { "\($0.key)=\($0.value)" }.sorted()

        var attr = ChildSpawnAttributes.make(ownProcessGroup: true)
        defer { posix_spawnattr_destroy(&attr) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        defer {
            for fd in [inPipe[0], outPipe[1]] where fd >= 0 { close(fd) }
        }
        if let input {
            guard ft_pipe(&inPipe, 0) == 0 else { throw SpawnError(message: "\(label): pipe: \(String(cString: strerror(errno)))") }
            _ = ft_set_pipe_size(inPipe[1], Int32(max(input.count, 4096)))
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if captureOutput {
            guard ft_pipe(&outPipe, 1) == 0 else {
                if inPipe[1] >= 0 { close(inPipe[1]) }
                throw SpawnError(message: "\(label): pipe: \(String(cString: strerror(errno)))")
            }
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        }

        var pid: pid_t = 0
        let rc = withCStrings(argv) { cargv in
            withCStrings(envStrings) { cenv in
                posix_spawnp(&pid, program, &actions, &attr, cargv, cenv)
            }
        }
        guard rc == 0 else {
            for fd in [inPipe[1], outPipe[0]] where fd >= 0 { close(fd) }
            let reason = rc == ENOENT ? "command not found" : String(cString: strerror(rc))
            throw SpawnError(message: "\(label): cannot run \(program): \(reason)")
        }
        let now = MonotonicClock.now()
        let r = Running(label: label, started: now, deadline: now + timeout)
        running[pid] = r
        if let input {
            // The pipe was sized to hold it all, so this does not block.
            var written = 0
            while written < input.count {
                let n = input[written...].withUnsafeBytes { Glibc.write(inPipe[1], $0.baseAddress, $0.count) }
                if n <= 0 { if errno == EINTR { continue }; break }
                written += n
            }
            close(inPipe[1])
        }
        r.completion = completion
        if captureOutput {
            r.stdout = outPipe[0]
            r.stdoutToken = loop?.add(fd: outPipe[0]) { [unowned self, unowned r] in self.drain(r) }
        }
        return pid
    }

    /// Collects every child of ours that has ended (call on SIGCHLD). Only our own pids are
    /// waited for, so that another part of the process may have children of its own.
    public func reap() {
        for pid in Array(running.keys) {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { collect(pid, status: status) }
        }
    }

    /// A child has been waited for: its output is read to the end and its exit reported.
    private func collect(_ pid: pid_t, status: Int32) {
        guard let r = running.removeValue(forKey: pid) else { return }
        if r.stdout >= 0 {
            drain(r)
            if let token = r.stdoutToken { loop?.remove(token) }
            close(r.stdout)
            r.stdout = -1
        }
        let exited = (status & 0x7f) == 0
        var exit = Exit(label: r.label, pid: pid,
                        status: exited ? (status >> 8) & 0xff : nil,
                        signal: exited ? nil : status & 0x7f,
                        timedOut: r.terminated && !r.atShutdown,
                        duration: MonotonicClock.now() - r.started)
        exit.atShutdown = r.atShutdown
        exit.forced = r.killed
        onExit?(exit)
        r.completion?(exit, r.output)
    }

    /// Reads what a captured child has written so far.
    private func drain(_ r: Running) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while r.stdout >= 0 {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(r.stdout, $0.baseAddress, $0.count) }
            if n > 0 {
                let room = maximumOutput - r.output.count
                if room > 0 { r.output += buffer[0..<min(n, room)] }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n == 0, let token = r.stdoutToken {
                // End of file: stop watching, the exit will come through SIGCHLD.
                loop?.remove(token)
                r.stdoutToken = nil
            }
            return
        }
    }

    /// Signals children whose time is up: SIGTERM at the timeout, SIGKILL after the grace.
    public func enforceTimeouts(now: Timestamp = MonotonicClock.now()) {
        for (pid, r) in running where r.deadline <= now {
            kill(-pid, r.terminated ? SIGKILL : SIGTERM)
            r.killed = r.terminated
            r.terminated = true
            r.deadline = now + killGrace
        }
    }

    /// Ends every child because the daemon is stopping: SIGTERM to each one's process
    /// group, then SIGKILL to whatever is left after the grace. Returns once every child has
    /// been reaped (and its completion called), so that none outlives the daemon.
    public func terminateAll() {
        guard !running.isEmpty else { return }
        for (pid, r) in running {
            r.atShutdown = true
            kill(-pid, SIGTERM)
        }
        let giveUp = MonotonicClock.now() + killGrace
        while !running.isEmpty && MonotonicClock.now() < giveUp {
            reap()
            if !running.isEmpty { MonotonicClock.sleep(until: MonotonicClock.now() + .init(microseconds: 10_000)) }
        }
        for (pid, r) in running {
            kill(-pid, SIGKILL)
            r.killed = true
        }
        for pid in Array(running.keys) {
            var status: Int32 = 0
            // Blocking: SIGKILL cannot be ignored, so the wait is short.
            if waitpid(pid, &status, 0) == pid { collect(pid, status: status) } else { running[pid] = nil }
        }
    }
}

/// Calls `body` with a NULL-terminated C array of the strings, valid for the call.
func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return body(pointers)
}
