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
            default: entries.append(BusVariantEntry(key.rawValue, .string("the \(key.rawValue)")))
            }
        }
        let facts = try PressTargetFacts(entries: entries)
        #expect(facts.pressX == 0.125 && facts.pressY == 0.75 && facts.windowPID == 4242)
        #expect(facts.windows == [.init(id: 7, appID: "a", title: "t")])
        for key in PressTargetFacts.Key.allCases where key.signature == "s" {
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
}
