import Testing
@testable import ForceTouchCore

/// A quick action edited in place from the settings window (issue 53): its icon and its action
/// replaced, an app and one of its Desktop Actions set in one change, and a Desktop Action
/// the app does not have refused at its line.
@Suite struct QuickActionEditTests {
    static let notes = DesktopApplication(id: "notes.desktop", name: "Notes", path: "/usr/share/applications/notes.desktop",
                                          actions: [.init(id: "new-note", name: "New Note"), .init(id: "recent", name: "Recent")])
    static let lookups = ConfigurationLookups.fake(applications: [notes])
    static let text = """
        # my quick action
        [[quick-action]]
        type = "compose"
        title = "New message"
        icon-file = "/usr/share/icons/mail.png"   # mine
        exec = ["true"]

        """

    static func apply(_ key: String, _ value: String, to text: String = text) throws -> (text: String, item: ShortcutItem?) {
        let (edited, configuration) = try SettingsEdit.apply(.set(try SettingKey(key), value), to: text, file: "f.toml",
                                                             lookups: lookups)
        return (edited, configuration.quickActions.first)
    }

    @Test func anActionKeyReplacesTheBlocksAction() throws {
        let (edited, item) = try Self.apply("quick-action.1.launch", "notes.desktop")
        #expect(TOMLEditorTests.difference(Self.text, edited) == (["exec = [\"true\"]"], ["launch = \"notes.desktop\""]))
        #expect(item?.action == .launch(.desktop(id: "notes.desktop", action: nil)))
        // Back to a command: the app goes, and with it the Desktop Action that was its.
        let (both, _) = try Self.apply("quick-action.1", #"{ launch = "notes.desktop", action = "recent" }"#)
        let (command, back) = try Self.apply("quick-action.1.exec", #"["notify-send", "hi"]"#, to: both)
        #expect(back?.action == .exec(ExecAction(argv: ["notify-send", "hi"])))
        #expect(!command.contains("launch =") && !command.contains("action =") && command.hasPrefix("# my quick action\n"))
    }

    @Test func anAppAndItsDesktopActionAreOneChange() throws {
        let (edited, item) = try Self.apply("quick-action.1", #"{ action = "new-note", launch = "notes.desktop" }"#)
        #expect(item?.action == .launch(.desktop(id: "notes.desktop", action: "new-note")))
        let (removed, added) = TOMLEditorTests.difference(Self.text, edited)
        #expect(removed == ["exec = [\"true\"]"] && added.sorted() == ["action = \"new-note\"", "launch = \"notes.desktop\""])
        // Several keys at once: a title and an icon from the theme, which takes the file's place.
        let (titled, retitled) = try Self.apply("quick-action.1", #"{ title = "Write", icon-symbol = "mail-send" }"#, to: edited)
        #expect(retitled?.title == "Write" && retitled?.icon == .symbol("mail-send"))
        #expect(!titled.contains("icon-file") && titled.contains("# my quick action\n"))
        #expect(throws: SettingError("f.toml: quick-action.1 is set to an inline table of the keys to change, as { title = \"X\", exec = [\"true\"] }")) {
            try Self.apply("quick-action.1", "Write")
        }
    }

    @Test func anIconFromTheThemeReplacesTheFile() throws {
        let (edited, item) = try Self.apply("quick-action.1.icon-symbol", "mail-send-symbolic")
        let lines = edited.split(separator: "\n")
        #expect(Array(lines.prefix(4)) == ["# my quick action", "[[quick-action]]", "type = \"compose\"", "title = \"New message\""])
        #expect(lines.dropFirst(4).sorted() == ["exec = [\"true\"]", "icon-symbol = \"mail-send-symbolic\""])
        #expect(item?.icon == .symbol("mail-send-symbolic"))
    }

    @Test func aDesktopActionTheAppDoesNotHaveIsRefusedAtItsLine() throws {
        #expect(throws: SettingError("quick-action.1 = { action = \"new-not\", launch = \"notes.desktop\" } refused, f.toml is unchanged; "
            + "it would have 1 error: f.toml:7: quick-action[1].action: notes.desktop (Notes) has no Desktop Action \"new-not\"; "
            + "did you mean \"new-note\"?")) {
            try Self.apply("quick-action.1", #"{ launch = "notes.desktop", action = "new-not" }"#)
        }
        // An app not installed here is taken as written: it may come later, and its launch says so.
        let (paint, _) = try Self.apply("quick-action.1", #"{ launch = "paint.desktop", action = "new-image" }"#)
        #expect(paint.contains("launch = \"paint.desktop\"\naction = \"new-image\"\n"))
        // In a binding alike: the check is the configuration's, wherever the action is.
        let binding = "[[binding]]\ngesture = \"tap\"\nlaunch = \"notes.desktop\"\naction = \"old\"\n"
        let load = Configuration.parse(binding, file: "f.toml", lookups: Self.lookups)
        #expect(load.errors.map(\.description) == ["f.toml:4: binding[1].action: notes.desktop (Notes) has no Desktop Action \"old\"; "
            + "its actions are \"new-note\" or \"recent\""])
    }
}
