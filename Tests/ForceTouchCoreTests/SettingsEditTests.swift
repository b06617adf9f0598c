import Foundation
import Testing
@testable import ForceTouchCore
import ForceTouchProtocol

/// A settings change as the daemon makes it, before any file is touched: the key read, the
/// typed value made TOML, the edit checked whole, and a file with errors refused at its line.
@Suite struct SettingsEditTests {
    static let shipped = TestFiles.packageRoot.appendingPathComponent("config/forcetouch.toml")

    @Test func keysAreTheConfigurationsOwnNames() throws {
        #expect(try SettingKey("sensitivity").place?.key == "sensitivity")
        #expect(try SettingKey("haptic-touch-time").place?.place == .table(["gestures"]))
        #expect(try SettingKey("quick-action.2.title") == .blockKey(.quickAction, index: 2, key: "title"))
        #expect(try SettingKey("binding.1") == .block(.binding, index: 1))
        #expect(try SettingKey("quick-action.new") == .newBlock(.quickAction))
        #expect(throws: SettingError.self) { try SettingKey("sensitivty") }
        #expect(throws: SettingError.self) { try SettingKey("quick-action.0.title") }
    }

    @Test func aTypedValueIsTOMLOrElseAString() throws {
        #expect(try SettingKey("sensitivity").value("firm") == .string("firm"))
        #expect(try SettingKey("sensitivity").value("\"firm\"") == .string("firm"))
        #expect(try SettingKey("haptic-touch-time").value("0.5") == .float(0.5))
        #expect(try SettingKey("under-finger").value("app-icon, link") == .array([.string("app-icon"), .string("link")]))
        #expect(try SettingKey("under-finger").value("") == .array([]))
        #expect(try SettingKey("under-finger").value("[\"link\"]") == .array([.string("link")]))
        #expect(try SettingKey("quick-action.1.title").value("New message") == .string("New message"))
    }

    @Test func sensitivityIsChangedInTheShippedFileAndReadBack() throws {
        let text = try TestFiles.text(Self.shipped)
        let (edited, configuration) = try SettingsEdit.apply(.set(try SettingKey("sensitivity"), "firm"), to: text,
                                                             file: "forcetouch.toml", lookups: .fake())
        #expect(TOMLEditorTests.difference(text, edited) == ([], ["sensitivity = \"firm\""]))
        #expect(configuration.gestures.sensitivity == .firm)
        let state = SettingsReader.state(text: edited, file: "forcetouch.toml", configuration: configuration, canUndo: true)
        #expect(state.sensitivity == "firm" && state.hapticTouch == "auto" && state.hapticTouchTime == .string("fast"))
        #expect(state.haptics == "auto" && state.underFinger == ["app-icon", "link"])
        #expect(state.underFingerKinds == ["app-icon", "link", "window", "word", "email", "phone", "date", "url"])
        #expect(state.gestureKinds == ["tap", "double-tap", "long-press", "deep-press"])
        #expect(state.bindings.count == 1 && state.bindings[0].hasPrefix("binding 1 (line "))
        #expect(state.quickActions == [])
    }

    /// The settings window adds a quick action by its title alone: two with one title were
    /// refused when the window made the type from the title (issue 53).
    @Test func aNewQuickActionWithoutATypeGetsAUniqueOne() throws {
        var text = "# mine\n"
        for _ in 0..<3 {
            text = try SettingsEdit.apply(.set(try SettingKey("quick-action.new"), "{ title = \"Lock screen\", exec = [\"true\"] }"),
                                          to: text, file: "forcetouch.toml", lookups: .fake()).text
        }
        let types = text.split(separator: "\n").filter { $0.hasPrefix("type = ") }
        #expect(types == ["type = \"lock-screen\"", "type = \"lock-screen-2\"", "type = \"lock-screen-3\""])
        #expect(text.hasPrefix("# mine\n"))
        #expect(NewQuickActionType.make(title: "Écrire à Zoë!", taken: []) == "écrire-à-zoë")
        #expect(NewQuickActionType.make(title: " … ", taken: ["quick-action"]) == "quick-action-2")
    }

    @Test func anAssistiveTouchSlotIsSetToOneActionAndResetAway() throws {
        let text = "# mine\n[general]\nhaptics = \"off\"\n"
        let key = try SettingKey("assistive-touch.double-tap")
        #expect(key == .assistiveTouch(.doubleTap) && key.description == "assistive-touch.double-tap")
        let (set, configuration) = try SettingsEdit.apply(.set(key, #"{ exec = ["notify-send", "twice"] }"#), to: text,
                                                          file: "f.toml", lookups: .fake())
        #expect(TOMLEditorTests.difference(text, set).1.contains(#"double-tap = { exec = ["notify-send", "twice"] }"#))
        let state = SettingsReader.state(text: set, file: "f.toml", configuration: configuration, canUndo: true)
        #expect(state.assistiveTouch.map(\.slot) == ["single-tap", "double-tap", "long-press", "deep-press"])
        #expect(state.assistiveTouch[1].title == "Double-Tap" && state.assistiveTouch[1].action.hasPrefix("exec "))
        #expect(state.assistiveTouch[0].action == "")
        let (reset, _) = try SettingsEdit.apply(.reset(key), to: set, file: "f.toml", lookups: .fake())
        #expect(!reset.contains("double-tap ="))
        #expect(throws: SettingError.self) { try SettingKey("assistive-touch.triple-tap") }
    }

    @Test func aValueTheCheckRefusesIsRefusedWithTheLineItWouldHave() throws {
        let text = "# mine\n[general]\nhaptics = \"off\"\n"
        #expect(throws: SettingError("sensitivity = \"hard\" refused, forcetouch.toml is unchanged; it would have 1 error: "
            + "forcetouch.toml:4: general.sensitivity: unknown sensitivity \"hard\"; expected \"light\", \"medium\" or \"firm\"")) {
            try SettingsEdit.apply(.set(try SettingKey("sensitivity"), "hard"), to: text, file: "forcetouch.toml",
                                   lookups: .fake())
        }
    }

    @Test func aFileWithErrorsIsRefusedWithEachErrorsLine() throws {
        let text = "[general]\nsensitivity = \"firm\"\n\n[gestures]\npeek = 7\n"
        #expect(throws: SettingError("forcetouch.toml has 1 error; nothing was changed, fix it first: "
            + "forcetouch.toml:5: gestures.peek: must be greater than 0 and at most 1 (a fraction of maximumPossibleForce), not 7")) {
            try SettingsEdit.apply(.set(try SettingKey("haptics"), "off"), to: text, file: "forcetouch.toml", lookups: .fake())
        }
    }

    @Test func quickActionsAreAddedChangedAndRemovedAsBlocks() throws {
        let text = "# my items\n[[binding]]\ngesture = \"deep-press\"\nquick-actions = true\n"
        let add = SettingsEdit.Change.set(try SettingKey("quick-action.new"), #"{ type = "org.example.a", title = "A" }"#)
        let (one, c1) = try SettingsEdit.apply(add, to: text, file: "f.toml", lookups: .fake())
        #expect(one == text + "\n[[quick-action]]\ntitle = \"A\"\ntype = \"org.example.a\"\n")
        #expect(c1.quickActions.map(\.title) == ["A"])
        let (two, c2) = try SettingsEdit.apply(.set(try SettingKey("quick-action.1.subtitle"), "First"), to: one,
                                               file: "f.toml", lookups: .fake())
        #expect(c2.quickActions.first?.subtitle == "First")
        let (three, _) = try SettingsEdit.apply(.reset(try SettingKey("quick-action.1")), to: two, file: "f.toml",
                                                lookups: .fake())
        #expect(three == text)
        // Reordered: the second block first, the file otherwise the same lines.
        let addB = SettingsEdit.Change.set(try SettingKey("quick-action.new"), #"{ type = "org.example.b", title = "B" }"#)
        let (five, _) = try SettingsEdit.apply(addB, to: two, file: "f.toml", lookups: .fake())
        // A second item of a type the file has is the check's to refuse.
        #expect(throws: SettingError.self) { try SettingsEdit.apply(add, to: two, file: "f.toml", lookups: .fake()) }
        let (moved, c5) = try SettingsEdit.apply(.move(try SettingKey("quick-action.2"), to: 1), to: five, file: "f.toml",
                                                 lookups: .fake())
        #expect(c5.quickActions.map(\.type) == ["org.example.b", "org.example.a"])
        #expect(moved.split(separator: "\n").sorted() == five.split(separator: "\n").sorted())
        #expect(throws: SettingError("f.toml: sensitivity is no block; a block is moved by its name and position, as quick-action.3")) {
            try SettingsEdit.apply(.move(try SettingKey("sensitivity"), to: 1), to: five, file: "f.toml", lookups: .fake())
        }
        // A block without its required keys is the check's to refuse (one without a type is given
        // one: aNewQuickActionWithoutATypeGetsAUniqueOne).
        #expect(throws: SettingError.self) {
            try SettingsEdit.apply(.set(try SettingKey("quick-action.new"), "{ subtitle = \"B\" }"), to: text, file: "f.toml",
                                   lookups: .fake())
        }
    }
}
