import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol

/// "What is under the finger" on the daemon's side (docs/SPEC.md §11): the overlay or the
/// GNOME Shell extension looks, and tells the daemon with `PressTarget`; this keeps the
/// followed press's answer (`PressTargetLookup`), decides what it is on
/// (`PressTargetResolver`), and hands the menu its target — holding the menu until the
/// answer comes, at most until the deadline (100 ms after peek).
///
/// Only while an overlay is on the bus: a lookup starts at the `began` sent to it. Without
/// one, or with `[quick-actions] under-finger = []`, nothing is looked up and nothing waits.
///
/// A held menu whose press went on to pop and lifted meanwhile goes with `popped` true when
/// it is for a link or a word (`PressTargetLookup.popsOnRelease`): the menu then opens the
/// link, or the word in the dictionary application.
final class UnderFinger {
    /// What a menu gets: its target; whether a lookup was made (false when off, without an
    /// overlay, or without a press: the log then says nothing of it); and whether its press
    /// popped while the menu was held, on a link or a word.
    typealias Deliver = (_ target: PressTarget, _ looked: Bool, _ popped: Bool) -> Void

    private(set) var lookup = PressTargetLookup()
    /// The installed applications and the kinds used; replaced at start and at each reload.
    var resolver = PressTargetResolver(applications: [], executable: { InstalledApplications.executable(of: $0) },
                                       localNow: { LocalTime.now() })
    /// The clock answers and deadlines are measured on (the daemon's monotonic clock).
    var now: () -> Timestamp = { MonotonicClock.now() }
    /// The debug log: answers dropped, menus held.
    var debug: (String) -> Void = { _ in }

    /// What the followed press is on, resolved when its lookup's answer is taken; nil from its
    /// `began` until then. What tells the overlay its card may be drawn (`PreviewCondition`).
    private(set) var answered: PressTarget?

    /// A menu waiting for the answer: its deadline, and what gets the target.
    private var held: (deadline: Timestamp, deliver: Deliver)?

    /// Whether any kind is used (`under-finger` not empty).
    var enabled: Bool { !resolver.used.isEmpty }
    /// When a held menu must go without the answer, for the event loop's timer.
    var nextDeadline: Timestamp? { held?.deadline }

    /// What the overlay is sent about the followed press: its `began` starts a lookup, its
    /// peek sets the deadline, its pop is remembered, its end without a menu ends it (with a
    /// menu held, the lift is remembered instead).
    func progress(_ m: PressProgressMessage) {
        guard enabled else { return }
        if m.phase == "began" {
            answered = nil
            return lookup.began(x: m.x.value, y: m.y.value, at: now())
        }
        if m.stage == "peek" || m.stage == "pop" { lookup.peeked(at: now()) }
        if m.stage == "pop", lookup.press?.reachedPop == false {
            lookup.popped()
            if held != nil { debug("under the finger: the press reached pop while its menu is held") }
        }
        if m.phase == "cancelled" || m.phase == "ended", lookup.press != nil {
            if held == nil { lookup.end() } else { lookup.lifted() }
        }
    }

    /// A looker's answer (`PressTarget`). Dropped, with a debug line, when it is for another
    /// press or late; taken, it lets a held menu go at once. A partial one is kept, and why it
    /// is partial returned: PressTarget's reply tells the looker it may ask again.
    @discardableResult
    func answer(_ given: PressTargetFacts) -> String? {
        guard enabled else {
            debug("under the finger: answer ignored: the lookup is off")
            return nil
        }
        // A looker's raw AT-SPI answer (the GNOME Shell extension's) is decided here, by the
        // overlay's rule; a partial one is kept until a fuller one or the deadline.
        let partial = given.partiality
        let facts = given.decidingAccessible()
        switch lookup.answer(facts, partial: partial != nil, at: now()) {
        case .kept:
            debug("under the finger: the answer is partial (\(partial ?? "")): kept until another or the deadline")
            return partial
        case .accepted:
            if case .answered(let facts) = lookup.outcome(at: now()) { answered = resolver.resolve(facts) }
            if held != nil { release() }
        case .stale(let why): debug("under the finger: answer dropped: \(why)")
        case .late(let by):
            debug("under the finger: answer dropped: \(Int((by.seconds * 1000).rounded())) ms after the deadline")
        }
        return nil
    }

    /// The target of a menu about to be shown for `event`: at once when the answer is in or
    /// none is waited for, else when it comes or at the deadline. `looked` is false when no
    /// lookup was made (off, no overlay, no press), which the log does not report.
    func target(event: GestureEvent?, listening: Bool, _ deliver: @escaping Deliver) {
        guard enabled else { return deliver(.nothing("the lookup is off ([quick-actions] under-finger = [])"), false, false) }
        guard listening else { return deliver(.nothing("no overlay on the bus: nothing is looked up"), false, false) }
        guard event != nil, lookup.press != nil else { return deliver(.nothing("no press was looked up"), false, false) }
        if let h = held {
            held = nil
            h.deliver(.nothing("another menu came"), true, false)
        }
        switch lookup.outcome(at: now()) {
        case .answered(let facts):
            // Not held: the overlay has seen all of the press, and pops a link's menu itself.
            lookup.end()
            deliver(resolver.resolve(facts), true, false)
        case .wait(let until):
            debug("under the finger: the menu waits for the lookup, at most \(Int(((until - now()).seconds * 1000).rounded())) ms")
            held = (until, deliver)
        case .unanswered(let why):
            // Still followed until it lifts: an answer that comes now is logged as late.
            deliver(.nothing(why), true, false)
        }
    }

    /// Lets a held menu go once its deadline has passed.
    func expire(now: Timestamp) {
        guard let h = held, h.deadline <= now else { return }
        release()
    }

    private func release() {
        guard let h = held else { return }
        held = nil
        switch lookup.outcome(at: max(now(), h.deadline)) {
        case .answered(let facts):
            let target = resolver.resolve(facts)
            let popped = lookup.popsOnRelease(target.kind)
            lookup.end()
            h.deliver(target, true, popped)
        case .wait, .unanswered:
            // Still followed until it lifts: an answer that comes now is logged as late.
            h.deliver(.nothing("no answer from the lookup within "
                + "\(Int(PressTargetLookup.deadlineAfterPeek.seconds * 1000)) ms of peek"), true, false)
        }
    }
}
