import Testing
@testable import ForceTouchCore

/// Who draws the menus, by the `Mode` the owner of Overlay1 says (issue 42): the daemon's log
/// line and `forcectl status` name it.
@Suite struct OverlayClientTests {
    @Test func theExtensionDrawsAtTheFinger() {
        let client = OverlayClient(owner: ":1.23", mode: "gnome-shell")
        #expect(client.kind == .gnomeShellExtension && client.atFinger == true && client.statusMode == "gnome-shell")
        #expect(client.logLine
            == "quick-action menus show at the finger, drawn by the GNOME Shell extension (:1.23, mode gnome-shell)")
    }

    @Test func theOverlayByItsMode() {
        for mode in ["layer-shell", "popup"] {
            let client = OverlayClient(owner: ":1.5", mode: mode)
            #expect(client.kind == .overlay && client.atFinger == true)
            #expect(client.logLine == "quick-action menus show at the finger, drawn by forcetouch-overlay (:1.5, mode \(mode))")
        }
        let placed = OverlayClient(owner: ":1.5", mode: "placed-window")
        #expect(placed.kind == .overlay && placed.atFinger == false && placed.statusMode == "placed-window")
        #expect(placed.logLine.hasPrefix("quick-action menus show in a window the compositor places, not at the finger: "
            + "forcetouch-overlay (:1.5, mode placed-window)"))
    }

    @Test func anOwnerThatDoesNotSayIsUnknown() {
        for mode: String? in [nil, "", "something-else"] {
            let client = OverlayClient(owner: ":1.7", mode: mode)
            #expect(client.kind == .unknown && client.atFinger == nil && client.statusMode == "unknown")
        }
        #expect(OverlayClient(owner: ":1.7", mode: nil).logLine
            == "quick-action menus go to a client that does not say how it shows them (:1.7, mode unknown)")
    }
}
