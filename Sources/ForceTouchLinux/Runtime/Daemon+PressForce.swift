import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol

// forcetouch Settings' test areas: a press's force against its device's peek and pop, sent as
// `PressForce` while the window runs (SPEC §9). Which press, and how often, is
// `PressForceFollower`'s rule; this only reads the engine and sends.
extension Daemon {
    /// Whether forcetouch Settings is on the bus, so that someone draws `PressForce`.
    var settingsListening: Bool { settingsWatch?.owned ?? false }

    /// After a read, or a replayed frame, of `session`'s device.
    func followForce(_ session: DeviceSession, now: Timestamp) {
        let contacts = session.engine.frames.contacts
        let down = contacts.indices.filter { contacts[$0].isDown }
        guard let send = pressForce.sample(node: session.node.devnode, down: down, at: now) else { return }
        sendForce(send, session)
    }

    /// A gesture of `session`'s device: a deep press's peek or pop, or a Haptic Touch, reached.
    func forceStage(_ event: GestureEvent, _ session: DeviceSession) {
        let stage: String
        if event.hapticTouch {
            guard event.phase == .began else { return }
            stage = PressForceFollower.hapticTouch
        } else if event.gesture == .deepPress, let s = event.stage {
            stage = s.rawValue
        } else {
            return
        }
        guard let send = pressForce.reached(stage, node: session.node.devnode, slots: event.contacts,
                                            at: event.time) else { return }
        sendForce(send, session)
    }

    private func sendForce(_ send: PressForceFollower.Send, _ session: DeviceSession) {
        guard let bus else { return }
        let engine = session.engine
        let contacts = engine.frames.contacts
        let force = send.phase != .ended && engine.forceModel != nil && contacts.indices.contains(send.slot)
            ? contacts[send.slot].force : 0
        bus.pressForce(PressForceMessage(phase: send.phase.rawValue, stage: send.stage, force: force,
                                         peek: engine.thresholds?.peek ?? 0, pop: engine.thresholds?.pop ?? 0,
                                         maximumPossibleForce: engine.forceModel?.maximumPossibleForce ?? 0),
                       node: session.node.devnode)
    }
}
