import ForceTouchTestDevices
import ForceTouchEngine
import Testing
@testable import ForceTouchCore

/// What the overlay (SPEC §11) takes from the configuration: a device's `output`, and the
/// icon-theme names of the system icons.
@Suite struct OverlayConfigurationTests {
    let device = EventScript.touchscreen(name: "ELAN Touchscreen")

    @Test func outputIsReadPerDeviceAndEmptyByDefault() {
        let load = Configuration.parse("""
            [[device]]
            match-name = "ELAN*"
            output = "HDMI-A-1"
            rotation = 90
            """, file: "c.toml", lookups: .fake())
        #expect(load.errors.isEmpty, "\(load.errors)")
        let settings = load.configuration.settings(for: device, deviceClass: .touchscreen)
        #expect(settings.output == "HDMI-A-1")
        #expect(settings.gestures.rotation == Rotation(degrees: 90))
        let none = Configuration.parse("", file: "c.toml", lookups: .fake())
        #expect(none.configuration.settings(for: device, deviceClass: .touchscreen).output == "")
    }

    @Test func anEmptyOutputIsRefusedWithItsLine() {
        let bad = Configuration.parse("""
            [[device]]
            match-name = "*"
            output = ""
            """, file: "c.toml", lookups: .fake())
        #expect(bad.errors.count == 1)
        #expect(bad.errors.first?.description.hasPrefix("c.toml:3: device[1].output") == true, "\(bad.errors)")
    }

    /// Every system icon has a theme name of its own: two items never show the same icon.
    @Test func everySystemIconHasItsOwnThemeName() {
        let names = SystemIcon.allCases.map(\.themeIconName)
        #expect(Set(names).count == SystemIcon.allCases.count)
        #expect(SystemIcon.compose.themeIconName == "document-edit")
        #expect(SystemIcon.search.themeIconName == "edit-find")
        #expect(!names.contains(""))
    }
}
