import Foundation
import ForceTouchCore
@testable import ForceTouchLinux
import ForceTouchProtocol
import Testing

/// A text target as subscribers see it: `forcectl events`' `menu-shown` line and MenuShown's
/// target carry its kind, the text found, its value and, for a word, its definition and
/// where it came from; other kinds carry no definition.
struct TextTargetEventTests {
    func word() -> PressTarget {
        var t = PressTarget(kind: .word, name: "force", address: "force", text: .word("force"), context: "some force")
        t.definition = "force\n    n 1: a powerful effect or influence"
        t.dictionary = "WordNet (r) 3.0 (2006), dictd vm dictd 1.13.0"
        return t
    }

    func shown(_ target: PressTarget) -> MenuShownMessage {
        MenuShownMessage(id: 5, items: [], x: 0.2, y: 0.5, placement: .touch, output: "", target: ActionRunner.message(target))
    }

    @Test func theMenuShownEventCarriesAWordsDefinition() throws {
        let line = ProtocolJSON.line(shown(word()))
        #expect(line.contains(#""definition":"force\n    n 1: a powerful effect or influence""#), "\(line)")
        #expect(line.contains(#""dictionary":"WordNet (r) 3.0 (2006), dictd vm dictd 1.13.0""#), "\(line)")
        #expect(line.contains(#""kind":"word""#) && line.contains(#""name":"force""#), "\(line)")
        let back = try ProtocolJSON.decode(MenuShownMessage.self, from: Data(line.utf8))
        #expect(back.target.definition == word().definition)
    }

    @Test func otherKindsCarryNoDefinition() {
        let email = PressTarget(kind: .email, name: "ada@example.org", address: "mailto:ada@example.org")
        let line = ProtocolJSON.line(shown(email))
        #expect(!line.contains("definition") && line.contains(#""address":"mailto:ada@example.org""#), "\(line)")
    }

    @Test func menuShownsTargetOnTheBusHasTheDefinition() {
        let (_, arguments) = BusService.signal(overlay: .shown(shown(word())))
        guard case .dictionary(let target)? = arguments.last else { Issue.record("\(arguments)"); return }
        let values = Dictionary(uniqueKeysWithValues: target.map { ($0.key, $0.value) })
        #expect(values["kind"] == .string("word"))
        #expect(values["definition"] == .string(word().definition))
        #expect(values["dictionary"] == .string(word().dictionary))
    }
}
