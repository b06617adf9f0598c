import OverlayModel
import Testing

/// Which way the window under a point is learned, from the session's environment, and which of
/// the X server's windows may be at a point.
@Suite struct LookupSourceTests {
    @Test func swayAndHyprlandBeforeTheirXWayland() throws {
        #expect(try LookupSource.of(["SWAYSOCK": "/run/user/1000/sway-ipc.sock", "WAYLAND_DISPLAY": "wayland-1",
                                     "DISPLAY": ":0"]).get() == .sway)
        #expect(try LookupSource.of(["HYPRLAND_INSTANCE_SIGNATURE": "abc", "WAYLAND_DISPLAY": "wayland-1",
                                     "DISPLAY": ":0"]).get() == .hyprland)
        #expect(try LookupSource.of(["DISPLAY": ":90"]).get() == .x11)
    }

    @Test func anotherWaylandCompositorOrNoDisplaySaysWhy() {
        guard case .failure(let none) = LookupSource.of(["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]) else {
            Issue.record("GNOME's Wayland session, with XWayland, is no source")
            return
        }
        #expect(none.why.hasPrefix("this Wayland compositor does not say"))
        guard case .failure(let nothing) = LookupSource.of(["SWAYSOCK": ""]) else {
            Issue.record("an empty variable is none")
            return
        }
        #expect(nothing.why == "no display (neither DISPLAY nor SWAYSOCK)")
    }

    @Test func theNamesPressTargetSays() {
        #expect(LookupSource.allCases.map(\.name) == ["x11", "sway", "hyprland"])
    }

    typealias Window = X11StackingList.Window

    /// Xvfb with openbox, as under-finger-lookup-on-host.sh has it: the root's children bottom
    /// first, an InputOnly window of openbox's over everything, xfce4-panel's dock at the bottom,
    /// the Links window, and the overlay's own popup on top.
    static let screen = [
        Window(viewable: true, drawing: true, ours: false, frame: PixelRect(x: 0, y: 0, width: 1024, height: 768)),
        Window(viewable: true, drawing: true, ours: false, frame: PixelRect(x: 488, y: 720, width: 48, height: 48)),
        Window(viewable: false, drawing: true, ours: false, frame: PixelRect(x: 0, y: 0, width: 400, height: 300)),
        Window(viewable: true, drawing: true, ours: false, frame: PixelRect(x: 10, y: 20, width: 322, height: 158)),
        Window(viewable: true, drawing: false, ours: false, frame: PixelRect(x: 0, y: 0, width: 1024, height: 768)),
        Window(viewable: true, drawing: true, ours: true, frame: PixelRect(x: 100, y: 50, width: 300, height: 200)),
    ]

    @Test func theTopWindowsHoldingThePointFirst() {
        #expect(X11StackingList.candidates(at: 150, 60, in: Self.screen) == [3, 0])
        #expect(X11StackingList.candidates(at: 500, 740, in: Self.screen) == [1, 0])
        // Its frame's right and bottom edges are past it.
        #expect(X11StackingList.candidates(at: 332, 60, in: Self.screen) == [0])
        #expect(X11StackingList.candidates(at: 2000, 60, in: Self.screen) == [])
    }
}
