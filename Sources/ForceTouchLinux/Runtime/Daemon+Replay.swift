import ForceTouchCore
import ForceTouchEngine
import Logging

// Replaying a recording through the daemon as a live device would be read.
extension Daemon {
    /// Feeds a recording through a session exactly as a live device's events would go,
    /// with real dispatch, in the recording's own time; returns once every action it
    /// started has finished.
    ///
    /// Unpaced, the whole recording plays at once in virtual time, before the loop runs: what
    /// takes real time (the overlay's lookup) comes after the press. `paced`, each frame is fed
    /// from the event loop when its moment comes on the daemon's clock (`PacedReplay`), so the
    /// bus is served between frames as it is between a live device's reads.
    public func runReplay(_ recording: Recording, name: String, paced: Bool = false) {
        let node = InputNode(devnode: "replay:" + name)
        let session = DeviceSession(node: node, description: recording.device, device: nil,
                                    configuration: configuration, database: database)
        sessions[node.devnode] = session
        explainAtDebugLevel(session)
        readsApplicationsInPlace = true
        startBus()
        bus?.sync()
        chooseHaptics()
        logCapability(session, verb: paced ? "replaying at the recording's pace" : "replaying")
        for w in recording.warnings { logger.warning("\(w)") }
        if paced {
            // A device that is no touch device gives no gesture, as `play` says.
            let events = session.deviceClass == .other ? [] : recording.events
            pacedReplay = (PacedReplay(Recording(device: recording.device, events: events), startingAt: MonotonicClock.now()),
                           session, name)
            playDueFrames(now: MonotonicClock.now())
            runLoop()
        } else {
            // Each frame is followed as a live read is: the overlay previews what it would live.
            session.play(recording, frame: { [unowned self] t in
                if runner.overlay.listening, !paused { pressProgress.sample(session, now: t, to: runner.overlay) { previews(session, newPress: $0) } }
                if settingsListening { followForce(session, now: t) }
                if session.calibration != nil { followCalibration(session) }
            }) { carryOut([$0], session) }
            endReplay(session, name: name)
            // A menu an overlay shows is an action not yet finished, as a menu program would be.
            if !idle { runLoop() }
        }
        bus?.sync()
        bus?.connection.flush()
    }

    /// A paced replay's frames whose moment has come, fed as a live read's are; once all are
    /// and the recognizers have nothing left to wait for, the replay is over and the daemon
    /// exits when its actions have finished.
    func playDueFrames(now: Timestamp) {
        guard var paced = pacedReplay else { return }
        let frames = paced.replay.due(at: now)
        pacedReplay = paced
        let session = paced.session
        for e in frames {
            carryOut(session.feed(e), session)
            if e.isSynReport, runner.overlay.listening, !paused {
                pressProgress.sample(session, now: e.time, to: runner.overlay) { previews(session, newPress: $0) }
            }
            if e.isSynReport, settingsListening { followForce(session, now: e.time) }
            if e.isSynReport, session.calibration != nil { followCalibration(session) }
        }
        if !frames.isEmpty { sessionDeadline.invalidate() }
        guard paced.replay.finished, session.nextDeadline == nil else { return }
        pacedReplay = nil
        // What it sent is final: a test looks at the screen from here on.
        logger.info("replay \(paced.name): played at the recording's pace")
        endReplay(session, name: paced.name)
    }

    /// The replay has played out: its notes and warnings said, its session gone; the daemon
    /// exits once idle (a menu an overlay shows is an action not yet finished, as a menu
    /// program would be).
    private func endReplay(_ session: DeviceSession, name: String) {
        finishNotes(session)
        abandonCalibration(session)
        if let w = session.untrackedSlotWarning() { logger.warning("\(name): \(w)") }
        sessions[session.node.devnode] = nil
        exitWhenIdle = true
    }
}
