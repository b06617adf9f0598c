/// Recognizes deep presses per contact: `began` (stage peek) on the frame whose force
/// crosses peek, `changed` (stage pop) on the frame that crosses pop, `ended` when force
/// falls back below the re-arm level of peek or the contact lifts, `cancelled` when the
/// contact's state is lost. Each threshold fires once until force falls below its
/// hysteresis level, so a finger hovering at a threshold does not stutter.
struct DeepPressRecognizer: Sendable {
    private enum Stage: UInt8 { case none, peek, pop }

    let thresholds: DeepPressThresholds
    private var stages: [Stage]

    init(thresholds: DeepPressThresholds, slots: Int) {
        self.thresholds = thresholds
        stages = Array(repeating: .none, count: slots)
    }

    /// Returns true when a deep press began in this frame.
    mutating func update(_ frame: borrowing FrameAssembler, rotation: Rotation,
                         into out: inout [GestureEvent]) -> Bool {
        var began = false
        let contacts = frame.contacts
        for i in contacts.indices {
            let c = contacts[i]
            let stage = stages[i]
            if c.ended || c.isCancelled {
                if stage != .none {
                    emit(c.isCancelled ? .cancelled : .ended, nil, c, frame, rotation, &out)
                    stages[i] = .none
                }
                continue
            }
            guard c.isDown else { continue }
            let f = c.force
            switch stage {
            case .none:
                if f >= thresholds.peek {
                    stages[i] = .peek
                    began = true
                    emit(.began, .peek, c, frame, rotation, &out)
                    if f >= thresholds.pop {
                        stages[i] = .pop
                        emit(.changed, .pop, c, frame, rotation, &out)
                    }
                }
            case .peek:
                if f < thresholds.peekRearm {
                    stages[i] = .none
                    emit(.ended, nil, c, frame, rotation, &out)
                } else if f >= thresholds.pop {
                    stages[i] = .pop
                    emit(.changed, .pop, c, frame, rotation, &out)
                }
            case .pop:
                if f < thresholds.peekRearm {
                    stages[i] = .none
                    emit(.ended, nil, c, frame, rotation, &out)
                } else if f < thresholds.popRearm {
                    stages[i] = .peek  // pop re-armed; the press itself goes on
                }
            }
        }
        return began
    }

    /// Every deep press in progress is cancelled (the device is gone).
    mutating func cancelAll(_ frame: borrowing FrameAssembler, rotation: Rotation, at t: Timestamp,
                            into out: inout [GestureEvent]) {
        for i in stages.indices where stages[i] != .none {
            stages[i] = .none
            var e = makeEvent(.cancelled, nil, frame.contacts[i], frame, rotation)
            e.time = t
            out.append(e)
        }
    }

    private func emit(_ phase: GesturePhase, _ stage: DeepPressStage?, _ c: Contact,
                      _ frame: borrowing FrameAssembler, _ rotation: Rotation,
                      _ out: inout [GestureEvent]) {
        out.append(makeEvent(phase, stage, c, frame, rotation))
    }

    private func makeEvent(_ phase: GesturePhase, _ stage: DeepPressStage?, _ c: Contact,
                           _ frame: borrowing FrameAssembler, _ rotation: Rotation) -> GestureEvent {
        let n = frame.geometry.normalized(x: Double(c.x), y: Double(c.y))
        let p = rotation.apply(x: n.x, y: n.y)
        return GestureEvent(
            gesture: .deepPress, phase: phase, fingers: max(frame.fingerCount, 1), time: frame.time,
            x: p.x, y: p.y, force: c.force, stage: stage,
            transitionProgress: thresholds.transitionProgress(c.force),
            commitProgress: thresholds.commitProgress(c.force))
    }
}
