import Foundation
import ForceTouchTestSupport
import Glibc
import Testing

/// Every number a file gives has a range (issue 40, item 1): `long-press-time = 1e300` made
/// `--check-config` die of SIGILL (a microsecond clock overflowed), `action-timeout = 1e300`
/// passed the check and a reload and then killed the daemon at its first action, and
/// `AttrSizeHint=1e300x1e300` crashed `forcetest replay`. Each is now refused where it is
/// read, with its line, the same way at the check and at a reload.
@Suite(.serialized) struct NumberRangeProgramTests {
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    @Test(arguments: [
        ("[gestures]\nlong-press-time = 1e300\n", "2: gestures.long-press-time: must be at most 60 seconds, not 1e+300"),
        ("[gestures]\ndeep-press-time = 1e20\n", "2: gestures.deep-press-time: must be at most 60 seconds, not 1e+20"),
        ("[gestures]\ntap-slop = 1e300\n", "2: gestures.tap-slop: must be at most 1000 mm, not 1e+300"),
        ("[assistive-touch]\nlong-press-duration = 1e300\nsingle-tap = { notify = \"t\" }\n",
         "2: assistive-touch.long-press-duration: must be at most 60 seconds, not 1e+300"),
        ("[general]\naction-timeout = 1e300\n", "2: general.action-timeout: must be at most 86400 seconds, not 1e+300"),
        ("[general]\naction-timeout = 9.3e12\n", "2: general.action-timeout: must be at most 86400 seconds, not 9300000000000"),
        ("[[binding]]\ngesture = \"tap\"\nexec = [\"true\"]\ntimeout = 1e300\n",
         "4: binding[1].timeout: must be at most 86400 seconds, not 1e+300"),
        ("[[device]]\ncalibration = { average = 1e300 }\n",
         "2: device[1].calibration.average: must be at most 2147483647, not 1e+300"),
    ])
    func theCheckRefusesANumberPastItsRangeWithItsLine(text: String, error: String) throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let file = try dir.write("forcetouch.toml", text)
        let run = try Program.forcetouchd.run(["--check-config", "--config", file.path])
        // 1, an error: not 132 (SIGILL) or 133 (SIGTRAP), which a trap in the check was.
        #expect(run.status == 1, "\(run)")
        #expect(run.output.contains("\(file.path):\(error)"), "\(run)")
    }

    @Test func aReloadRefusesAHugeActionTimeoutAndTheNextActionRuns() throws {
        let good = """
            [control]
            allow-users = ["root"]

            [[quick-action]]
            type = "touch"
            title = "Touch"
            exec = ["true"]

            """
        let daemon = try RobustnessProgramTests.RunningDaemon(config: good, asUser: asUser)
        defer { daemon.stop() }
        #expect(daemon.process.isRunning, "\(daemon.log)")

        try (good + "[general]\naction-timeout = 1e300\n").write(to: daemon.config, atomically: false, encoding: .utf8)
        let reload = try daemon.forcectl(["reload"])
        #expect(reload.status != 0 && reload.output.contains("reload refused"), "\(reload)")
        #expect(daemon.log.contains("general.action-timeout: must be at most 86400 seconds, not 1e+300"), "\(daemon.log)")

        // Before, the reload was taken and this action killed the daemon (ActionRunner's timeout).
        let perform = try daemon.forcectl(["perform", "touch"])
        #expect(perform.status == 0, "\(perform)\n\(daemon.log)")
        usleep(200_000)
        #expect(daemon.process.isRunning, "\(daemon.log)")
        #expect(try daemon.forcectl(["status"]).status == 0)
    }

    @Test func aHugeSizeHintInTheDeviceDatabaseIsAWarningAndTheReplayRuns() throws {
        let home = try ScratchDirectory()
        defer { home.remove() }
        let quirks = home.file("forcetouch/quirks")
        try FileManager.default.createDirectory(at: quirks, withIntermediateDirectories: true)
        try """
            [Huge]
            MatchName=AlpsPS/2 ALPS GlidePoint
            AttrSizeHint=1e300x1e300
            [Huge average]
            MatchName=AlpsPS/2 ALPS GlidePoint
            AttrAverageTouch=1e300
            """.write(to: quirks.appendingPathComponent("50-huge.quirks"), atomically: true, encoding: .utf8)
        let file = home.path + "/forcetouch/quirks/50-huge.quirks"
        let run = try Program.forcetest.run(["replay", DeviceDatabaseProgramTests.alps],
                                            environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("\(file):3: AttrSizeHint: its width must be at most 10000 mm, not 1e+300"), "\(run)")
        #expect(run.stderr.contains("\(file):6: AttrAverageTouch: must be at most 2147483647, not 1e+300"), "\(run)")
        // The shipped entry still applies: the bad sections were dropped, nothing else.
        #expect(run.stdout.contains("maximumPossibleForce 4.096774"), "\(run)")
    }
}
