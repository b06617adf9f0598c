import ForceTouchProtocol
import OverlayModel
import Testing

/// The intent window's states driven by the daemon's signals, the taps and the timers in
/// virtual time: each behaviour intent-window-on-host.sh checks on a screenshot or in the
/// overlay's log, and the calls it checks on the bus.
@Suite struct IntentWindowInteractionTests {
    /// The window with a frame laid out after every event that shows it, as the glue does.
    struct Driver {
        var window = IntentWindowInteraction()
        var frame = IntentWindowFrame()

        @discardableResult
        mutating func send(_ event: IntentWindowEvent, middle: Int = 0) -> IntentWindowEffects {
            let e = window.handle(event)
            if e.show { frame = window.layout(header: 60, message: 16, middle: middle) }
            return e
        }

        /// A tap in the middle of the button named `name` of the frame drawn.
        mutating func tap(_ name: String, entry: String = "") -> IntentWindowEffects {
            let r = frame.buttons.first { $0.name == name }!.rect
            return send(.released(x: Double(r.x + r.width / 2), y: Double(r.y + r.height / 2), entry: entry))
        }

        var states: [String] { window.transitions.map(\.to.name) }
    }

    /// greet: a run with an app that asks for confirmation.
    static func confirming(id: UInt32 = 3, app: String = "ft-notes.desktop") -> Driver {
        var d = Driver()
        d.send(.started(id: id, app: app))
        d.send(.asked(id: id, question: .confirm))
        return d
    }

    @Test func aConfirmationShowsNextAndCancel() {
        var d = Driver()
        let started = d.send(.started(id: 3, app: "ft-notes.desktop"))
        #expect(started.accepted && !started.show && started.hide == nil)
        let e = d.send(.asked(id: 3, question: .confirm))
        #expect(e.show && e.accepted && !e.newRun && e.dismiss == .cancel)
        #expect(d.window.state == .asking(.confirm) && d.window.kind == "confirm")
        #expect(d.frame.buttons.map(\.name) == ["cancel", "next"])
        #expect(d.frame.buttons.map(\.label) == ["Cancel", "Next"])
        // Next is the blue one, beside a light Cancel, on one row.
        #expect(d.frame.buttons.map(\.primary) == [false, true])
        #expect(d.frame.buttons[0].rect.y == d.frame.buttons[1].rect.y)
        #expect(d.frame.buttons[0].rect.x < d.frame.buttons[1].rect.x)
        #expect(d.frame.width == 340 && d.frame.height == 60 + 40 + 18)
    }

    @Test func nextConfirmsThenTheSuccessClosesItselfAfterFourSeconds() {
        var d = Self.confirming()
        let next = d.tap("next")
        #expect(next.tapped == "next" && next.call == .confirm(id: 3, yes: true))
        // Waiting for the run: the spinner, no timer.
        #expect(d.window.state == .showingResponse(code: "in-progress", final: false))
        #expect(next.show && next.spinning && next.dismiss == .cancel)
        let success = d.send(.responded(id: 3, code: "success", final: true), middle: 20)
        #expect(success.show && !success.spinning && success.dismiss == .arm(milliseconds: 4000))
        #expect(d.window.kind == "response" && d.window.code == "success")
        #expect(IntentResponseLook(code: d.window.code).badge == .check)
        // The handler's text in the middle makes room for itself.
        #expect(d.frame.height == 60 + 20 + 12 + 12 && d.frame.buttons.isEmpty)
        let fired = d.send(.dismissTimerFired)
        #expect(fired.hide == .timedOut && d.window.state == .hidden)
        #expect(d.states == ["asking(confirm)", "showingResponse(in-progress)", "showingResponse(success, final)",
                             "hidden"])
    }

    /// The daemon's name lost its owner: its question goes at once, with no call (nobody would
    /// answer), and its run is forgotten, so that a restarted daemon's run 1 is a new one.
    @Test func theDaemonGoneTakesTheQuestionWithIt() {
        var d = Self.confirming(id: 1)
        let gone = d.send(.daemonGone)
        #expect(gone.hide == .daemonGone && !gone.show && gone.call == nil && gone.dismiss == .cancel)
        #expect(d.window.state == .hidden && d.window.run == 0 && d.frame.buttons.count == 2)
        #expect(d.window.transitions.map(\.description) == ["hidden -> asking(confirm) (asked 1)",
                                                            "asking(confirm) -> hidden (daemon gone)"])
        // Gone twice says nothing more; the old run's late words are not shown.
        #expect(d.send(.daemonGone).hide == nil)
        #expect(!d.send(.responded(id: 1, code: "success", final: true)).accepted)
        // A final response waiting to close itself goes too, its timer stopped.
        var r = Driver()
        r.send(.started(id: 2, app: ""))
        #expect(r.send(.responded(id: 2, code: "success", final: true)).dismiss == .arm(milliseconds: 4000))
        let closing = r.send(.daemonGone)
        #expect(closing.hide == .daemonGone && closing.dismiss == .cancel && r.window.state == .hidden)
    }

    /// The code is the daemon's (an app's) word: its transition is one log line, whatever it holds.
    @Test func aResponsesCodeIsLoggedOnOneLine() {
        var d = Driver()
        d.send(.started(id: 5, app: ""))
        d.send(.responded(id: 5, code: "ready\n\u{1b}[31merror: FORGED LOG LINE\\", final: false))
        #expect(d.window.transitions.map(\.description)
            == [#"hidden -> showingResponse(ready\n\e[31merror: FORGED LOG LINE\\) (responded 5 ready\n\e[31merror: FORGED LOG LINE\\)"#])
        #expect(LogText.escaped("a\u{85}b\u{2028}c\u{7f}\r\t") == #"a\u{0085}b\u{2028}c\x7f\r\t"#)
    }

    @Test func cancelStopsTheRunAndItsFailureIsNotShown() {
        var d = Self.confirming()
        let cancel = d.tap("cancel")
        #expect(cancel.call == .confirm(id: 3, yes: false) && cancel.hide == .cancelled && !cancel.show)
        #expect(d.window.state == .hidden && d.frame.buttons.count == 2)
        let failure = d.send(.responded(id: 3, code: "failure", final: true))
        #expect(!failure.accepted && !failure.show && failure.hide == nil && d.window.state == .hidden)
    }

    @Test func threeChoicesAndTheSecondAnswers() {
        var d = Driver()
        d.send(.started(id: 4, app: ""))
        d.send(.asked(id: 4, question: .choose(["red", "green", "blue"])))
        #expect(d.window.kind == "choose")
        #expect(d.frame.buttons.map(\.name) == ["choice-0", "choice-1", "choice-2", "cancel"])
        #expect(d.frame.buttons.map(\.label) == ["red", "green", "blue", "Cancel"])
        // One under the other, Cancel last.
        #expect(d.frame.buttons.map(\.rect.y) == [60, 104, 148, 196])
        let e = d.tap("choice-1")
        #expect(e.tapped == "choice-1" && e.call == .answer(id: 4, value: "green"))
        #expect(d.window.state == .showingResponse(code: "in-progress", final: false))
        d.send(.responded(id: 4, code: "success", final: true))
        #expect(d.window.code == "success")
    }

    @Test func noMoreChoicesThanTheWindowHasButtonsFor() {
        var d = Driver()
        d.send(.asked(id: 4, question: .choose((0 ..< 20).map { "c\($0)" })))
        #expect(d.frame.buttons.count == IntentWindowFrame.maxButtons)
        #expect(d.frame.buttons.last?.name == "cancel")
    }

    @Test func anImageOutputIsLaidOutInTheMiddle() {
        var d = Driver()
        d.send(.started(id: 5, app: ""))
        d.send(.responded(id: 5, code: "success", final: true), middle: 200)
        #expect(d.window.code == "success" && d.frame.width <= 340)
        #expect(d.frame.height == 60 + 200 + 12 + 12)
    }

    @Test func continueInAppShowsNoWindow() {
        var d = Driver()
        d.send(.started(id: 6, app: "ft-notes.desktop"))
        let e = d.send(.responded(id: 6, code: "continue-in-app", final: true))
        #expect(!e.show && e.call == nil && d.window.state == .hidden)
        // Shown first (a run that asked), it closes.
        var asked = Self.confirming(id: 7)
        _ = asked.tap("next")
        #expect(asked.send(.responded(id: 7, code: "continue-in-app", final: true)).hide == .continueInApp)
    }

    @Test func aFailureShowsItsMessageWithARedBadge() {
        var d = Driver()
        d.send(.started(id: 8, app: ""))
        let e = d.send(.responded(id: 8, code: "failure", final: true))
        #expect(e.show && e.dismiss == .arm(milliseconds: 4000))
        let look = IntentResponseLook(code: d.window.code)
        #expect(look.badge == .alert && look.failed && look.showsMessage)
        // The message's line below the header.
        #expect(d.frame.height == 60 + 16 + 8 + 12)
    }

    @Test func inProgressSpinsUntilTheFinalState() {
        var d = Driver()
        d.send(.started(id: 9, app: ""))
        let progress = d.send(.responded(id: 9, code: "in-progress", final: false))
        #expect(progress.show && progress.spinning && progress.dismiss == .cancel)
        #expect(IntentResponseLook(code: d.window.code).badge == .spinner)
        // A spinner left alone does not close.
        #expect(d.send(.dismissTimerFired).hide == nil && d.window.code == "in-progress")
        let done = d.send(.responded(id: 9, code: "success", final: true))
        #expect(done.show && !done.spinning && done.dismiss == .arm(milliseconds: 4000))
        #expect(d.window.state == .showingResponse(code: "success", final: true))
    }

    @Test func failureRequiringAppLaunchOffersOpen() {
        var d = Driver()
        d.send(.started(id: 10, app: "ft-notes.desktop"))
        d.send(.responded(id: 10, code: "failure-requiring-app-launch", final: true))
        #expect(d.frame.buttons.map(\.name) == ["open"] && d.frame.buttons[0].primary)
        #expect(d.frame.buttons[0].label == "Open")
        let e = d.tap("open")
        #expect(e.call == .openApp(id: 10) && e.hide == .appOpened && d.window.state == .hidden)
    }

    @Test func aTapOnAResponseOpensTheApp() {
        var d = Self.confirming(id: 11)
        _ = d.tap("next")
        d.send(.responded(id: 11, code: "success", final: true))
        let e = d.send(.released(x: 170, y: Double(d.frame.height - 12), entry: ""))
        #expect(e.tapped == "window" && e.call == .openApp(id: 11) && e.hide == .appOpened)
        // A run with no app: the tap only closes it.
        var alone = Driver()
        alone.send(.started(id: 12, app: ""))
        alone.send(.responded(id: 12, code: "success", final: true))
        let closed = alone.send(.released(x: 170, y: 10, entry: ""))
        #expect(closed.call == nil && closed.hide == .tapped)
    }

    @Test func aTapOnAQuestionOutsideItsButtonsDoesNothing() {
        var d = Self.confirming()
        let e = d.send(.released(x: 170, y: 10, entry: ""))
        #expect(e == IntentWindowEffects() && d.window.state == .asking(.confirm))
    }

    @Test func aValueIsTypedThenOKOrReturn() {
        var d = Driver()
        d.send(.started(id: 13, app: ""))
        d.send(.asked(id: 13, question: .value))
        #expect(d.window.kind == "value")
        #expect(d.frame.buttons.map(\.name) == ["cancel", "ok"] && d.frame.buttons.map(\.label) == ["Cancel", "OK"])
        // Below the text field.
        #expect(d.frame.buttons[0].rect.y == 60 + 36 + 12)
        var typed = d
        let r = typed.send(.submitted("7"))
        #expect(r.call == .answer(id: 13, value: "7") && typed.window.code == "in-progress")
        let ok = d.tap("ok", entry: "7")
        #expect(ok.call == .answer(id: 13, value: "7"))
        // Return means nothing once the question is gone.
        #expect(d.send(.submitted("8")).call == nil)
    }

    @Test func aQuestionEndedElsewhereClosesTheWindow() {
        // Unanswered for 30 s (the daemon's wait), or answered from the bus: the run's final
        // failure closes the window as Cancel would.
        var d = Self.confirming(id: 14)
        let e = d.send(.responded(id: 14, code: "failure", final: true))
        #expect(e.hide == .cancelled && e.call == nil && d.window.state == .hidden)
        // A success answered elsewhere is shown.
        var answered = Self.confirming(id: 15)
        answered.send(.responded(id: 15, code: "success", final: true))
        #expect(answered.window.code == "success")
    }

    @Test func aQuestionOfARunNotSeenStartingShows() {
        var d = Driver()
        d.send(.started(id: 1, app: "ft-notes.desktop"))
        let e = d.send(.asked(id: 99, question: .confirm))
        #expect(e.newRun && e.show && e.hide == nil && d.window.run == 99)
        // It has no app: a tap on its response only closes it.
        d.send(.responded(id: 99, code: "success", final: true))
        #expect(d.send(.released(x: 170, y: 10, entry: "")).call == nil)
    }

    @Test func aTouchedResponseStaysUntilTapped() {
        var d = Driver()
        d.send(.started(id: 16, app: ""))
        d.send(.responded(id: 16, code: "success", final: true))
        let press = d.send(.pressed)
        #expect(press.dismiss == .cancel && !press.show)
        #expect(d.send(.dismissTimerFired).hide == nil && d.window.code == "success")
        // A later response is not timed either.
        #expect(d.send(.responded(id: 16, code: "failure", final: true)).dismiss == .cancel)
        #expect(d.send(.released(x: 170, y: 10, entry: "")).hide == .tapped)
    }

    @Test func aPressOnAQuestionIsNoTouch() {
        var d = Self.confirming()
        #expect(d.send(.pressed) == IntentWindowEffects())
        _ = d.tap("next")
        #expect(d.send(.responded(id: 3, code: "success", final: true)).dismiss == .arm(milliseconds: 4000))
    }

    @Test func aNewRunReplacesTheWindowShown() {
        var d = Driver()
        d.send(.started(id: 17, app: ""))
        d.send(.responded(id: 17, code: "success", final: true))
        let e = d.send(.started(id: 18, app: ""))
        #expect(e.hide == .replaced && e.dismiss == .cancel && d.window.state == .hidden)
        // The last run's responses no longer show.
        #expect(!d.send(.responded(id: 17, code: "success", final: true)).accepted)
        #expect(d.window.state == .hidden)
    }

    @Test func theTransitionsAreLoggedByName() {
        var d = Self.confirming()
        let log = d.window.takeTransitions().map(\.description)
        #expect(log == ["hidden -> asking(confirm) (asked 3)"])
        #expect(d.window.transitions.isEmpty)
    }
}
