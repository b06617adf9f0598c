import Foundation
import ForceTouchTestSupport
import Testing

/// `forcetouchd --check-config` on mistakes it once accepted without a word (issue 9,
/// item 4): each is now an error (exit 1, the block dropped) or, where the file still means
/// something, a warning (printed the same way with `warning:`, exit 0).
@Suite struct ConfigDiagnosticsTests {
    /// Checks `text` as a file of its own; the path is what the messages start with.
    func check(_ text: String) throws -> (path: String, run: Program.Run) {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let file = try dir.write("forcetouch.toml", text)
        return (file.path, try Program.forcetouchd.run(["--check-config", "--config", file.path]))
    }

    @Test(arguments: [
        ("""
            [[device]]
            match-class = "touchpad"
            calibration = { average = -3 }
            """, "3: device[1].calibration.average: must be greater than 0 (the raw pressure of an average touch, "
            + "as forcetest calibrate measures it), not -3"),
        ("""
            [[device]]
            calibration = { average = 0 }
            """, "2: device[1].calibration.average: must be greater than 0 (the raw pressure of an average touch, "
            + "as forcetest calibrate measures it), not 0"),
        ("""
            [[binding]]
            gesture = "tap"
            device = "056A:ZZZZ"
            exec = ["true"]
            """, "3: binding[1].device: \"056A:ZZZZ\" looks like a vendor:product id but is not one: write four hex "
            + "digits each, like \"056a:0333\" (to match a device name, escape the colon: \\:)"),
        ("""
            [[binding]]
            gesture = "deep-press"
            keys = "BTN_RIGHT"
            """, "3: binding[1].keys: BTN_RIGHT is a button, not a key: the virtual keyboard cannot press pointer "
            + "buttons; for a click at the finger use click = \"right\" (or left, middle, double-left)"),
        ("""
            [[binding]]
            gesture = "long-press"
            click = "BTN_RIGHT"
            """, "3: binding[1].click: unknown click \"BTN_RIGHT\"; expected \"left\", \"right\", \"middle\", "
            + "\"double-left\", \"double-right\" or \"double-middle\""),
        ("""
            [[binding]]
            gesture = "tap"
            launch = "firefox"
            """, "3: binding[1].launch: expected an application's desktop file id such as \"firefox.desktop\", "
            + "or a command line such as [\"firefox\", \"--private-window\"], found \"firefox\""),
        ("""
            [[binding]]
            gesture = "tap"
            exec = ["foot"]
            action = "new-window"
            """, "4: binding[1].action: only launch = \"app.desktop\" takes an action (one of the app's Desktop Actions)"),
        ("""
            [[binding]]
            gesture = "tap"
            launch = ["foot"]
            click = "right"
            """, "1: binding[1]: has 2 actions (launch, click); a binding runs exactly one"),
        ("""
            # Bindings.

            [[bindings]]
            gesture = "tap"
            exec = ["true"]
            """, "3: bindings: unknown key; did you mean \"binding\"?"),
    ])
    func anErrorFailsTheCheck(_ text: String, _ expected: String) throws {
        let (path, run) = try check(text)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout == "\(path):\(expected)\n", "\(run)")
    }

    /// Issue 12: toml++ 3.4.0 (inside TOMLKit) aborted the whole program on these; now they
    /// are refused with their line before TOMLKit sees them, and the program exits 1.
    @Test(arguments: ["[(", "[über]\n", "[.device]\n", "[#]\n", "[=]\n", "[[*binding]]\n", "[\n", "a = [}\n"])
    func whatAbortedTheTOMLLibraryIsRefused(_ text: String) throws {
        let (path, run) = try check("[general]\n" + text)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.hasPrefix("\(path):2: "), "\(run)")
    }

    @Test func aShadowedDeviceBlockIsAWarning() throws {
        let (path, run) = try check("""
            [[device]]
            match-name = "*"
            rotation = 90

            [[device]]
            match-id = "056a:0333"
            rotation = 180
            """)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            \(path):5: device[2]: warning: this block never applies: device[1] (line 1) matches every device, \
            and only the first matching block is used; move this block above it
            \(path): ok, 0 binding(s), 2 device rule(s), 1 warning(s)

            """, "\(run)")
    }

    @Test func quickActionsPastMaxItemsAreAWarning() throws {
        let (path, run) = try check("""
            [quick-actions]
            max-items = 1

            [[quick-action]]
            type = "one"
            title = "One"

            [[quick-action]]
            type = "two"
            title = "Two"

            [[quick-action]]
            type = "three"
            title = "Three"
            """)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("\(path):8: quick-action[2]: warning: the menu shows at most 1 item "
            + "([quick-actions] max-items), so 2 of the 3 static quick actions are never shown, from this one on\n"),
            "\(run)")
        #expect(run.stdout.hasSuffix("ok, 0 binding(s), 0 device rule(s), 1 warning(s)\n"), "\(run)")
    }

    /// Looked up on the machine the test runs on, as the daemon would (getpwnam, getgrnam):
    /// root exists everywhere, these names nowhere.
    @Test func unknownAccountsAreWarnings() throws {
        let (path, run) = try check("""
            [control]
            allow-users = ["root", "forcetouch-no-such-user"]
            allow-group = "forcetouch-no-such-group"
            """)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == """
            \(path):2: control.allow-users: warning: no user "forcetouch-no-such-user" exists on this system; \
            it is allowed once it does and the configuration is reloaded
            \(path):3: control.allow-group: warning: no group "forcetouch-no-such-group" exists on this system; \
            its members are allowed once it does and the configuration is reloaded
            \(path): ok, 0 binding(s), 0 device rule(s), 2 warning(s)

            """, "\(run)")
        let known = try check("[control]\nallow-users = [\"root\"]\nallow-group = \"root\"\n")
        #expect(known.run.status == 0 && !known.run.stdout.contains("warning"), "\(known.run)")
    }

    @Test func errorsAndWarningsPrintTogetherInLineOrder() throws {
        let (path, run) = try check("""
            [[device]]
            [[device]]
            match-class = "tablet"
            [[device]]
            calibration = { average = -1 }
            """)
        #expect(run.status == 1, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run)")
        #expect(lines.first?.hasPrefix("\(path):2: device[2]: warning: this block never applies") == true, "\(run)")
        #expect(lines.last?.hasPrefix("\(path):5: device[3].calibration.average: must be greater than 0") == true,
                "\(run)")
    }
}

/// `[quick-actions] desktop` through the built daemon: GIO finds the applications along
/// XDG_DATA_DIRS, as the desktop does.
@Suite struct DesktopQuickActionProgramTests {
    @Test func installedAppsGiveItemsAndAMissingOneIsNamed() throws {
        let data = try ScratchDirectory()
        defer { data.remove() }
        try FileManager.default.createDirectory(atPath: data.path + "/applications", withIntermediateDirectories: true)
        _ = try data.write("applications/org.example.Notes.desktop", """
            [Desktop Entry]
            Type=Application
            Name=Notes
            Exec=/bin/true %U
            Actions=new-note;

            [Desktop Action new-note]
            Name=New Note
            Exec=/bin/true --new

            """)
        let config = try data.write("forcetouch.toml", """
            [quick-actions]
            desktop = ["org.example.Notes.desktop", "org.example.Missing.desktop"]

            """)
        let env = ["XDG_DATA_DIRS": data.path, "XDG_DATA_HOME": data.path + "/none"]
        let run = try Program.forcetouchd.run(["--check-config", "--config", config.path], environment: env)
        #expect(run.status == 1, "\(run)")
        #expect((run.stdout + run.stderr).contains("\(config.path):2: quick-actions.desktop: org.example.Missing.desktop: "
            + "no such application is installed"), "\(run)")
        let good = try data.write("good.toml", "[quick-actions]\ndesktop = \"org.example.Notes.desktop\"\n")
        let ok = try Program.forcetouchd.run(["--check-config", "--config", good.path], environment: env)
        #expect(ok.status == 0, "\(ok)")
    }
}
