import Foundation
import ForceTouchTestSupport
import Testing

/// How the programs fail: a failure at run time says its cause and exits 1; only a
/// mistake in the command line gets the usage text (status 64).
@Suite struct ProgramErrorsTests {
    /// The daemon refuses to run as root; these tests run as whoever runs the suite.
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    @Test func aMissingRecordingIsARuntimeFailureWithItsCause() throws {
        let run = try Program.forcetest.run(["replay", "/nonexistent/forcetouch.evemu"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr == "forcetest: /nonexistent/forcetouch.evemu: No such file or directory\n", "\(run)")
        #expect(!run.output.contains("Usage:"))
    }

    @Test func aBrokenRecordingNamesItsLine() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("broken.evemu", "# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0001\nE: nonsense\n")
        let run = try Program.forcetest.run(["replay", file.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("forcetest: \(file.path):"), "\(run)")
        #expect(!run.output.contains("Usage:"))
    }

    @Test func theDaemonReportsAMissingReplayAsAFailure() throws {
        let run = try Program.forcetouchd.run(["--replay", "/nonexistent/demo.evemu"] + asUser)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("forcetouchd: /nonexistent/demo.evemu: No such file or directory"), "\(run)")
        #expect(!run.output.contains("Usage:"))
    }

    @Test func aMistakenCommandLineStillGetsTheUsage() throws {
        let run = try Program.forcetest.run(["replay", "--no-such-option", "x"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.contains("Usage:"), "\(run)")
    }

    /// `--what-is-at` is a lookup: with the lookup turned off it is a mistake of the command line.
    @Test func theOverlayRefusesWhatIsAtWithoutItsLookup() throws {
        let run = try Program(name: "forcetouch-overlay").run(["--what-is-at", "1", "2", "--no-under-finger"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.contains("--what-is-at looks up what is under the finger: it cannot go with --no-under-finger"),
                "\(run)")
    }

    /// `--observe-at` is `--what-is-at` with the application's answers: refused as it is, and
    /// beside it.
    @Test func theOverlayRefusesObserveAtAsWhatIsAt() throws {
        let off = try Program(name: "forcetouch-overlay").run(["--observe-at", "1", "2", "--no-under-finger"])
        #expect(off.status == 64 && off.stderr.contains("--observe-at looks up what is under the finger: it cannot go with --no-under-finger"),
                "\(off)")
        let one = try Program(name: "forcetouch-overlay").run(["--observe-at", "1"])
        #expect(one.status == 64 && one.stderr.contains("--observe-at takes two numbers, X and Y, in screen pixels"), "\(one)")
        let both = try Program(name: "forcetouch-overlay").run(["--observe-at", "1", "2", "--what-is-at", "3", "4"])
        #expect(both.status == 64 && both.stderr.contains("--what-is-at and --observe-at each look up one point: give one of them"),
                "\(both)")
    }

    /// `--read-text` reads the text at the point a lookup looks at: alone it is a mistake.
    @Test func theOverlayRefusesReadTextWithoutALookup() throws {
        let run = try Program(name: "forcetouch-overlay").run(["--read-text"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stderr.contains("--read-text reads the text at the point --what-is-at or --observe-at looks up: give one of them"),
                "\(run)")
    }

    @Test func forcectlWithoutADaemonSaysSo() throws {
        let run = try Program.forcectl.run(["status", "--socket", "/nonexistent/forcetouch/control.sock"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr == "forcectl: /nonexistent/forcetouch/control.sock: No such file or directory (is forcetouchd running?)\n",
                "\(run)")
    }

    @Test("every program answers --version with the same release", arguments: ["forcetouchd", "forcetest", "forcectl"])
    func version(_ name: String) throws {
        let run = try Program(name: name).run(["--version"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(run)")
        #expect(run.stdout == (try Program.forcetouchd.run(["--version"])).stdout)
    }

    @Test func aMissingRuntimeDirectoryIsNamedAsMissing() throws {
        // Without a login session /run/user/UID does not exist: the daemon must say that, not
        // that the directory "is not ours". It goes on without its control socket, until the
        // test stops it.
        let socket = "/nonexistent-forcetouch-runtime/forcetouch/control.sock"
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let config = try scratch.write("empty.toml", "")
        chmod(scratch.url.path, 0o755)
        chmod(config.path, 0o644)
        let run = try Program.forcetouchd.run(["--config", config.path, "--socket", socket] + asUser,
                                              timeout: 5)
        #expect(run.stderr.contains("cannot create the control socket directory /nonexistent-forcetouch-runtime/forcetouch"),
                "\(run)")
        #expect(run.stderr.contains("No such file or directory"), "\(run)")
        #expect(!run.stderr.contains("is not ours"))
    }
}
