import CLinuxSupport
import Glibc

/// Runs a program found in PATH — never through a shell — with stdin on /dev/null, and gives
/// its exit status and what it printed (at most 64 KiB; its stderr too when `errors`, else
/// that goes to /dev/null), or nil when it could not be started. A program that outlives `timeout` seconds is killed: doctor asks
/// helpers (gdbus, gsettings, gnome-extensions) that may hang on a wedged bus.
struct CommandOutput {
    var status: Int32
    var output: String

    static func run(_ argv: [String], errors: Bool = false, timeout: Int32 = 5) -> CommandOutput? {
        var fds: [Int32] = [0, 0]
        guard ft_pipe(&fds, 0) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        if errors {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var pid: pid_t = 0
        let cargs = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, cargs, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard rc == 0 else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        var left = timeout * 1000
        while left > 0 {
            let started = monotonicMilliseconds()
            let ready = poll(&poller, 1, left)
            left -= Int32(monotonicMilliseconds() - started)
            if ready < 0 { if errno == EINTR { continue } else { break } }
            if ready == 0 { break }
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            if bytes.count < 65536 { bytes += chunk[0..<min(n, 65536 - bytes.count)] }
        }
        if left <= 0 { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import: a signal counts as failure.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return CommandOutput(status: code, output: String(decoding: bytes, as: UTF8.self))
    }

    private static func monotonicMilliseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1000 + Int64(t.tv_nsec) / 1_000_000
    }
}
