import OverlayModel
import Testing

/// The `window-type` an X11 window's `_NET_WM_WINDOW_TYPE` gives, with the atoms the windows of
/// under-finger-lookup-on-host.sh's session and of common desktops name.
@Suite struct X11WindowTypeTests {
    @Test func ewmhTypesLoseTheirPrefixInLowerCase() {
        // xfce4-panel's, xfdesktop's, Firefox's and a GTK menu's.
        #expect(X11WindowType.name(ofAtom: "_NET_WM_WINDOW_TYPE_DOCK") == "dock")
        #expect(X11WindowType.name(ofAtom: "_NET_WM_WINDOW_TYPE_DESKTOP") == "desktop")
        #expect(X11WindowType.name(ofAtom: "_NET_WM_WINDOW_TYPE_NORMAL") == "normal")
        #expect(X11WindowType.name(ofAtom: "_NET_WM_WINDOW_TYPE_POPUP_MENU") == "popup_menu")
    }

    @Test func aWindowThatNamesNoTypeIsNormal() {
        #expect(X11WindowType.name(ofAtom: nil) == "normal")
        #expect(X11WindowType.name(ofAtom: "") == "normal")
        #expect(X11WindowType.name(ofAtom: "_NET_WM_WINDOW_TYPE_") == "normal")
    }

    @Test func anotherToolkitsTypeKeepsItsWholeName() {
        // KDE's own, which KWin's windows name before the EWMH one.
        #expect(X11WindowType.name(ofAtom: "_KDE_NET_WM_WINDOW_TYPE_OVERRIDE") == "_kde_net_wm_window_type_override")
        // Only ASCII is lowered: an atom's name is Latin-1, never another script's capitals.
        #expect(X11WindowType.name(ofAtom: "_NET_WM_WINDOW_TYPE_ÉCRAN") == "Écran")
    }
}
