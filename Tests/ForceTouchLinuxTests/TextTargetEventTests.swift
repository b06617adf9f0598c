import Foundation
import ForceTouchCore
@testable import ForceTouchLinux
import ForceTouchProtocol
import ForceTouchTestSupport
import Glibc
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

/// Create Event's file: an iCalendar file of the date found, private to the user, in the
/// runtime directory; none without one.
struct CreateEventFileTests {
    /// The date a detector finds in `text` (at its first scalar), 2026-11-28 10:00 being now.
    func date(_ text: String) throws -> DateDetector.DetectedDate {
        let now = CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 28)!, time: ClockTime(hour: 10, minute: 0)!)
        guard case .found(let found, _) = DateDetector.find(in: try TextAtPoint(text, offset: 0), now: now) else {
            throw CancellationError()
        }
        return found
    }

    @Test func theEventIsWrittenWholeAndPrivateInTheRuntimeDirectory() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let date = try date("3 December 2026 at 15:00")
        guard case .success(let path) = ActionRunner.writeEvent(date, summary: "We meet on 3 December 2026 at 15:00.",
                                                              runtime: scratch.path) else {
            Issue.record("not written"); return
        }
        #expect(path.hasPrefix(scratch.path + "/forcetouch/event-") && path.hasSuffix(".ics"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(text.contains("\r\nDTSTART:20261203T150000\r\n") && text.contains("\r\nDTEND:20261203T160000\r\n"))
        #expect(text.contains("\r\nSUMMARY:We meet on 3 December 2026 at 15:00.\r\n"))
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(stat(scratch.path + "/forcetouch", &st) == 0 && st.st_mode & 0o777 == 0o700)
    }

    @Test func withoutARuntimeDirectoryNothingIsWrittenAndItSaysWhy() throws {
        let date = try date("3 December 2026")
        guard case .failure(let why) = ActionRunner.writeEvent(date, summary: "x", runtime: nil) else {
            Issue.record("written"); return
        }
        #expect(why.description == "XDG_RUNTIME_DIR is not set: there is no private place for the event's file")
    }
}
