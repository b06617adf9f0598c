import OverlayModel
import Testing

/// What a MenuShown draws, from its dictionaries as the bus carried them (MenuContent): the
/// decisions forcetouch-overlay's C made itself until issue 52 (which target is a link, which
/// row opens it, which app heads the rows, which subtitle shows).
@Suite struct MenuContentTests {
    static func item(_ type: String, _ title: String, subtitle: String = "", icon: String = "") -> BusStrings {
        BusStrings([("type", type), ("title", title), ("subtitle", subtitle), ("icon", icon)])
    }

    static let linkItems = [item("link.open", "Open"), item("link.copy", "Copy Link")]

    @Test func aLinkWithAnAddressIsPreviewedAndOpenedByItsOpenRow() {
        let target = BusStrings([("kind", "link"), ("name", "Example"), ("address", "https://example.org/")])
        let content = MenuContent(target: target, items: Self.linkItems)
        #expect(content.link == MenuContent.Link(address: "https://example.org/", name: "Example", openRow: 0))
        #expect(content.heading == nil)
        #expect(content.rows.map(\.title) == ["Open", "Copy Link"])
    }

    @Test func theOpenRowIsWhereverTheDaemonPutIt() {
        let target = BusStrings([("kind", "link"), ("address", "file:///tmp/page.html")])
        let items = [Self.item("link.copy", "Copy Link"), Self.item("link.open", "Open")]
        #expect(MenuContent(target: target, items: items).link?.openRow == 1)
        #expect(MenuContent(target: target, items: [Self.item("link.copy", "Copy Link")]).link?.openRow == nil)
    }

    @Test func popChoosesALinksOpenRowOrAWordsLookUpInItsDictionaryApp() {
        let link = BusStrings([("kind", "link"), ("address", "https://example.org/")])
        #expect(MenuContent(target: link, items: Self.linkItems).popRow == 0)
        let word = BusStrings([("kind", "word"), ("name", "force"), ("definition", "force\n  n 1: strength")])
        let items = [Self.item("text.look-up", "Look Up “force”"), Self.item("text.look-up-app", "Look Up in Dictionary"),
                     Self.item("text.copy", "Copy")]
        let content = MenuContent(target: word, items: items)
        #expect(content.lookUp != nil && content.link == nil)
        #expect(content.popRow == 1)
        // No dictionary application installed: no such row, and pop chooses nothing.
        #expect(MenuContent(target: word, items: [items[0], items[2]]).popRow == nil)
        let app = BusStrings([("kind", "app-icon"), ("name", "Dictionary")])
        #expect(MenuContent(target: app, items: [Self.item("text.look-up-app", "Look Up in Dictionary")]).popRow == nil)
    }

    @Test func aLinkWithoutAnAddressIsNoLink() {
        let target = BusStrings([("kind", "link"), ("name", "Example"), ("address", "")])
        let content = MenuContent(target: target, items: Self.linkItems)
        #expect(content.link == nil && content.heading == nil)
    }

    @Test func anAppIconOrAWindowIsHeadedByTheAppsNameAndIcon() {
        for kind in ["app-icon", "window"] {
            let target = BusStrings([("kind", kind), ("name", "Firefox ESR"), ("icon", "firefox-esr")])
            let content = MenuContent(target: target, items: [Self.item("new-window", "New Window")])
            #expect(content.heading?.title == "Firefox ESR")
            #expect(content.heading?.icon == "firefox-esr" && content.heading?.iconFile == "")
            #expect(content.link == nil)
        }
    }

    @Test func anIconThatIsAPathIsAFile() {
        let target = BusStrings([("kind", "app-icon"), ("name", "Tool"), ("icon", "/opt/tool/tool.png")])
        let heading = MenuContent(target: target, items: [Self.item("run", "Run")]).heading
        #expect(heading?.iconFile == "/opt/tool/tool.png" && heading?.icon == "")
    }

    @Test func noHeadingWithoutANameOrWithoutRowsOrForAnotherKind() {
        let rows = [Self.item("run", "Run")]
        #expect(MenuContent(target: BusStrings([("kind", "app-icon")]), items: rows).heading == nil)
        #expect(MenuContent(target: BusStrings([("kind", "app-icon"), ("name", "Tool")]), items: []).heading == nil)
        #expect(MenuContent(target: BusStrings([("kind", "nothing"), ("name", "Tool")]), items: rows).heading == nil)
        #expect(MenuContent(target: BusStrings([]), items: rows).heading == nil)
    }

    @Test func underAHeadingASubtitleThatOnlyNamesTheAppAgainIsNotDrawn() {
        let target = BusStrings([("kind", "app-icon"), ("name", "Files")])
        let items = [Self.item("home", "Home", subtitle: "Files"), Self.item("trash", "Trash", subtitle: "Empty it")]
        let content = MenuContent(target: target, items: items)
        #expect(content.rows.map(\.subtitle) == [nil, "Empty it"])
        // Without a heading the app's name is the only place it shows: kept.
        let plain = MenuContent(target: BusStrings([]), items: items)
        #expect(plain.rows.map(\.subtitle) == ["Files", "Empty it"])
    }

    @Test func anEmptySubtitleIsNone() {
        #expect(MenuContent(target: BusStrings([]), items: [Self.item("a", "A")]).rows.first?.subtitle == nil)
    }

    @Test func theRowsKeepTheirTypesAndIconsWhole() {
        let item = BusStrings([("type", "custom.é"), ("title", "T"), ("icon", "edit-copy"),
                               ("icon-file", "/home/me/icon file.png")])
        let row = MenuContent(target: BusStrings([]), items: [item]).rows.first
        #expect(row == MenuRow(type: "custom.é", title: "T", subtitle: nil, icon: "edit-copy",
                               iconFile: "/home/me/icon file.png"))
    }

    @Test func aKeySaidTwiceMeansWhatItSaidFirst() {
        let target = BusStrings([("kind", "link"), ("address", "https://a/"), ("kind", "app-icon"),
                                 ("address", "https://b/")])
        #expect(MenuContent(target: target, items: []).link?.address == "https://a/")
    }

    @Test func whatThePressWasOnIsKeptForTheLog() {
        let content = MenuContent(target: BusStrings([("kind", "window"), ("name", "xterm")]), items: [])
        #expect(content.kind == "window" && content.name == "xterm")
        let none = MenuContent(target: BusStrings([]), items: [])
        #expect(none.kind == "" && none.name == "")
    }
}
