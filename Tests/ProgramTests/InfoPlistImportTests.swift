import Foundation
import ForceTouchTestSupport
import Testing

/// `[quick-actions] import-plist` through the built programs (issue 9, item 1): the
/// programs once parsed with no way to read files, so every import failed there while the
/// library's tests, which passed a reader, succeeded.
@Suite struct InfoPlistImportTests {
    static let root = Program.repositoryRoot
    static let xmlPlist = root.appendingPathComponent("config/examples/Notes-Info.plist")
    /// The same items, written by Python's plistlib as FMT_BINARY.
    static let binaryPlist = root.appendingPathComponent("Tests/ForceTouchCoreTests/Fixtures/Notes-Info.binary.plist")

    /// A configuration in `dir` importing `plist` (a path relative to it), with room in
    /// the menu for all four of the Notes items.
    static func config(importing plist: String, in dir: ScratchDirectory) throws -> URL {
        try dir.write("forcetouch.toml", """
            [quick-actions]
            import-plist = "\(plist)"
            max-items = 4

            [[binding]]
            gesture = "deep-press"
            quick-actions = true
            """)
    }

    @Test func theShippedExampleImportsItsPlist() throws {
        let run = try Program.forcetouchd.run(["--check-config", "--config", "config/examples/quick-actions.toml"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("config/examples/quick-actions.toml: ok, 4 binding(s), 0 device rule(s)\n"), "\(run)")
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("binding ") }.count == 4, "one line a binding: \(run)")
    }

    @Test(arguments: ["xml", "binary"])
    func aPlistImportsBesideTheConfig(_ format: String) throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let source = format == "xml" ? Self.xmlPlist : Self.binaryPlist
        try FileManager.default.copyItem(at: source, to: dir.file("Notes-Info.plist"))
        let config = try Self.config(importing: "Notes-Info.plist", in: dir)
        let run = try Program.forcetouchd.run(["--check-config", "--config", config.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("\(config.path): ok, 1 binding(s), 0 device rule(s)\n"), "\(run)")
    }

    @Test func anAbsolutePathImportsToo() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let config = try Self.config(importing: Self.binaryPlist.path, in: dir)
        let run = try Program.forcetouchd.run(["--check-config", "--config", config.path])
        #expect(run.status == 0, "\(run)")
    }

    @Test func aBrokenPlistIsAnErrorOnItsLine() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        _ = try dir.write("Broken-Info.plist", "<plist><dict><key>UIApplicationShortcutItems</key>")
        let config = try Self.config(importing: "Broken-Info.plist", in: dir)
        let run = try Program.forcetouchd.run(["--check-config", "--config", config.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.hasPrefix(
            "\(config.path):2: quick-actions.import-plist: Broken-Info.plist: not a property list (XML or binary): "),
            "\(run)")
    }

    /// A binary plist holding a set once segfaulted Foundation's bridging (found by `make
    /// fuzz`): the daemon now refuses it on its line, and keeps running.
    @Test func aPlistHoldingASetIsRefusedNotACrash() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let fixture = Self.root.appendingPathComponent(
            "Tests/ForceTouchCoreTests/Fixtures/hostile/set-in-an-item.binary.plist")
        try FileManager.default.copyItem(at: fixture, to: dir.file("Set-Info.plist"))
        let config = try Self.config(importing: "Set-Info.plist", in: dir)
        let run = try Program.forcetouchd.run(["--check-config", "--config", config.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout == "\(config.path):2: quick-actions.import-plist: Set-Info.plist: refused: "
            + "a set (object 5), which an Info.plist cannot hold\n", "\(run)")
    }

    @Test func aMissingPlistNamesThePathItLookedAt() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let config = try Self.config(importing: "Missing-Info.plist", in: dir)
        let run = try Program.forcetouchd.run(["--check-config", "--config", config.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout == "\(config.path):2: quick-actions.import-plist: cannot read "
            + "\"\(dir.file("Missing-Info.plist").path)\"\n", "\(run)")
    }

    /// `forcetest replay --config` loads the configuration the same way: a config importing a
    /// binary plist is used, and a broken import refuses it.
    @Test func forcetestReplayReadsTheSameImports() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let fixtures = "Tests/ForceTouchCoreTests/Fixtures/"
        let replay = ["replay", fixtures + "pen-tablet.events", "--desc", fixtures + "pen-tablet.desc", "--json"]

        try FileManager.default.copyItem(at: Self.binaryPlist, to: dir.file("Notes-Info.plist"))
        let good = try Self.config(importing: "Notes-Info.plist", in: dir)
        let run = try Program.forcetest.run(replay + ["--config", good.path])
        #expect(run.status == 0, "\(run)")
        let first = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("\"event\":\"device\"") && first.contains("\"name\":\"Example Pen Tablet Pen\""), "\(run)")
        #expect(run.stdout.contains("\"event\":\"gesture\""), "\(run)")

        let bad = try dir.write("bad.toml", "[quick-actions]\nimport-plist = \"Missing-Info.plist\"\n")
        let refused = try Program.forcetest.run(replay + ["--config", bad.path])
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.stderr.contains("\(bad.path):2: quick-actions.import-plist: cannot read"), "\(refused)")
    }
}
