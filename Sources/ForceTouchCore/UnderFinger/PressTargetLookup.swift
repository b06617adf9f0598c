import ForceTouchEngine
import ForceTouchProtocol

/// The answer to "what is under the finger" for the press being followed, with its
/// deadline: a state machine the daemon drives with the press's steps, the looker's answers
/// and its clock, so that which answer counts and how long a menu waits is decided here,
/// in virtual time in the tests.
///
/// ```
///   idle ──began──▶ waiting ──answer (this press, in time)──▶ answered
///     ▲                │  ▲                                       │
///     └──── taken ─────┴──┴──────────── began (a new press) ──────┘
/// ```
/// The deadline is `deadlineAfterPeek` after the press reached peek; an answer after it, or
/// for another press (its `press-x`, `press-y`), is dropped. Before peek there is no deadline
/// yet: an answer is taken whenever it comes. A partial answer (`answer(_:partial:at:)`) is
/// kept while waiting, replaced by the next one, and is the answer at the deadline.
///
/// The followed press's own course is kept as well: whether it went on to pop, and whether it
/// has lifted. A menu held for the answer may go after both (a fast hard press; a replay,
/// which plays in virtual time while the lookup takes real time): the overlay, which saw the
/// press only before its menu existed, cannot pop it then, so the daemon does
/// (`popsOnRelease`).
public struct PressTargetLookup: Sendable {
    /// A followed press: where it began (what its answer echoes), when, and its deadline
    /// once it reached peek.
    public struct Press: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var began: Timestamp
        public var deadline: Timestamp?
        /// The press went on to pop (its force past pop), at any time since it began.
        public var reachedPop = false
        /// The press lifted (or was cancelled) while it was followed.
        public var lifted = false
    }

    public enum State: Hashable, Sendable {
        case idle
        case waiting(Press)
        case answered(Press, PressTargetFacts)
    }

    /// What became of an answer.
    public enum Verdict: Hashable, Sendable {
        case accepted
        /// Partial: kept until a fuller answer or the deadline (the looker may ask again).
        case kept
        /// For another press than the one followed (or none): the sentence says which.
        case stale(String)
        /// After the deadline.
        case late(Timestamp.Duration)
    }

    /// What a menu about to be shown gets.
    public enum Outcome: Hashable, Sendable {
        case answered(PressTargetFacts)
        /// No answer yet: the menu may wait until then, and no longer.
        case wait(until: Timestamp)
        /// No answer, and none waited for: why.
        case unanswered(String)
    }

    /// About 100 ms after peek (docs/SPEC.md §11): the card drawn from `PressProgress` is on
    /// screen already, so waiting this long delays only the menu's items, never the card.
    public static let deadlineAfterPeek = Timestamp.Duration(seconds: 0.1)

    public private(set) var state: State = .idle
    /// The last partial answer for the press waited for, if any.
    public private(set) var provisional: PressTargetFacts?

    public init() {}

    /// The press being followed, answered or not.
    public var press: Press? {
        switch state {
        case .idle: nil
        case .waiting(let p), .answered(let p, _): p
        }
    }

    /// A press began (the `began` sent to the overlay, at `x`, `y`): a lookup starts for it.
    public mutating func began(x: Double, y: Double, at time: Timestamp) {
        state = .waiting(Press(x: x, y: y, began: time, deadline: nil))
        provisional = nil
    }

    /// The followed press reached peek: its answer is due `deadlineAfterPeek` from now.
    public mutating func peeked(at time: Timestamp) {
        updatePress { p in
            if p.deadline == nil { p.deadline = time + Self.deadlineAfterPeek }
        }
    }

    /// The followed press went on to pop.
    public mutating func popped() { updatePress { $0.reachedPop = true } }

    /// The followed press lifted or was cancelled while its menu is held: it is still
    /// followed, for the answer and for `popsOnRelease`.
    public mutating func lifted() { updatePress { $0.lifted = true } }

    /// Whether a held menu that goes now, for a target of `kind`, is popped by the daemon: on a
    /// link or a word, a press that went on to pop and has lifted before the menu went. Pop on
    /// a link opens it (iOS's peek and pop), on a word the dictionary application (or nothing,
    /// said); an app icon's quick actions have no pop, their menu stays.
    /// A press still down when its menu goes is popped by the overlay itself, which has seen
    /// it reach pop (`MenuShown` after pop opens the link there): never both.
    public func popsOnRelease(_ kind: PressTargetKind) -> Bool {
        guard kind == .link || kind == .word, let p = press else { return false }
        return p.reachedPop && p.lifted
    }

    /// The followed press is over without a menu (lifted early, cancelled) or its menu took
    /// the answer: nothing is followed.
    public mutating func end() {
        state = .idle
        provisional = nil
    }

    private mutating func updatePress(_ change: (inout Press) -> Void) {
        switch state {
        case .idle: break
        case .waiting(var p):
            change(&p)
            state = .waiting(p)
        case .answered(var p, let facts):
            change(&p)
            state = .answered(p, facts)
        }
    }

    /// A looker's answer, at `now`; `partial`: the looker's application answered only in part, and
    /// it may send another.
    public mutating func answer(_ facts: PressTargetFacts, partial: Bool = false, at now: Timestamp) -> Verdict {
        guard case .waiting(let p) = state else {
            if case .answered(let p, _) = state, facts.answers(x: p.x, y: p.y) {
                return .stale("the press at \(p.x),\(p.y) was answered already")
            }
            return .stale("no press is being looked up")
        }
        guard facts.answers(x: p.x, y: p.y) else {
            return .stale("for the press at \(facts.pressX ?? 0),\(facts.pressY ?? 0), not the one at \(p.x),\(p.y)")
        }
        if let deadline = p.deadline, now > deadline { return .late(now - deadline) }
        if partial {
            provisional = facts
            return .kept
        }
        state = .answered(p, facts)
        provisional = nil
        return .accepted
    }

    /// What a menu shown at `now` gets: the answer, a time to wait for it, or why there is none.
    public func outcome(at now: Timestamp) -> Outcome {
        switch state {
        case .idle: return .unanswered("no press was looked up")
        case .answered(_, let facts): return .answered(facts)
        case .waiting(let p):
            let deadline = p.deadline ?? now + Self.deadlineAfterPeek
            if now < deadline { return .wait(until: deadline) }
            if let provisional { return .answered(provisional) }
            return .unanswered("no answer from the lookup within \(Int(Self.deadlineAfterPeek.seconds * 1000)) ms of peek")
        }
    }
}
