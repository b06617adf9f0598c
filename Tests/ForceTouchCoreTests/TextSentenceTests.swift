@testable import ForceTouchCore
import ForceTouchProtocol
import Testing

/// The sentence a find is in (`TextAtPoint.sentence(around:)`), Create Event's title: not the
/// text read around the press, which holds the sentences before and after it.
struct TextSentenceTests {
    /// The sentence around `find` in `text`, the press on its first scalar.
    func sentence(_ text: String, around find: String) throws -> String {
        let scalars = Array(text.unicodeScalars)
        let f = Array(find.unicodeScalars)
        let start = try #require((0...(scalars.count - f.count)).first { Array(scalars[$0..<($0 + f.count)]) == f })
        let at = try TextAtPoint(text, offset: start)
        return at.text(at.sentence(around: start..<(start + f.count)))
    }

    @Test func theSentencePressedNotTheLinesAroundIt() throws {
        let text = "Press with some force to look a word up.\nWrite to ada@example.org or call +44 20 7946 0958 before 3 December 2026.\n"
        #expect(try sentence(text, around: "3 December 2026") == "Write to ada@example.org or call +44 20 7946 0958 before 3 December 2026.")
        #expect(try sentence(text, around: "force") == "Press with some force to look a word up.")
    }

    @Test func dotsInsideAnAddressOrANumberEndNoSentence() throws {
        let text = "Done. Mail ada@example.org about v2.1 on 3.12.2026 at 10:30! Thanks."
        #expect(try sentence(text, around: "3.12.2026") == "Mail ada@example.org about v2.1 on 3.12.2026 at 10:30!")
    }

    @Test func aSentenceCutByTheTextReadIsKeptToItsEnds() throws {
        #expect(try sentence("  lunch on Friday at noon", around: "Friday") == "lunch on Friday at noon")
        #expect(try sentence("Really? Friday…  Then", around: "Friday") == "Friday…")
    }

    @Test func aDatesTargetCarriesItsSentenceForTheEventsTitle() throws {
        let resolver = PressTargetResolver(applications: [], used: PressTargetKind.defaultUsed.union(PressTargetKind.text), localNow: {
            CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 28)!, time: ClockTime(hour: 10, minute: 0)!)
        })
        let text = "Press with some force to look a word up.\nWrite to ada@example.org or call +44 20 7946 0958 before 3 December 2026.\n"
        var f = PressTargetFacts()
        f.role = "text"
        f.windowType = "normal"
        f.text = text
        f.textOffset = UInt32(Array(text.unicodeScalars).firstIndex(of: "D")!)
        let t = resolver.resolve(f)
        #expect(t.kind == .date)
        #expect(t.context == "Write to ada@example.org or call +44 20 7946 0958 before 3 December 2026.")
    }
}
