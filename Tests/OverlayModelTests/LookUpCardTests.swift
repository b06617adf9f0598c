import ForceTouchProtocol
import OverlayModel
import Testing

/// A word's Look Up card (LookUpCard), its place above the actions (LinkPreviewLayout) and what a
/// MenuShown for a word makes of the menu (MenuContent).
@Suite struct LookUpCardTests {
    /// WordNet's answer for "force" as dictd sends it (its first three senses).
    static let force = """
        force
            n 1: a powerful effect or influence; "the force of his eloquence
                 easily persuaded them"
            2: (physics) the influence that produces a change in a physical
               quantity; "force equals mass times acceleration"
            3: physical energy or intensity; "he hit with all the force he
               could muster"
            v 1: to cause to do through pressure or necessity
        """
    static let wordNet = "WordNet (r) 3.0 (2006), dictd 1.13.1/rf on Linux 6.1"

    @Test func theHeadwordGoesAndEachNumberedSenseIsOneLineOfText() {
        let card = LookUpCard(word: "force", definition: Self.force, dictionary: Self.wordNet)
        #expect(card.word == "force" && card.source == Self.wordNet)
        #expect(card.senses.map(\.text).first
            == "n 1: a powerful effect or influence; \"the force of his eloquence easily persuaded them\"")
        #expect(card.senses.map(\.text).dropFirst().first?.hasPrefix("2: (physics) the influence") == true)
    }

    @Test func theCardHasAFewLinesAtMostEachSenseAFewToo() {
        let card = LookUpCard(word: "force", definition: Self.force, dictionary: Self.wordNet)
        // 86 characters: 2 lines; 94: 3; then 1 line left of the 5.
        #expect(card.senses.map(\.lines) == [2, 3])
        #expect(card.lines == LookUpCard.maximumLines)
        #expect(card.bodyHeight == 5 * LookUpCard.lineHeight + 2 * LookUpCard.bodyPadding)
        let long = LookUpCard(word: "x", definition: "1: " + String(repeating: "long ", count: 2_000_000), dictionary: "d")
        #expect(long.senses.count == 1 && long.senses[0].lines == LookUpCard.maximumSenseLines)
        #expect(long.senses[0].text.unicodeScalars.count == LookUpCard.maximumSenseLength)
    }

    /// The lines a sense gets are those the toolkit measured, within the rule: 3 a sense, 5 a card.
    @Test func eachSenseGetsTheLinesItsMeasureSaysWithinTheBudget() {
        let definition = "w\n n 1: one 2: two 3: three 4: four"
        func card(_ measured: [String: Int]) -> LookUpCard {
            LookUpCard(word: "w", definition: definition, dictionary: "d") { measured[$0] ?? 0 }
        }
        // Each as measured, where the estimate (44 characters a line) would give each 1.
        #expect(card(["n 1: one": 2, "2: two": 1, "3: three": 2]).senses.map(\.lines) == [2, 1, 2])
        // A sense needing more than 3 gets 3; what is left of the 5 is the last's.
        #expect(card(["n 1: one": 7, "2: two": 4, "3: three": 1]).senses.map(\.lines) == [3, 2])
        // A measure of none (an empty layout) still gets a line.
        #expect(card([:]).senses.map(\.lines) == [1, 1, 1, 1])
        // The measure is given each sense's text as drawn: cut to its length.
        var measured: [String] = []
        _ = LookUpCard(word: "x", definition: "1: " + String(repeating: "long ", count: 200), dictionary: "d") {
            measured.append($0)
            return 1
        }
        #expect(measured.map(\.unicodeScalars.count) == [LookUpCard.maximumSenseLength])
        #expect(card(["n 1: one": 2, "2: two": 3]).bodyHeight == 5 * LookUpCard.lineHeight + 2 * LookUpCard.bodyPadding)
        // MenuContent passes its measure on.
        let content = MenuContent(target: BusStrings([("kind", "word"), ("name", "w"), ("definition", definition)]),
                                  items: [], linesNeeded: { _ in 2 })
        #expect(content.lookUp?.senses.map(\.lines) == [2, 2, 1])
    }

    @Test func thePartOfSpeechStaysWithItsNumber() {
        let card = LookUpCard(word: "w", definition: "w\n  n 1: one\n  2: two\n  v 1: three", dictionary: "d")
        #expect(card.senses.map(\.text) == ["n 1: one", "2: two", "v 1: three"])
        // The DICT protocol's CRLF lines as well.
        #expect(LookUpCard(word: "w", definition: "w\r\n  n 1: one\r\n  2: two", dictionary: "d").senses.map(\.text)
            == ["n 1: one", "2: two"])
    }

    @Test func withoutADefinitionTheCardSaysWhy() {
        let why = "no dictionary server on 127.0.0.1:2628: install dictd and dict-wn"
        let card = LookUpCard(word: "force", definition: "", dictionary: why)
        #expect(card.source == "" && card.senses == [LookUpCard.Sense(text: why, lines: 2)])
    }

    @Test func aMenuShownForAWordIsItsCardAboveItsActions() {
        let target = BusStrings([("kind", "word"), ("name", "force"), ("definition", Self.force),
                                 ("dictionary", Self.wordNet)])
        let items = [BusStrings([("type", "text.look-up"), ("title", "Look Up"), ("subtitle", "n 1: a powerful effect")]),
                     BusStrings([("type", "text.copy"), ("title", "Copy"), ("subtitle", "force")])]
        let content = MenuContent(target: target, items: items)
        // The card says the word and its definition: the rows' subtitles would repeat it.
        #expect(content.rows.map(\.subtitle) == [nil, nil] && content.rows.map(\.title) == ["Look Up", "Copy"])
        #expect(content.lookUp == LookUpCard(word: "force", definition: Self.force, dictionary: Self.wordNet))
        #expect(content.link == nil && content.heading == nil)
        #expect(MenuContent(target: BusStrings([("kind", "email"), ("name", "a@b.c")]), items: items).lookUp == nil)
    }

    @Test func theCardIsAboveTheActionsAsALinksPreviewIs() {
        let card = LookUpCard(word: "force", definition: Self.force, dictionary: Self.wordNet)
        let layout = LinkPreviewLayout(items: 3, page: false, definition: card.bodyHeight, finger: (500, 600),
                                       surface: (1024, 768), scale: 1)
        let definition = try! #require(layout.definition)
        #expect(layout.page == nil)
        #expect(layout.preview.height == Int(LinkPreviewLayout.headerHeight + card.bodyHeight))
        #expect(definition.y == layout.preview.y + Int(LinkPreviewLayout.headerHeight))
        #expect(definition.y + definition.height == layout.preview.y + layout.preview.height)
        #expect(layout.actions.card.y == layout.preview.y + layout.preview.height + Int(LinkPreviewLayout.spacing))
        // Opened upwards from a finger low on the screen, its actions' bottom near the finger.
        #expect(layout.bounds.y + layout.bounds.height <= 600)
        // Half grown, the definition is half as tall, from the corner at the finger.
        let half = LinkPreviewLayout(items: 3, page: false, definition: card.bodyHeight, finger: (500, 600),
                                     surface: (1024, 768), scale: 0.5)
        #expect(half.definition?.height == Int((card.bodyHeight * 0.5).rounded()))
    }
}
