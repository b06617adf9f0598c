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

    let settings: GestureSettings
    private var inSequence = false
    private var failed = false
    private var start = Timestamp.zero
    private var maxFingers = 0
    private var peakForce = 0.0
    private var startSummary = (x: 0.0, y: 0.0)
    /// The previous tap, waiting for a partner.
    private var previous: Tap?

    init(settings: GestureSettings) {
        self.settings = settings
    }

    /// When something must be decided without an event: the pending single tap when the
    /// double-tap window closes, or when the sequence in progress outlives the tap limit.
    var deadline: Timestamp? {
        guard settings.waitsForDoubleTap, let p = previous else { return nil }
        // One microsecond past the limit: a tap lasting exactly the limit still counts.
        if inSequence { return failed ? nil : start + settings.tapMaximumDuration + Timestamp.Duration(microseconds: 1) }
        return p.end + settings.doubleTapInterval
    }

    mutating func update(_ frame: borrowing FrameAssembler, rotation: Rotation, into out: inout [GestureEvent]) {
        var anyDown = false, lost = false, moved = false
        for c in frame.contacts {
            if c.isCancelled && (c.isDown || c.ended) { lost = true }
            if c.isDown {
                anyDown = true
                if c.travel > settings.tapSlop { moved = true }
            }
        }
        if !inSequence {
            guard anyDown else { return }
            inSequence = true
            failed = false
            start = frame.time
            maxFingers = 0
            peakForce = 0
            let s = TouchSummary(frame, startPositions: true)
            startSummary = (s.x, s.y)
        }
        maxFingers = max(maxFingers, frame.fingerCount)
        for c in frame.contacts where c.isDown && c.force > peakForce { peakForce = c.force }
        if lost || moved || frame.time - start > settings.tapMaximumDuration {
            fail(at: frame.time, into: &out)
        }
        guard !anyDown && frame.fingerCount == 0 else { return }
        inSequence = false
        guard !failed else { return }
        let mm = frame.geometry.millimetres(x: startSummary.x, y: startSummary.y)
        let n = frame.geometry.normalized(x: startSummary.x, y: startSummary.y)
        let p = rotation.apply(x: n.x, y: n.y)
        recognized(Tap(start: start, end: frame.time, fingers: max(maxFingers, 1),
                       mmX: mm.x, mmY: mm.y, x: p.x, y: p.y, force: peakForce),
                   at: frame.time, into: &out)
    }

    /// The sequence in progress can no longer be a tap (a deep or long press claimed it).
    mutating func fail(at t: Timestamp, into out: inout [GestureEvent]) {
        guard inSequence, !failed else { return }
        failed = true
        flushPrevious(at: t, into: &out)
    }

    mutating func advance(to t: Timestamp, into out: inout [GestureEvent]) {
        guard let d = deadline, d <= t else { return }
        if inSequence {
            fail(at: d, into: &out)
        } else {
            flushPrevious(at: d, into: &out)
        }
    }

    /// The device is gone: nothing pending is reported.
    mutating func reset() {
        inSequence = false
        failed = false
        previous = nil
    }

    private mutating func recognized(_ tap: Tap, at t: Timestamp, into out: inout [GestureEvent]) {
        if let p = previous, pairs(p, tap) {
            previous = nil
            if !settings.waitsForDoubleTap { out.append(event(.tap, tap, t)) }
            out.append(event(.doubleTap, tap, t))
            return
        }
        if settings.waitsForDoubleTap {
            flushPrevious(at: t, into: &out)
        } else {
            out.append(event(.tap, tap, t))
        }
        previous = tap
    }

    private func pairs(_ first: Tap, _ second: Tap) -> Bool {
        guard first.fingers == second.fingers,
              second.start - first.end <= settings.doubleTapInterval else { return false }
        let dx = second.mmX - first.mmX, dy = second.mmY - first.mmY
        return (dx * dx + dy * dy).squareRoot() <= settings.doubleTapDistance
    }

    private mutating func flushPrevious(at t: Timestamp, into out: inout [GestureEvent]) {
        guard let p = previous else { return }
        previous = nil
        if settings.waitsForDoubleTap { out.append(event(.tap, p, t)) }
    }

    private func event(_ kind: GestureKind, _ tap: Tap, _ t: Timestamp) -> GestureEvent {
        GestureEvent(gesture: kind, phase: .ended, fingers: tap.fingers, time: t,
                     x: tap.x, y: tap.y, force: tap.force)
    }
}
