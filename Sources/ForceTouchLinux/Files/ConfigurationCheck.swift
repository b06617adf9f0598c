import ForceTouchCore
import ForceTouchEngine
import Glibc

/// Checks a configuration file in a short-lived child process before the daemon parses it
/// itself: whatever the parser does on a hostile file (an assertion in a library, a runaway
/// allocation, a hang), it happens to the child, and the running daemon only refuses the
/// reload.
///
/// The child is `forcetouchd --check-config --config FILE` (`ConfigurationCheck.command`),
/// started with posix_spawn — no shell — with stdin and stdout on /dev/null, its stderr the
/// daemon's (so a library's own crash message reaches the log), its address space limited to
/// `memoryLimit` MiB, and killed when it takes longer than `timeout`.
public enum ConfigurationCheck {
    public enum Outcome: Equatable, Sendable, CustomStringConvertible {
        /// The child finished: 0 for a valid file, 1 for one with errors. Either way the file
        /// is safe to parse in-process, which gives the errors with their lines.
        case exited(Int32)
        /// The child died of a signal: the file crashes the parser.
        case crashed(signal: Int32)
        /// The child ran past the timeout and was killed.
        case timedOut(seconds: Double)
        /// The child could not be started.
        case notStarted(String)

        /// Whether the file may be parsed in the daemon's own process.
        public var isSafeToParse: Bool {
            if case .exited(let status) = self { return status == 0 || status == 1 }
            return false
        }

        public var description: String {
            switch self {
            case .exited(let status): return "checked, exit status \(status)"
            case .crashed(let signal):
                return "checking it crashed the parser, or it outgrew \(ConfigurationCheck.memoryLimit) MiB "
                    + "(signal \(signal), \(String(cString: strsignal(signal))))"
            case .timedOut(let seconds):
                return "checking it took longer than \(TextFormat.number(seconds)) s and was stopped"
            case .notStarted(let reason): return "cannot check it in a separate process: \(reason)"
            }
        }
    }

    /// This program, for `command`: the running executable, even after a package upgrade
    /// replaced the file.
    public static let selfExecutable = "/proc/self/exe"

    /// The address space the checking child may use, in MiB: a real configuration needs a
    /// few tens; a file that makes the parser allocate without end stops there.
    public static let memoryLimit = 512

    /// The argv that checks `path` with `executable`.
    public static func command(executable: String = selfExecutable, path: String) -> [String] {
        [executable, "--check-config", "--config", path, "--check-memory-limit", String(memoryLimit)]
    }

    /// Runs `argv` (argv[0] is the program's path) and waits at most `timeout` seconds.
    /// `started` is told the child's pid; when it answers false the child is killed at once
    /// (the daemon is stopping).
    public static func run(_ argv: [String], timeout: Double = 10, started: (pid_t) -> Bool = { _ in true }) -> Outcome {
        var attr = ChildSpawnAttributes.make(ownProcessGroup: false)
        defer { posix_spawnattr_destroy(&attr) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        // A child that dies (its memory limit, a library's assertion) is one line in the log,
        // `Outcome.crashed`, not the runtime's backtrace of fifty.
        var variables = ProcessEnvironment.current()
        variables["SWIFT_BACKTRACE"] = "enable=no"
        let environment = variables.map { "\($0.key)=\($0.value)" }.sorted()
        // The running executable is one file under three names, and runs the program its
        // argv[0] names: /proc/self/exe is no name, so the child is told it is forcetouchd.
        let childArgv = argv[0] == selfExecutable ? ["forcetouchd"] + argv.dropFirst() : argv
        let rc = withCStrings(childArgv) { cargv in
            withCStrings(environment) { cenv in posix_spawn(&pid, argv[0], &actions, &attr, cargv, cenv) }
        }
        guard rc == 0 else { return .notStarted("\(argv[0]): \(String(cString: strerror(rc)))") }
        if !started(pid) { kill(pid, SIGKILL) }
        let deadline = MonotonicClock.now() + Timestamp.Duration(seconds: timeout)
        var status: Int32 = 0
        var pause: useconds_t = 1000
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return .notStarted("waitpid: \(String(cString: strerror(errno)))") }
            if MonotonicClock.now() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return .timedOut(seconds: timeout)
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
        let signal = status & 0x7f
        if signal != 0 && signal != 0x7f { return .crashed(signal: signal) }
        return .exited((status >> 8) & 0xff)
    }
}
