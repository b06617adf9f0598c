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
final class UnderFinger {
    private(set) var lookup = PressTargetLookup()
    /// The installed applications and the kinds used; replaced at start and at each reload.
    var resolver = PressTargetResolver(applications: [], executable: { InstalledApplications.executable(of: $0) })
    /// The clock answers and deadlines are measured on (the daemon's monotonic clock).
    var now: () -> Timestamp = { MonotonicClock.now() }
    /// The debug log: answers dropped, menus held.
    var debug: (String) -> Void = { _ in }

    /// A menu waiting for the answer: its deadline, and what gets the target.
    private var held: (deadline: Timestamp, deliver: (PressTarget, Bool) -> Void)?

    /// Whether any kind is used (`under-finger` not empty).
    var enabled: Bool { !resolver.used.isEmpty }
    /// When a held menu must go without the answer, for the event loop's timer.
    var nextDeadline: Timestamp? { held?.deadline }

    /// What the overlay is sent about the followed press: its `began` starts a lookup, its
    /// peek sets the deadline, its end without a menu ends it.
    func progress(_ m: PressProgressMessage) {
        guard enabled else { return }
        if m.phase == "began" {
            lookup.began(x: m.x.value, y: m.y.value, at: now())
        } else if m.stage == "peek" {
            lookup.peeked(at: now())
        } else if (m.phase == "cancelled" || m.phase == "ended") && held == nil, lookup.press != nil {
            lookup.end()
        }
    }

    /// A looker's answer (`PressTarget`). Dropped, with a debug line, when it is for another
    /// press or late; taken, it lets a held menu go at once.
    func answer(_ facts: PressTargetFacts) {
        guard enabled else { return debug("under the finger: answer ignored: the lookup is off") }
        switch lookup.answer(facts, at: now()) {
        case .accepted:
            if held != nil { release() }
        case .stale(let why): debug("under the finger: answer dropped: \(why)")
        case .late(let by):
            debug("under the finger: answer dropped: \(Int((by.seconds * 1000).rounded())) ms after the deadline")
        }
    }

    /// The target of a menu about to be shown for `event`: at once when the answer is in or
    /// none is waited for, else when it comes or at the deadline. `looked` is false when no
    /// lookup was made (off, no overlay, no press), which the log does not report.
    func target(event: GestureEvent?, listening: Bool, _ deliver: @escaping (_ target: PressTarget, _ looked: Bool) -> Void) {
        guard enabled else { return deliver(.nothing("the lookup is off ([quick-actions] under-finger = [])"), false) }
        guard listening else { return deliver(.nothing("no overlay on the bus: nothing is looked up"), false) }
        guard event != nil, lookup.press != nil else { return deliver(.nothing("no press was looked up"), false) }
        if let h = held {
            held = nil
            h.deliver(.nothing("another menu came"), true)
        }
        switch lookup.outcome(at: now()) {
        case .answered(let facts):
            lookup.end()
            deliver(resolver.resolve(facts), true)
        case .wait(let until):
            debug("under the finger: the menu waits for the lookup, at most \(Int(((until - now()).seconds * 1000).rounded())) ms")
            held = (until, deliver)
        case .unanswered(let why):
            // Still followed until it lifts: an answer that comes now is logged as late.
            deliver(.nothing(why), true)
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
            lookup.end()
            h.deliver(resolver.resolve(facts), true)
        case .wait, .unanswered:
            // Still followed until it lifts: an answer that comes now is logged as late.
            h.deliver(.nothing("no answer from the lookup within "
                + "\(Int(PressTargetLookup.deadlineAfterPeek.seconds * 1000)) ms of peek"), true)
        }
    }
}
