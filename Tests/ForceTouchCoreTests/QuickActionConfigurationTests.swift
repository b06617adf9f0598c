import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

private func load(_ text: String, files: [String: Data] = [:]) -> ConfigurationLoad {
    Configuration.parse(text, file: "/etc/forcetouch/test.toml", lookups: .fake(files: files))
}

private func line(markedIn text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.contains("# <-") } ?? -1) + 1
}

private let items = """
    [[quick-action]]
    type = "compose"
    title = "New note"
    """

private let intents = """
    [[intent]]
    name = "search"
    handler = ["search-tool"]
    [intent.parameters.q]
    type = "string"
    [[intent]]
    name = "search-screenshot"
    handler = ["search-screenshot"]
    [intent.parameters.query]
    type = "string"
    [intent.parameters.limit]
    type = "number"
    [intent.parameters.exact]
    type = "boolean"
    [intent.parameters.at]
    type = "point"
    """

/// Validation rules of the new tables and action keys; the error's line is the `# <-` one.
let actionInvalidCases: [InvalidCase] = [
    // Action keys in bindings
    .init("binding[1].keys", "unknown key name \"ctrl\"; did you mean KEY_LEFTCTRL?", """
        [[binding]]
        gesture = "tap"
        keys = "ctrl+c"   # <-
        """),
    .init("binding[1].keys", "element 2: ABS_X is not a key", """
        [[binding]]
        gesture = "tap"
        keys = ["KEY_A", "ABS_X"]   # <-
        """),
    .init("binding[1].keys", "needs at least one key combination", """
        [[binding]]
        gesture = "tap"
        keys = []   # <-
        """),
    .init("binding[1].keys", "element 1 must be a string", """
        [[binding]]
        gesture = "tap"
        keys = [30]   # <-
        """),
    .init("binding[1].keys", "expected a key combination", """
        [[binding]]
        gesture = "tap"
        keys = 30   # <-
        """),
    .init("binding[1].quick-actions", "must be true", """
        [[binding]]
        gesture = "tap"
        quick-actions = false   # <-
        """),
    .init("binding[1].quick-actions", "expected true (the quick-action menu) or an application's desktop file id such as \"firefox.desktop\" (its Desktop Actions as a menu), found \"yes\"", """
        [[binding]]
        gesture = "tap"
        quick-actions = "yes"   # <-
        """),
    .init("binding[2].perform", "no quick action has type \"composer\"; did you mean \"compose\"?", """
        \(items)
        [[binding]]
        gesture = "tap"
        exec = ["x"]
        [[binding]]
        gesture = "tap"
        perform = "composer"   # <-
        """),
    .init("binding[1].perform", "define it in a [[quick-action]] block", """
        [[binding]]
        gesture = "tap"
        perform = "compose"   # <-
        """),
    .init("binding[1].intent", "must not be empty", """
        [[binding]]
        gesture = "tap"
        intent = ""   # <-
        """),
    .init("binding[1].parameters", "only an intent takes parameters", """
        [[binding]]
        gesture = "tap"
        exec = ["x"]
        parameters = { a = 1 }   # <-
        """),
    .init("binding[1].parameters.when", "expected a string, number, boolean or list, found a date", """
        \(intents)
        [[binding]]
        gesture = "tap"
        intent = "search"
        parameters = { when = 1979-05-27 }   # <-
        """),
    .init("binding[1].intent", "no intent is named \"serch\"; did you mean \"search\"?", """
        \(intents)
        [[binding]]
        gesture = "tap"
        intent = "serch"   # <-
        """),
    .init("binding[1].intent", "no intent is named \"search\"; define it in an [[intent]] block", """
        [[binding]]
        gesture = "tap"
        intent = "search"   # <-
        """),
    .init("binding[1].parameters.querry", "intent \"search-screenshot\" has no parameter \"querry\"; did you mean \"query\"?", """
        \(intents)
        [[binding]]
        gesture = "tap"
        intent = "search-screenshot"
        parameters = { querry = "cats" }   # <-
        """),
    .init("binding[1].parameters.at", "(parameter \"at\" is a point)", """
        \(intents)
        [[binding]]
        gesture = "tap"
        intent = "search-screenshot"
        parameters = { at = true }   # <-
        """),
    .init("binding[1].notify", "must not be empty", """
        [[binding]]
        gesture = "tap"
        notify = ""   # <-
        """),
    .init("binding[1]", "has 2 actions (exec, notify); a binding runs exactly one", """
        [[binding]]   # <-
        gesture = "tap"
        exec = ["x"]
        notify = "y"
        """),
    // [[quick-action]]
    .init("quick-action[1]", "needs \"type\"", """
        [[quick-action]]   # <-
        title = "x"
        """),
    .init("quick-action[1]", "needs \"title\"", """
        [[quick-action]]   # <-
        type = "x"
        """),
    .init("quick-action[1].type", "must not be empty", """
        [[quick-action]]
        type = ""   # <-
        title = "x"
        """),
    .init("quick-action[1].title", "must be one line", """
        [[quick-action]]
        type = "x"
        title = "a\\nb"   # <-
        """),
    .init("quick-action[1].title", "expected a string, found an integer", """
        [[quick-action]]
        type = "x"
        title = 3   # <-
        """),
    .init("quick-action[1].icon-type", "unknown icon type \"pencil\"", """
        [[quick-action]]
        type = "x"
        title = "X"
        icon-type = "pencil"   # <-
        """),
    .init("quick-action[1].icon-file", "must not be empty", """
        [[quick-action]]
        type = "x"
        title = "X"
        icon-file = ""   # <-
        """),
    .init("quick-action[1].user-info.tags", "must be a string, number or boolean, not an array", """
        [[quick-action]]
        type = "x"
        title = "X"
        user-info = { tags = ["a"] }   # <-
        """),
    .init("quick-action[1].user-info.nested", "must be a string, number or boolean, not a table", """
        [[quick-action]]
        type = "x"
        title = "X"
        [quick-action.user-info]
        ok = 1
        nested = { a = 1 }   # <-
        """),
    .init("quick-action[1].user-info", "expected a table, found a string", """
        [[quick-action]]
        type = "x"
        title = "X"
        user-info = "k=v"   # <-
        """),
    .init("quick-action[2].type", "quick-action[1] already has type \"compose\"", """
        \(items)
        [[quick-action]]
        type = "compose"   # <-
        title = "Again"
        """),
    .init("quick-action[2].perform", "a quick action cannot present the menu or perform quick actions", """
        \(items)
        [[quick-action]]
        type = "other"
        title = "Other"
        perform = "compose"   # <-
        """),
    .init("quick-action[1]", "has 2 actions (exec, keys); a quick action runs at most one", """
        [[quick-action]]   # <-
        type = "x"
        title = "X"
        exec = ["a"]
        keys = "KEY_A"
        """),
    .init("quick-action[1].icon", "unknown key; did you mean \"icon-type\"?", """
        [[quick-action]]
        type = "x"
        title = "X"
        icon = "compose"   # <-
        """),
    .init("quick-action", "[[quick-action]]", """
        [quick-action]   # <-
        type = "x"
        """),
    // [quick-actions]
    .init("quick-actions.max-items", "from 1 to 64", """
        [quick-actions]
        max-items = 0   # <-
        """),
    .init("quick-actions.menu", "expected an argv array such as [\"rofi\", \"-dmenu\"], not a string", """
        [quick-actions]
        menu = "rofi -dmenu"   # <-
        """),
    .init("quick-actions.menu", "needs a program", """
        [quick-actions]
        menu = []   # <-
        """),
    .init("quick-actions.import-plist", "cannot read \"/etc/forcetouch/missing.plist\"", """
        [quick-actions]
        import-plist = "missing.plist"   # <-
        """),
    .init("quick-actions.import-plist", "must not be empty", """
        [quick-actions]
        import-plist = ""   # <-
        """),
    .init("quick-actions.menu-timeout", "greater than 0", """
        [quick-actions]
        menu-timeout = 0   # <-
        """),
    .init("quick-actions.menu-timeout", "must be at most 3600 seconds, not 1e+300", """
        [quick-actions]
        menu-timeout = 1e300   # <-
        """),
    .init("quick-actions.menu-program", "unknown key", """
        [quick-actions]
        menu-program = ["x"]   # <-
        """),
    .init("quick-actions", "write the settings as one [quick-actions] table", """
        [[quick-actions]]   # <-
        menu = ["x"]
        """),
    // [assistive-touch]
    .init("assistive-touch.double-tap-timeout", "must be from 0.1 to 0.75 seconds, not 0.8", """
        [assistive-touch]
        double-tap = { exec = ["x"] }
        double-tap-timeout = 0.8   # <-
        """),
    .init("assistive-touch.double-tap-timeout", "must be from 0.1 to 0.75 seconds, not 0.05", """
        [assistive-touch]
        double-tap-timeout = 0.05   # <-
        """),
    .init("assistive-touch.long-press-duration", "greater than 0", """
        [assistive-touch]
        long-press-duration = 0   # <-
        """),
    .init("assistive-touch.single-tap", "needs an action", """
        [assistive-touch]
        single-tap = {}   # <-
        """),
    .init("assistive-touch.single-tap", "expected an inline table with one action", """
        [assistive-touch]
        single-tap = ["notify-send", "x"]   # <-
        """),
    .init("assistive-touch.deep-press.gesture", "unknown key", """
        [assistive-touch]
        deep-press = { gesture = "tap", quick-actions = true }   # <-
        """),
    .init("assistive-touch.long-press.exec", "needs a program", """
        [assistive-touch]
        long-press = { exec = [] }   # <-
        """),
    .init("assistive-touch.deep-press.perform", "no quick action has type \"nope\"", """
        [assistive-touch]
        deep-press = { perform = "nope" }   # <-
        """),
    .init("assistive-touch.triple-tap", "unknown key", """
        [assistive-touch]
        triple-tap = { exec = ["x"] }   # <-
        """),
    .init("assistive-touch.region", "past the edge", """
        [assistive-touch]
        single-tap = { exec = ["x"] }
        region = [0.5, 0, 0.6, 1]   # <-
        """),
    .init("assistive-touch.device", "must not be empty", """
        [assistive-touch]
        device = ""   # <-
        """),
    // [control]
    .init("control.allow-users", "\"bad user\" is not a valid user name", """
        [control]
        allow-users = ["alice", "bad user"]   # <-
        """),
    .init("control.allow-users", "expected an array of user names", """
        [control]
        allow-users = "alice"   # <-
        """),
    .init("control.allow-group", "\"-wheel\" is not a valid group name", """
        [control]
        allow-group = "-wheel"   # <-
        """),
    .init("control.allow-groups", "did you mean \"allow-group\"?", """
        [control]
        allow-groups = ["wheel"]   # <-
        """),
]

@Suite struct QuickActionConfigurationTests {
    @Test(arguments: actionInvalidCases)
    func eachRuleReportsItsOwnError(_ c: InvalidCase) throws {
        let l = load(c.text)
        #expect(l.errors.count == 1, "\(l.errors)")
        let e = try #require(l.errors.first)
        #expect(e.key == c.key)
        #expect(e.line == line(markedIn: c.text))
        #expect(e.message.contains(c.message), "\(e.message)")
    }

    @Test func everyNewActionKeyInABinding() throws {
        let l = load("""
            \(items)
            \(intents)
            [[binding]]
            gesture = "deep-press"
            quick-actions = true
            [[binding]]
            gesture = "tap"
            fingers = 2
            keys = "KEY_LEFTMETA+KEY_A"
            [[binding]]
            gesture = "tap"
            fingers = 3
            keys = ["KEY_LEFTCTRL+KEY_C", "KEY_LEFTCTRL+KEY_V"]
            [[binding]]
            gesture = "double-tap"
            perform = "compose"
            [[binding]]
            gesture = "long-press"
            intent = "search-screenshot"
            parameters = { query = "cats", limit = 3, exact = false, at = [0.5, 0.25] }
            [[binding]]
            gesture = "long-press"
            phase = "ended"
            notify = "let go"
            """)
        #expect(l.errors.isEmpty, "\(l.errors)")
        let actions = l.configuration.bindings.map(\.action)
        #expect(actions == [
            .quickActions,
            .keys([KeyStroke(keys: [125, 30])]),
            .keys([KeyStroke(keys: [29, 46]), KeyStroke(keys: [29, 47])]),
            .perform(type: "compose"),
            .intent(IntentAction(name: "search-screenshot", parameters: [
                "query": .string("cats"), "limit": .number(3), "exact": .bool(false),
                "at": .list([.number(0.5), .number(0.25)]),
            ])),
            .notify("let go"),
        ])
    }

    @Test func quickActionsWithEveryKey() throws {
        let l = load("""
            [[quick-action]]
            type = "com.example.compose"
            title = "New message"
            subtitle = "To anyone"
            icon-type = "compose"
            user-info = { to = "", draft = true, priority = 2 }
            exec = ["thunderbird", "-compose"]

            [[quick-action]]
            type = "screenshot"
            title = "Screenshot"
            icon-type = "UIApplicationShortcutIconTypeCapturePhoto"
            icon-symbol = "camera-photo"
            keys = "KEY_SYSRQ"

            [[quick-action]]
            type = "hello"
            title = "Say hello"
            icon-file = "/usr/share/icons/hello.png"
            icon-type = "message"
            [quick-action.user-info]
            greeting = "hi"

            [[quick-action]]
            type = "search"
            title = "Search"
            intent = "search"
            parameters = { q = "x" }

            \(intents)
            """)
        #expect(l.errors.isEmpty, "\(l.errors)")
        let q = l.configuration.quickActions
        #expect(q == [
            ShortcutItem(type: "com.example.compose", title: "New message", subtitle: "To anyone", icon: .system(.compose),
                         userInfo: ["to": .string(""), "draft": .bool(true), "priority": .number(2)],
                         action: .exec(ExecAction(argv: ["thunderbird", "-compose"]))),
            ShortcutItem(type: "screenshot", title: "Screenshot", icon: .symbol("camera-photo"),
                         action: .keys([KeyStroke(keys: [99])])),
            ShortcutItem(type: "hello", title: "Say hello", icon: .file("/usr/share/icons/hello.png"),
                         userInfo: ["greeting": .string("hi")]),
            ShortcutItem(type: "search", title: "Search", action: .intent(IntentAction(name: "search", parameters: ["q": .string("x")]))),
        ])
    }

    @Test func aBadItemIsDroppedAndTheRestLoad() {
        let l = load("""
            [[quick-action]]
            type = "alpha"
            title = "A"
            [[quick-action]]
            type = "bravo"
            title = ""
            icon-type = "pencil"
            [[quick-action]]
            type = "charlie"
            title = "C"
            [[binding]]
            gesture = "tap"
            perform = "bravo"
            """)
        #expect(l.errors.map(\.description) == [
            "/etc/forcetouch/test.toml:6: quick-action[2].title: must not be empty",
            "/etc/forcetouch/test.toml:7: quick-action[2].icon-type: unknown icon type \"pencil\"; "
                + "the system icons are compose, play, pause, add, location, search, share, prohibit, contact, home, "
                + "mark-location, favorite, love, cloud, invitation, confirmation, mail, message, date, time, "
                + "capture-photo, capture-video, task, task-completed, alarm, bookmark, shuffle, audio, update",
            // The refused item's type does not exist for `perform` either.
            "/etc/forcetouch/test.toml:13: binding[1].perform: no quick action has type \"bravo\"; the types are \"alpha\" or \"charlie\"",
        ])
        #expect(l.configuration.quickActions.map(\.type) == ["alpha", "charlie"])
        #expect(l.configuration.bindings.isEmpty)
    }

    @Test func quickActionSettingsAndThePlistImport() throws {
        let plist = try Data(contentsOf: TestFiles.fixture("Info.plist"))
        let l = load("""
            [quick-actions]
            import-plist = "apps/Info.plist"
            menu = ["rofi", "-dmenu", "-p", "Quick actions"]
            max-items = 3

            [[quick-action]]
            type = "mine"
            title = "Mine"

            [[binding]]
            gesture = "deep-press"
            perform = "com.example.notes.search"
            """, files: ["/etc/forcetouch/apps/Info.plist": plist])
        // The fixture's invalid item is refused at the key's line; the others arrive after
        // the user's own items.
        #expect(l.errors.count == 1)
        let e = try #require(l.errors.first)
        #expect(e.line == 2 && e.key == "quick-actions.import-plist")
        #expect(e.message.hasPrefix("apps/Info.plist: item 4 (\"com.example.notes.sketch\"): UIApplicationShortcutItemIconType: unknown icon type"))
        let c = l.configuration
        #expect(c.quickActions.map(\.type) == [
            "mine", "com.example.notes.compose", "com.example.notes.checklist", "com.example.notes.scan",
            "com.example.notes.search",
        ])
        #expect(c.quickActionSettings.importPlist == "apps/Info.plist")
        #expect(c.quickActionSettings.menu == ["rofi", "-dmenu", "-p", "Quick actions"])
        #expect(c.quickActionSettings.maximumMenuItems == 3)
        #expect(c.bindings.first?.action == .perform(type: "com.example.notes.search"))
        #expect(ShortcutStore(configuration: c).menu.map(\.item.title) == ["Mine", "New Note", "New Checklist"])
    }

    @Test func absolutePlistPathsAndTypesClashingWithTheFile() throws {
        let plist = try Data(contentsOf: TestFiles.fixture("Info.plist"))
        let l = load("""
            [[quick-action]]
            type = "com.example.notes.scan"
            title = "My scan"
            [quick-actions]
            import-plist = "/opt/Notes.app/Info.plist"
            """, files: ["/opt/Notes.app/Info.plist": plist])
        #expect(l.errors.map(\.message).contains(
            "/opt/Notes.app/Info.plist: item 3 (\"com.example.notes.scan\"): a [[quick-action]] already has this type; types must be unique"))
        #expect(l.configuration.quickActions.filter { $0.type == "com.example.notes.scan" }.map(\.title) == ["My scan"])
    }

    @Test func anUnreadablePlistIsNamed() {
        let l = Configuration.parse("""
            [quick-actions]
            import-plist = "Info.plist"
            """, file: "forcetouch.toml", lookups: .fake())
        #expect(l.errors.map(\.description) == ["forcetouch.toml:2: quick-actions.import-plist: cannot read \"Info.plist\""])
    }

    /// An icon-file that is a FIFO would block the overlay that opens it (issue 40): refused at
    /// its line, the item dropped, the rest kept.
    @Test func anIconFileThatIsNoRegularFileIsRefused() {
        var lookups = ConfigurationLookups.fake()
        lookups.notRegularFile = { $0 == "/tmp/icon.fifo" ? "a FIFO" : nil }
        let l = Configuration.parse("""
            [[quick-action]]
            type = "a"
            title = "A"
            icon-file = "/tmp/icon.fifo"
            exec = ["true"]

            [[quick-action]]
            type = "b"
            title = "B"
            icon-file = "/tmp/icon.png"
            exec = ["true"]
            """, file: "forcetouch.toml", lookups: lookups)
        #expect(l.errors.map(\.description) == [
            "forcetouch.toml:4: quick-action[1].icon-file: \"/tmp/icon.fifo\" is a FIFO, not a regular file: an icon is an image file",
        ])
        #expect(l.configuration.quickActions.map(\.type) == ["b"])
    }

    @Test func menuTimeoutBoundsTheMenuProgramAndTheOverlay() {
        let c = load("[quick-actions]\nmenu-timeout = 2.5\n").configuration
        #expect(c.quickActionSettings.menuTimeout == Timestamp.Duration(seconds: 2.5))
    }

    @Test func defaultsWithoutTheTables() {
        let c = load("").configuration
        #expect(c.quickActions.isEmpty)
        #expect(c.quickActionSettings == QuickActionSettings())
        #expect(c.quickActionSettings.maximumMenuItems == 4 && c.quickActionSettings.menu == nil)
        #expect(c.quickActionSettings.menuTimeout == Timestamp.Duration(seconds: 120))
        #expect(c.assistiveTouch == nil)
        #expect(c.control == ControlSettings())
    }

    @Test func theMenuProgramIsChosenWhenNotSet() {
        var s = QuickActionSettings()
        #expect(s.menuCommand(wayland: true, isInstalled: { $0 == "wofi" || $0 == "dmenu" }) == ["wofi", "--dmenu"])
        #expect(s.menuCommand(wayland: false, isInstalled: { $0 == "wofi" || $0 == "dmenu" }) == ["dmenu"])
        #expect(s.menuCommand(wayland: false, isInstalled: { _ in false }) == nil)
        s.menu = ["fuzzel", "--dmenu"]
        #expect(s.menuCommand(wayland: false, isInstalled: { _ in false }) == ["fuzzel", "--dmenu"])
    }

    @Test func controlAllowsUsersAndAGroup() {
        let l = load("""
            [control]
            allow-users = ["alice", "bob.smith", "svc-backup$"]
            allow-group = "wheel"
            """)
        #expect(l.errors.isEmpty, "\(l.errors)")
        #expect(l.configuration.control == ControlSettings(allowUsers: ["alice", "bob.smith", "svc-backup$"], allowGroup: "wheel"))
        // A bad name is dropped, the good ones kept.
        let bad = load("""
            [control]
            allow-users = ["alice", "x y", 3]
            """)
        #expect(bad.errors.count == 2)
        #expect(bad.configuration.control.allowUsers == ["alice"])
    }
}

@Suite struct AssistiveTouchTests {
    let pad = DeviceDescription(name: "Synaptics TM3253-001", id: InputID(vendor: 0x06cb, product: 0xcd8b))
    let pen = DeviceDescription(name: "Wacom Intuos Pro M Pen", id: InputID(vendor: 0x056a, product: 0x0333))

    func event(_ g: GestureKind, _ phase: GesturePhase, fingers: Int = 1, x: Double = 0.25, stage: DeepPressStage? = nil) -> GestureEvent {
        GestureEvent(gesture: g, phase: phase, fingers: fingers, time: Timestamp(seconds: 1), x: x, y: 0.5,
                     force: 1, stage: stage)
    }

    let full = """
        [[quick-action]]
        type = "compose"
        title = "Compose"
        [assistive-touch]
        single-tap = { exec = ["xdotool", "key", "super"] }
        double-tap = { keys = "KEY_LEFTMETA+KEY_A" }
        long-press = { notify = "held" }
        deep-press = { quick-actions = true }
        double-tap-timeout = 0.4
        long-press-duration = 1
        device = "touchpad"
        region = [0.0, 0.0, 0.5, 1.0]
        """

    @Test func parsesEverySlotAndSetting() throws {
        let l = load(full)
        #expect(l.errors.isEmpty, "\(l.errors)")
        let at = try #require(l.configuration.assistiveTouch)
        #expect(at.slots == [
            .singleTap: .exec(ExecAction(argv: ["xdotool", "key", "super"])),
            .doubleTap: .keys([KeyStroke(keys: [125, 30])]),
            .longPress: .notify("held"),
            .deepPress: .quickActions,
        ])
        #expect(at.doubleTapTimeout.seconds == 0.4)
        #expect(at.longPressDuration.seconds == 1)
        #expect(at.device == .deviceClass(.touchpad))
        #expect(at.region == Region(x: 0, y: 0, width: 0.5, height: 1))
        #expect(at.line == 4)
    }

    @Test func slotsMatchOneFingerGestures() throws {
        let at = try #require(load(full).configuration.assistiveTouch)
        #expect(at.action(for: event(.tap, .ended), device: pad, deviceClass: .touchpad) == at.slots[.singleTap])
        #expect(at.action(for: event(.doubleTap, .ended), device: pad, deviceClass: .touchpad) == at.slots[.doubleTap])
        #expect(at.action(for: event(.longPress, .began), device: pad, deviceClass: .touchpad) == .notify("held"))
        #expect(at.action(for: event(.deepPress, .began, stage: .peek), device: pad, deviceClass: .touchpad) == .quickActions)
        // Not: two fingers, other phases, the pop, another device, outside the region.
        #expect(at.action(for: event(.tap, .ended, fingers: 2), device: pad, deviceClass: .touchpad) == nil)
        #expect(at.action(for: event(.longPress, .ended), device: pad, deviceClass: .touchpad) == nil)
        #expect(at.action(for: event(.deepPress, .changed, stage: .pop), device: pad, deviceClass: .touchpad) == nil)
        #expect(at.action(for: event(.tap, .ended), device: pen, deviceClass: .tablet) == nil)
        #expect(at.action(for: event(.tap, .ended, x: 0.75), device: pad, deviceClass: .touchpad) == nil)
        #expect(AssistiveTouch.slot(for: event(.deepPress, .began, stage: .peek)) == .deepPress)
        #expect(AssistiveTouch.slot(for: event(.deepPress, .ended)) == nil)
    }

    @Test func defaultsAndUnsetSlots() throws {
        let at = try #require(load("""
            [assistive-touch]
            deep-press = { exec = ["x"] }
            button = false   # the whole surface; the button, the default, is AssistiveButtonTests'
            """).configuration.assistiveTouch)
        #expect(at.doubleTapTimeout.seconds == 0.3)
        #expect(at.longPressDuration.seconds == 0.75)
        #expect(at.device == nil && at.region == nil)
        #expect(at.action(for: event(.tap, .ended), device: pen, deviceClass: .tablet) == nil)
        #expect(at.action(for: event(.deepPress, .began, stage: .peek), device: pen, deviceClass: .tablet) != nil)
    }

    @Test(arguments: [0.1, 0.3, 0.75])
    func doubleTapTimeoutBoundsAreInclusive(_ t: Double) {
        let l = load("[assistive-touch]\ndouble-tap-timeout = \(t)\n")
        #expect(l.errors.isEmpty)
        #expect(l.configuration.assistiveTouch?.doubleTapTimeout.seconds == t)
    }

    @Test func aBadSlotIsDroppedAloneButABadPlaceDropsTheTable() {
        let slot = load("""
            [assistive-touch]
            single-tap = { exec = [] }
            deep-press = { quick-actions = true }
            double-tap-timeout = 2
            """)
        #expect(slot.errors.count == 2)
        #expect(slot.configuration.assistiveTouch?.slots == [.deepPress: .quickActions])
        #expect(slot.configuration.assistiveTouch?.doubleTapTimeout.seconds == 0.3)
        let place = load("""
            [assistive-touch]
            deep-press = { quick-actions = true }
            device = "Wacom["
            """)
        #expect(place.errors.map(\.key) == ["assistive-touch.device"])
        #expect(place.configuration.assistiveTouch == nil)
    }

    @Test func theSlotsTimingsBecomeTheDevicesTimings() {
        let c = load(full).configuration
        let s = c.settings(for: pad, deviceClass: .touchpad).gestures
        #expect(s.longPressDuration.seconds == 1)
        #expect(s.doubleTapInterval.seconds == 0.4)
        #expect(s.waitsForDoubleTap)
        // Another device keeps the [gestures] timings and fires taps at once.
        let other = c.settings(for: pen, deviceClass: .tablet).gestures
        #expect(other.longPressDuration.seconds == 0.5)
        #expect(other.doubleTapInterval.seconds == 0.3)
        #expect(!other.waitsForDoubleTap)
    }

    @Test func onlyTheTimingsOfSetSlotsApply() {
        let c = load("""
            [gestures]
            long-press-time = 0.6
            double-tap-time = 0.25
            [assistive-touch]
            deep-press = { quick-actions = true }
            """).configuration
        let s = c.settings(for: pen, deviceClass: .tablet).gestures
        #expect(s.longPressDuration.seconds == 0.6)
        #expect(s.doubleTapInterval.seconds == 0.25)
        #expect(!s.waitsForDoubleTap)
        let lp = load("""
            [assistive-touch]
            long-press = { quick-actions = true }
            """).configuration
        #expect(lp.settings(for: pen, deviceClass: .tablet).gestures.longPressDuration.seconds == 0.75)
    }
}
