import Testing
@testable import ForceTouchCore

/// `forcetouchd --check-config`'s line for each binding (`BindingSummary`): what it does, and
/// for the menu what it shows where, as the configuration has it.
@Suite struct BindingSummaryTests {
    static func lines(_ toml: String) -> [String] {
        let load = Configuration.parse(toml, file: "test.toml", lookups: .fake())
        #expect(load.errors.isEmpty, "\(load.errors)")
        return load.configuration.bindings.map { BindingSummary.line($0, in: load.configuration) }
    }

    @Test func theMenuSaysWhatItShowsOnNothingWithAndWithoutItems() {
        let menu = "[[binding]]\ngesture = \"deep-press\"\nquick-actions = true\n"
        #expect(Self.lines(menu) == ["binding 1 (line 1): deep-press at peek → quick-actions: a link's Open and Copy Link, "
            + "an app icon's actions (under-finger); on anything else nothing, and the touch is the app's (no [[quick-action]] items)"])
        let item = "\n[[quick-action]]\ntype = \"a\"\ntitle = \"A\"\n"
        #expect(Self.lines(menu + item).first?.hasSuffix("on anything else the 1 [[quick-action]] item") == true)
        let off = menu + "\n[quick-actions]\nunder-finger = []\n"
        #expect(Self.lines(off).first?.hasSuffix("quick-actions: the 0 [[quick-action]] items (under-finger = [])") == true)
    }

    @Test func everyNarrowingIsSaidAndAClaimOnlyWhereItIsNotTheDefault() {
        let toml = """
            [[binding]]
            gesture = "long-press"
            fingers = 2
            device = "touchpad"
            claim = false
            notify = "held"

            [[binding]]
            gesture = "deep-press"
            stage = "pop"
            min-force = 5.5
            keys = "KEY_LEFTCTRL+KEY_Z"
            """
        #expect(Self.lines(toml) == [
            "binding 1 (line 1): long-press, 2 fingers, device touchpad → notify \"held\"; the app gets the touch too (claim = false)",
            "binding 2 (line 8): deep-press at pop, force ≥ 5.5 → keys KEY_LEFTCTRL+KEY_Z",
        ])
    }
}
