import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Testing
@testable import ForceTouchLinux

/// The intent window's daemon side (SPEC §11, "The intent window"): what is sent, answers, the timeout that counts
/// as Cancel, the overlay leaving, and how an output is shown.
@Suite struct IntentWindowsTests {
    final class Sent {
        var messages: [IntentWindows.Message] = []
    }

    var clock = Timestamp(seconds: 100)

    func windows(_ sent: Sent, now: @escaping () -> Timestamp) -> IntentWindows {
        let w = IntentWindows()
        w.listening = true
        w.send = { sent.messages.append($0) }
        w.now = now
        return w
    }

    let question = IntentQuestion(kind: .confirm, intent: "greet", step: [], title: "Send greeting",
                                  prompt: "Send hello?", parameter: "text")

    @Test func aRunIsAnnouncedAtTheGestureOrCentredWithoutOne() throws {
        let sent = Sent()
        let w = windows(sent) { Timestamp(seconds: 1) }
        var definition = IntentDefinition(name: "greet", body: .handler(["x"]))
        definition.app = "notes.desktop"
        let press = GestureEvent(gesture: .deepPress, phase: .began, fingers: 1, time: Timestamp(seconds: 1),
                                 x: 0.2, y: 0.7, force: 3, stage: .peek)
        let a = w.start(definition, event: press, placement: .touch, output: "DSI-1")
        let b = w.start(definition, event: nil, placement: .pointer, output: "")
        #expect(a == 1 && b == 2)
        guard case .started(let m) = sent.messages[0], case .started(let n) = sent.messages[1] else {
            Issue.record("not started"); return
        }
        #expect(m.x.value == 0.2 && m.y.value == 0.7 && m.located && m.output == "DSI-1" && m.title == "greet")
        #expect(!n.located && n.x.value == 0.5)
        #expect(ProtocolJSON.line(m).contains("\"event\":\"intent-started\",\"id\":1,"))
        #expect(w.app(of: 2) == "notes.desktop" && w.app(of: 9) == nil)
    }

    @Test func anAnswerReachesTheRunOnceAndOnlyForItsID() {
        let sent = Sent()
        let w = windows(sent) { Timestamp(seconds: 1) }
        var answers: [IntentAnswer] = []
        w.ask(question, id: 3) { answers.append($0) }
        guard case .ask(let m) = sent.messages.last else { Issue.record("not asked"); return }
        #expect(m.event == "intent-confirm" && m.id == 3 && m.prompt == "Send hello?" && m.timeout.value == 30)
        #expect(!w.answer(id: 4, .confirmed(true)))
        #expect(w.answer(id: 3, .confirmed(true)))
        #expect(!w.answer(id: 3, .confirmed(false)))
        #expect(answers == [.confirmed(true)])
        #expect(w.nextDeadline == nil)
    }

    @Test func anUnansweredQuestionTimesOutAsCancel() {
        final class Clock { var now = Timestamp(seconds: 10) }
        let clock = Clock()
        let sent = Sent()
        let w = windows(sent) { clock.now }
        w.timeout = Timestamp.Duration(seconds: 5)
        var answers: [IntentAnswer] = []
        w.ask(question, id: 1) { answers.append($0) }
        #expect(w.nextDeadline == Timestamp(seconds: 15))
        w.expire(now: Timestamp(seconds: 14.9))
        #expect(answers.isEmpty && w.waitingCount == 1)
        w.expire(now: Timestamp(seconds: 15))
        #expect(answers == [.confirmed(false)] && w.waitingCount == 0)
    }

    @Test func theOverlayLeavingCancelsEveryQuestion() {
        let sent = Sent()
        let w = windows(sent) { Timestamp(seconds: 1) }
        var answers: [IntentAnswer] = []
        w.ask(question, id: 1) { answers.append($0) }
        w.ask(question, id: 2) { answers.append($0) }
        w.listening = false
        #expect(answers == [.confirmed(false), .confirmed(false)])
    }

    /// Issue 40, defect 9: a second run's question replaced the first's in the one window, and
    /// the first was cancelled 30 s later unseen. Now it waits, with what its run sent, until
    /// the first is answered; its 30 s start when it is shown.
    @Test func aSecondRunsQuestionWaitsForTheFirstToBeAnswered() {
        final class Clock { var now = Timestamp(seconds: 10) }
        let clock = Clock()
        let sent = Sent()
        let w = windows(sent) { clock.now }
        var answers: [String] = []
        let definition = IntentDefinition(name: "greet", body: .handler(["x"]))
        let a = w.start(definition, event: nil, placement: .pointer, output: "")
        w.ask(question, id: a) { answers.append("a \($0)") }
        let b = w.start(definition, event: nil, placement: .pointer, output: "")
        w.ask(question, id: b) { answers.append("b \($0)") }
        // Only the first run's start and question went out.
        #expect(sent.messages.count == 2, "\(sent.messages)")
        clock.now = Timestamp(seconds: 35)
        w.expire(now: clock.now)
        #expect(answers.isEmpty)
        #expect(w.answer(id: a, .confirmed(true)))
        // Then the second's, its deadline counted from now.
        #expect(sent.messages.count == 4, "\(sent.messages)")
        guard case .started(let started) = sent.messages[2], case .ask(let asked) = sent.messages[3] else {
            Issue.record("not the second run"); return
        }
        #expect(started.id == b && asked.id == b)
        #expect(w.nextDeadline == Timestamp(seconds: 65))
        w.expire(now: Timestamp(seconds: 64))
        #expect(answers == ["a confirmed(true)"])
        w.expire(now: Timestamp(seconds: 65))
        #expect(answers == ["a confirmed(true)", "b confirmed(false)"])
        // Past `maximumHeld` waiting behind one shown, a question is cancelled at once, and said.
        var said: [String] = []
        w.log = { said.append($0) }
        w.maximumHeld = 1
        w.ask(question, id: 10) { _ in }
        w.ask(question, id: 11) { _ in }
        var refused: [IntentAnswer] = []
        w.ask(question, id: 12) { refused.append($0) }
        #expect(refused == [.confirmed(false)] && said.count == 1, "\(said)")
    }

    @Test func anImageFileIsShownAsAnImageAndAnythingElseAsText() {
        let exists: (String) -> Bool = { $0 == "/tmp/shot.png" }
        #expect(IntentWindows.display(.string("/tmp/shot.png"), fileExists: exists) == ("", "/tmp/shot.png"))
        #expect(IntentWindows.display(.string("/tmp/gone.png"), fileExists: exists) == ("/tmp/gone.png", ""))
        #expect(IntentWindows.display(.string("shot.png"), fileExists: { _ in true }) == ("shot.png", ""))
        #expect(IntentWindows.display(.object(["a": .number(1)]), fileExists: exists) == ("{\"a\":1}", ""))
        #expect(IntentWindows.display(nil, fileExists: exists) == ("", ""))
    }
}
