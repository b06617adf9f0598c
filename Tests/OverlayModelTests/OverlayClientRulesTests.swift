import OverlayModel
import Testing

/// The overlay's rules as a bus client and a display client beside its windows: who owns its
/// name (OverlayNameOwner), its own properties (OverlayProperty), the output a name picks
/// (OutputName).
@Suite struct OverlayClientRulesTests {
    @Test func theGnomeShellExtensionIsKnownByItsMode() {
        let shell = OverlayNameOwner(mode: "gnome-shell")
        #expect(shell == .gnomeShellExtension && shell.drawsAtFinger)
        #expect(shell.description == "the GNOME Shell extension")
        for mode in ["popup", "layer-shell", "placed-window", "GNOME-SHELL", ""] {
            #expect(OverlayNameOwner(mode: mode) == .anotherOverlay && !OverlayNameOwner(mode: mode).drawsAtFinger)
        }
        #expect(OverlayNameOwner(mode: "popup").description == "another overlay")
        #expect(OverlayNameOwner(mode: nil) == .client && OverlayNameOwner(mode: nil).description == "a client")
    }

    @Test func theOverlaysPropertiesByName() {
        #expect(OverlayProperty(rawValue: "Mode")?.value(mode: "popup") == .string("popup"))
        #expect(OverlayProperty(rawValue: "AtFinger")?.value(mode: "popup") == .boolean(true))
        #expect(OverlayProperty(rawValue: "AtFinger")?.value(mode: "layer-shell") == .boolean(true))
        #expect(OverlayProperty(rawValue: "AtFinger")?.value(mode: "placed-window") == .boolean(false))
        #expect(OverlayProperty(rawValue: "mode") == nil && OverlayProperty(rawValue: "Colour") == nil)
    }

    @Test func anOutputIsPickedByItsModelName() {
        let models: [String?] = ["eDP-1", nil, "HDMI-A-1", "HDMI-A-1"]
        #expect(OutputName.index(of: "HDMI-A-1", among: models) == 2)
        #expect(OutputName.index(of: "eDP-1", among: models) == 0)
        #expect(OutputName.index(of: "DP-3", among: models) == nil)
        #expect(OutputName.index(of: "", among: models) == nil)
        #expect(OutputName.index(of: "hdmi-a-1", among: models) == nil)
    }

    @Test func theSettingsPortalSaysWhetherItIsDarkWhereItAnswers() {
        #expect(ColorScheme.isDark(portal: 1, theme: "Adwaita", gtkTheme: nil, preferDark: false))
        #expect(!ColorScheme.isDark(portal: 0, theme: "Adwaita-dark", gtkTheme: "Adwaita:dark", preferDark: true))
        #expect(!ColorScheme.isDark(portal: 2, theme: "Adwaita", gtkTheme: nil, preferDark: false))
    }

    @Test func elseGtksThemeSays() {
        #expect(ColorScheme.isDark(portal: nil, theme: "Adwaita-dark", gtkTheme: nil, preferDark: false))
        #expect(ColorScheme.isDark(portal: nil, theme: "Adwaita", gtkTheme: "Adwaita:dark", preferDark: false))
        #expect(ColorScheme.isDark(portal: nil, theme: nil, gtkTheme: nil, preferDark: true))
        #expect(!ColorScheme.isDark(portal: nil, theme: "Adwaita", gtkTheme: "Adwaita", preferDark: false))
        #expect(!ColorScheme.isDark(portal: nil, theme: "darkness", gtkTheme: nil, preferDark: false))
    }

    @Test func gnomeIsAnyOfTheDesktopsNamed() {
        #expect(DesktopSession.isGnome("GNOME"))
        #expect(DesktopSession.isGnome("ubuntu:GNOME"))
        #expect(DesktopSession.isGnome("gnome-flashback:gnome"))
        #expect(!DesktopSession.isGnome("sway") && !DesktopSession.isGnome("GNOME-Classic") && !DesktopSession.isGnome(nil))
        #expect(!DesktopSession.isGnome(""))
    }
}
