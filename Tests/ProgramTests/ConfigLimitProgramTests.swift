import Foundation
import ForceTouchTestSupport
import Glibc
import Testing

/// One limit for the configuration, applied alike by `forcetouchd --check-config` and by a
/// reload's check (issue 31, item 3): a valid 15 MB file once passed the first and was
/// refused by the second, with a backtrace in the log.
@Suite(.serialized) struct ConfigLimitProgramTests {
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    /// `[control]` for the tests' forcectl, then `bindings` tap bindings.
    static func config(bindings: Int, padTo size: Int? = nil) -> String {
        var text = "[control]\nallow-users = [\"root\"]\n\n"
        for i in 0..<bindings {
            text += "[[binding]]\ngesture = \"tap\"\nfingers = \(1 + i % 3)\nexec = [\"true\", \"binding \(i)\"]\n\n"
        }
        if let size, text.utf8.count < size {
            text += String(repeating: "#", count: size - text.utf8.count - 1) + "\n"
        }
        return text
    }

    @Test func aFileTheCheckAcceptsTheReloadAcceptsAndOneOverTheLimitBothRefuseInOneLine() throws {
        let daemon = try RobustnessProgramTests.RunningDaemon(config: Self.config(bindings: 1), asUser: asUser)
        defer { daemon.stop() }
        #expect(daemon.process.isRunning, "\(daemon.log)")

        // Accepted by both: 2,000 bindings, some 130 KB.
        try Self.config(bindings: 2000).write(to: daemon.config, atomically: false, encoding: .utf8)
        let check = try Program.forcetouchd.run(["--check-config", "--config", daemon.config.path])
        #expect(check.status == 0 && check.stdout.contains("ok, 2000 binding(s)"), "\(check)")
        let reload = try daemon.forcectl(["reload"])
        #expect(reload.status == 0, "\(reload)\n\(daemon.log)")
        #expect(try daemon.forcectl(["status", "--json"]).stdout.contains(#""bindings":2000"#))

        // One byte over 1 MiB: refused by both, in the same one line.
        try Self.config(bindings: 1, padTo: (1 << 20) + 1).write(to: daemon.config, atomically: false, encoding: .utf8)
        let over = "cannot read: is 1048577 bytes, more than the limit of 1048576"
        let refused = try Program.forcetouchd.run(["--check-config", "--config", daemon.config.path])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.output == "\(daemon.config.path):0: \(over)\n", "\(refused)")
        let reloadOver = try daemon.forcectl(["reload"])
        #expect(reloadOver.status != 0 && reloadOver.output.contains("reload refused"), "\(reloadOver)")
        #expect(daemon.log.contains("\(daemon.config.path):0: \(over)"), "\(daemon.log)")
        #expect(try daemon.forcectl(["status", "--json"]).stdout.contains(#""bindings":2000"#))
        #expect(!daemon.log.contains("backtrace") && !daemon.log.contains("Crash"), "\(daemon.log)")
    }
}
