import ForceTouchEngine
import ForceTouchProtocol
import Testing
@testable import ForceTouchCore

/// What is under the finger (docs/SPEC.md §11): the facts a looker sends, what the daemon
/// decides they are, when an answer counts, and the menu each target shows.
@Suite struct PressTargetTests {
    static let firefox = DesktopApplication(
        id: "firefox-esr.desktop", name: "Firefox ESR", icon: "firefox-esr", exec: ["/usr/lib/firefox-esr/firefox-esr", "%u"],
        path: "/usr/share/applications/firefox-esr.desktop",
        actions: [.init(id: "new-window", name: "New Window", exec: ["firefox-esr", "--new-window"]),
                  .init(id: "new-private-window", name: "New Private Window", exec: ["firefox-esr", "--private-window"])],
        genericName: "Web Browser", startupWMClass: "Firefox-esr")
    static let files = DesktopApplication(
        id: "org.gnome.Nautilus.desktop", name: "Files", icon: "org.gnome.Nautilus", exec: ["nautilus", "--new-window"],
        path: "/usr/share/applications/org.gnome.Nautilus.desktop",
        actions: [.init(id: "new-window", name: "New Window", exec: ["nautilus", "--new-window"])])
    static let terminal = DesktopApplication(
        id: "xfce4-terminal.desktop", name: "Xfce Terminal", icon: "org.xfce.terminal", exec: ["env", "LANG=C", "xfce4-terminal"],
        path: "/usr/share/applications/xfce4-terminal.desktop", genericName: "Terminal Emulator")
    static let apps = [firefox, files, terminal]

    func resolver(_ used: Set<PressTargetKind> = PressTargetKind.defaultUsed) -> PressTargetResolver {
        PressTargetResolver(applications: Self.apps, used: used, executable: { $0 == 4242 ? "nautilus" : nil })
    }

    func facts(_ entries: [String: BusVariant]) throws -> PressTargetFacts {
        try PressTargetFacts(entries: entries.map { BusVariantEntry($0.key, $0.value) })
    }

    // MARK: The facts

    @Test func factsAreReadByTypeAndUnknownKeysIgnored() throws {
        let f = try facts(["press-x": .double(0.25), "press-y": .double(0.5), "role": .string("push button"),
                           "window-pid": .uint32(7), "future-key": .other(signature: "as"), "source": .string("x11")])
        #expect(f.pressX == 0.25 && f.pressY == 0.5)
        #expect(f.role == "push button" && f.windowPID == 7 && f.source == "x11")
        #expect(f.answers(x: 0.25, y: 0.5) && !f.answers(x: 0.25, y: 0.51))
    }

    @Test(arguments: [
        (["press-x": BusVariant.string("0.5")], "\"press-x\" must be of type d, not s"),
        (["window-pid": .double(7)], "\"window-pid\" must be of type u, not d"),
        (["name": .uint32(3)], "\"name\" must be of type s, not u"),
        (["press-y": .double(.nan)], "\"press-y\" must be a finite number"),
        (["address": .string(String(repeating: "a", count: 9000))], "\"address\" is 9000 bytes, more than 8192"),
    ])
    func aWrongFactIsRefusedByName(_ entries: [String: BusVariant], _ message: String) {
        #expect(throws: PressTargetFactsError(message)) { try facts(entries) }
    }

    @Test func longTextsAreCutAndTooManyFactsRefused() throws {
        let f = try facts(["name": .string(String(repeating: "x", count: 2000))])
        #expect(f.name?.count == 500 && f.name?.hasSuffix("…") == true)
        let many = (0..<65).map { BusVariantEntry("k\($0)", .string("")) }
        #expect(throws: PressTargetFactsError("65 facts, more than 64")) { try PressTargetFacts(entries: many) }
    }

    // MARK: Resolving

    @Test func aLinkIsALinkWhateverElseIsThere() throws {
        let t = resolver().resolve(try facts(["address": .string("https://example.org/"), "name": .string("Example"),
                                               "role": .string("link"), "window-app-id": .string("firefox-esr")]))
        #expect(t.kind == .link && t.address == "https://example.org/" && t.name == "Example")
        let bare = resolver().resolve(try facts(["address": .string("https://example.org/a")]))
        #expect(bare.name == "https://example.org/a")
    }

    @Test func theLookersOwnAppIDOrKindIsBelieved() throws {
        #expect(resolver().resolve(try facts(["app-id": .string("firefox-esr.desktop")])).app == Self.firefox)
        #expect(resolver().resolve(try facts(["app-id": .string("FIREFOX-ESR")])).kind == .appIcon)
        let dash = resolver().resolve(try facts(["kind": .string("app-icon"), "name": .string("Files"),
                                                  "source": .string("gnome-shell")]))
        #expect(dash.kind == .appIcon && dash.app == Self.files && dash.name == "Files" && dash.icon == "org.gnome.Nautilus")
    }

    @Test(arguments: [
        // role, name, description, window type → the app's id, or nil
        ("push button", "Firefox ESR", nil, "dock", "firefox-esr.desktop"),
        ("Push-Button", "web browser", nil, "panel", "firefox-esr.desktop"),
        ("toggle button", "Firefox-esr", nil, "dock", "firefox-esr.desktop"),
        ("icon", "nautilus", nil, "desktop", "org.gnome.Nautilus.desktop"),
        ("list item", "Launch Firefox ESR now", nil, "panel", "firefox-esr.desktop"),
        ("menu item", "", "Xfce Terminal", "panel", "xfce4-terminal.desktop"),
        ("push button", "xfce4-terminal", nil, "dock", "xfce4-terminal.desktop"),
        ("push button", "Firefox ESR", nil, "normal", nil),
        ("push button", "Mail", nil, "dock", nil),
        ("paragraph", "Firefox ESR", nil, "dock", nil),
    ] as [(String, String, String?, String, String?)])
    func aLauncherInADockIsItsApp(_ role: String, _ name: String, _ description: String?, _ type: String, _ id: String?) throws {
        var entries: [String: BusVariant] = ["role": .string(role), "name": .string(name), "window-type": .string(type),
                                             "window-app-id": .string("xfce4-panel")]
        if let description { entries["description"] = .string(description) }
        let t = resolver().resolve(try facts(entries))
        #expect(t.app?.id == id, "\(t)")
        #expect(t.kind == (id == nil ? .nothing : .appIcon))
    }

    @Test func aLauncherOverNoWindowIsItsAppToo() throws {
        let t = resolver().resolve(try facts(["role": .string("push button"), "name": .string("Files")]))
        #expect(t.kind == .appIcon && t.app == Self.files)
    }

    @Test func anOrdinaryWindowIsNothingUnlessWindowsAreUsed() throws {
        let f = try facts(["role": .string("document web"), "window-app-id": .string("Firefox-esr"),
                           "window-type": .string("normal"), "window-title": .string("Example")])
        let off = resolver().resolve(f)
        #expect(off.kind == .nothing)
        #expect(off.why == "a window of Firefox-esr, and windows are not used ([quick-actions] under-finger)")
        let on = resolver([.appIcon, .window]).resolve(f)
        #expect(on.kind == .window && on.app == Self.firefox)
        let byPID = resolver([.window]).resolve(try facts(["window-pid": .uint32(4242)]))
        #expect(byPID.kind == .window && byPID.app == Self.files)
        let unknown = resolver([.window]).resolve(try facts(["window-app-id": .string("foot")]))
        #expect(unknown.why == "a window of foot, which matches no installed application")
    }

    @Test func nothingSaysWhy() throws {
        #expect(resolver().resolve(try facts(["why": .string("AT-SPI is not running")])).why == "AT-SPI is not running")
        #expect(resolver().resolve(PressTargetFacts()).why == "nothing known under the finger")
        #expect(resolver().resolve(try facts(["role": .string("push button"), "name": .string("Mail"),
                                              "window-type": .string("dock")])).why
                == "push button \"Mail\" in a dock window matches no installed application")
        #expect(resolver([]).resolve(try facts(["app-id": .string("firefox-esr")])).why
                == "the lookup is off ([quick-actions] under-finger = [])")
        #expect(resolver([.appIcon]).resolve(try facts(["address": .string("https://a.b/")])).kind == .nothing)
        #expect(resolver([.link]).resolve(try facts(["app-id": .string("firefox-esr")])).why
                == "the icon of firefox-esr.desktop, and app icons are not used ([quick-actions] under-finger)")
    }

    // MARK: The configuration

    func settings(_ line: String) -> (QuickActionSettings, [String]) {
        let load = Configuration.parse("[quick-actions]\n" + line + "\n", file: "/etc/forcetouch/test.toml",
                                       lookups: .fake())
        return (load.configuration.quickActionSettings, load.errors.map(\.description))
    }

    @Test func underFingerListsTheKindsUsed() {
        #expect(settings("").0.underFinger == [.appIcon, .link])
        #expect(settings("under-finger = [\"window\", \"link\"]").0.underFinger == [.window, .link])
        #expect(settings("under-finger = []").0.underFinger.isEmpty)
        let (kept, errors) = settings("under-finger = [\"icons\"]")
        #expect(kept.underFinger == [.appIcon, .link])
        #expect(errors.count == 1 && errors[0].contains("under-finger") && errors[0].contains("unknown kind \"icons\""), "\(errors)")
        #expect(settings("under-finger = \"link\"").1.first?.contains("expected an array of kinds") == true)
        #expect(settings("under-finger = [\"nothing\"]").1.count == 1)
    }

    // MARK: When an answer counts

    static func t(_ ms: Int64) -> Timestamp { Timestamp(microseconds: ms * 1000) }

    @Test func anAnswerBeforeTheDeadlineCountsAndOneAfterIsDropped() throws {
        var lookup = PressTargetLookup()
        lookup.began(x: 0.3, y: 0.4, at: Self.t(0))
        let answer = try facts(["press-x": .double(0.3), "press-y": .double(0.4), "app-id": .string("firefox-esr")])
        lookup.peeked(at: Self.t(500))
        #expect(lookup.outcome(at: Self.t(520)) == .wait(until: Self.t(600)))
        #expect(lookup.answer(answer, at: Self.t(601)) == .late(Timestamp.Duration(microseconds: 1000)))
        #expect(lookup.outcome(at: Self.t(601)) == .unanswered("no answer from the lookup within 100 ms of peek"))
        lookup.began(x: 0.3, y: 0.4, at: Self.t(1000))
        #expect(lookup.answer(answer, at: Self.t(1050)) == .accepted)
        lookup.peeked(at: Self.t(1500))
        #expect(lookup.outcome(at: Self.t(2000)) == .answered(answer))
    }

    /// A partial answer (the GNOME extension's link without its address yet) is kept while the
    /// looker asks again: the next answer replaces it, and without one it is the answer at the
    /// deadline; a full answer ends the wait at once.
    @Test func aPartialAnswerIsKeptUntilAFullerOneOrTheDeadline() throws {
        var lookup = PressTargetLookup()
        lookup.began(x: 0.3, y: 0.4, at: Self.t(0))
        let first = try facts(["press-x": .double(0.3), "press-y": .double(0.4), "role": .string("link")])
        let second = try facts(["press-x": .double(0.3), "press-y": .double(0.4), "role": .string("link"), "name": .string("Docs")])
        #expect(lookup.answer(first, partial: true, at: Self.t(10)) == .kept)
        lookup.peeked(at: Self.t(20))
        #expect(lookup.outcome(at: Self.t(30)) == .wait(until: Self.t(120)), "partial: still waited for")
        #expect(lookup.answer(second, partial: true, at: Self.t(40)) == .kept)
        #expect(lookup.outcome(at: Self.t(120)) == .answered(second), "at the deadline, the last partial answer")
        let full = try facts(["press-x": .double(0.3), "press-y": .double(0.4), "address": .string("https://example.org/")])
        #expect(lookup.answer(full, at: Self.t(50)) == .accepted)
        #expect(lookup.outcome(at: Self.t(60)) == .answered(full))
        lookup.began(x: 0.5, y: 0.5, at: Self.t(1000))
        #expect(lookup.provisional == nil, "a new press forgets the last one's partial answer")
    }

    @Test func anAnswerForAnotherPressIsStale() throws {
        var lookup = PressTargetLookup()
        #expect(lookup.answer(PressTargetFacts(), at: Self.t(0)) == .stale("no press is being looked up"))
        lookup.began(x: 0.5, y: 0.5, at: Self.t(0))
        let earlier = try facts(["press-x": .double(0.3), "press-y": .double(0.4)])
        #expect(lookup.answer(earlier, at: Self.t(10)) == .stale("for the press at 0.3,0.4, not the one at 0.5,0.5"))
        #expect(lookup.outcome(at: Self.t(20)) == .wait(until: Self.t(120)))
        lookup.end()
        #expect(lookup.outcome(at: Self.t(20)) == .unanswered("no press was looked up"))
    }

    // MARK: Pop while the menu is held

    @Test func aPressThatPoppedAndLiftedDuringTheHoldPopsALinkOrAWordOnly() throws {
        var lookup = PressTargetLookup()
        lookup.began(x: 0.3, y: 0.4, at: Self.t(0))
        lookup.peeked(at: Self.t(5))
        #expect(!lookup.popsOnRelease(.link), "at peek, nothing pops")
        lookup.popped()
        #expect(!lookup.popsOnRelease(.link), "still down: the overlay pops it itself, having seen the pop")
        lookup.lifted()
        #expect(lookup.press?.reachedPop == true && lookup.press?.lifted == true)
        #expect(lookup.popsOnRelease(.link))
        #expect(!lookup.popsOnRelease(.appIcon) && !lookup.popsOnRelease(.window) && !lookup.popsOnRelease(.nothing),
                "an app's quick actions have no pop: the menu stays")
        // The answer after both, in time, keeps what the press did.
        let link = try facts(["press-x": .double(0.3), "press-y": .double(0.4), "address": .string("https://example.org/")])
        #expect(lookup.answer(link, at: Self.t(40)) == .accepted)
        #expect(lookup.popsOnRelease(.link))
        lookup.end()
        #expect(!lookup.popsOnRelease(.link), "nothing followed, nothing pops")
    }

    @Test func aPressThatLiftedAtPeekOrANewPressDoesNotPop() {
        var lookup = PressTargetLookup()
        lookup.began(x: 0.3, y: 0.4, at: Self.t(0))
        lookup.peeked(at: Self.t(5))
        lookup.lifted()
        #expect(!lookup.popsOnRelease(.link), "lifted at peek: the preview and its actions stay")
        lookup.popped()
        lookup.began(x: 0.3, y: 0.4, at: Self.t(500))
        lookup.lifted()
        #expect(!lookup.popsOnRelease(.link), "a new press starts with nothing popped")
        lookup.end()
        lookup.popped()
        lookup.lifted()
        #expect(lookup.press == nil && lookup.state == .idle, "no press: nothing to remember")
    }

    // MARK: The menu each target shows

    static let configured = ShortcutStore(
        staticItems: [ShortcutItem(type: "compose", title: "Compose", action: .notify("compose")),
                      ShortcutItem(type: "ff-home", title: "Firefox home",
                                   action: .launch(.desktop(id: "firefox-esr", action: nil)))],
        dynamicItems: [ShortcutItem(type: "recent", title: "Recent page",
                                    action: .launch(.desktop(id: "firefox-esr.desktop", action: "new-window"))),
                       ShortcutItem(type: "other", title: "Other")],
        maximumMenuItems: 4)

    @Test func anAppIconShowsItsActionsThenItsItemsUpToMaxItems() {
        let (store, target) = PressTargetMenu.menu(for: .app(.appIcon, Self.firefox), configured: Self.configured)
        #expect(store.menu.map(\.item.title) == ["New Window", "New Private Window", "Firefox home", "Recent page"])
        #expect(store.menu.map(\.kind) == [.static, .static, .static, .dynamic])
        #expect(store.menu[0].item.action == .launch(.desktop(id: "firefox-esr.desktop", action: "new-window")))
        #expect(target.name == "Firefox ESR" && target.icon == "firefox-esr" && target.appID == "firefox-esr.desktop")
        var small = Self.configured
        small.maximumMenuItems = 2
        #expect(PressTargetMenu.menu(for: .app(.appIcon, Self.firefox), configured: small).0.menu.count == 2)
    }

    @Test func anAppWithoutActionsShowsTheConfiguredMenu() {
        let (store, target) = PressTargetMenu.menu(for: .app(.appIcon, Self.terminal), configured: Self.configured)
        #expect(store == Self.configured)
        #expect(target.kind == .nothing)
        #expect(target.why == "xfce4-terminal.desktop has no quick actions (no Desktop Actions, no open window, and no item launches it)")
    }

    @Test func aLinkShowsOpenAndCopyLinkAndNothingTheConfiguredMenu() {
        let link = PressTarget(kind: .link, name: "Example", address: "https://example.org/")
        let (store, _) = PressTargetMenu.menu(for: link, configured: Self.configured)
        #expect(store.menu.map(\.item.type) == [PressTargetMenu.openLinkType, PressTargetMenu.copyLinkType])
        #expect(store.menu.map(\.item.title) == ["Open", "Copy Link"])
        #expect(PressTargetMenu.menu(for: .nothing("x"), configured: Self.configured).0 == Self.configured)
    }
}
