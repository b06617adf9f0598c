/// Recognizes deep presses per contact: `began` (stage peek) once a press is deliberate,
/// `changed` (stage pop) on the frame that crosses pop, `ended` when force falls back below
/// the re-arm level of peek or the contact lifts, `cancelled` when the contact's state is
/// lost. Each threshold fires once until force falls below its hysteresis level, so a
/// finger hovering at a threshold does not stutter.
///
/// A press is deliberate (SPEC §4) when force has stayed at or above peek for
/// `deepPressDwell` while the contact never moved more than `deepPressSlop` from where it
/// came down. The impact of a tap is over before the dwell, and a scroll, drag or pen
/// stroke has moved: neither is a deep press, however hard it pressed. The press fires on
/// the first frame where the dwell has passed, or at the dwell's deadline when a still
/// contact sends no frame (docs/deep-press.md).
///
/// A pen's pressure is drawing pressure: a firm pen tap runs it to the top of the range
/// and holds it there for longer than the dwell. So on a pen a press is deliberate only
/// once the tip has also been down for `penHold` (0.3 s), longer than a pen tap lasts; a
/// tap lifts first and is reported as the tap it is.
///
/// Each contact's stage, a `RecognizerState` in the trace (`none` is `idle`); a contact that
/// lifts without having pressed says why (below peek, short of the dwell, moved):
///
/// ```
///         ┌──────────── force < peek ────────────┐
///         ▼                                      │
/// idle ──force ≥ peek──▶ holding ──dwell over──▶ peek ◀──force < pop re-arm── pop
///   │                      │                      │  └──────force ≥ pop──────▶ │
///   └─moved > slop─▶ moving  (until it lifts)     └── force < peek re-arm ─▶ idle (ended)
/// ```
/// A lift or lost state ends a press from any stage (ended or cancelled).
struct DeepPressRecognizer: Sendable {
    private enum Stage: Equatable {
        case none
        /// At or above peek since `since` (µs), not yet deliberate: it becomes so at `due`,
        /// the end of the dwell (for a pen, no sooner than `penHold` after the tip came down).
        case holding(since: Int64, due: Int64)
        case peek
        case pop
        /// Moved beyond the slop before pressing: never a deep press until it lifts.
        case moving
    }

    private(set) var thresholds: DeepPressThresholds
    private let dwell: Int64
    /// How long a contact must have been down before its press can be deliberate: 0, but
    /// `penHold` on a pen (while the dwell is on at all).
    private let minimumContact: Int64
    private let slop: Double
    private var stages: [Stage]
    /// Per slot: a deep press began during the contact's life (it is then no ordinary
    /// touch for auto-calibration).
    private(set) var pressedDuringContact: [Bool]
    /// Per slot, kept only while the trace is on: the contact's highest force, and the
    /// longest it held at or above peek without pressing (µs), for why it never pressed.
    private var peakForce: [Double]
    private var heldAbovePeek: [Int64]

    /// - Parameter isPen: the device is a pen (a tablet's stylus), whose presses must also
    ///   outlast a pen tap.
    init(thresholds: DeepPressThresholds, settings: GestureSettings, slots: Int, isPen: Bool = false) {
        self.thresholds = thresholds
        dwell = settings.deepPressDwell.microseconds
        // `deep-press-time = 0` turns the deliberate-press rule off, the pen's part with it.
        minimumContact = isPen && dwell > 0 ? max(settings.penHold.microseconds, 0) : 0
        slop = settings.deepPressSlop
        stages = Array(repeating: .none, count: slots)
        pressedDuringContact = Array(repeating: false, count: slots)
        peakForce = Array(repeating: 0, count: slots)
        heldAbovePeek = Array(repeating: 0, count: slots)
    }

    /// New thresholds (the force scale changed); only while no contact is down.
    mutating func recalibrate(_ t: DeepPressThresholds) {
        thresholds = t
    }

    /// When the earliest held press becomes deliberate, if a contact is holding. Inlined:
    /// asked after every frame.
    @inline(always)
    var deadline: Timestamp? {
        var earliest = Int64.max
        // By index: an array's iterator, unspecialized in a debug build, allocates.
        for i in stages.indices {
            if case .holding(_, let due) = stages[i], due < earliest { earliest = due }
        }
        return earliest == .max ? nil : Timestamp(microseconds: earliest)
    }

    /// Whether the contact in `slot` is on its way to a deep press (at or above peek, not yet
    /// for the dwell) or in one: what keeps a held touch held past its window.
    func isPressing(_ slot: Int) -> Bool {
        switch stages[slot] {
        case .holding, .peek, .pop: true
        case .none, .moving: false
        }
    }

    // Inlined (guaranteed, not a hint): it runs at every frame.
    /// Returns true when a deep press began in this frame.
    @inline(always)
    mutating func update(_ frame: borrowing TouchFrame, rotation: Rotation,
                         into out: inout [GestureEvent], trace: inout GestureTrace) -> Bool {
        var began = false
        let contacts = frame.contacts
        let now = frame.time.microseconds
        // Each array is written only when a value changes: a write checks that the storage
        // is not shared, and most frames change nothing here.
        for i in frame.liveSlots {
            let c = contacts[i]
            let stage = stages[i]
            if c.began, pressedDuringContact[i] { pressedDuringContact[i] = false }
            if trace.isOn { follow(i, c, stage, now: now) }
            if c.ended || c.isCancelled {
                if stage == .peek || stage == .pop {
                    emit(c.isCancelled ? .cancelled : .ended, nil, i, c, frame, rotation, frame.time, &out)
                } else if trace.isOn && !pressedDuringContact[i] {
                    refused(i, c, stage, at: frame.time, trace: &trace)
                }
                if stage != .none {
                    trace.transition(.deepPress, Self.name(stage), .idle, at: frame.time, slot: i)
                    stages[i] = .none
                }
                continue
            }
            guard c.isDown else { continue }
            let f = c.force
            var next = stage
            switch stage {
            case .none, .holding:
                if c.travel > slop {
                    next = .moving
                } else if f < thresholds.peek {
                    next = .none
                } else {
                    var since = now
                    var due = max(now + dwell, c.startTime.microseconds + minimumContact)
                    if case .holding(let s, let d) = stage { (since, due) = (s, d) }
                    if now >= due {
                        began = true
                        trace.transition(.deepPress, Self.name(stage), .holding, at: frame.time, slot: i)
                        fire(i, c, frame, rotation, frame.time, &out, &trace)
                        continue
                    }
                    next = .holding(since: since, due: due)
                }
            case .moving:
                break
            case .peek:
                if f < thresholds.peekRearm {
                    next = .none
                    emit(.ended, nil, i, c, frame, rotation, frame.time, &out)
                } else if f >= thresholds.pop {
                    next = .pop
                    emit(.changed, .pop, i, c, frame, rotation, frame.time, &out)
                }
            case .pop:
                if f < thresholds.peekRearm {
                    next = .none
                    emit(.ended, nil, i, c, frame, rotation, frame.time, &out)
                } else if f < thresholds.popRearm {
                    next = .peek  // pop re-armed; the press itself goes on
                }
            }
            if next != stage {
                trace.transition(.deepPress, Self.name(stage), Self.name(next), at: frame.time, slot: i)
                stages[i] = next
            }
        }
        return began
    }

    /// The trace's name of a stage.
    private static func name(_ stage: Stage) -> RecognizerState {
        switch stage {
        case .none: .idle
        case .holding: .holding
        case .peek: .peek
        case .pop: .pop
        case .moving: .moving
        }
    }

    /// Keeps, while the trace is on, what tells why a contact never pressed.
    @inline(never)
    private mutating func follow(_ i: Int, _ c: Contact, _ stage: Stage, now: Int64) {
        if c.began {
            peakForce[i] = 0
            heldAbovePeek[i] = 0
        }
        if c.isDown, c.force > peakForce[i] { peakForce[i] = c.force }
        if case .holding(let since, _) = stage, now - since > heldAbovePeek[i] { heldAbovePeek[i] = now - since }
    }

    /// A contact lifted, or was lost, without pressing: which rule held it back.
    @inline(never)
    private func refused(_ i: Int, _ c: Contact, _ stage: Stage, at t: Timestamp, trace: inout GestureTrace) {
        let why: Refusal
        if stage == .moving {
            why = .moved(millimetres: c.travel, slop: slop)
        } else if heldAbovePeek[i] >= dwell, minimumContact > 0 {
            why = .shortOfPenHold(seconds: (t - c.startTime).seconds, hold: Double(minimumContact) / 1_000_000)
        } else if heldAbovePeek[i] > 0 || peakForce[i] >= thresholds.peek {
            why = .shortOfDwell(seconds: Double(heldAbovePeek[i]) / 1_000_000, dwell: Double(dwell) / 1_000_000)
        } else if c.isCancelled {
            why = .lost
        } else {
            why = .belowPeek(force: peakForce[i], peek: thresholds.peek)
        }
        trace.record(GestureNote(time: t, recognizer: .deepPress, slot: i, event: .refused(.deepPress, why)))
    }

    /// Time passes to `t` without a frame: every held press whose dwell is over by then
    /// fires, at its own deadline. Returns true when one began.
    mutating func advance(to t: Timestamp, _ frame: borrowing TouchFrame, rotation: Rotation,
                          into out: inout [GestureEvent], trace: inout GestureTrace) -> Bool {
        var began = false
        for i in stages.indices {
            guard case .holding(_, let due) = stages[i], due <= t.microseconds else { continue }
            began = true
            fire(i, frame.contacts[i], frame, rotation, Timestamp(microseconds: due), &out, &trace)
        }
        return began
    }

    // Out of line, as `emit`: the per-frame update that calls them is inlined into the
    // engine, and a press is rare next to the frames.
    @inline(never)
    private mutating func fire(_ i: Int, _ c: Contact, _ frame: borrowing TouchFrame, _ rotation: Rotation,
                               _ time: Timestamp, _ out: inout [GestureEvent], _ trace: inout GestureTrace) {
        trace.transition(.deepPress, .holding, .peek, at: time, slot: i)
        stages[i] = .peek
        pressedDuringContact[i] = true
        emit(.began, .peek, i, c, frame, rotation, time, &out)
        if c.force >= thresholds.pop {
            trace.transition(.deepPress, .peek, .pop, at: time, slot: i)
            stages[i] = .pop
            emit(.changed, .pop, i, c, frame, rotation, time, &out)
        }
    }

    /// Every deep press in progress is cancelled (the device is gone).
    mutating func cancelAll(_ frame: borrowing TouchFrame, rotation: Rotation, at t: Timestamp,
                            into out: inout [GestureEvent]) {
        for i in stages.indices {
            if stages[i] == .peek || stages[i] == .pop {
                out.append(makeEvent(.cancelled, nil, i, frame.contacts[i], frame, rotation, t))
            }
            stages[i] = .none
        }
    }

    @inline(never)
    private func emit(_ phase: GesturePhase, _ stage: DeepPressStage?, _ i: Int, _ c: Contact,
                      _ frame: borrowing TouchFrame, _ rotation: Rotation, _ time: Timestamp,
                      _ out: inout [GestureEvent]) {
        out.append(makeEvent(phase, stage, i, c, frame, rotation, time))
    }

    private func makeEvent(_ phase: GesturePhase, _ stage: DeepPressStage?, _ i: Int, _ c: Contact,
                           _ frame: borrowing TouchFrame, _ rotation: Rotation,
                           _ time: Timestamp) -> GestureEvent {
        let n = frame.geometry.normalized(x: Double(c.x), y: Double(c.y))
        let p = rotation.apply(x: n.x, y: n.y)
        var e = GestureEvent(
            gesture: .deepPress, phase: phase, fingers: max(frame.fingerCount, 1), time: time,
            x: p.x, y: p.y, force: c.force, stage: stage,
            transitionProgress: thresholds.transitionProgress(c.force),
            commitProgress: thresholds.commitProgress(c.force))
        e.contacts.insert(i)
        return e
    }
}
