import ForceTouchCore
import ForceTouchEngine
import ForceTouchProtocol
import FoundationEssentials
import Glibc
import Logging

// Following devices: one `DeviceSession` each, read when the loop says it is readable, retired
// when it goes; what each one is capable of, logged and published.
extension Daemon {
    func add(_ node: InputNode) {
        if sessions[node.devnode] != nil || cloneNodes.contains(node.devnode) { return }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: node.devnode)
        } catch {
            // Only touch-like nodes are worth a report; the rest (keyboards…) we cannot tell.
            if node.udevClass != nil || node.properties.isEmpty {
                unreadable[node.devnode] = error.capabilityReport
                logger.warning("device \(node.devnode): capability unknown: \(error)")
                publishCapability(node.devnode, name: nil, report: error.capabilityReport, forceModel: nil)
            }
            return
        }
        let session = DeviceSession(node: node, description: device.description, device: device,
                                    configuration: configuration, database: database,
                                    learned: calibrationFile?.learned(for: device.description) ?? LearnedCalibration(),
                                    claimSession: claimSession)
        guard session.deviceClass != .other else {
            logger.debug("device \(node.devnode) \"\(session.name)\": not a touch device, ignored")
            return
        }
        if session.settings.ignore {
            logger.info("device \(node.devnode) \"\(session.name)\": ignored by the configuration")
            return
        }
        explainAtDebugLevel(session)
        unreadable[node.devnode] = nil
        sessions[node.devnode] = session
        publishCapability(session.node.devnode, name: session.name, report: session.capability,
                          forceModel: session.engine.forceModel)
        // The session is held by its handler until `retire` removes it. The daemon owns the
        // loop, which calls no handler once the daemon is gone, so the handler borrows the
        // daemon without a retain: even an unowned(unsafe) capture is retained for the call,
        // and the daemon's retains take the runtime's slow path (the weak references its
        // closures hold give it a side table), at every read.
        let daemon = Unmanaged.passUnretained(self)
        session.loopToken = loop.add(fd: device.fd, priority: .input) { [session] in
            daemon._withUnsafeGuaranteedRef { $0.readable(session) }
        }
        logCapability(session, verb: "found")
        claim(session)
    }

    func remove(_ devnode: String) {
        if cloneNodes.remove(devnode) != nil { return }
        unreadable[devnode] = nil
        guard let session = sessions.removeValue(forKey: devnode) else { return }
        retire(session, now: MonotonicClock.now())
    }

    func retire(_ session: DeviceSession, now: Timestamp) {
        if let token = session.loopToken { loop.remove(token) }
        session.releaseClaim()
        cancelButtonDrag(session.node.devnode)
        carryOut(session.cancelAll(at: now), session)
        saveLearned(session, at: now)
        finishNotes(session)
        abandonCalibration(session)
        logger.info("device \(session.node.devnode) \"\(session.name)\": lost, capability unknown")
        publishCapability(session.node.devnode, name: session.name, report: .unknown("gone"), forceModel: nil)
    }

    // Inlined into the device's handler: it runs at every wake-up.
    @inline(always)
    func readable(_ session: DeviceSession) {
        // Everything the kernel holds is read first, to EAGAIN, and only then are the
        // gestures it completed carried out: no action, log line or subscriber runs while
        // events wait in the kernel's buffer, where a burst could overflow it.
        let read = session.read()
        sessionDeadline.moved(from: read.deadlineBefore, to: read.deadlineAfter)
        if read.droppedByKernel {
            logger.warning("device \(session.node.devnode): events dropped by the kernel, resynchronizing; touches in progress are cancelled")
        }
        if read.completedGestures > 0 { carryOut(session.takeCompleted(), session) }
        if buttonDragNode == session.node.devnode { followButtonDrag(session, now: MonotonicClock.now()) }
        // Paused, no menu comes: no card grows for it either.
        if runner.overlay.listening, !paused {
            pressProgress.sample(session, now: MonotonicClock.now(), to: runner.overlay) { previews(session, newPress: $0) }
        }
        if settingsListening { followForce(session, now: MonotonicClock.now()) }
        if session.calibration != nil { followCalibration(session) }
        if let slot = read.untrackedSlot {
            logger.warning("device \(session.node.devnode): \(session.untrackedSlotMessage(slot))")
        }
        if let t = read.saveLearnedAt { saveLearned(session, at: t) }
        if read.learnedAverageMoved {
            session.announcedAverage = session.engine.learned.average
            bus?.needsSync = true
        }
        switch read.status {
        case .drained, .full: break
        case .gone:
            sessions[session.node.devnode] = nil
            retire(session, now: MonotonicClock.now())
        case .failed(let e):
            logger.error("device \(session.node.devnode): read failed: \(String(cString: strerror(e)))",
                         metadata: ["device": "\(session.name)", "node": "\(session.node.devnode)"])
        }
    }

    func logCapability(_ s: DeviceSession, verb: String) {
        var line = "device \(s.node.devnode) \"\(s.name)\" (\(s.description.id.vendorProduct), \(s.deviceClass.rawValue)): \(verb), capability \(s.capability.capability) (\(s.capability.reason))"
        if let model = s.engine.forceModel {
            line += ", maximumPossibleForce \(TextFormat.number(model.maximumPossibleForce))"
            line += ", calibration \(s.engine.calibrationSource.summary) (average touch \(TextFormat.number(model.average)))"
        }
        logger.info("\(line)", metadata: ["device": "\(s.name)", "node": "\(s.node.devnode)"])
    }

    func publishCapability(_ node: String, name: String?, report: CapabilityReport, forceModel: ForceModel?) {
        let message = CapabilityMessage(
            node: node, name: name, capability: report.capability.description, reason: report.reason,
            maximumPossibleForce: forceModel?.maximumPossibleForce, emulated: report.emulated,
            overall: overallCapability.description)
        control?.publish(ProtocolJSON.line(message))
        bus?.capabilityChanged(message)
    }

    /// At debug level the recognizers say why, beside each gesture: their transitions and
    /// every gesture they refused, with the rule and its figures, as many a second as
    /// `GestureNoteBudget` allows. Otherwise they record nothing at all.
    func explainAtDebugLevel(_ session: DeviceSession) {
        guard logger.logLevel <= .debug else { return }
        let log = GestureNoteLog(logger: logger, node: session.node.devnode, name: session.name)
        noteLogs[session.node.devnode] = log
        session.notes = { log.take($0) }
    }

    /// A session's notes are over (the device gone, the replay played): the log says how
    /// many it left out since it last said so.
    func finishNotes(_ session: DeviceSession) {
        noteLogs.removeValue(forKey: session.node.devnode)?.finish()
    }
}
