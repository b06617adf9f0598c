import Foundation
import ForceTouchTestSupport
import Glibc
import Testing

/// `forcetouchd --verbose` on the live benchmark's dense stream (ten contacts at 1 kHz,
/// `Benchmarks/live/make-streams.py`): the recognizers' notes are written within their
/// budget, 50 a second in bursts of 100 (SPEC §9), and the lines that say how many were
/// left out account for every note `forcetest replay --explain` prints. Issue 40: writing
/// each one tripled the daemon's CPU. A count of lines, not a timing.
@Suite struct VerboseNotesProgramTests {
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    @Test func denseStreamNotesAreBoundedAndAccountedFor() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        chmod(scratch.path, 0o755)
        let seconds = 3.0
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["python3", Program.repositoryRoot.path + "/Benchmarks/live/make-streams.py",
                          scratch.path, "\(seconds)", "1"]
        make.standardOutput = FileHandle.nullDevice
        try make.run()
        make.waitUntilExit()
        try #require(make.terminationStatus == 0)
        let events = scratch.path + "/dense.events"
        chmod(events, 0o644)
        let desc = Program.repositoryRoot.path + "/Benchmarks/live/touchscreen.desc"
        let config = try scratch.write("forcetouch.toml", """
            [[binding]]
            gesture = "deep-press"
            notify = "deep press"

            """)
        chmod(config.path, 0o644)
        // No session bus: the replay's own path.
        let env = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "XDG_CONFIG_HOME": scratch.path,
                   "XDG_STATE_HOME": scratch.path]

        let explained = try Program.forcetest.run(["replay", "--explain", "--config", config.path,
                                                   "--desc", desc, events], environment: env)
        #expect(explained.status == 0, "\(explained)")
        let all = explained.stdout.split(separator: "\n").filter { $0.contains("  why: ") }.count
        // The stream is one where the budget matters: hundreds of notes a second.
        #expect(Double(all) > 300 * seconds, "\(all) notes")

        let run = try Program.forcetouchd.run(["--verbose", "--config", config.path, "--replay", events,
                                               "--desc", desc] + asUser, environment: env)
        #expect(run.status == 0, "\(run)")
        let why = run.stderr.split(separator: "\n").filter { $0.hasPrefix("debug: replay:") && $0.contains(": why: ") }
        let summaries = why.filter { $0.contains(" note(s) not logged in ") }
        let written = why.count - summaries.count
        let leftOut = summaries.compactMap { line in
            line.components(separatedBy: ": why: ").last.flatMap { Int($0.prefix { $0 != " " }) }
        }.reduce(0, +)
        // 100 at once, then 50 a second of the stream's time, and a line a second at most
        // saying how many were left out.
        #expect(Double(written) <= 100 + 50 * seconds + 1, "\(written) notes written of \(all)")
        #expect(Double(summaries.count) <= seconds + 2, "\(summaries.count) summary lines")
        #expect(written + leftOut == all, "\(written) written + \(leftOut) left out, of \(all)")
        #expect(summaries.last?.hasSuffix("more than 50 a second") == true, "\(summaries.last ?? "")")
    }
}
