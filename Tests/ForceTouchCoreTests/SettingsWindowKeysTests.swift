import Testing
@testable import ForceTouchCore
import ForceTouchProtocol

/// What the settings window edits in place beyond the simple settings: a binding's gesture and
/// command (`binding.N.gesture`, `binding.N.exec`) and `[assistive-touch]`'s keys besides its
/// slots, each read back as the window shows it.
@Suite struct SettingsWindowKeysTests {
    static let bound = """
        # mine
        [[binding]]
        gesture = "tap"   # kept
        exec = ["notify-send", "one"]

        [[binding]]
        gesture = "deep-press"
        quick-actions = true

        """

    func state(_ text: String) throws -> SettingsState {
        let configuration = try SettingsEdit.check(text, file: "f.toml", lookups: .fake())
        return SettingsReader.state(text: text, file: "f.toml", configuration: configuration, canUndo: false)
    }

    @Test func eachBindingsGestureAndCommandAreReadForTheWindow() throws {
        #expect(try state(Self.bound).bindingKeys == [
            .init(gesture: "tap", action: "exec", exec: ["notify-send", "one"]),
            .init(gesture: "deep-press", action: "quick-actions"),
        ])
    }

    @Test func aBindingsGestureIsChangedInItsOwnLine() throws {
        let (edited, _) = try SettingsEdit.apply(.set(try SettingKey("binding.1.gesture"), "double-tap"), to: Self.bound,
                                                 file: "f.toml", lookups: .fake())
        #expect(TOMLEditorTests.difference(Self.bound, edited) == (["gesture = \"tap\"   # kept"], ["gesture = \"double-tap\"   # kept"]))
        #expect(try state(edited).bindingKeys.map(\.gesture) == ["double-tap", "deep-press"])
    }

    @Test func assistiveTouchsOtherKeysAreSettings() throws {
        #expect(try SettingKey("assistive-touch.button-size") == .assistiveTouchOption("button-size"))
        #expect(try SettingKey("assistive-touch.button").place?.place == .table(["assistive-touch"]))
        #expect(throws: SettingError.self) { try SettingKey("assistive-touch.idle-opacity") }
        let none = try state("")
        #expect(none.assistiveTouchButton == false)
        #expect(none.assistiveTouchNumbers == [
            .init(key: "assistive-touch.button-size", value: 0.12, minimum: 0.04, maximum: 0.3),
            .init(key: "assistive-touch.double-tap-timeout", value: 0.3, minimum: 0.1, maximum: 0.75),
            .init(key: "assistive-touch.long-press-duration", value: 0.75, minimum: 0.01, maximum: 60),
        ])
        let (edited, _) = try SettingsEdit.apply(.set(try SettingKey("assistive-touch.button-size"), "0.2"), to: "",
                                                 file: "f.toml", lookups: .fake())
        let after = try state(edited)
        #expect(after.assistiveTouchButton && after.assistiveTouchNumbers[0].value == 0.2)
        #expect(throws: SettingError.self) {
            try SettingsEdit.apply(.set(try SettingKey("assistive-touch.button-size"), "0.5"), to: edited,
                                   file: "f.toml", lookups: .fake())
        }
    }
}
