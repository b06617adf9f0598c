import Foundation
import Testing
@testable import ForceTouchCore

@Suite struct InfoPlistImporterTests {
    func fixture() throws -> Data { try Data(contentsOf: TestFiles.fixture("Info.plist")) }

    @Test func importsEveryValidItemWithAllKeys() throws {
        let (items, errors) = InfoPlistImporter.importItems(from: try fixture(), file: "Info.plist")
        #expect(items.map(\.type) == [
            "com.example.notes.compose", "com.example.notes.checklist", "com.example.notes.scan",
            "com.example.notes.search",
        ])
        #expect(items[0] == ShortcutItem(
            type: "com.example.notes.compose", title: "New Note", subtitle: "Start with a blank page",
            icon: .system(.compose),
            userInfo: ["folder": .string("Inbox"), "pinned": .bool(true), "priority": .number(2), "zoom": .number(1.5)]))
        // A symbol wins over a system icon, a file over both.
        #expect(items[1].icon == .symbol("checklist"))
        #expect(items[1].subtitle == nil && items[1].userInfo.isEmpty)
        #expect(items[2].icon == .file("Icons/scan.png"))
        #expect(items[2].userInfo == ["pinned": .bool(false)])
        #expect(items[3].icon == .system(.search))
        #expect(items.allSatisfy { $0.action == nil })

        // The invalid one is refused by name; the rest loaded.
        #expect(errors.count == 1)
        let e = try #require(errors.first)
        #expect(e.index == 4 && e.type == "com.example.notes.sketch" && e.key == "UIApplicationShortcutItemIconType")
        #expect(e.description.hasPrefix("Info.plist: item 4 (\"com.example.notes.sketch\"): UIApplicationShortcutItemIconType: "
            + "unknown icon type \"UIApplicationShortcutIconTypePencil\""))
        #expect(e.message.contains("; expected UIApplicationShortcutIconType followed by one of Compose, Play, Pause"))
    }

    @Test func readsBinaryPlists() throws {
        let plist: [String: Any] = [
            "CFBundleIdentifier": "com.example.player",
            "UIApplicationShortcutItems": [
                [
                    "UIApplicationShortcutItemType": "play",
                    "UIApplicationShortcutItemTitle": "Play",
                    "UIApplicationShortcutItemSubtitle": "Resume where you left off",
                    "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypePlay",
                    "UIApplicationShortcutItemUserInfo": ["volume": 0.5, "loop": true, "playlist": "Favourites", "track": 7],
                ] as [String: Any],
                [
                    "UIApplicationShortcutItemType": "shuffle",
                    "UIApplicationShortcutItemTitle": "Shuffle All",
                    "UIApplicationShortcutItemIconType": "UIApplicationShortcutIconTypeShuffle",
                ],
                [
                    "UIApplicationShortcutItemType": "",
                    "UIApplicationShortcutItemTitle": "No type",
                ],
            ] as [Any],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist00".utf8)))
        let (items, errors) = InfoPlistImporter.importItems(from: data, file: "Player.plist")
        #expect(items == [
            ShortcutItem(type: "play", title: "Play", subtitle: "Resume where you left off", icon: .system(.play),
                         userInfo: ["volume": .number(0.5), "loop": .bool(true), "playlist": .string("Favourites"),
                                    "track": .number(7)]),
            ShortcutItem(type: "shuffle", title: "Shuffle All", icon: .system(.shuffle)),
        ])
        #expect(errors.map(\.description) == [
            "Player.plist: item 3: UIApplicationShortcutItemType: must not be empty",
        ])
    }

    private func plist(_ items: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>\(items)</array></dict></plist>
            """.utf8)
    }

    private func entry(_ body: String) -> String { "<dict>\(body)</dict>" }
    private let typeA = "<key>UIApplicationShortcutItemType</key><string>a</string>"
    private let titleA = "<key>UIApplicationShortcutItemTitle</key><string>A</string>"

    @Test func everyRefusalRule() {
        let (items, errors) = InfoPlistImporter.importItems(from: plist([
            entry(titleA),
            entry(typeA),
            entry(typeA + "<key>UIApplicationShortcutItemTitle</key><string> </string>"),
            entry("<key>UIApplicationShortcutItemType</key><integer>3</integer>" + titleA),
            entry(typeA + titleA + "<key>UIApplicationShortcutItemUserInfo</key><dict><key>when</key><date>2020-01-01T00:00:00Z</date><key>list</key><array/><key>blob</key><data>AAE=</data><key>ok</key><string>fine</string></dict>"),
            entry(typeA + titleA + "<key>UIApplicationShortcutItemUserInfo</key><string>no</string>"),
            entry(typeA + titleA + "<key>UIApplicationShortcutItemIconType</key><string>compose</string>"),
            "<string>not a dict</string>",
            entry("<key>UIApplicationShortcutItemType</key><string>b</string>" + titleA),
            entry("<key>UIApplicationShortcutItemType</key><string>b</string>" + titleA),
        ].joined()), file: "Info.plist")
        // The config spelling of an icon is accepted too; a duplicate type is refused.
        #expect(items.map(\.type) == ["a", "b"])
        #expect(items.first?.icon == .system(.compose))
        #expect(errors.map(\.description) == [
            "Info.plist: item 1: UIApplicationShortcutItemType: is required",
            "Info.plist: item 2 (\"a\"): UIApplicationShortcutItemTitle: is required",
            "Info.plist: item 3 (\"a\"): UIApplicationShortcutItemTitle: must not be empty",
            "Info.plist: item 4: UIApplicationShortcutItemType: must be a string, not a number",
            "Info.plist: item 5 (\"a\"): UIApplicationShortcutItemUserInfo: value \"blob\" is data; only strings, numbers and booleans are allowed",
            "Info.plist: item 5 (\"a\"): UIApplicationShortcutItemUserInfo: value \"list\" is an array; only strings, numbers and booleans are allowed",
            "Info.plist: item 5 (\"a\"): UIApplicationShortcutItemUserInfo: value \"when\" is a date; only strings, numbers and booleans are allowed",
            "Info.plist: item 6 (\"a\"): UIApplicationShortcutItemUserInfo: must be a dictionary, not a string",
            "Info.plist: item 8: is a string, not a dictionary",
            "Info.plist: item 10 (\"b\"): UIApplicationShortcutItemType: another item already has this type; types must be unique",
        ])
    }

    @Test func wholeFileProblems() {
        func only(_ data: Data) -> String? {
            let r = InfoPlistImporter.importItems(from: data, file: "Info.plist")
            #expect(r.items.isEmpty)
            return r.errors.count == 1 ? r.errors[0].description : "\(r.errors)"
        }
        #expect(only(Data([0x62, 0x70, 0x6c, 0x69, 0x73, 0x74, 0x30, 0x30, 0xff]))?.hasPrefix("Info.plist: not a property list") == true)
        #expect(only(Data("<plist><dict><key>x</key>".utf8))?.hasPrefix("Info.plist: not a property list") == true)
        // An old-style (OpenStep) plist of a bare word is a plist, of a string.
        #expect(only(Data("garbage".utf8)) == "Info.plist: the top level is a string, not a dictionary")
        #expect(only(Data(#"<?xml version="1.0"?><plist version="1.0"><array/></plist>"#.utf8))
            == "Info.plist: the top level is an array, not a dictionary")
        #expect(only(Data(#"<?xml version="1.0"?><plist version="1.0"><dict/></plist>"#.utf8))
            == "Info.plist: has no UIApplicationShortcutItems array")
        #expect(only(Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>UIApplicationShortcutItems</key><string>x</string></dict></plist>"#.utf8))
            == "Info.plist: UIApplicationShortcutItems is a string, not an array")
    }

    /// An XML plist is text: a NUL or a byte that is not UTF-8 is refused where it is, not
    /// read past or turned into U+FFFD in a title (issue 31).
    @Test(arguments: [([UInt8(0)], "a NUL byte"), ([UInt8(0xE9)], "invalid UTF-8")])
    func anXMLPlistThatIsNotTextIsRefusedWithItsLineAndColumn(_ bad: [UInt8], _ what: String) {
        let head = #"<?xml version="1.0"?>"# + "\n" + #"<plist version="1.0"><dict><key>UIApplicationShortcutItems</key>"#
            + #"<array><dict><key>UIApplicationShortcutItemType</key><string>a</string>"# + "\n"
            + #"<key>UIApplicationShortcutItemTitle</key><string>caf"#
        let tail = #"</string></dict></array></dict></plist>"#
        let r = InfoPlistImporter.importItems(from: Data(Array(head.utf8) + bad + Array(tail.utf8)), file: "Info.plist")
        #expect(r.items.isEmpty)
        #expect(r.errors.count == 1, "\(r.errors)")
        #expect(r.errors.first?.description.hasPrefix("Info.plist: line 3, column 53: \(what)") == true, "\(r.errors)")
    }
}

@Suite struct KeyStrokeTests {
    @Test func parsesKernelNames() throws {
        #expect(try KeyStroke(parsing: "KEY_LEFTMETA+KEY_A").keys == [125, 30])
        #expect(try KeyStroke(parsing: " KEY_LEFTCTRL + KEY_C ").keys == [29, 46])
    }

    @Test func caseAndPrefixAreForgiven() throws {
        #expect(try KeyStroke(parsing: "key_leftalt+tab").description == "KEY_LEFTALT+KEY_TAB")
    }

    @Test(arguments: [
        ("", "an empty key combination"),
        ("KEY_A+", "has an empty key name"),
        ("KEY_A++KEY_B", "has an empty key name"),
        ("ctrl+c", "unknown key name \"ctrl\"; did you mean KEY_LEFTCTRL?"),
        ("KEY_SUPER", "did you mean KEY_LEFTMETA?"),
        ("KEY_NOPE", "unknown key name \"KEY_NOPE\"; use the kernel's names"),
        ("ABS_X", "ABS_X is not a key (it is an EV_ABS code)"),
        ("KEY_A+KEY_A", "names KEY_A twice"),
        // The virtual keyboard has no pointer buttons: accepted, these typed nothing.
        ("BTN_RIGHT", "BTN_RIGHT is a button, not a key: the virtual keyboard cannot press pointer buttons; for a click at the finger use click"),
        ("KEY_LEFTCTRL+btn_left", "BTN_LEFT is a button, not a key"),
    ])
    func refusals(_ text: String, _ message: String) {
        let e = #expect(throws: KeyStroke.ParseError.self) { try KeyStroke(parsing: text) }
        #expect(e?.message.contains(message) == true, "\(e?.message ?? "")")
    }
}
