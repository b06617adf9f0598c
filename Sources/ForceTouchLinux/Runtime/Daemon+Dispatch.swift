import ForceTouchCore
import ForceTouchEngine
import Logging

// Carrying out what the pipelines decided, and the virtual devices their actions need.
extension Daemon {
    /// Carries out what the session's pipeline decided: each gesture's dispatches run, and
    /// the gesture is logged and published. Subscribers get each gesture before its
    /// dispatches, as ever, but the lines are made and sent only once the actions have
    /// started: the action comes first.
    func carryOut(_ outputs: [PipelineOutput], _ session: DeviceSession) {
        control?.holdPublishing()
        for o in outputs {
            let event = o.gesture
            logger.debug("\(session.node.devnode): \(GestureReport.gestureText(event))",
                         metadata: ["device": "\(session.name)", "node": "\(session.node.devnode)",
                                    "gesture": "\(event.gesture.rawValue)"])
            control?.publish(GestureReport.gestureJSON(event, device: session.name))
            if settingsListening { forceStage(event, session) }
            if event.hapticTouch {
                if runner.overlay.listening, !paused { pressProgress.hapticTouch(event, session, to: runner.overlay) }
            } else if event.gesture == .deepPress, runner.overlay.listening, !paused, session.pipeline.bindsDeepPress {
                pressProgress.deepPress(event, session, to: runner.overlay) { previews(session, newPress: $0) }
            } else if event.gesture != .deepPress, event.phase == .began || event.phase == .ended,
                      runner.overlay.listening, !paused {
                pressProgress.taken(by: event, session, to: runner.overlay)
            }
            let waits = o.dispatches.contains(where: \.claimWaitsForMenu)
            if paused {
                if waits { session.settleClaim(event.contacts, claimed: false, at: event.time) }
                continue
            }
            tickHaptics(o, session)
            if event.gesture == .longPress { buttonGesture(event, session) }
            for d in o.dispatches {
                // A claim that waited for the menu is the menu's to settle: claimed when it
                // shows something, else the touch goes on to the app (SPEC §10).
                let decided: ((Bool) -> Void)? = d.claimWaitsForMenu ? { [weak self, weak session] shows in
                    guard let self, let session else { return }
                    session.settleClaim(event.contacts, claimed: shows, at: event.time)
                    // A Haptic Touch is felt when its menu opens, as on iOS: not on what has none.
                    if shows, event.hapticTouch { haptics.tick(.hapticTouch) }
                    // Nothing to show: the press is over for the overlay. Nothing was drawn for
                    // it (PreviewCondition), unless another deep-press binding opens something,
                    // whose card goes now; nothing more of this press is drawn.
                    if !shows { pressProgress.taken(by: event, session, to: runner.overlay) }
                } : nil
                runner.run(d.request, label: d.label, event: event, device: session.name, menuDecided: decided)
            }
        }
        control?.releasePublishing()
        for o in outputs { bus?.gesture(o.gesture, node: session.node.devnode) }
    }

    /// Creates the virtual keyboard when the configuration has `keys` actions, and the
    /// virtual pointer when it has `click` actions, before the first gesture (compositors
    /// pick up a new device asynchronously); a failure is logged once and the rest goes on.
    func prepareVirtualDevices() {
        let actions = configuration.bindings.map(\.action) + configuration.quickActions.map(\.action)
            + (configuration.assistiveTouch.map { Array($0.slots.values) } ?? [])
        let typesKeys = actions.contains { if case .keys = $0 { true } else { false } }
        let clicks = actions.contains { if case .click = $0 { true } else { false } }
        if typesKeys, runner.keyboard.devnode == nil, runner.keyboard.failure == nil {
            do {
                try runner.keyboard.prepare()
                logger.info("virtual keyboard for keys actions: \(runner.keyboard.devnode ?? "created")")
            } catch {
                logger.error("keys actions cannot run: \(error.description); everything else goes on")
            }
        }
        if clicks, runner.pointer.devnode == nil, runner.pointer.failure == nil {
            do {
                try runner.pointer.prepare()
                logger.info("virtual pointer for click actions: \(runner.pointer.devnode ?? "created")")
            } catch {
                logger.error("click actions cannot run: \(error.description); everything else goes on")
            }
        }
    }
}
