import Foundation
import ForceTouchTestSupport
import Testing

/// The device database as a user meets it (docs/device-database.md): a file in
/// `$XDG_CONFIG_HOME/forcetouch/quirks` changes what forcetest makes of a device, the shipped
/// files apply without one, and a mistake is a file:line warning that stops nothing.
@Suite struct DeviceDatabaseProgramTests {
    static let alps = "Tests/ForceTouchCoreTests/Fixtures/recordings/alps-glidepoint.double-tap.evemu"

    /// A scratch `$XDG_CONFIG_HOME` holding `files` in forcetouch/quirks.
    func configHome(_ files: [String: String]) throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        let quirks = dir.file("forcetouch/quirks")
        try FileManager.default.createDirectory(at: quirks, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: quirks.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    func replay(_ file: String, _ home: ScratchDirectory) throws -> Program.Run {
        try Program.forcetest.run(["replay", file], environment: ["XDG_CONFIG_HOME": home.path])
    }

    @Test func theShippedEntryAppliesToARecordedDevice() throws {
        let home = try configHome([:])
        defer { home.remove() }
        let run = try replay(Self.alps, home)
        #expect(run.status == 0, "\(run)")
        // quirks/10-touchpads.quirks: ALPS pads measure contact size, an average touch is 31 raw (127/31).
        #expect(run.stdout.hasPrefix("device \"AlpsPS/2 ALPS GlidePoint\": touchpad, force available, "
            + "maximumPossibleForce 4.096774 (ABS_PRESSURE 0..127, which measures contact size (device database)"), "\(run)")
        #expect(run.stderr == "")
    }

    @Test func anEntryMarkingTheDeviceBinaryMakesItsForceUnavailable() throws {
        let home = try configHome(["50-mine.quirks": """
            # My ALPS pad only says touching or not.
            [My ALPS pad]
            MatchBus=i8042
            MatchVendor=0x0002
            MatchProduct=0x0008
            AttrPressureKind=binary
            """])
        defer { home.remove() }
        let run = try replay(Self.alps, home)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("device \"AlpsPS/2 ALPS GlidePoint\": touchpad, force unavailable "
            + "(pressure is binary (device database: My ALPS pad))"), "\(run)")
        // Taps need no force: the double tap is still there.
        #expect(run.stdout.contains("double-tap ended  fingers 1"), "\(run)")
    }

    @Test func theUsersAverageTouchOverridesTheShippedOne() throws {
        let home = try configHome(["50-mine.quirks": "[Mine]\nMatchName=AlpsPS/2 ALPS GlidePoint\nAttrAverageTouch=63.5\n"])
        defer { home.remove() }
        let run = try replay(Self.alps, home)
        #expect(run.stdout.contains("maximumPossibleForce 2 (ABS_PRESSURE 0..127"), "\(run)")
    }

    @Test func aBadFileIsAWarningWithFileAndLineAndTheRestLoads() throws {
        let home = try configHome([
            "40-broken.quirks": "[Typo]\nMatchVendor=0x0002\nAttrAverageTuoch=40\n",
            "50-good.quirks": "[Good]\nMatchVendor=0x0002\nMatchProduct=0x0008\nAttrAverageTouch=63.5\n",
        ])
        defer { home.remove() }
        let broken = home.path + "/forcetouch/quirks/40-broken.quirks"
        let run = try replay(Self.alps, home)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("forcetest: warning: \(broken):3: unknown key AttrAverageTuoch"), "\(run)")
        #expect(run.stdout.contains("maximumPossibleForce 2 "), "\(run)")
        // list reads the same database, and says the same, whatever devices this machine has.
        let list = try Program.forcetest.run(["list"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(list.stderr.contains("forcetest: warning: \(broken):3: unknown key AttrAverageTuoch"), "\(list)")
    }

    /// Issue 40, defect 10: a byte that is not text said `:2: column 13`, not SPEC §9's `line L,
    /// column C`, and `forcetouchd --check-config` never read the database the daemon reads.
    @Test func aByteThatIsNotTextIsSaidWithLineAndColumnAndCheckConfigSaysItToo() throws {
        let home = try configHome([
            "40-nul.quirks": "[Nul]\nMatchVendor=\u{0}0x0002\n",
            "45-typo.quirks": "[Typo]\nMatchVendor=0x0002\nAttrAverageTuoch=40\n",
        ])
        defer { home.remove() }
        let nul = home.path + "/forcetouch/quirks/40-nul.quirks"
        let typo = home.path + "/forcetouch/quirks/45-typo.quirks"
        let run = try replay(Self.alps, home)
        #expect(run.stderr.contains("forcetest: warning: \(nul): line 2, column 13: a NUL byte"), "\(run)")
        let config = home.file("forcetouch.toml")
        try "[[binding]]\ngesture = \"tap\"\nexec = [\"true\"]\n".write(to: config, atomically: true, encoding: .utf8)
        let check = try Program.forcetouchd.run(["--check-config", "--config", config.path],
                                                environment: ["XDG_CONFIG_HOME": home.path])
        // Mistakes in the database stop nothing in the daemon, so they are warnings here.
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("device database: warning: \(nul): line 2, column 13: a NUL byte"), "\(check)")
        #expect(check.stdout.contains("device database: warning: \(typo):3: unknown key AttrAverageTuoch"), "\(check)")
        #expect(check.stdout.hasSuffix("\(config.path): ok, 1 binding(s), 0 device rule(s), 2 warning(s)\n"), "\(check)")
    }

    @Test func anUnreadableFileIsAWarningToo() throws {
        let home = try configHome([:])
        defer { home.remove() }
        // A directory where a file is expected cannot be read as one, whoever runs the test.
        try FileManager.default.createDirectory(atPath: home.path + "/forcetouch/quirks/60-dir.quirks",
                                                withIntermediateDirectories: true)
        let run = try replay(Self.alps, home)
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("forcetest: warning: \(home.path)/forcetouch/quirks/60-dir.quirks: cannot read: "), "\(run)")
        #expect(run.stdout.contains("maximumPossibleForce 4.096774"), "\(run)")
    }
}
