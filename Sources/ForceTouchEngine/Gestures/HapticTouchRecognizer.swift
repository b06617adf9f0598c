/// Recognizes a Haptic Touch: one finger held still for `hapticTouchTime` on a device where
/// `haptic-touch` applies (by default a touchscreen without force), as iPhones without 3D
/// Touch open the same menus on a long press held still. It fires as a stand-in for a deep
/// press's peek (`GestureEvent.hapticTouch`): `changed` (no stage) once it has been held
/// still for half its time, on its way as a deep press's rising force is, so that what is
/// under the finger is looked up before the menu is due; `began` (stage peek) at the
/// deadline — both from the engine's clock, since a still finger sends no events — and
/// `ended` when the finger lifts, `cancelled` when its state is lost. Whether it opens anything, and takes the touch, is
/// not its to decide: only the `quick-actions = true` menu answers it, and only when the
/// finger is on something with its own menu (a link, an app's icon); on anything else the
/// touch goes on to the app, whose own long press then works as without forcetouch.
///
/// Its states, each a `RecognizerState` in the trace, which says too why a candidate failed:
///
/// ```
/// idle ──one finger down──▶ possible ──held still for the time──▶ began ──lift──▶ idle (ended)
///                             │  │ (half of it: changed)            └──lost──▶ idle (cancelled)
///   moved > slop, a second    │  └──lifted early──▶ idle
///   finger, lost ─────────────▼
///                           failed ──all up──▶ idle
/// ```
struct HapticTouchRecognizer: Sendable {
    private enum State {
        case idle
        /// Held still so far; `onItsWay` is when the `changed` is due, until it is sent.
        case possible(slot: Int, onItsWay: Timestamp?, deadline: Timestamp)
        case began(slot: Int)
        case failed
    }

    let duration: Timestamp.Duration
    let slop: Double
    private var state = State.idle
    /// When the finger came down: how long it was held, when it lifts too early.
    private var start = Timestamp.zero

    init(settings: GestureSettings) {
        duration = settings.hapticTouchTime
        slop = settings.longPressSlop
    }

    var deadline: Timestamp? {
        if case .possible(_, let onItsWay, let d) = state { return onItsWay ?? d }
        return nil
    }

    /// Whether a Haptic Touch fired on the contact in `slot` and it is still down: its claim
    /// is being decided (`ContactClaims` holds it meanwhile).
    func hasBegun(_ slot: Int) -> Bool {
        if case .began(let s) = state { return s == slot }
        return false
    }

    // Inlined (guaranteed, not a hint): it runs at every frame.
    @inline(always)
    mutating func update(_ frame: borrowing TouchFrame, rotation: Rotation, into out: inout [GestureEvent],
                         trace: inout GestureTrace) {
        var down = 0, began = -1
        for i in frame.liveSlots where frame.contacts[i].isDown {
            down += 1
            if frame.contacts[i].began { began = i }
        }
        let before = trace.isOn ? stateName : .idle
        switch state {
        case .idle:
            if began >= 0 {
                start = frame.time
                let c = frame.contacts[began]
                if c.isCancelled {
                    state = .failed
                } else if down > 1 {
                    trace.record(GestureNote(time: frame.time, recognizer: .hapticTouch,
                                             event: .refused(.deepPress, .fingers(count: down, limit: 1))))
                    state = .failed
                } else {
                    let half = Timestamp.Duration(microseconds: duration.microseconds / 2)
                    state = .possible(slot: began, onItsWay: frame.time + half, deadline: frame.time + duration)
                }
            }
        case .possible(let slot, _, _):
            let c = frame.contacts[slot]
            let why: Refusal? = c.isCancelled ? .lost
                : !c.isDown ? .liftedEarly(seconds: (frame.time - start).seconds, duration: duration.seconds)
                : c.travel > slop ? .moved(millimetres: c.travel, slop: slop)
                : down > 1 ? .fingers(count: down, limit: 1)
                : nil
            if let why {
                trace.record(GestureNote(time: frame.time, recognizer: .hapticTouch, event: .refused(.deepPress, why)))
                state = down > 0 ? .failed : .idle
            }
        case .began(let slot):
            let c = frame.contacts[slot]
            if c.isCancelled {
                out.append(event(.cancelled, slot, frame, rotation))
                state = down > 0 ? .failed : .idle
            } else if !c.isDown {
                out.append(event(.ended, slot, frame, rotation))
                state = down > 0 ? .failed : .idle
            }
        case .failed:
            if down == 0 { state = .idle }
        }
        if trace.isOn { trace.transition(.hapticTouch, before, stateName, at: frame.time) }
    }

    /// Says the press is on its way at half its time, and fires the Haptic Touch when its
    /// deadline has come; true when it fired.
    mutating func advance(to t: Timestamp, _ frame: borrowing TouchFrame, rotation: Rotation,
                          into out: inout [GestureEvent], trace: inout GestureTrace) -> Bool {
        if case .possible(let slot, let onItsWay?, let d) = state, onItsWay <= t {
            state = .possible(slot: slot, onItsWay: nil, deadline: d)
            var e = event(.changed, slot, frame, rotation)
            e.time = onItsWay
            e.transitionProgress = 0.5
            out.append(e)
            return false
        }
        guard case .possible(let slot, nil, let d) = state, d <= t else { return false }
        trace.transition(.hapticTouch, .possible, .began, at: d)
        state = .began(slot: slot)
        var e = event(.began, slot, frame, rotation)
        e.time = d
        e.stage = .peek
        e.transitionProgress = 1
        e.commitProgress = 0
        out.append(e)
        return true
    }

    /// The device's state is lost: a Haptic Touch under way is cancelled, a pending one is off.
    mutating func cancel(_ frame: borrowing TouchFrame, rotation: Rotation, at t: Timestamp,
                         into out: inout [GestureEvent]) {
        if case .began(let slot) = state {
            var e = event(.cancelled, slot, frame, rotation)
            e.time = t
            out.append(e)
        }
        state = .idle
    }

    /// The state's name, for the trace.
    private var stateName: RecognizerState {
        switch state {
        case .idle: .idle
        case .possible: .possible
        case .began: .began
        case .failed: .failed
        }
    }

    // Out of line: the per-frame update that calls it is inlined into the engine.
    @inline(never)
    private func event(_ phase: GesturePhase, _ slot: Int, _ frame: borrowing TouchFrame,
                       _ rotation: Rotation) -> GestureEvent {
        let c = frame.contacts[slot]
        let n = frame.geometry.normalized(x: Double(c.x), y: Double(c.y))
        let p = rotation.apply(x: n.x, y: n.y)
        var e = GestureEvent(gesture: .deepPress, phase: phase, fingers: 1, time: frame.time, x: p.x, y: p.y, force: 0)
        e.contacts.insert(slot)
        e.hapticTouch = true
        return e
    }
}
