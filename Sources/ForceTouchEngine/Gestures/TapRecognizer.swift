/// Recognizes taps and double taps over touch sequences.
///
/// A sequence is a tap when all its contacts lift within the time limit, none moved beyond
/// the slop, and nothing else (a deep press, a long press, lost state) claimed it. When
/// `waitsForDoubleTap` is set a tap is held until the double-tap window has passed, so a
/// double tap is reported instead of two taps; otherwise taps fire at release and a double
/// tap follows the second one.
struct TapRecognizer: Sendable {
    /// A recognized tap, kept to pair with the next one.
    private struct Tap {
        var start: Timestamp
        var end: Timestamp
        var fingers: Int
        /// Centroid in millimetres, for the double-tap distance.
        var mmX: Double, mmY: Double
        /// Centroid in normalized, rotated coordinates, for the event.
        var x: Double, y: Double
        var force: Double
    }

    /// What is under way, as an explicit state machine (after libinput's tap states). Every
    /// arrow is a `GestureNote` transition when the trace is on; the failures say which
    /// rule refused the tap (`Refusal`), and a second tap that does not pair says why:
    ///
    /// ```
    /// idle ──down──▶ touching ──all up──▶ waiting(tap) ──window over──▶ idle (tap reported)
    ///                   │  ▲                  │
    ///       moved, too  │  └──────down────────┘  (a second tap may pair: double tap, else
    ///  long, lost, a    ▼                         refused: too late, too far, other fingers)
    ///  press claimed ─▶ failed ──all up──▶ idle
    /// ```
    private enum State {
        /// No contact, nothing pending.
        case idle
        /// Contacts down that may still be a tap; `previous` is a tap waiting for a partner.
        case touching(Sequence)
        /// Contacts down that can no longer be a tap.
        case failed
        /// All up after a tap, which waits out the double-tap window for a partner (and,
        /// when taps wait, for its own report).
        case waiting(Tap)
    }

    /// A touch sequence that may still be a tap.
    private struct Sequence {
        var start: Timestamp
        var maxFingers = 0
        var peakForce = 0.0
        var startSummary: (x: Double, y: Double)
        var previous: Tap?
    }

    let settings: GestureSettings
    private var state = State.idle

    init(settings: GestureSettings) {
        self.settings = settings
    }

    // Inlined: asked after every frame, and a call would pass the recognizer, settings and
    // all, as a copy.
    /// When something must be decided without an event: the pending single tap when the
    /// double-tap window closes, or when the sequence in progress outlives the tap limit.
    @inline(always)
    var deadline: Timestamp? {
        guard settings.waitsForDoubleTap else { return nil }
        switch state {
        case .touching(let seq) where seq.previous != nil:
            // One microsecond past the limit: a tap lasting exactly the limit still counts.
            return seq.start + settings.tapMaximumDuration + Timestamp.Duration(microseconds: 1)
        case .waiting(let p):
            return p.end + settings.doubleTapInterval
        default:
            return nil
        }
    }

    // Inlined (guaranteed, not a hint): it runs at every frame.
    @inline(always)
    mutating func update(_ frame: borrowing TouchFrame, rotation: Rotation, into out: inout [GestureEvent],
                         trace: inout GestureTrace) {
        var anyDown = false, lost = false, moved = false
        var strongest = 0.0, farthest = 0.0
        for i in frame.liveSlots {
            let c = frame.contacts[i]
            if c.isCancelled && (c.isDown || c.ended) { lost = true }
            if c.isDown {
                anyDown = true
                if c.travel > settings.tapSlop { moved = true }
                if c.travel > farthest { farthest = c.travel }
                if c.force > strongest { strongest = c.force }
            }
        }
        switch state {
        case .idle, .waiting:
            guard anyDown else { return }
            var previous: Tap? = nil
            if case .waiting(let p) = state { previous = p }
            let s = TouchSummary(frame, startPositions: true)
            trace.transition(.tap, stateName, .touching, at: frame.time)
            state = .touching(Sequence(start: frame.time, startSummary: (s.x, s.y), previous: previous))
        case .touching, .failed:
            break
        }
        if case .touching(var seq) = state {
            seq.maxFingers = max(seq.maxFingers, frame.fingerCount)
            if strongest > seq.peakForce { seq.peakForce = strongest }
            state = .touching(seq)
            let lasted = frame.time - seq.start
            if lost || moved || lasted > settings.tapMaximumDuration {
                // The first rule broken, in the order they are checked.
                let why: Refusal = lost ? .lost
                    : moved ? .moved(millimetres: farthest, slop: settings.tapSlop)
                    : .tooLong(seconds: lasted.seconds, limit: settings.tapMaximumDuration.seconds)
                fail(at: frame.time, because: why, into: &out, trace: &trace)
            }
        }
        guard !anyDown && frame.fingerCount == 0 else { return }
        switch state {
        case .touching(let seq):
            let mm = frame.geometry.millimetres(x: seq.startSummary.x, y: seq.startSummary.y)
            let n = frame.geometry.normalized(x: seq.startSummary.x, y: seq.startSummary.y)
            let p = rotation.apply(x: n.x, y: n.y)
            recognized(Tap(start: seq.start, end: frame.time, fingers: max(seq.maxFingers, 1),
                           mmX: mm.x, mmY: mm.y, x: p.x, y: p.y, force: seq.peakForce),
                       previous: seq.previous, at: frame.time, into: &out, trace: &trace)
        case .failed:
            trace.transition(.tap, .failed, .idle, at: frame.time)
            state = .idle
        case .idle, .waiting:
            break
        }
    }

    /// The sequence in progress can no longer be a tap: `why` says which rule, or which
    /// gesture (a deep or long press) took it.
    mutating func fail(at t: Timestamp, because why: Refusal, into out: inout [GestureEvent],
                       trace: inout GestureTrace) {
        guard case .touching(let seq) = state else { return }
        trace.record(GestureNote(time: t, recognizer: .tap, event: .refused(.tap, why)))
        trace.transition(.tap, .touching, .failed, at: t)
        state = .failed
        report(seq.previous, at: t, into: &out)
    }

    mutating func advance(to t: Timestamp, into out: inout [GestureEvent], trace: inout GestureTrace) {
        guard let d = deadline, d <= t else { return }
        switch state {
        case .touching(let seq):
            fail(at: d, because: .tooLong(seconds: (d - seq.start).seconds, limit: settings.tapMaximumDuration.seconds),
                 into: &out, trace: &trace)
        case .waiting(let p):
            trace.transition(.tap, .waiting, .idle, at: d)
            state = .idle
            report(p, at: d, into: &out)
        case .idle, .failed: break
        }
    }

    /// The state's name, for the trace.
    private var stateName: RecognizerState {
        switch state {
        case .idle: .idle
        case .touching: .touching
        case .failed: .failed
        case .waiting: .waiting
        }
    }

    /// The device is gone: nothing pending is reported.
    mutating func reset() {
        state = .idle
    }

    // Out of line: the per-frame update that calls it is inlined into the engine.
    @inline(never)
    private mutating func recognized(_ tap: Tap, previous: Tap?, at t: Timestamp, into out: inout [GestureEvent],
                                     trace: inout GestureTrace) {
        if let p = previous {
            if let why = unpaired(p, tap) {
                trace.record(GestureNote(time: t, recognizer: .tap, event: .refused(.doubleTap, why)))
            } else {
                trace.transition(.tap, .touching, .idle, at: t)
                state = .idle
                if !settings.waitsForDoubleTap { out.append(event(.tap, tap, t)) }
                out.append(event(.doubleTap, tap, t))
                return
            }
        }
        if settings.waitsForDoubleTap {
            report(previous, at: t, into: &out)
        } else {
            out.append(event(.tap, tap, t))
        }
        trace.transition(.tap, .touching, .waiting, at: t)
        state = .waiting(tap)
    }

    /// Why the second tap does not make a double tap with the first; nil when it does.
    private func unpaired(_ first: Tap, _ second: Tap) -> Refusal? {
        guard first.fingers == second.fingers else {
            return .secondTapFingers(first: first.fingers, second: second.fingers)
        }
        let gap = second.start - first.end
        guard gap <= settings.doubleTapInterval else {
            return .secondTapTooLate(seconds: gap.seconds, limit: settings.doubleTapInterval.seconds)
        }
        let dx = second.mmX - first.mmX, dy = second.mmY - first.mmY
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance <= settings.doubleTapDistance else {
            return .secondTapTooFar(millimetres: distance, limit: settings.doubleTapDistance)
        }
        return nil
    }

    /// A tap that waited for a partner in vain is reported now, when taps wait (otherwise
    /// it was reported at its release).
    private func report(_ tap: Tap?, at t: Timestamp, into out: inout [GestureEvent]) {
        if let tap, settings.waitsForDoubleTap { out.append(event(.tap, tap, t)) }
    }

    private func event(_ kind: GestureKind, _ tap: Tap, _ t: Timestamp) -> GestureEvent {
        GestureEvent(gesture: kind, phase: .ended, fingers: tap.fingers, time: t,
                     x: tap.x, y: tap.y, force: tap.force)
    }
}
