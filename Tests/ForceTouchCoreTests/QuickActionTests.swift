import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine

private func item(_ type: String, _ title: String? = nil, subtitle: String? = nil, icon: ShortcutIcon? = nil,
                  userInfo: [String: ShortcutValue] = [:]) -> ShortcutItem {
    ShortcutItem(type: type, title: title ?? type.capitalized, subtitle: subtitle, icon: icon, userInfo: userInfo)
}

@Suite struct SystemIconTests {
    @Test func theTwentyNineIconsWithBothSpellings() {
        #expect(SystemIcon.allCases.count == 29)
        #expect(SystemIcon.allCases.map(\.rawValue) == [
            "compose", "play", "pause", "add", "location", "search", "share", "prohibit", "contact", "home",
            "mark-location", "favorite", "love", "cloud", "invitation", "confirmation", "mail", "message", "date",
            "time", "capture-photo", "capture-video", "task", "task-completed", "alarm", "bookmark", "shuffle",
            "audio", "update",
        ])
        #expect(SystemIcon.compose.iOSName == "UIApplicationShortcutIconTypeCompose")
        #expect(SystemIcon.markLocation.iOSName == "UIApplicationShortcutIconTypeMarkLocation")
        #expect(SystemIcon.capturePhoto.iOSName == "UIApplicationShortcutIconTypeCapturePhoto")
        #expect(SystemIcon.captureVideo.iOSName == "UIApplicationShortcutIconTypeCaptureVideo")
        #expect(SystemIcon.taskCompleted.iOSName == "UIApplicationShortcutIconTypeTaskCompleted")
        for icon in SystemIcon.allCases {
            #expect(SystemIcon(name: icon.rawValue) == icon)
            #expect(SystemIcon(name: icon.iOSName) == icon)
        }
        #expect(SystemIcon(name: "Compose") == nil)
        #expect(SystemIcon(name: "UIApplicationShortcutIconTypePencil") == nil)
    }

    @Test func aFileWinsOverASymbolWhichWinsOverASystemIcon() {
        #expect(ShortcutIcon.preferred(file: "a.png", symbol: "s", system: .play) == .file("a.png"))
        #expect(ShortcutIcon.preferred(file: nil, symbol: "s", system: .play) == .symbol("s"))
        #expect(ShortcutIcon.preferred(file: nil, symbol: nil, system: .play) == .system(.play))
        #expect(ShortcutIcon.preferred(file: nil, symbol: nil, system: nil) == nil)
    }
}

@Suite struct ShortcutValidationTests {
    private func problems(_ r: Result<ShortcutItem, ShortcutProblems>) -> [ShortcutProblem] {
        if case .failure(let p) = r { return p.problems }
        return []
    }

    @Test func aValidItem() throws {
        let r = ShortcutItem.validated(type: "t", title: "Title", subtitle: "sub", iconType: "mark-location",
                                       userInfo: ["n": .number(1)])
        let i = try r.get()
        #expect(i == ShortcutItem(type: "t", title: "Title", subtitle: "sub", icon: .system(.markLocation),
                                  userInfo: ["n": .number(1)]))
    }

    @Test(arguments: [
        (nil, "T", ShortcutField.type, "is required"),
        ("", "T", .type, "must not be empty"),
        ("  ", "T", .type, "must not be empty"),
        ("a\nb", "T", .type, "must be one line"),
        ("t", nil, .title, "is required"),
        ("t", "", .title, "must not be empty"),
        ("t", "two\nlines", .title, "must be one line"),
    ] as [(String?, String?, ShortcutField, String)])
    func typeAndTitleAreRequired(_ type: String?, _ title: String?, _ field: ShortcutField, _ message: String) {
        let p = problems(ShortcutItem.validated(type: type, title: title))
        #expect(p == [ShortcutProblem(field, message)])
    }

    @Test func unknownIconTypeSuggestsTheNearest() throws {
        let p = problems(ShortcutItem.validated(type: "t", title: "T", iconType: "composer"))
        let problem = try #require(p.first)
        #expect(p.count == 1 && problem.field == .iconType)
        #expect(problem.message == "unknown icon type \"composer\"; did you mean \"compose\"?")
        let list = problems(ShortcutItem.validated(type: "t", title: "T", iconType: "pencil")).first?.message
        #expect(list?.hasPrefix("unknown icon type \"pencil\"; the system icons are compose, play,") == true)
        #expect(list?.hasSuffix("shuffle, audio, update") == true)
    }

    @Test func emptyIconFileOrSymbolIsRefusedAndAllProblemsAreListed() {
        let p = problems(ShortcutItem.validated(type: "", title: "", iconType: "nope", iconFile: "", iconSymbol: ""))
        #expect(p.map(\.field) == [.type, .title, .iconType, .iconFile, .iconSymbol])
    }

    @Test func itemsBuiltDirectlyAreCheckedToo() {
        #expect(item("a").problems.isEmpty)
        #expect(ShortcutItem(type: "", title: "x").problems.map(\.field) == [.type])
        #expect(ShortcutItem(type: "x", title: "x", icon: .file("")).problems.map(\.field) == [.iconFile])
    }
}

@Suite struct ShortcutStoreTests {
    let statics = [item("s1"), item("s2")]

    @Test func menuIsStaticThenDynamicLimitedToFour() throws {
        var store = ShortcutStore(staticItems: statics)
        try store.setDynamic([item("d1"), item("d2"), item("d3")])
        #expect(store.menu.map(\.item.type) == ["s1", "s2", "d1", "d2"])
        #expect(store.menu.map(\.kind) == [.static, .static, .dynamic, .dynamic])
        #expect(store.menuLines == ["S1", "S2", "D1", "D2"])
        #expect(store.allItems.count == 5)
        // Items off the menu can still be performed.
        #expect(store.item(type: "d3")?.kind == .dynamic)
        #expect(store.item(type: "s1")?.kind == .static)
        #expect(store.item(type: "zz") == nil)
    }

    @Test func theLimitIsConfigurable() throws {
        var store = ShortcutStore(staticItems: statics, maximumMenuItems: 1)
        try store.setDynamic([item("d1")])
        #expect(store.menu.map(\.item.type) == ["s1"])
        store.maximumMenuItems = 6
        #expect(store.menu.map(\.item.type) == ["s1", "s2", "d1"])
    }

    @Test func manyStaticItemsLeaveNoRoomForDynamicOnes() throws {
        var store = ShortcutStore(staticItems: (1...5).map { item("s\($0)") })
        try store.add(item("d"))
        #expect(store.menu.map(\.item.type) == ["s1", "s2", "s3", "s4"])
    }

    @Test func addAppendsAndReplacesTheSameTypeInPlace() throws {
        var store = ShortcutStore(staticItems: statics)
        #expect(try store.add(item("a")) == .added)
        #expect(try store.add(item("b")) == .added)
        #expect(try store.add(item("a", "Again")) == .replaced)
        #expect(store.dynamicItems.map(\.type) == ["a", "b"])
        #expect(store.dynamicItems[0].title == "Again")
    }

    @Test func addRefusesAStaticTypeAndInvalidItems() {
        var store = ShortcutStore(staticItems: statics)
        #expect(throws: ShortcutError("dynamic item \"s1\": a static item from the configuration has this type; types must be unique")) {
            try store.add(item("s1"))
        }
        #expect(throws: ShortcutError("dynamic item \"x\": title must not be empty")) {
            try store.add(ShortcutItem(type: "x", title: ""))
        }
        #expect(throws: ShortcutError("dynamic item: type must not be empty")) {
            try store.add(ShortcutItem(type: "", title: "T"))
        }
        #expect(store.dynamicItems.isEmpty)
    }

    @Test func setIsAllOrNothing() throws {
        var store = ShortcutStore(staticItems: statics)
        try store.setDynamic([item("a")])
        #expect(throws: ShortcutError("item 2 (\"b\"): title must not be empty")) {
            try store.setDynamic([item("x"), ShortcutItem(type: "b", title: "")])
        }
        #expect(throws: ShortcutError("item 2 (\"x\"): another item in the list has the same type")) {
            try store.setDynamic([item("x"), item("x")])
        }
        #expect(throws: ShortcutError.self) { try store.setDynamic([item("s2")]) }
        #expect(store.dynamicItems.map(\.type) == ["a"])
    }

    @Test func updateByTypeKeepsUnspecifiedFields() throws {
        var store = ShortcutStore(staticItems: statics)
        try store.setDynamic([
            item("a"),
            item("b", "Bee", subtitle: "sub", icon: .system(.love), userInfo: ["k": .string("v")]),
            item("c"),
        ])
        try store.update(type: "b", ShortcutUpdate(title: "Bumblebee"))
        var b = try #require(store.item(type: "b")).item
        #expect(b == item("b", "Bumblebee", subtitle: "sub", icon: .system(.love), userInfo: ["k": .string("v")]))

        try store.update(type: "b", ShortcutUpdate(icon: .some(.symbol("heart")), userInfo: ["n": .number(2)]))
        b = try #require(store.item(type: "b")).item
        #expect(b == item("b", "Bumblebee", subtitle: "sub", icon: .symbol("heart"), userInfo: ["n": .number(2)]))

        try store.update(type: "b", ShortcutUpdate(subtitle: .some(nil)))
        b = try #require(store.item(type: "b")).item
        #expect(b.subtitle == nil && b.icon == .symbol("heart") && b.title == "Bumblebee")
        // Its place is kept.
        #expect(store.dynamicItems.map(\.type) == ["a", "b", "c"])
    }

    @Test func updateRefusesUnknownStaticAndInvalidChanges() throws {
        var store = ShortcutStore(staticItems: statics, dynamicItems: [item("a")])
        #expect(throws: ShortcutError("no dynamic item has type \"zz\"")) {
            try store.update(type: "zz", ShortcutUpdate(title: "x"))
        }
        #expect(throws: ShortcutError.self) { try store.update(type: "s1", ShortcutUpdate(title: "x")) }
        #expect(throws: ShortcutError("dynamic item \"a\": title must be one line")) {
            try store.update(type: "a", ShortcutUpdate(title: "x\ny"))
        }
        #expect(store.dynamicItems == [item("a")])
    }

    @Test func removeAndClear() throws {
        var store = ShortcutStore(staticItems: statics, dynamicItems: [item("a"), item("b"), item("c")])
        #expect(try store.remove(type: "b").type == "b")
        #expect(store.dynamicItems.map(\.type) == ["a", "c"])
        #expect(throws: ShortcutError("no dynamic item has type \"b\"")) { try store.remove(type: "b") }
        let e = #expect(throws: ShortcutError.self) { try store.remove(type: "s1") }
        #expect(e?.message.contains("static item") == true)
        #expect(store.clear() == 2)
        #expect(store.dynamicItems.isEmpty)
        #expect(store.staticItems == statics)
    }

    @Test func dynamicItemsAreBounded() throws {
        var store = ShortcutStore(maximumDynamicItems: 2)
        try store.add(item("a"))
        try store.add(item("b"))
        #expect(throws: ShortcutError.self) { try store.add(item("c")) }
        #expect(try store.add(item("b", "B2")) == .replaced)
        #expect(throws: ShortcutError.self) { try store.setDynamic([item("x"), item("y"), item("z")]) }
    }

    @Test func aReloadTakesTheStaticTypesBack() {
        var store = ShortcutStore(staticItems: statics, dynamicItems: [item("a"), item("b")])
        let dropped = store.replaceStaticItems([item("b")], maximumMenuItems: 3)
        #expect(dropped.map(\.type) == ["b"])
        #expect(store.dynamicItems.map(\.type) == ["a"])
        #expect(store.maximumMenuItems == 3)
        // The initializer gives way the same way.
        #expect(ShortcutStore(staticItems: [item("a")], dynamicItems: [item("a"), item("c")]).dynamicItems.map(\.type) == ["c"])
    }

    @Test func menuChoiceIsTheTitleOnTheFirstLine() throws {
        let store = ShortcutStore(staticItems: statics, dynamicItems: [item("d", "Open mail")])
        #expect(store.menuChoice("S2\n")?.item.type == "s2")
        #expect(store.menuChoice("Open mail  \r\nrest")?.item.type == "d")
        #expect(store.menuChoice("") == nil)
        #expect(store.menuChoice("\n") == nil)
        #expect(store.menuChoice("typed text\n") == nil)
    }

    @Test func storeFromConfiguration() {
        var c = Configuration()
        c.quickActions = statics
        c.quickActionSettings.maximumMenuItems = 2
        let store = ShortcutStore(configuration: c, dynamicItems: [item("d")])
        #expect(store.menu.map(\.item.type) == ["s1", "s2"])
        #expect(store.dynamicItems.map(\.type) == ["d"])
    }
}

@Suite struct ShortcutJSONTests {
    let full = ShortcutItem(type: "com.x.compose", title: "New", subtitle: "Blank", icon: .system(.compose),
                            userInfo: ["folder": .string("Inbox"), "pinned": .bool(true), "n": .number(2), "z": .number(1.5)])

    @Test func itemsEncodeInTheSocketShape() {
        #expect(ShortcutJSON.text(full) == """
            {"icon":{"type":"compose"},"subtitle":"Blank","title":"New","type":"com.x.compose",\
            "userInfo":{"folder":"Inbox","n":2,"pinned":true,"z":1.5}}
            """)
        #expect(ShortcutJSON.text(ShortcutItem(type: "a", title: "A", icon: .file("/i/a.png"))) ==
            #"{"icon":{"file":"/i/a.png"},"title":"A","type":"a","userInfo":{}}"#)
        #expect(ShortcutJSON.text(ShortcutItem(type: "a", title: "A", icon: .symbol("star"))) ==
            #"{"icon":{"symbol":"star"},"title":"A","type":"a","userInfo":{}}"#)
    }

    @Test func menuEntriesAreMarkedStaticOrDynamic() {
        let store = ShortcutStore(staticItems: [ShortcutItem(type: "s", title: "S")],
                                  dynamicItems: [ShortcutItem(type: "d", title: "D", action: .notify("hi"))])
        #expect(ShortcutJSON.text(store.menu) == """
            [{"kind":"static","title":"S","type":"s","userInfo":{}},\
            {"action":{"notify":"hi"},"kind":"dynamic","title":"D","type":"d","userInfo":{}}]
            """)
    }

    @Test func decodeRoundTrips() throws {
        let data = Data(ShortcutJSON.text(full).utf8)
        #expect(try ShortcutJSON.decodeItem(data) == full)
        let list = Data(ShortcutJSON.text([full, ShortcutItem(type: "b", title: "B")]).utf8)
        #expect(try ShortcutJSON.decodeItems(list).map(\.type) == ["com.x.compose", "b"])
    }

    @Test func decodeAcceptsIOSIconNamesAndIgnoresKind() throws {
        let i = try ShortcutJSON.decodeItem(Data(#"{"type":"a","title":"A","icon":{"type":"UIApplicationShortcutIconTypeMarkLocation"},"kind":"static"}"#.utf8))
        #expect(i.icon == .system(.markLocation))
    }

    @Test(arguments: [
        (#"{"title":"A"}"#, "type: is required"),
        (#"{"type":"","title":"A"}"#, "type: must not be empty"),
        (#"{"type":"a","title":""}"#, "title: must not be empty"),
        (#"{"type":"a"}"#, "title: is required"),
        (#"{"type":"a","title":"A","icon":{"type":"pencil"}}"#, "icon.type: unknown icon type \"pencil\""),
        (#"{"type":"a","title":"A","icon":{"file":"x","symbol":"y"}}"#, "icon: expected exactly one of"),
        (#"{"type":"a","title":"A","icon":{"file":""}}"#, "icon.file: must not be empty"),
        (#"{"type":"a","title":"A","userInfo":{"k":[1]}}"#, "userInfo.k: must be a string, number or boolean, not an array"),
        (#"{"type":"a","title":"A","userInfo":{"k":{"x":1}}}"#, "userInfo.k: must be a string, number or boolean, not a table"),
        (#"{"type":"a","title":"A","userInfo":{"k":null}}"#, "userInfo.k: must be a string, number or boolean, not null"),
        (#"{"type":"a","title":"A","colour":"red"}"#, "colour: unknown key"),
        (#"{"type":"a","title":"A","subtitel":"x"}"#, "subtitel: unknown key; did you mean \"subtitle\"?"),
        (#"{"type":1,"title":"A"}"#, "type: expected a string"),
        (#"["#, "not valid JSON"),
        (#"{"type":"a","title":"A","action":{"exec":["rm"]}}"#, "action: only \"intent\" and \"notify\""),
        (#"{"type":"a","title":"A","action":{"keys":"KEY_A"}}"#, "action: only \"intent\" and \"notify\""),
        (#"{"type":"a","title":"A","action":{"perform":"b"}}"#, "action: a quick action cannot perform"),
        (#"{"type":"a","title":"A","action":{"notify":"x","intent":"y"}}"#, "action: has 2 actions (intent, notify); a quick action runs at most one"),
        (#"{"type":"a","title":"A","action":{}}"#, "action: needs an action"),
        (#"{"type":"a","title":"A","action":{"intent":"y","parameters":{"p":[[1]]}}}"#, "action.parameters.p: lists cannot nest"),
        (#"{"type":"a","title":"A","action":{"intent":"","parameters":{}}}"#, "action.intent: must not be empty"),
        (#"{"type":"a","title":"A","action":{"notify":1}}"#, "action.notify: expected a string, found an integer"),
    ])
    func decodeRefusals(_ json: String, _ message: String) {
        let e = #expect(throws: ShortcutError.self) { try ShortcutJSON.decodeItem(Data(json.utf8)) }
        #expect(e?.message.hasPrefix(message) == true, "\(e?.message ?? "")")
    }

    @Test func socketItemsMayCarryIntentsAndNotifications() throws {
        let i = try ShortcutJSON.decodeItem(Data(#"{"type":"a","title":"A","action":{"intent":"search","parameters":{"q":"cats","at":[0.5,0.25]}}}"#.utf8))
        #expect(i.action == .intent(IntentAction(name: "search", parameters: ["q": .string("cats"), "at": .list([.number(0.5), .number(0.25)])])))
        #expect(throws: ShortcutError.self) {
            try ShortcutJSON.decodeItem(Data(#"{"type":"a","title":"A","action":{"notify":"x"}}"#.utf8), policy: .none)
        }
    }

    @Test func updatesCarryOnlyTheFieldsToChange() throws {
        let (type, u) = try ShortcutJSON.decodeUpdate(Data(#"{"type":"b","title":"New"}"#.utf8))
        #expect(type == "b" && u == ShortcutUpdate(title: "New"))
        let (_, clear) = try ShortcutJSON.decodeUpdate(Data(#"{"type":"b","subtitle":null,"icon":null,"userInfo":null}"#.utf8))
        #expect(clear.subtitle == .some(nil) && clear.icon == .some(nil) && clear.userInfo == [:] && clear.title == nil)
        let (_, set) = try ShortcutJSON.decodeUpdate(Data(#"{"type":"b","icon":{"symbol":"star"},"userInfo":{"a":false}}"#.utf8))
        #expect(set == ShortcutUpdate(icon: .some(.symbol("star")), userInfo: ["a": .bool(false)]))

        for (json, message) in [
            (#"{"title":"x"}"#, "type: is required"),
            (#"{"type":"b"}"#, "names no field to change"),
            (#"{"type":"b","title":null}"#, "title: cannot be removed"),
            (#"{"type":"b","kind":"dynamic"}"#, "kind: unknown key"),
        ] {
            let e = #expect(throws: ShortcutError.self) { try ShortcutJSON.decodeUpdate(Data(json.utf8)) }
            #expect(e?.message.hasPrefix(message) == true, "\(e?.message ?? "")")
        }
        // An update encodes back to the same shape, null included.
        #expect(ShortcutJSON.text(ShortcutUpdate(subtitle: .some(nil))) == #"{"subtitle":null}"#)
    }

    @Test func actionsEncodeWithTheirConfigurationKeys() throws {
        let actions: [Action] = [
            .exec(ExecAction(argv: ["a", "b"])),
            .keys([try KeyStroke(parsing: "KEY_LEFTCTRL+KEY_C"), try KeyStroke(parsing: "KEY_LEFTCTRL+KEY_V")]),
            .quickActions, .perform(type: "t"), .intent(IntentAction(name: "i", parameters: ["p": .bool(true)])),
            .notify("n"),
        ]
        #expect(actions.map { ShortcutJSON.text($0) } == [
            #"{"exec":["a","b"]}"#, #"{"keys":["KEY_LEFTCTRL+KEY_C","KEY_LEFTCTRL+KEY_V"]}"#,
            #"{"quick-actions":true}"#, #"{"perform":"t"}"#, #"{"intent":"i","parameters":{"p":true}}"#,
            #"{"notify":"n"}"#,
        ])
        for a in actions {
            #expect(try ShortcutJSON.decode(Action.self, Data(ShortcutJSON.text(a).utf8), policy: .any) == a)
        }
    }
}

@Suite struct ShortcutPersistenceTests {
    @Test func dynamicItemsSurviveARestart() throws {
        var store = ShortcutStore(staticItems: [ShortcutItem(type: "s", title: "S")])
        try store.setDynamic([
            ShortcutItem(type: "b", title: "Bee", subtitle: "buzz", icon: .file("/x/b.png"),
                         userInfo: ["n": .number(0.1), "ok": .bool(false), "s": .string("é\"\n")],
                         action: .exec(ExecAction(argv: ["notify-send", "b"]))),
            ShortcutItem(type: "a", title: "A", icon: .system(.taskCompleted),
                         action: .keys([try KeyStroke(parsing: "KEY_LEFTMETA+KEY_A")])),
            ShortcutItem(type: "c", title: "C"),
        ])
        let data = store.encodeDynamic()
        var restarted = ShortcutStore(staticItems: [ShortcutItem(type: "s", title: "S")])
        let dropped = try restarted.decodeDynamic(data)
        #expect(dropped.isEmpty)
        #expect(restarted == store)
        // Stable: the same items give the same bytes.
        #expect(restarted.encodeDynamic() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"version\" : 1"))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func anEmptyStoreWritesAnEmptyList() throws {
        let data = ShortcutStore().encodeDynamic()
        var s = ShortcutStore(dynamicItems: [ShortcutItem(type: "x", title: "X")])
        try s.decodeDynamic(data)
        #expect(s.dynamicItems.isEmpty)
    }

    @Test(arguments: [
        ("", "not valid JSON"),
        ("{\"items\": [{\"type\": \"a\", \"tit", "not valid JSON"),
        ("[]", "expected an object"),
        ("{\"items\": []}", "not a forcetouch file"),
        ("{\"version\": 2, \"items\": []}", "version 2 is not one this forcetouch reads"),
        ("{\"version\": \"1\", \"items\": []}", "version: expected a number"),
        ("{\"version\": 1}", "items: is required"),
        ("{\"version\": 1, \"items\": [{\"type\": \"a\", \"title\": \"\"}]}", "items[1].title: must not be empty"),
        ("{\"version\": 1, \"items\": [{\"type\": \"a\", \"title\": \"A\"}, {\"type\": \"a\", \"title\": \"B\"}]}",
         "items[2]: type \"a\" appears twice"),
        ("{\"version\": 1, \"items\": [{\"type\": \"a\", \"title\": \"A\", \"action\": {\"perform\": \"b\"}}]}",
         "items[1].action: a quick action cannot perform"),
    ])
    func aCorruptFileIsRefusedClearly(_ text: String, _ message: String) {
        var store = ShortcutStore(dynamicItems: [ShortcutItem(type: "keep", title: "K")])
        let e = #expect(throws: ShortcutError.self) { try store.decodeDynamic(Data(text.utf8)) }
        #expect(e?.message == "dynamic quick actions: " + message || e?.message.hasPrefix("dynamic quick actions: " + message) == true,
                "\(e?.message ?? "")")
        #expect(store.dynamicItems.map(\.type) == ["keep"])
    }

    @Test func persistedItemsThatAStaticItemNowOwnsAreDropped() throws {
        let old = ShortcutStore(dynamicItems: [ShortcutItem(type: "a", title: "A"), ShortcutItem(type: "b", title: "B")])
        var store = ShortcutStore(staticItems: [ShortcutItem(type: "b", title: "Static B")])
        let dropped = try store.decodeDynamic(old.encodeDynamic())
        #expect(dropped.map(\.type) == ["b"])
        #expect(store.dynamicItems.map(\.type) == ["a"])
    }
}

@Suite struct ShortcutPerformTests {
    @Test func performingAnItemPutsItInTheCommandsEnvironment() throws {
        let i = ShortcutItem(type: "t", title: "T", subtitle: "S", userInfo: ["k": .number(3)],
                             action: .exec(ExecAction(argv: ["run"])))
        var g = GeneralSettings()
        g.actionTimeout = 4
        let request = try #require(ActionRequest(item: i, event: nil, deviceName: nil, general: g))
        guard case .exec(let r) = request else { Issue.record("not exec"); return }
        #expect(r.argv == ["run"] && r.timeout == 4)
        #expect(r.environment == [
            "FORCETOUCH_SHORTCUT_TYPE": "t", "FORCETOUCH_SHORTCUT_TITLE": "T",
            "FORCETOUCH_SHORTCUT_SUBTITLE": "S", "FORCETOUCH_SHORTCUT_USERINFO": #"{"k":3}"#,
        ])
        let e = GestureEvent(gesture: .deepPress, phase: .began, fingers: 1, time: Timestamp(seconds: 1),
                             x: 0.5, y: 0.5, force: 2, stage: .peek)
        guard case .exec(let withGesture)? = ActionRequest(item: i, event: e, deviceName: "pad", general: g) else {
            Issue.record("not exec"); return
        }
        #expect(withGesture.environment["FORCETOUCH_GESTURE"] == "deep-press")
        #expect(withGesture.environment["FORCETOUCH_SHORTCUT_TYPE"] == "t")
        #expect(ActionRequest(item: ShortcutItem(type: "n", title: "N"), event: nil, deviceName: nil, general: g) == nil)
    }

    @Test func everyActionBecomesItsRequest() throws {
        let e = GestureEvent(gesture: .tap, phase: .ended, fingers: 1, time: Timestamp(seconds: 1), x: 0, y: 0, force: 1)
        func req(_ a: Action) -> ActionRequest { ActionRequest(action: a, event: e, deviceName: "d", timeout: 1) }
        let k = try KeyStroke(parsing: "KEY_A")
        #expect(req(.keys([k])) == .keys([k]))
        #expect(req(.quickActions) == .presentMenu)
        #expect(req(.perform(type: "x")) == .perform(type: "x"))
        #expect(req(.notify("hi")) == .notify("hi"))
        #expect(req(.intent(IntentAction(name: "i", parameters: ["p": .number(1)]))) ==
            .intent(name: "i", gesture: e, device: "d", parameters: ["p": .number(1)]))
    }
}
