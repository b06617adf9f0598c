import Foundation
import ForceTouchEngine
import ForceTouchProtocol
import Testing
@testable import ForceTouchCore

/// An app's open windows in its deep-press menu (docs/SPEC.md §11): which of the windows a looker
/// listed are the app's, and the items they make, each switched to when chosen.
@Suite struct AppWindowsTests {
    /// Debian 12's firefox-esr.desktop: no Desktop Actions.
    static let firefox = DesktopApplication(
        id: "firefox-esr.desktop", name: "Firefox ESR", icon: "firefox-esr", exec: ["/usr/lib/firefox-esr/firefox-esr", "%u"],
        path: "/usr/share/applications/firefox-esr.desktop", genericName: "Web Browser", startupWMClass: "firefox-esr")
    static let files = DesktopApplication(
        id: "org.gnome.Nautilus.desktop", name: "Files", icon: "org.gnome.Nautilus", exec: ["nautilus", "--new-window"],
        path: "/usr/share/applications/org.gnome.Nautilus.desktop",
        actions: [.init(id: "new-window", name: "New Window", exec: ["nautilus", "--new-window"])])
    static let terminal = DesktopApplication(
        id: "xfce4-terminal.desktop", name: "Xfce Terminal", icon: "org.xfce.terminal", exec: ["env", "LANG=C", "xfce4-terminal"],
        path: "/usr/share/applications/xfce4-terminal.desktop")
    static let configured = ShortcutStore(
        staticItems: [ShortcutItem(type: "compose", title: "Compose", action: .notify("compose")),
                      ShortcutItem(type: "ff-home", title: "Firefox home",
                                   action: .launch(.desktop(id: "firefox-esr", action: nil)))],
        maximumMenuItems: 6)

    static func window(_ id: UInt32, _ app: String, _ title: String) -> PressTargetFacts.Window {
        PressTargetFacts.Window(id: id, appID: app, title: title)
    }

    // MARK: Which windows are the app's

    @Test func aWindowIsTheAppsByItsClassIdOrExecutableWithoutCase() {
        let windows = [Self.window(1, "Firefox-esr", "Mozilla Firefox"), Self.window(2, "org.gnome.Nautilus", "Home"),
                       Self.window(3, "nautilus", "Documents"), Self.window(4, "Xfce4-terminal", "Terminal"),
                       Self.window(5, "", "No class"), Self.window(6, "firefox", "Another Firefox")]
        #expect(AppWindows.of(Self.firefox, among: windows).map(\.id) == [1])
        #expect(AppWindows.of(Self.files, among: windows).map(\.id) == [2, 3])
        #expect(AppWindows.of(Self.terminal, among: windows).map(\.id) == [4])
    }

    @Test func aWindowItemsTypeNamesItsWindowAndNoOtherItemsDoes() {
        #expect(AppWindows.windowID(ofItemType: "window.switch.4194307") == 4194307)
        #expect(AppWindows.windowID(ofItemType: "window.switch.") == nil)
        #expect(AppWindows.windowID(ofItemType: "window.switch.-1") == nil)
        #expect(AppWindows.windowID(ofItemType: "new-window") == nil)
    }

    // MARK: The menu

    @Test func anAppWithoutActionsShowsItsWindowsThenTheItemsThatLaunchIt() {
        var target = PressTarget.app(.appIcon, Self.firefox)
        target.windows = [Self.window(41, "firefox-esr", "Forcetouch links — Mozilla Firefox"),
                          Self.window(42, "firefox-esr", "Mozilla Firefox")]
        let (store, shown) = PressTargetMenu.menu(for: target, configured: Self.configured)
        #expect(store.menu.map(\.item.title) == ["Forcetouch links — Mozilla Firefox", "Mozilla Firefox", "Firefox home"])
        #expect(store.menu.map(\.item.type) == ["window.switch.41", "window.switch.42", "ff-home"])
        #expect(store.menu[0].item.subtitle == "Firefox ESR" && store.menu[0].item.icon == .symbol("firefox-esr"))
        #expect(store.menu[0].item.action == nil)
        #expect(shown.kind == .appIcon && shown.name == "Firefox ESR")
    }

    @Test func anAppsActionsComeBeforeItsWindows() {
        var target = PressTarget.app(.appIcon, Self.files)
        target.windows = [Self.window(7, "org.gnome.Nautilus", "Home")]
        let (store, _) = PressTargetMenu.menu(for: target, configured: Self.configured)
        #expect(store.menu.map(\.item.type) == ["new-window", "window.switch.7"])
    }

    @Test func aTitleIsOneLineAndAnEmptyOneIsTheAppsName() {
        var target = PressTarget.app(.appIcon, Self.firefox)
        target.windows = [Self.window(1, "firefox-esr", "two\nlines"), Self.window(2, "firefox-esr", "  ")]
        let (store, _) = PressTargetMenu.menu(for: target, configured: ShortcutStore())
        #expect(store.menu.map(\.item.title) == ["two lines", "Firefox ESR"])
    }

    @Test func anAppWithNeitherActionsNorWindowsStillShowsTheConfiguredMenu() {
        let (store, target) = PressTargetMenu.menu(for: .app(.appIcon, Self.terminal), configured: Self.configured)
        #expect(store == Self.configured && target.kind == .nothing)
        #expect(target.why == "xfce4-terminal.desktop has no quick actions (no Desktop Actions, no open window, and no item launches it)")
    }

    // MARK: From the facts

    @Test func theResolverGivesAnAppIconItsWindowsOnly() throws {
        let facts = try PressTargetFacts(entries: [
            BusVariantEntry("role", .string("push button")), BusVariantEntry("name", .string("Firefox ESR")),
            BusVariantEntry("window-type", .string("dock")),
            BusVariantEntry("windows", .windows([Self.window(1, "xfce4-panel", "xfce4-panel"),
                                                  Self.window(2, "firefox-esr", "Mozilla Firefox")])),
        ])
        let target = PressTargetResolver(applications: [Self.firefox, Self.terminal]).resolve(facts)
        #expect(target.kind == .appIcon && target.windows.map(\.id) == [2])
    }

    @Test func theWindowsAreReadBoundedAndWrittenAsTheBusHasThem() throws {
        let long = String(repeating: "t", count: 600)
        let facts = try PressTargetFacts(entries: [BusVariantEntry("windows", .windows([Self.window(9, "a", long)]))])
        #expect(facts.windows.first?.title.unicodeScalars.count == PressTargetFacts.maximumTextLength)
        var small = PressTargetFacts()
        small.windows = [Self.window(9, "firefox-esr", "Page")]
        #expect(ProtocolJSON.line(small) == #"{"windows":[{"app-id":"firefox-esr","id":9,"title":"Page"}]}"#)
        let many = (0..<65).map { Self.window(UInt32($0), "x", "") }
        #expect(throws: PressTargetFactsError("\"windows\" lists 65 windows, more than 64")) {
            try PressTargetFacts(entries: [BusVariantEntry("windows", .windows(many))])
        }
        #expect(throws: PressTargetFactsError("\"windows\" must be of type a(uss), not s")) {
            try PressTargetFacts(entries: [BusVariantEntry("windows", .string("1 firefox-esr"))])
        }
    }
}

/// The rule over windows as a real X server listed them (Tests/Documented/fixtures/app-windows).
@Suite struct RecordedAppWindowsTests {
    struct Recording: Decodable {
        struct Window: Decodable {
            var id: UInt32
            var appID: String
            var title: String
            enum CodingKeys: String, CodingKey { case id, appID = "app-id", title }
        }
        var what: String
        var windows: [Window]
        /// The titles of the windows that are Debian's Firefox ESR's, in the list's order.
        var firefox: [String]
    }

    @Test func firefoxsWindowsAmongAnX11SessionsOnly() throws {
        let url = TestFiles.packageRoot.appendingPathComponent("Tests/Documented/fixtures/app-windows/x11-firefox-two-windows.json")
        let recording = try JSONDecoder().decode(Recording.self, from: Data(contentsOf: url))
        let windows = recording.windows.map { PressTargetFacts.Window(id: $0.id, appID: $0.appID, title: $0.title) }
        #expect(windows.count > recording.firefox.count, "\(recording.what)")
        #expect(AppWindows.of(AppWindowsTests.firefox, among: windows).map(\.title) == recording.firefox)
    }
}
