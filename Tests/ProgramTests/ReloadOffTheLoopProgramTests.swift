import Foundation
import ForceTouchTestSupport
import Glibc
import Testing

/// A reload never stops the event loop (issue 40, item 5): a large file took seconds to
/// check and parse, and meanwhile requests waited (a forcectl round trip of 9.96 s), SIGTERM
/// waited (9.55 s), and a claimed touchscreen would have frozen. The file is now checked and
/// parsed off the loop, which goes on answering; a SIGTERM stops the daemon at once and
/// leaves no checking child behind.
@Suite(.serialized) struct ReloadOffTheLoopProgramTests {
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    /// A valid file of 400 KB of bindings: seconds of checking and parsing in a debug build.
    static var large: String { ConfigLimitProgramTests.config(bindings: 6_000) }

    /// `forcectl reload` on a process of its own, as a user's would be.
    func startReload(_ daemon: RobustnessProgramTests.RunningDaemon) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Program.forcectl.path)
        p.arguments = ["reload", "--socket", daemon.socket]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        return (p, out)
    }

    /// The `forcetouchd --check-config` children checking `path`, from /proc.
    func checkers(of path: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { Int($0) != nil }.compactMap { pid in
            guard let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let argv = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return argv.contains("--check-config") && argv.contains(path) ? pid : nil
        }
    }

    @Test func requestsAreAnsweredWhileALargeFileIsReloaded() throws {
        let daemon = try RobustnessProgramTests.RunningDaemon(config: ConfigLimitProgramTests.config(bindings: 1),
                                                              asUser: asUser)
        defer { daemon.stop() }
        try Self.large.write(to: daemon.config, atomically: false, encoding: .utf8)
        let (reload, out) = try startReload(daemon)
        // The reload has begun once its check runs.
        let deadline = Date().addingTimeInterval(20)
        while checkers(of: daemon.config.path).isEmpty && reload.isRunning && Date() < deadline { usleep(5_000) }
        #expect(reload.isRunning, "the reload ended before it could be watched: \(daemon.log)")

        // Answered while the reload is still being read: before, this waited for it.
        let status = try daemon.forcectl(["status", "--json"])
        let reloadStillRunning = reload.isRunning
        #expect(status.status == 0 && status.stdout.contains(#""bindings":1"#), "\(status)")
        #expect(reloadStillRunning, "status was answered only once the reload had ended\n\(daemon.log)")

        reload.waitUntilExit()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(reload.terminationStatus == 0, "\(said)\n\(daemon.log)")
        #expect(said.contains("reloaded \(daemon.config.path): 6000 binding(s)"), "\(said)")
        #expect(try daemon.forcectl(["status", "--json"]).stdout.contains(#""bindings":6000"#))
    }

    @Test func aReloadAskedForDuringAnotherRunsAfterItAndBothAreAnswered() throws {
        let daemon = try RobustnessProgramTests.RunningDaemon(config: ConfigLimitProgramTests.config(bindings: 1),
                                                              asUser: asUser)
        defer { daemon.stop() }
        try Self.large.write(to: daemon.config, atomically: false, encoding: .utf8)
        let (first, firstOut) = try startReload(daemon)
        let deadline = Date().addingTimeInterval(20)
        while checkers(of: daemon.config.path).isEmpty && first.isRunning && Date() < deadline { usleep(5_000) }
        // Changed while the first reads it: the second must read the file as it is now.
        try ConfigLimitProgramTests.config(bindings: 3).write(to: daemon.config, atomically: false, encoding: .utf8)
        let second = try daemon.forcectl(["reload"])
        first.waitUntilExit()
        let firstSaid = String(decoding: firstOut.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(first.terminationStatus == 0, "\(firstSaid)")
        #expect(second.status == 0 && second.stdout.contains("3 binding(s)"), "\(second)\n\(daemon.log)")
        #expect(try daemon.forcectl(["status", "--json"]).stdout.contains(#""bindings":3"#))
    }

    @Test func sigtermDuringAReloadStopsTheDaemonAndItsCheck() throws {
        let daemon = try RobustnessProgramTests.RunningDaemon(config: ConfigLimitProgramTests.config(bindings: 1),
                                                              asUser: asUser)
        defer { daemon.stop() }
        try Self.large.write(to: daemon.config, atomically: false, encoding: .utf8)
        let (reload, _) = try startReload(daemon)
        let deadline = Date().addingTimeInterval(20)
        while checkers(of: daemon.config.path).isEmpty && reload.isRunning && Date() < deadline { usleep(5_000) }
        #expect(!checkers(of: daemon.config.path).isEmpty, "no check was seen running: \(daemon.log)")

        daemon.process.terminate()
        // Stopped while the check still runs (it takes seconds on this file); before, the
        // signal waited for the whole reload.
        let stopBy = Date().addingTimeInterval(20)
        while daemon.process.isRunning && Date() < stopBy { usleep(5_000) }
        #expect(!daemon.process.isRunning)
        #expect(daemon.process.terminationStatus == 0, "\(daemon.log)")
        #expect(daemon.log.contains("stopping on signal 15"), "\(daemon.log)")
        // Before, the signal was taken only once the reload was done.
        #expect(!daemon.log.contains("reloaded "), "\(daemon.log)")
        // The check was killed with the daemon, not left to run on.
        usleep(100_000)
        #expect(checkers(of: daemon.config.path).isEmpty)
        reload.waitUntilExit()
    }
}
