/// Recognizes a long press over a touch sequence (first contact down to last contact up):
/// `began` at the deadline while every contact is still within the slop — driven by the
/// engine's clock, since a still finger sends no events — and `ended` when the contacts
/// lift, `cancelled` when their state is lost.
///
/// Its states, each a `RecognizerState` in the trace, which says too why a candidate failed:
///
/// ```
/// idle ──down──▶ possible ──deadline──▶ began ──all up──▶ idle (ended)
///                  │  │                   └──lost──▶ failed / idle (cancelled)
///   moved, lost,   │  └──all up (lifted early)──▶ idle
///   a deep press ──▼
///                failed ──all up──▶ idle
/// ```
struct LongPressRecognizer: Sendable {
    private enum State { case idle, possible(deadline: Timestamp), began, failed }

    let duration: Timestamp.Duration
    let slop: Double
    private var state = State.idle
    /// When the sequence came down: how long it was held, when it lifts too early.
    private var start = Timestamp.zero

    init(settings: GestureSettings) {
        duration = settings.longPressDuration
        slop = settings.longPressSlop
    }

    var deadline: Timestamp? {
        if case .possible(let d) = state { return d }
        return nil
    }

    var hasBegun: Bool {
        if case .began = state { return true }
        return false
    }

    // Inlined (guaranteed, not a hint): it runs at every frame.
    @inline(always)
    mutating func update(_ frame: borrowing TouchFrame, rotation: Rotation, into out: inout [GestureEvent],
                         trace: inout GestureTrace) {
        var anyDown = false, lost = false, moved = false, anyBegan = false
        var farthest = 0.0
        for i in frame.liveSlots {
            let c = frame.contacts[i]
            if c.isCancelled && (c.isDown || c.ended) { lost = true }
            if c.isDown {
                anyDown = true
                if c.began { anyBegan = true }
                if c.travel > slop { moved = true }
                if c.travel > farthest { farthest = c.travel }
            }
        }
        let before = trace.isOn ? stateName : .idle
        switch state {
        case .idle:
            if anyBegan {
                start = frame.time
                state = lost ? .failed : .possible(deadline: frame.time + duration)
            }
        case .possible:
            if lost || moved || !anyDown {
                // Held past the duration, it was a deep press being decided that kept the
                // long press from beginning (`postpone`), not a lift too early.
                let held = frame.time - start
                let why: Refusal = lost ? .lost
                    : moved ? .moved(millimetres: farthest, slop: slop)
                    : held >= duration ? .liftedWaitingForDeepPress(seconds: held.seconds, duration: duration.seconds)
                    : .liftedEarly(seconds: held.seconds, duration: duration.seconds)
                trace.record(GestureNote(time: frame.time, recognizer: .longPress, event: .refused(.longPress, why)))
                state = anyDown ? .failed : .idle
            }
        case .began:
            if lost {
                out.append(event(.cancelled, frame, rotation, includeEnded: true))
                state = anyDown ? .failed : .idle
            } else if !anyDown {
                out.append(event(.ended, frame, rotation, includeEnded: true))
                state = .idle
            }
        case .failed:
            if !anyDown { state = .idle }
        }
        if trace.isOn { trace.transition(.longPress, before, stateName, at: frame.time) }
    }

    /// Fires the press when its deadline has come.
    mutating func advance(to t: Timestamp, _ frame: borrowing TouchFrame, rotation: Rotation,
                          into out: inout [GestureEvent], trace: inout GestureTrace) -> Bool {
        guard case .possible(let d) = state, d <= t else { return false }
        trace.transition(.longPress, .possible, .began, at: d)
        state = .began
        var e = event(.began, frame, rotation)
        e.time = d
        out.append(e)
        return true
    }

    /// A press is on its way to a deep press: the long press waits for that to be decided,
    /// as a UIKit recognizer that requires another to fail.
    mutating func postpone(until t: Timestamp) {
        if case .possible(let d) = state, d < t { state = .possible(deadline: t) }
    }

    /// A deep press came first: the long press this sequence might have been is off.
    mutating func fail(at t: Timestamp, trace: inout GestureTrace) {
        if case .possible = state {
            trace.record(GestureNote(time: t, recognizer: .longPress, event: .refused(.longPress, .taken(by: .deepPress))))
            trace.transition(.longPress, .possible, .failed, at: t)
            state = .failed
        }
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

    mutating func cancel(_ frame: borrowing TouchFrame, rotation: Rotation, at t: Timestamp,
                         into out: inout [GestureEvent]) {
        if case .began = state {
            var e = event(.cancelled, frame, rotation, includeEnded: true)
            e.time = t
            out.append(e)
        }
        state = .idle
    }

    // Out of line: the per-frame update that calls it is inlined into the engine.
    @inline(never)
    private func event(_ phase: GesturePhase, _ frame: borrowing TouchFrame, _ rotation: Rotation,
                       includeEnded: Bool = false) -> GestureEvent {
        let s = TouchSummary(frame, includeEnded: includeEnded)
        let p = s.normalized(frame, rotation)
        var e = GestureEvent(gesture: .longPress, phase: phase, fingers: max(frame.fingerCount, s.count, 1),
                             time: frame.time, x: p.x, y: p.y, force: s.force)
        for i in frame.liveSlots where frame.contacts[i].isDown || (includeEnded && frame.contacts[i].ended) {
            e.contacts.insert(i)
        }
        return e
    }
}
