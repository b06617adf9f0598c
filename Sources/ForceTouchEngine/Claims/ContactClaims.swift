/// Which of a device's contacts forcetouch owns: the engine's answer, after every frame and
/// deadline, to the forwarder that feeds the device's clone (`TouchForwarder`).
///
/// Each contact has an explicit state, from its touch-down until the next touch in its slot:
///
/// ```
///          ┌─ begins in the claiming region ───────────────────────▶ claimed
/// down ────┼─ holding (ClaimMode.hold) ─▶ undecided ─┬─ a claiming gesture fires ─▶ claimed
///          │                                         └─ lifted, moved beyond the slop,
///          │                                            another finger, the window passed ─▶ passed
///          └─ otherwise ─▶ passed ── a claiming gesture fires ─▶ claimed (the clone cancels it)
/// ```
///
/// A gesture whose claim waits for its menu (`awaitClaim`: a `quick-actions = true` deep
/// press, which claims only when its menu has something to show) leaves its contacts as they
/// are, `undecided` (held) or `passed`, but out of the rules above: only `settleClaim` decides
/// them, `claimed` when the menu shows, `passed` when it shows nothing (what was held then
/// goes out in order, lift and all: an ordinary touch).
///
/// `undecided` is what `hold` keeps from the clone; `passed` goes through; `claimed` never
/// reaches the clone, or is cancelled there. Each change is a transition in the engine's
/// trace when it is on (`GestureNote.Recognizer.claims`). The states stay after the lift, so that a
/// read whose events both claim and lift a contact still tells the forwarder.
public struct ContactClaims: Sendable {
    public enum State: UInt8, Hashable, Sendable {
        /// No touch in the slot since the device was opened.
        case idle
        /// Held back: it may still become a claimed gesture.
        case undecided
        /// Not forcetouch's: the clone gets it.
        case passed
        /// forcetouch's: the app beneath never gets it as a touch.
        case claimed
    }

    public private(set) var policy: ClaimPolicy
    /// How far (mm) a held contact may move and still become a claimed gesture: the largest
    /// slop of the gestures that claim.
    let slop: Double
    /// How long a still contact is held: the long-press time. A press still becoming a deep
    /// press (force at or above peek) is held on until it is decided.
    let window: Int64
    private var states: [State]

    /// The AssistiveTouch button moved: touches that begin from now on are claimed in its new
    /// region. Touches under way keep what was decided of them.
    public mutating func moveRegion(to region: Region?) {
        guard policy.region != nil else { return }
        policy.region = region
    }
    /// When each undecided contact came down (µs).
    private var since: [Int64]
    /// Undecided slots whose window has not ended: the deadline looks at these only.
    private var undecided = SlotSet()
    /// Undecided slots past their window, pressing on towards a deep press: decided by the
    /// frames to come, with no deadline of their own.
    private var pressingOn = SlotSet()
    /// Contacts a gesture will claim if its menu shows (`awaitClaim`): decided by
    /// `settleClaim` alone, whatever they do meanwhile.
    private var awaiting = SlotSet()

    /// - Parameters:
    ///   - canDeepPress: the device has force, so a deep press can happen on it.
    ///   - hapticTouch: the device recognizes Haptic Touch, which a claiming deep press's
    ///     binding answers too: a still touch is held until its time.
    init(policy: ClaimPolicy, settings: GestureSettings, slots: Int, canDeepPress: Bool = true, hapticTouch: Bool = false) {
        self.policy = policy
        var slop = 0.0
        if policy.deepPress { slop = max(slop, settings.deepPressSlop) }
        if policy.longPress { slop = max(slop, settings.longPressSlop) }
        var window = settings.longPressDuration.microseconds
        if policy.deepPress && hapticTouch {
            slop = max(slop, settings.longPressSlop)
            // Without force no deep press comes after the long-press time: the Haptic Touch's
            // time alone is what a still touch waits for.
            let haptic = settings.hapticTouchTime.microseconds
            window = policy.longPress || canDeepPress ? max(window, haptic) : haptic
        }
        self.slop = slop
        self.window = window
        states = Array(repeating: .idle, count: slots)
        since = Array(repeating: 0, count: slots)
    }

    /// The state of the contact in `slot` (or of its last touch, once it lifted).
    public func state(_ slot: Int) -> State {
        slot >= 0 && slot < states.count ? states[slot] : .passed
    }

    /// When a held contact's window ends though no event may come.
    var deadline: Timestamp? {
        guard undecided.bits != 0 else { return nil }
        var earliest = Int64.max
        for slot in undecided where since[slot] + window < earliest { earliest = since[slot] + window }
        return Timestamp(microseconds: earliest)
    }

    /// Follows the frame: new contacts get their first state, held ones are decided.
    /// `pressing` tells whether a contact is on its way to a deep press, or in one.
    @inline(always)
    mutating func update(_ frame: borrowing TouchFrame, rotation: Rotation, trace: inout GestureTrace,
                         pressing: (Int) -> Bool) {
        guard policy.mode != .off else { return }
        let contacts = frame.contacts
        var down = 0
        for i in frame.liveSlots where contacts[i].isDown { down += 1 }
        for i in frame.liveSlots {
            let c = contacts[i]
            if c.began { begin(i, c, frame, rotation, &trace) }
            guard undecided.contains(i) || pressingOn.contains(i) else { continue }
            if c.ended || c.isCancelled || !c.isDown || c.travel > slop || down > 1 {
                decide(i, .passed, at: frame.time, &trace)
            } else if frame.time.microseconds >= since[i] + window {
                windowEnded(i, pressing: pressing(i), at: frame.time, &trace)
            }
        }
    }

    // Out of line: a touch-down is rare next to the frames.
    @inline(never)
    private mutating func begin(_ i: Int, _ c: Contact, _ frame: borrowing TouchFrame, _ rotation: Rotation,
                                _ trace: inout GestureTrace) {
        // A new touch in the slot: an answer still awaited was for the one before.
        awaiting.bits &= ~(1 << UInt64(i))
        if let region = policy.region {
            let n = frame.geometry.normalized(x: Double(c.startX), y: Double(c.startY))
            let p = rotation.apply(x: n.x, y: n.y)
            if region.contains(x: p.x, y: p.y) { return decide(i, .claimed, at: frame.time, &trace) }
        }
        if policy.holds {
            trace.transition(.claims, Self.name(states[i]), .undecided, at: frame.time, slot: i)
            states[i] = .undecided
            since[i] = c.startTime.microseconds
            undecided.insert(i)
        } else {
            decide(i, .passed, at: frame.time, &trace)
        }
    }

    /// Time passes to `t` without a frame: held contacts whose window is over go through,
    /// unless they are pressing on towards a deep press.
    mutating func advance(to t: Timestamp, trace: inout GestureTrace, pressing: (Int) -> Bool) {
        for i in undecided where since[i] + window <= t.microseconds {
            windowEnded(i, pressing: pressing(i), at: t, &trace)
        }
    }

    private mutating func windowEnded(_ i: Int, pressing: Bool, at t: Timestamp, _ trace: inout GestureTrace) {
        if !pressing { return decide(i, .passed, at: t, &trace) }
        undecided.bits &= ~(1 << UInt64(i))
        pressingOn.insert(i)
    }

    /// A gesture that claims fired on these contacts.
    mutating func claim(_ slots: SlotSet, at t: Timestamp, trace: inout GestureTrace) {
        guard policy.mode != .off else { return }
        for i in slots where i < states.count { decide(i, .claimed, at: t, &trace) }
    }

    /// A gesture fired on these contacts that claims them only if its menu shows: they stay
    /// as they are (held, or gone through) until `settleClaim` says.
    mutating func awaitClaim(_ slots: SlotSet) {
        guard policy.mode != .off else { return }
        for i in slots where i < states.count && states[i] != .claimed {
            undecided.bits &= ~(1 << UInt64(i))
            pressingOn.bits &= ~(1 << UInt64(i))
            awaiting.insert(i)
        }
    }

    /// Whether a contact's claim waits for its menu.
    public func awaitsClaim(_ slot: Int) -> Bool { slot >= 0 && slot < states.count && awaiting.contains(slot) }

    /// The menu a gesture's claim waited for showed (`claimed`: the contacts are
    /// forcetouch's) or showed nothing: the contacts go through as an ordinary touch. Only
    /// contacts still awaiting are changed: a later touch in the slot is not the one decided.
    mutating func settleClaim(_ slots: SlotSet, claimed: Bool, at t: Timestamp, trace: inout GestureTrace) {
        for i in slots where i < states.count && awaiting.contains(i) {
            decide(i, claimed ? .claimed : .passed, at: t, &trace)
        }
    }

    private mutating func decide(_ i: Int, _ state: State, at t: Timestamp, _ trace: inout GestureTrace) {
        if states[i] != state {
            trace.transition(.claims, Self.name(states[i]), Self.name(state), at: t, slot: i)
            states[i] = state
        }
        undecided.bits &= ~(1 << UInt64(i))
        pressingOn.bits &= ~(1 << UInt64(i))
        awaiting.bits &= ~(1 << UInt64(i))
    }

    /// The trace's name of a state.
    private static func name(_ state: State) -> RecognizerState {
        switch state {
        case .idle: .idle
        case .undecided: .undecided
        case .passed: .passed
        case .claimed: .claimed
        }
    }
}
