import Foundation
import ForceTouchEngine
import ForceTouchCore
import ForceTouchProtocol
import Testing
@testable import ForceTouchLinux

/// What is under the finger on the daemon's side (SPEC §11): the menu held for the lookup's
/// answer, never past its deadline, and not at all without a lookup.
@Suite struct UnderFingerTests {
    final class Clock { var now = Timestamp(microseconds: 1_000_000) }

    static let app = DesktopApplication(id: "ft-testpad.desktop", name: "Testpad Writer", icon: "accessories-text-editor",
                                        exec: ["touch", "/tmp/x"], path: "/x/ft-testpad.desktop",
                                        actions: [.init(id: "alpha", name: "Write Alpha", exec: ["touch", "/tmp/a"])])

    func underFinger(_ clock: Clock, used: Set<PressTargetKind> = PressTargetKind.defaultUsed) -> UnderFinger {
        let u = UnderFinger()
        u.resolver = PressTargetResolver(applications: [Self.app], used: used)
        u.now = { clock.now }
        return u
    }

    func progress(_ phase: String, _ stage: String = "") -> PressProgressMessage {
        PressProgressMessage(phase: phase, stage: stage, transitionProgress: 1, commitProgress: 0, x: 0.3, y: 0.4,
                             placement: .touch, output: "")
    }

    let event = GestureEvent(gesture: .deepPress, phase: .began, fingers: 1, time: Timestamp(seconds: 1), x: 0.3,
                             y: 0.4, force: 3, stage: .peek)

    /// The looker's answer for the press at `x`, 0.4 (the `began` above), with what it `found`.
    func answer(x: Double, _ found: (inout PressTargetFacts) -> Void) -> PressTargetFacts {
        var f = PressTargetFacts()
        (f.pressX, f.pressY) = (x, 0.4)
        found(&f)
        return f
    }

    func launcher(x: Double = 0.3) -> PressTargetFacts {
        answer(x: x) { ($0.role, $0.name, $0.windowType) = ("push button", "Testpad Writer", "dock") }
    }

    @Test func aHeldMenuGoesAsSoonAsTheAnswerComes() {
        let clock = Clock()
        let u = underFinger(clock)
        var got: [(PressTarget, Bool)] = []
        u.progress(progress("began"))
        u.progress(progress("changed", "peek"))
        u.target(event: event, listening: true) { got.append(($0, $1)); #expect(!$2) }
        #expect(got.isEmpty && u.nextDeadline == Timestamp(microseconds: 1_100_000))
        clock.now = Timestamp(microseconds: 1_040_000)
        u.answer(launcher(x: 0.9))
        #expect(got.isEmpty, "an answer for another press lets nothing go")
        u.answer(launcher())
        #expect(got.count == 1 && got[0].0.kind == .appIcon && got[0].0.app == Self.app && got[0].1)
        #expect(u.nextDeadline == nil)
    }

    /// What the press is on, once its answer is taken: what tells the overlay whether its card
    /// may be drawn (`PreviewCondition`); unknown again at the next press's `began`.
    @Test func theAnsweredTargetIsKeptUntilTheNextPress() {
        let clock = Clock()
        let u = underFinger(clock)
        u.progress(progress("began"))
        #expect(u.answered == nil)
        u.answer(launcher(x: 0.9))
        #expect(u.answered == nil, "an answer for another press is no answer")
        u.answer(launcher())
        #expect(u.answered?.kind == .appIcon && u.answered?.app == Self.app)
        u.progress(progress("changed", "peek"))
        #expect(u.answered?.kind == .appIcon)
        u.progress(progress("began"))
        #expect(u.answered == nil)
        u.answer(answer(x: 0.3) { $0.why = "no window at 900,300" })
        #expect(u.answered?.kind == .nothing)
    }

    @Test func aHeldMenuGoesAtTheDeadlineWithoutTheAnswer() {
        let clock = Clock()
        let u = underFinger(clock)
        var got: [PressTarget] = []
        u.progress(progress("began"))
        u.progress(progress("changed", "peek"))
        u.target(event: event, listening: true) { t, _, _ in got.append(t) }
        clock.now = Timestamp(microseconds: 1_099_999)
        u.expire(now: clock.now)
        #expect(got.isEmpty)
        clock.now = Timestamp(microseconds: 1_100_000)
        u.expire(now: clock.now)
        #expect(got.map(\.why) == ["no answer from the lookup within 100 ms of peek"])
        clock.now = Timestamp(microseconds: 1_150_000)
        var logged: [String] = []
        u.debug = { logged.append($0) }
        u.answer(launcher())
        #expect(got.count == 1, "a late answer changes nothing")
        #expect(logged == ["under the finger: answer dropped: 50 ms after the deadline"])
        u.progress(progress("ended"))
        u.answer(launcher())
        #expect(logged.last == "under the finger: answer dropped: no press is being looked up")
    }

    @Test func anEarlyAnswerIsThereAtOnce() {
        let clock = Clock()
        let u = underFinger(clock)
        u.progress(progress("began"))
        u.answer(launcher())
        u.progress(progress("changed", "peek"))
        var got: [PressTarget] = []
        u.target(event: event, listening: true) { t, _, _ in got.append(t) }
        #expect(got.first?.kind == .appIcon && u.nextDeadline == nil)
    }

    func link(x: Double = 0.3) -> PressTargetFacts {
        answer(x: x) { ($0.role, $0.name, $0.address) = ("link", "Example", "https://example.org/forcetouch") }
    }

    /// A replay, or a fast hard press: the press goes on to pop and lifts while its menu waits
    /// for the lookup; on a link the menu goes popped, on an app icon it only goes.
    @Test func aPressThatPoppedAndLiftedDuringTheHoldPopsALinkOnly() {
        for (facts, pops) in [(link(), true), (launcher(), false)] {
            let clock = Clock()
            let u = underFinger(clock)
            var logged: [String] = []
            u.debug = { logged.append($0) }
            var got: [(PressTarget, Bool)] = []
            u.progress(progress("began"))
            u.progress(progress("changed", "peek"))
            u.target(event: event, listening: true) { t, _, popped in got.append((t, popped)) }
            clock.now = Timestamp(microseconds: 1_002_000)
            u.progress(progress("changed", "pop"))
            u.progress(progress("ended", "pop"))
            #expect(got.isEmpty && logged.contains("under the finger: the press reached pop while its menu is held"))
            clock.now = Timestamp(microseconds: 1_030_000)
            u.answer(facts)
            #expect(got.count == 1 && got[0].1 == pops, "\(facts.role ?? "")")
            #expect(u.lookup.press == nil, "the answer taken, nothing is followed")
        }
    }

    @Test func aHeldLinkMenuWhosePressIsStillDownOrLiftedAtPeekDoesNotPop() {
        for steps in [[("changed", "pop")], [("ended", "peek")], []] {
            let clock = Clock()
            let u = underFinger(clock)
            var got: [Bool] = []
            u.progress(progress("began"))
            u.progress(progress("changed", "peek"))
            u.target(event: event, listening: true) { _, _, popped in got.append(popped) }
            for (phase, stage) in steps { u.progress(progress(phase, stage)) }
            clock.now = Timestamp(microseconds: 1_100_000)
            u.answer(link())
            #expect(got == [false], "\(steps)")
        }
        // Without the answer, at the deadline: nothing found, so nothing to pop.
        let clock = Clock()
        let u = underFinger(clock)
        var got: [(PressTarget, Bool)] = []
        u.progress(progress("began"))
        u.progress(progress("changed", "peek"))
        u.target(event: event, listening: true) { t, _, popped in got.append((t, popped)) }
        u.progress(progress("changed", "pop"))
        u.progress(progress("ended", "pop"))
        clock.now = Timestamp(microseconds: 1_100_000)
        u.expire(now: clock.now)
        #expect(got.count == 1 && got[0].0.kind == .nothing && !got[0].1)
    }

    @Test func nothingWaitsWithoutALookup() {
        let clock = Clock()
        var got: [(PressTarget, Bool)] = []
        let off = underFinger(clock, used: [])
        off.progress(progress("began"))
        off.target(event: event, listening: true) { t, looked, _ in got.append((t, looked)) }
        let alone = underFinger(clock)
        alone.target(event: event, listening: false) { t, looked, _ in got.append((t, looked)) }
        let noPress = underFinger(clock)
        noPress.target(event: event, listening: true) { t, looked, _ in got.append((t, looked)) }
        #expect(got.count == 3 && got.allSatisfy { $0.0.kind == .nothing && !$0.1 })
    }
}

/// The target as subscribers see it: `forcectl events` prints the `menu-shown` line as is.
@Suite struct MenuShownTargetTests {
    @Test func theMenuShownEventCarriesTheTarget() throws {
        let app = UnderFingerTests.app
        let m = MenuShownMessage(id: 3, items: [], x: 0.3, y: 0.4, placement: .touch, output: "",
                                 target: ActionRunner.message(.app(.appIcon, app)))
        let line = ProtocolJSON.line(m)
        #expect(line.contains(#""target":{"address":"","appId":"ft-testpad.desktop","icon":"accessories-text-editor","kind":"app-icon","name":"Testpad Writer","why":""}"#), "\(line)")
        let back = try ProtocolJSON.decode(MenuShownMessage.self, from: Data(line.utf8))
        #expect(back.target.kind == "app-icon")
        let nothing = ActionRunner.message(.nothing("no answer"))
        #expect(nothing.kind == "nothing" && nothing.why == "no answer" && nothing.appId.isEmpty)
        #expect(BusService.value(.textStart, of: nothing).isEmpty && BusService.value(.textEnd, of: nothing).isEmpty)
    }

    /// The looker highlights what was found: its range in the text sent rides on the target.
    @Test func aTextTargetCarriesItsRangeInTheTextSent() {
        var word = PressTarget(kind: .word, name: "force", address: "force", text: .word("force"))
        word.textRange = 23..<28
        let target = ActionRunner.message(word)
        #expect(BusService.value(.textStart, of: target) == "23")
        #expect(BusService.value(.textEnd, of: target) == "28")
    }
}
