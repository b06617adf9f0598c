import ForceTouchEngine
import ForceTouchProtocol
import Logging

// Claiming (SPEC §10) and pausing: which devices the desktop reads only through their clones, and
// giving every one back while paused.
extension Daemon {
    /// Claims the session's device when its configuration asks for it and the daemon is not
    /// paused (SPEC §10); says in the log what became of it.
    func claim(_ s: DeviceSession) {
        guard !paused, s.claimMode == .off, s.wantedClaimMode != .off else { return }
        let meta: Logger.Metadata = ["device": "\(s.name)", "node": "\(s.node.devnode)"]
        if let why = s.claim() {
            logger.error("device \(s.node.devnode) \"\(s.name)\": cannot claim its touches: \(why); watching only, every touch reaches the desktop", metadata: meta)
            return
        }
        guard let clone = s.clone else { return }
        if let node = clone.devnode { cloneNodes.insert(node) }
        logger.info("device \(s.node.devnode) \"\(s.name)\": claimed (\(clone.mode.rawValue)), the desktop reads its clone \(clone.devnode ?? "?")", metadata: meta)
    }

    /// Gives the session's device back to every reader.
    func release(_ s: DeviceSession, why: String) {
        guard s.claimMode != .off else { return }
        s.releaseClaim()
        logger.info("device \(s.node.devnode) \"\(s.name)\": released (\(why)), the desktop reads it again")
    }

    /// The bus's `Paused` property.
    func setPaused(_ paused: Bool) {
        guard paused != self.paused else { return }
        self.paused = paused
        logger.notice(paused ? "paused: gestures are recognized, nothing bound to them runs, and no device is claimed" : "resumed")
        for s in sessions.values.sorted(by: { $0.node.devnode < $1.node.devnode }) {
            if paused { release(s, why: "paused") } else { claim(s) }
        }
        if paused { cancelButtonDrag(nil) }
        if paused, runner.overlay.listening {
            // What the overlay shows goes: no progress follows while paused.
            pressProgress.cancel(to: runner.overlay, now: MonotonicClock.now())
            runner.overlay.dismiss(id: nil, reason: "dismissed")
        }
        bus?.needsSync = true
    }
}
