import Foundation
import Glibc
import Testing

/// `forcectl doctor` as a new user runs it (issue 51, item 4): the built forcectl, with no
/// daemon and with a running one.
@Suite(.serialized) struct DoctorProgramTests {
    private var asUser: [String] { getuid() == 0 ? ["--user", "nobody"] : [] }

    @Test func withoutADaemonItSaysSoAndHowToStartIt() throws {
        let run = try Program.forcectl.run(["doctor", "--socket", "/nonexistent/forcetouch/control.sock"])
        #expect(run.status == 1, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "problem  the daemon is not running (/nonexistent/forcetouch/control.sock: No such file or directory)",
                "\(run)")
        #expect(lines.dropFirst().first
            == "         fix: systemctl --user start forcetouchd (journalctl --user -u forcetouchd says why it stopped)", "\(run)")
        #expect(lines.last?.hasPrefix("1 problem(s), ") == true, "\(run)")
    }

    @Test func withADaemonItCountsTheBindingsAndSaysNobodyDrawsTheMenuItNeeds() throws {
        let config = """
            [control]
            allow-users = ["root"]

            [[binding]]
            gesture = "deep-press"
            quick-actions = true

            [[binding]]
            gesture = "tap"
            fingers = 3
            notify = "three"
            """
        // No session bus: no overlay can be on it. A display in its environment, as the session gives it.
        let daemon = try RobustnessProgramTests.RunningDaemon(
            config: config, environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "DISPLAY": ":99"],
            asUser: asUser)
        defer { daemon.stop() }
        let run = try daemon.forcectl(["doctor"])
        #expect(run.status == 1, "\(run)\n\(daemon.log)")
        #expect(run.stdout.contains("ok       the daemon is running (pid \(daemon.process.processIdentifier))\n"), "\(run)")
        #expect(run.stdout.contains("ok       2 binding(s): \(daemon.config.path)\n"), "\(run)")
        #expect(run.stdout.contains("problem  nobody draws menus at the finger (no overlay on the session bus) on "), "\(run)")
        #expect(run.stdout.contains("; a binding shows a menu\n         fix: systemctl --user enable --now forcetouch-overlay"),
                "\(run)")
        let json = try daemon.forcectl(["doctor", "--json"])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let checks = object?["checks"] as? [[String: Any]] ?? []
        #expect(checks.contains { $0["subject"] as? String == "menu" && $0["outcome"] as? String == "problem" }, "\(json)")
    }
}
