import ForceTouchProtocol
import Testing

/// The facts of what is under a press as both halves of the wire see them: what the overlay
/// prints and sends under each key is what the daemon reads back from that key.
@Suite struct PressTargetFactsTests {
    @Test func theFactsAreWrittenWithTheBusKeysAndOnlyWhatIsKnown() {
        var facts = PressTargetFacts()
        facts.pressX = 0.25
        facts.pressY = 0.5
        facts.source = "x11"
        facts.role = "push button"
        facts.windowPID = 42
        facts.windowType = "dock"
        #expect(ProtocolJSON.line(facts)
            == #"{"press-x":0.25,"press-y":0.5,"role":"push button","source":"x11","window-pid":42,"window-type":"dock"}"#)
        var nothing = PressTargetFacts()
        nothing.why = "no window at 5,5"
        #expect(ProtocolJSON.line(nothing) == #"{"why":"no window at 5,5"}"#)
    }

    @Test func everyKeyWrittenIsReadBackUnderItsType() throws {
        var entries: [BusVariantEntry] = []
        for key in PressTargetFacts.Key.allCases {
            switch key.signature {
            case "d": entries.append(BusVariantEntry(key.rawValue, .double(key == .pressX ? 0.125 : 0.75)))
            case "u": entries.append(BusVariantEntry(key.rawValue, .uint32(4242)))
            case "a(uss)": entries.append(BusVariantEntry(key.rawValue, .windows([.init(id: 7, appID: "a", title: "t")])))
            case _ where key == .accessible:
                entries.append(BusVariantEntry(key.rawValue, .string(#"{"toolkit":"gtk","path":[{"role":"link","name":"n","description":"","states":[],"children":0,"uri":"u"}]}"#)))
            default: entries.append(BusVariantEntry(key.rawValue, .string("the \(key.rawValue)")))
            }
        }
        let facts = try PressTargetFacts(entries: entries)
        #expect(facts.pressX == 0.125 && facts.pressY == 0.75 && facts.windowPID == 4242)
        #expect(facts.windows == [.init(id: 7, appID: "a", title: "t")])
        #expect(facts.accessible == AccessibleAnswer(toolkit: "gtk", path: [AccessibleNode(role: "link", name: "n", uri: "u")]))
        for key in PressTargetFacts.Key.allCases where key.signature == "s" && key != .accessible {
            #expect(facts[text: key] == "the \(key.rawValue)")
        }
        let line = ProtocolJSON.line(facts)
        for key in PressTargetFacts.Key.allCases { #expect(line.contains("\"\(key.rawValue)\":")) }
    }

    @Test func aTextIsCutAtItsBoundInScalarsHoweverFewCharactersItHas() throws {
        let limit = PressTargetFacts.maximumTextLength
        let accents = "e" + String(repeating: "\u{301}", count: 100_000)
        let facts = try PressTargetFacts(entries: [BusVariantEntry("name", .string(accents)),
                                                   BusVariantEntry("why", .string(String(repeating: "x", count: limit))),
                                                   BusVariantEntry("role", .string(String(repeating: "y", count: limit + 1)))])
        let name = try #require(facts.name)
        #expect(name.unicodeScalars.count == limit && name.unicodeScalars.starts(with: "e\u{301}".unicodeScalars) && name.hasSuffix("…"))
        #expect(facts.why == String(repeating: "x", count: limit))
        #expect(facts.role == String(repeating: "y", count: limit - 1) + "…")
        #expect(PressTargetFacts.bounded("") == "")
    }

    /// The GNOME Shell extension's raw answer (`accessible`): the daemon decides it with the
    /// overlay's rule, so a GtkLinkButton under the press is its link, whatever the looker knew.
    @Test func anAccessibleAnswerIsDecidedByTheDaemonIntoTheLink() throws {
        let json = #"""
            {"toolkit": "gtk", "path": [
              {"children": 0, "description": "", "name": "Example link", "role": "push button", "states": [], "uri": "https://example.org/forcetouch"},
              {"children": 1, "description": "", "name": "", "role": "filler", "states": []},
              {"children": 1, "description": "", "name": "Links", "role": "frame", "states": []}]}
            """#
        let facts = try PressTargetFacts(entries: [BusVariantEntry("source", .string("gnome-shell")),
                                                   BusVariantEntry("window-title", .string("Links")),
                                                   BusVariantEntry("accessible", .string(json))]).decidingAccessible()
        #expect(facts.role == "push button" && facts.name == "Example link")
        #expect(facts.address == "https://example.org/forcetouch")
        #expect(facts.windowTitle == "Links" && facts.source == "gnome-shell")
        #expect(facts.partiality == nil)
        // A link without its address yet: partial, and taken as it is (the looker asked once).
        let partial = try PressTargetFacts(entries: [BusVariantEntry("accessible", .string(
            #"{"toolkit":"Gecko","path":[{"role":"link","name":"","description":"","states":[],"children":1},{"role":"frame","name":"Page","description":"","states":[],"children":1}]}"#))])
        #expect(partial.partiality == "a link without its address")
        #expect(partial.decidingAccessible().role == "link" && partial.decidingAccessible().address == nil)
        // No answer: the facts as they came.
        let plain = try PressTargetFacts(entries: [BusVariantEntry("window-title", .string("Links"))])
        #expect(plain.decidingAccessible() == plain)
    }

    /// A bad answer is refused, saying what is wrong with it; a too-long address is dropped, not cut.
    @Test func aBadAccessibleAnswerIsRefusedWithWhy() throws {
        #expect(throws: PressTargetFactsError.self) {
            try PressTargetFacts(entries: [BusVariantEntry("accessible", .string("{\"toolkit\": 1}"))])
        }
        let node = #"{"role":"filler","name":"","description":"","states":[],"children":1}"#
        let deep = #"{"toolkit":"gtk","path":["# + Array(repeating: node, count: AccessibleAnswer.maxPath + 1).joined(separator: ",") + "]}"
        do {
            _ = try PressTargetFacts(entries: [BusVariantEntry("accessible", .string(deep))])
            Issue.record("a path of \(AccessibleAnswer.maxPath + 1) objects was taken")
        } catch {
            #expect(error.message == "\"accessible\" has 17 objects, more than 16")
        }
        let long = String(repeating: "a", count: PressTargetFacts.maximumAddressLength + 1)
        let facts = try PressTargetFacts(entries: [BusVariantEntry("accessible", .string(
            #"{"toolkit":"gtk","path":[{"role":"link","name":"x","description":"","states":[],"children":0,"uri":""# + long + #""}]}"#))])
        #expect(facts.accessible?.path.first?.uri == nil)
    }
}
