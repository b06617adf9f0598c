import Foundation
import Testing
import ForceTouchEngine
@testable import ForceTouchCore

// The checks issue 9 found missing: files the parser was never shown (it had no way to
// read them), and mistakes it accepted without a word. Errors that fit one line are among
// `invalidCases` (ConfigurationTests); here are warnings, and what needs the lookups.

private func load(_ text: String, lookups: ConfigurationLookups = .fake()) -> ConfigurationLoad {
    Configuration.parse(text, file: "/etc/forcetouch/test.toml", lookups: lookups)
}

/// The 1-based line of the first line containing `marker`.
private func line(of marker: String, in text: String) -> Int {
    (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(marker) } ?? -1) + 1
}

@Suite struct ConfigurationWarningTests {
    @Test func aWarningKeepsTheFileValidAndReadsLikeACompilerWarning() throws {
        let text = """
            [[device]]
            rotation = 90
            [[device]]
            match-name = "Wacom*"
            rotation = 180
            """
        let l = load(text)
        #expect(l.isValid && l.errors.isEmpty)
        #expect(l.warnings.count == 1)
        #expect(l.configuration.devices.count == 2)
        let w = try #require(l.warnings.first)
        #expect(w.description == "/etc/forcetouch/test.toml:3: device[2]: warning: this block never applies: "
            + "device[1] (line 1) matches every device, and only the first matching block is used; "
            + "move this block above it")
    }

    @Test(arguments: [
        // No criteria at all, then a `*` name: both match every device.
        ("[[device]]\nignore = false\n", "[[device]]\nmatch-class = \"tablet\"\n"),
        ("[[device]]\nmatch-name = \"*\"\n", "[[device]]\nmatch-id = \"056a:0333\"\n"),
        // The same selector twice, however escaped.
        ("[[device]]\nmatch-id = \"056A:0333\"\n", "[[device]]\nmatch-id = \"056a:0333\"\nrotation = 90\n"),
        ("[[device]]\nmatch-name = \"Wacom*\"\n", "[[device]]\nmatch-name = \"Wac\\\\om*\"\n"),
        // A broader earlier block: every device the later one names, it takes first.
        ("[[device]]\nmatch-name = \"Wacom*\"\n", "[[device]]\nmatch-name = \"Wacom Pen\"\nmatch-class = \"tablet\"\n"),
        ("[[device]]\nmatch-class = \"touchpad\"\n", "[[device]]\nmatch-class = \"touchpad\"\nmatch-name = \"ELAN*\"\n"),
    ])
    func aBlockAfterOneThatAlwaysMatchesIsShadowed(_ earlier: String, _ later: String) throws {
        let l = load(earlier + later)
        #expect(l.errors.isEmpty)
        let w = try #require(l.warnings.first, "\(l.diagnostics)")
        #expect(l.warnings.count == 1)
        #expect(w.key == "device[2]")
        #expect(w.line == earlier.split(separator: "\n").count + 1)
        #expect(w.message.contains("this block never applies: device[1] (line 1)"))
    }

    @Test(arguments: [
        // Specific first, broad last: the intended order.
        ("[[device]]\nmatch-name = \"Wacom Pen\"\n", "[[device]]\nmatch-name = \"Wacom*\"\n"),
        ("[[device]]\nmatch-class = \"tablet\"\n", "[[device]]\n"),
        // Overlapping but neither inside the other.
        ("[[device]]\nmatch-name = \"Wacom*\"\n", "[[device]]\nmatch-name = \"*Pen\"\n"),
        ("[[device]]\nmatch-class = \"tablet\"\n", "[[device]]\nmatch-name = \"Wacom*\"\n"),
        ("[[device]]\nmatch-id = \"056a:0333\"\n", "[[device]]\nmatch-id = \"056a:0334\"\n"),
    ])
    func blocksThatCanEachApplyAreNotWarnedAbout(_ earlier: String, _ later: String) {
        #expect(load(earlier + later).diagnostics.isEmpty)
    }

    /// The index finds, for every block, the block the pairwise definition finds: the first
    /// earlier one whose match covers it (issue 40, item 5: comparing with every earlier block
    /// made a 1 MiB file of blocks a 47 s check).
    @Test func theShadowIndexFindsWhatComparingEveryPairFinds() throws {
        var generator = SplitMix(seed: 40)
        let names: [Glob?] = try [nil, Glob("*"), Glob("Wacom*"), Glob("Wac\\om*"), Glob("Wacom Pen"), Glob("ELAN*"),
                                  Glob("ELAN 1"), Glob("*Pen"), Glob("W?com Pen"), Glob("Wacom Pen 2")]
        let ids: [VendorProduct?] = [nil, VendorProduct(vendor: 0x56a, product: 0x333), VendorProduct(vendor: 0x4f3, product: 1)]
        let classes: [DeviceClass?] = [nil, .touchpad, .touchscreen, .tablet]
        for _ in 0..<50 {
            var rules: [DeviceRule] = []
            for i in 1...30 {
                let match = DeviceMatch(name: names[Int(generator.next() % UInt64(names.count))],
                                        id: ids[Int(generator.next() % UInt64(ids.count))],
                                        deviceClass: classes[Int(generator.next() % UInt64(classes.count))])
                rules.append(DeviceRule(match: match, index: i, line: i))
            }
            var index = DeviceShadowIndex()
            for (i, rule) in rules.enumerated() {
                let expected = rules[..<i].first { $0.match.covers(rule.match) }
                #expect(index.firstCovering(rule)?.index == expected?.index, "\(rule.match) after \(rules[..<i].map(\.match))")
            }
        }
    }

    @Test func aDroppedBlockShadowsNothing() {
        let l = load("""
            [[device]]
            rotation = 45
            [[device]]
            match-name = "Wacom*"
            """)
        #expect(l.errors.count == 1 && l.warnings.isEmpty)
    }

    @Test func staticQuickActionsPastMaxItemsAreNamed() throws {
        var text = "[quick-actions]\nmax-items = 2\n"
        for i in 1...4 { text += "[[quick-action]]\ntype = \"t\(i)\"\ntitle = \"T\(i)\"\n" }
        let l = load(text)
        #expect(l.errors.isEmpty && l.configuration.quickActions.count == 4)
        let w = try #require(l.warnings.first)
        #expect(l.warnings.count == 1)
        #expect(w.key == "quick-action[3]")
        #expect(w.line == line(of: "type = \"t3\"", in: text) - 1)
        #expect(w.message == "the menu shows at most 2 items ([quick-actions] max-items), "
            + "so 2 of the 4 static quick actions are never shown, from this one on")
    }

    @Test func theDefaultLimitCountsToo() throws {
        var text = ""
        for i in 1...5 { text += "[[quick-action]]\ntype = \"t\(i)\"\ntitle = \"T\(i)\"\n" }
        let w = try #require(load(text).warnings.first)
        #expect(w.key == "quick-action[5]")
        #expect(w.message.contains("at most 4 items") && w.message.contains("1 of the 5 static quick actions is never shown"))
        // Up to the limit, nothing to say.
        #expect(load(text.components(separatedBy: "[[quick-action]]").dropLast().joined(separator: "[[quick-action]]"))
            .diagnostics.isEmpty)
    }

    @Test func hiddenImportedItemsAreReportedAtTheImport() throws {
        let binary = try Data(contentsOf: TestFiles.fixture("Notes-Info.binary.plist"))
        let text = """
            [quick-actions]
            import-plist = "Notes.plist"
            [[quick-action]]
            type = "mine"
            title = "Mine"
            """
        let l = load(text, lookups: .fake(files: ["/etc/forcetouch/Notes.plist": binary]))
        let w = try #require(l.warnings.first)
        #expect(l.warnings.count == 1 && l.errors.isEmpty)
        #expect(w.key == "quick-actions.import-plist" && w.line == 2)
        #expect(w.message.hasSuffix("1 of the 5 static quick actions is never shown: "
            + "Notes.plist item 4 (\"org.example.notes.search\") and after"))
    }

    @Test func unknownUsersAndGroupsAreWarnedAboutAndKept() throws {
        let text = """
            [control]
            allow-users = ["alice", "alcie"]
            allow-group = "wheell"
            """
        let l = load(text)
        #expect(l.isValid)
        #expect(l.warnings.map(\.description) == [
            "/etc/forcetouch/test.toml:2: control.allow-users: warning: no user \"alcie\" exists on this system; "
                + "it is allowed once it does and the configuration is reloaded",
            "/etc/forcetouch/test.toml:3: control.allow-group: warning: no group \"wheell\" exists on this system; "
                + "its members are allowed once it does and the configuration is reloaded",
        ])
        // The file means what it says: the daemon resolves the names at each load.
        #expect(l.configuration.control == ControlSettings(allowUsers: ["alice", "alcie"], allowGroup: "wheell"))
    }

    @Test func existingAccountsAreSilent() {
        let l = load("""
            [control]
            allow-users = ["alice"]
            allow-group = "wheel"
            """, lookups: .fake(users: ["alice"], groups: ["wheel"]))
        #expect(l.diagnostics.isEmpty)
    }
}

@Suite struct DeviceSelectorShapeTests {
    @Test(arguments: ["056A:ZZZZ", "O56A:0333", "56a:333", "0056a:0333", "abcd:efgh"])
    func idShapedTextIsNotAGlob(_ text: String) {
        #expect(throws: DeviceSelector.ParseError.self) { try DeviceSelector(text) }
    }

    @Test(arguments: ["ELAN0732:00 04F3:22E1", "Wacom*", "056A\\:ZZZZ", "*:*", "Pen:Stylus Pro"])
    func namesWithAColonAreStillGlobs(_ text: String) throws {
        guard case .name = try DeviceSelector(text) else { Issue.record("\(text) is not a name glob"); return }
    }
}

/// A small deterministic generator, so that a failing case is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
