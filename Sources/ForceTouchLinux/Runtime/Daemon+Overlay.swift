import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import Logging

// The overlay (forcetouch-overlay): where menus go, and the press progress it draws.
extension Daemon {
    /// An overlay came onto the bus or left it: menus go to it, or to the menu program again.
    func overlayChanged(_ present: Bool) {
        guard present != runner.overlay.listening else { return }
        runner.overlay.listening = present
        runner.intentWindows.listening = present
        pressTrack = nil
        logger.info(present ? "overlay \(BusNames.overlay) on the bus: quick-action menus show at the finger"
                            : "overlay gone from the bus: quick-action menus go to the menu program")
    }

    /// Wires the overlay's messages to the bus and the control socket: one value, two encodings.
    func connectOverlay() {
        runner.overlay.send = { [unowned self] message in
            bus?.overlay(message)
            switch message {
            case .shown(let m): control?.publish(ProtocolJSON.line(m))
            case .progress(let m): control?.publish(ProtocolJSON.line(m))
            case .dismissed(let m): control?.publish(ProtocolJSON.line(m))
            }
        }
        runner.intentWindows.send = { [unowned self] message in
            bus?.intentWindow(message)
            switch message {
            case .started(let m): control?.publish(ProtocolJSON.line(m))
            case .ask(let m): control?.publish(ProtocolJSON.line(m))
            case .window(let m): control?.publish(ProtocolJSON.line(m))
            }
        }
        runner.overlay.locate = { [unowned self] name in
            guard let s = sessions.values.first(where: { $0.name == name }) else { return (.pointer, "") }
            return (s.deviceClass == .touchscreen ? .touch : .pointer, s.settings.output)
        }
    }

    /// After a read, while an overlay listens: the followed contact's force as progress
    /// towards peek and pop, and its position (after pop, for slide to select), then its lift.
    func sampleProgress(_ session: DeviceSession, now: Timestamp) {
        let node = session.node.devnode
        if let t = pressTrack, t.node != node { return }
        let engine = session.engine
        guard let thresholds = engine.thresholds else { return }
        let contacts = engine.frames.contacts
        let slot: Int
        var phase = "changed"
        if let t = pressTrack {
            slot = t.slot
            if !(contacts.indices.contains(slot) && contacts[slot].isDown) { phase = "ended" }
        } else {
            guard let first = contacts.indices.first(where: { contacts[$0].isDown }) else { return }
            slot = first
            phase = "began"
            pressTrack = (node, slot, "")
        }
        guard contacts.indices.contains(slot) else { pressTrack = nil; return }
        let c = contacts[slot]
        let n = engine.frames.geometry.normalized(x: Double(c.x), y: Double(c.y))
        let p = engine.settings.rotation.apply(x: n.x, y: n.y)
        let stage = pressTrack?.stage ?? ""
        let (placement, output) = runner.overlay.locate(session.name)
        runner.overlay.progress(
            PressProgressMessage(phase: phase, stage: stage, transitionProgress: thresholds.transitionProgress(c.force),
                                 commitProgress: thresholds.commitProgress(c.force), x: p.x, y: p.y,
                                 placement: placement, output: output),
            phase: phase, time: now)
        if phase == "ended" { pressTrack = nil }
    }

    /// A deep press's step, as progress: its stage for the followed contact, and in a replay
    /// (where no read is sampled) the progress itself.
    func deepPressProgress(_ event: GestureEvent, _ session: DeviceSession) {
        let stage = event.stage?.rawValue ?? ""
        let phase: String
        switch event.phase {
        case .began, .changed: phase = "changed"
        case .ended: phase = "ended"
        case .cancelled, .failed: phase = "cancelled"
        }
        if var t = pressTrack, t.node == session.node.devnode, event.contacts.contains(t.slot) {
            if !stage.isEmpty { t.stage = stage }
            pressTrack = t
            // A live press's lift is sampled after the read; its stage goes out now, since a
            // still finger's peek comes from a timer, with no read after it.
            if session.device != nil, phase != "changed" || stage.isEmpty { return }
        }
        let (placement, output) = runner.overlay.locate(session.name)
        runner.overlay.progress(
            PressProgressMessage(phase: phase, stage: stage, transitionProgress: event.transitionProgress ?? 0,
                                 commitProgress: event.commitProgress ?? 0, x: event.x, y: event.y,
                                 placement: placement, output: output),
            phase: stage.isEmpty ? phase : "stage", time: event.time)
    }
}
