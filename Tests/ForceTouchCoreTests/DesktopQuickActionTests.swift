import Testing
@testable import ForceTouchCore

/// `[quick-actions] desktop`: installed applications' Desktop Actions as quick actions.
@Suite struct DesktopQuickActionTests {
    static let firefox = DesktopApplication(
        id: "firefox.desktop", name: "Firefox", icon: "firefox", exec: ["firefox", "%u"], path: "/usr/share/applications/firefox.desktop",
        actions: [.init(id: "new-window", name: "New Window", exec: ["firefox", "--new-window", "%u"]),
                  .init(id: "new-private-window", name: "New Private Window", icon: "/opt/private.png",
                        exec: ["firefox", "--private-window", "%u"])])
    static let plain = DesktopApplication(id: "xterm.desktop", name: "XTerm", exec: ["xterm"], path: "/x/xterm.desktop")

    func parse(_ text: String) -> ConfigurationLoad {
        Configuration.parse(text, file: "/etc/forcetouch/test.toml",
                            lookups: .fake(applications: [Self.firefox, Self.plain]))
    }

    @Test func anAppsActionsBecomeItemsInItsOrderAfterTheBlocks() {
        let load = parse("""
            [quick-actions]
            desktop = "firefox.desktop"

            [[quick-action]]
            type = "compose"
            title = "Compose"
            notify = "compose"
            """)
        #expect(load.errors.isEmpty, "\(load.errors)")
        let items = load.configuration.quickActions
        #expect(items.map(\.type) == ["compose", "new-window", "new-private-window"])
        #expect(items[1].title == "New Window")
        #expect(items[1].subtitle == "Firefox")
        #expect(items[1].icon == .symbol("firefox"))
        #expect(items[2].icon == .file("/opt/private.png"))
        #expect(items[2].action == .launch(.desktop(id: "firefox.desktop", action: "new-private-window")))
    }

    @Test(arguments: [
        ("desktop = \"nope.desktop\"", "2: quick-actions.desktop: nope.desktop: no such application is installed"),
        ("desktop = [\"xterm.desktop\"]",
         "2: quick-actions.desktop: xterm.desktop (XTerm) has no Desktop Actions (its file has no Actions= key), so no quick actions"),
        ("desktop = \"firefox\"", "2: quick-actions.desktop: \"firefox\" is not a desktop file id; write e.g. \"firefox.desktop\""),
    ])
    func anAppThatCannotGiveItemsIsAnErrorNamingIt(_ line: String, _ message: String) {
        let load = parse("[quick-actions]\n\(line)\n")
        #expect(load.errors.map(\.description) == ["/etc/forcetouch/test.toml:" + message])
    }

    @Test func aTypeTakenByABlockIsAnError() {
        let load = parse("""
            [quick-actions]
            desktop = ["firefox.desktop"]

            [[quick-action]]
            type = "new-window"
            title = "Mine"
            """)
        #expect(load.configuration.quickActions.map(\.type) == ["new-window", "new-private-window"])
        #expect(load.errors.map(\.description).contains {
            $0.contains("quick-actions.desktop: firefox.desktop: action \"new-window\": another quick action already has this type")
        }, "\(load.errors)")
    }
}

/// `quick-actions = "app.desktop"` in a binding: one application's actions as a menu.
@Suite struct ApplicationMenuTests {
    func parse(_ text: String) -> ConfigurationLoad {
        Configuration.parse(text, file: "/etc/forcetouch/test.toml",
                            lookups: .fake(applications: [DesktopQuickActionTests.firefox, DesktopQuickActionTests.plain]))
    }

    @Test func aBindingPresentsAnInstalledAppsActions() {
        let load = parse("[[binding]]\ngesture = \"long-press\"\nquick-actions = \"firefox.desktop\"\n")
        #expect(load.errors.isEmpty, "\(load.errors)")
        #expect(load.configuration.bindings.first?.action == .applicationMenu("firefox.desktop"))
        #expect(DesktopQuickActionTests.firefox.quickActionItems.map(\.type) == ["new-window", "new-private-window"])
    }

    @Test(arguments: [
        ("\"nope.desktop\"", "3: binding[1].quick-actions: nope.desktop: no such application is installed"),
        ("\"xterm.desktop\"", "3: binding[1].quick-actions: xterm.desktop (XTerm) has no Desktop Actions (its file has no Actions= key), so no menu"),
        ("\"firefox\"", "3: binding[1].quick-actions: expected true (the quick-action menu) or an application's desktop file id such as \"firefox.desktop\" (its Desktop Actions as a menu), found \"firefox\""),
    ])
    func anAppThatGivesNoMenuIsAnError(_ value: String, _ message: String) {
        let load = parse("[[binding]]\ngesture = \"long-press\"\nquick-actions = \(value)\n")
        #expect(load.errors.map(\.description) == ["/etc/forcetouch/test.toml:" + message])
        #expect(load.configuration.bindings.isEmpty)
    }
}
