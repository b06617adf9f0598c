import ForceTouchCore
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
        public var duration: Timestamp.Duration
        public var succeeded: Bool { status == 0 }
        public var summary: String {
            if timedOut { return "killed after its timeout (\(JSONLine.number(duration.seconds)) s)" }
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

    private struct Running {
        var label: String
        var started: Timestamp
        var deadline: Timestamp
        var terminated = false
    }

    public let maximumChildren: Int
    /// Grace between SIGTERM at the timeout and SIGKILL.
    public var killGrace = Timestamp.Duration(seconds: 1)
    public var onExit: ((Exit) -> Void)?
    private var running: [pid_t: Running] = [:]

    public init(maximumChildren: Int) {
        self.maximumChildren = maximumChildren
    }

    public var count: Int { running.count }

    /// When the next child must be signalled, if any runs.
    public var nextDeadline: Timestamp? { running.values.map(\.deadline).min() }

    /// Starts `argv` with the daemon's environment plus `environment`, stdin from /dev/null.
    @discardableResult
    public func spawn(_ argv: [String], environment: [String: String], timeout: Timestamp.Duration,
                      label: String) throws(SpawnError) -> pid_t {
        guard let program = argv.first, !program.isEmpty else {
            throw SpawnError(message: "\(label): empty command")
        }
        guard running.count < maximumChildren else {
            throw SpawnError(message: "\(label): not started, \(running.count) actions already running (max-children)")
        }
        var env = ProcessEnvironment.current()
        for (k, v) in environment { env[k] = v }
        let envStrings = env.map { "\($0.key)=\($0.value)" }.sorted()

        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGCHLD, SIGHUP, SIGTERM, SIGINT, SIGPIPE] { sigaddset(&defaults, s) }
        // The daemon blocks signals for its signalfd; a child must start with none blocked.
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        var pid: pid_t = 0
        let rc = withCStrings(argv) { cargv in
            withCStrings(envStrings) { cenv in
                posix_spawnp(&pid, program, &actions, &attr, cargv, cenv)
            }
        }
        guard rc == 0 else {
            let reason = rc == ENOENT ? "command not found" : String(cString: strerror(rc))
            throw SpawnError(message: "\(label): cannot run \(program): \(reason)")
        }
        let now = MonotonicClock.now()
        running[pid] = Running(label: label, started: now, deadline: now + timeout)
        return pid
    }

    /// Collects every child that has ended (call on SIGCHLD).
    public func reap() {
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            guard pid > 0 else { return }
            guard let r = running.removeValue(forKey: pid) else { continue }
            let exited = (status & 0x7f) == 0
            let exit = Exit(label: r.label, pid: pid,
                            status: exited ? (status >> 8) & 0xff : nil,
                            signal: exited ? nil : status & 0x7f,
                            timedOut: r.terminated,
                            duration: MonotonicClock.now() - r.started)
            onExit?(exit)
        }
    }

    /// Signals children whose time is up: SIGTERM at the timeout, SIGKILL after the grace.
    public func enforceTimeouts(now: Timestamp = MonotonicClock.now()) {
        for (pid, r) in running where r.deadline <= now {
            if r.terminated {
                kill(-pid, SIGKILL)
                running[pid]?.deadline = now + killGrace
            } else {
                kill(-pid, SIGTERM)
                running[pid]?.terminated = true
                running[pid]?.deadline = now + killGrace
            }
        }
    }

    /// Kills every child (the daemon is stopping).
    public func killAll() {
        for pid in running.keys { kill(-pid, SIGKILL) }
    }
}

/// The process's own environment as a dictionary.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") {
                env[String(s[..<eq])] = String(s[s.index(after: eq)...])
            }
            p += 1
        }
        return env
    }
}

/// Calls `body` with a NULL-terminated C array of the strings, valid for the call.
func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    return body(pointers)
}
