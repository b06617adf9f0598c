import ForceTouchCore
import ForceTouchEngine
import Logging

// Replaying a recording through the daemon as a live device would be read.
extension Daemon {
    /// Feeds a recording through a session exactly as a live device's events would go,
    /// with real dispatch, in the recording's own time; returns once every action it
    /// started has finished.
    public func runReplay(_ recording: Recording, name: String) {
        let node = InputNode(devnode: "replay:" + name)
        let session = DeviceSession(node: node, description: recording.device, device: nil,
                                    configuration: configuration, database: database)
        sessions[node.devnode] = session
        explainAtDebugLevel(session)
        readsApplicationsInPlace = true
        startBus()
        bus?.sync()
        chooseHaptics()
        logCapability(session, verb: "replaying")
        for w in recording.warnings { logger.warning("\(w)") }
        // Each frame is followed as a live read is: the overlay previews what it would live.
        session.play(recording, frame: { [unowned self] t in
            if runner.overlay.listening, !paused { pressProgress.sample(session, now: t, to: runner.overlay) { previews(session, newPress: $0) } }
        }) { carryOut([$0], session) }
        finishNotes(session)
        if let w = session.untrackedSlotWarning() { logger.warning("\(name): \(w)") }
        sessions[node.devnode] = nil
        exitWhenIdle = true
        // A menu an overlay shows is an action not yet finished, as a menu program would be.
        if !idle { runLoop() }
        bus?.sync()
        bus?.connection.flush()
    }
}
