import ForceTouchCore
import ForceTouchEngine
import Glibc
import Logging

// The event loop: what it waits for, its deadlines, and the signals.
extension Daemon {
    /// No action running: no child, and no menu shown by an overlay awaiting a choice.
    var idle: Bool {
        children.count == 0 && runner.overlay.shownID == nil && runner.intentWindows.waitingCount == 0
            && runner.underFinger.nextDeadline == nil && runner.definitionsAsked == 0
    }

    func runLoop() {
        // The closure does not escape, so it needs no capture of `self`: an unowned one would
        // cost a checked retain of the daemon at every turn.
        loop.run {
            if exitWhenIdle && idle { loop.stop(); return }
            if let bus, let token = busToken {
                if bus.needsSync { bus.sync() }
                loop.watchWritable(token, bus.connection.wantsWrite)
            }
            loop.arm(at: nextDeadline())
        }
        bus?.connection.flush()
    }

    func nextDeadline() -> Timestamp? {
        if sessionDeadline.isStale {
            var earliest: Timestamp?
            for s in sessions.values {
                if let d = s.nextDeadline, earliest.map({ d < $0 }) ?? true { earliest = d }
            }
            sessionDeadline.reset(to: earliest)
        }
        var next = sessionDeadline.value
        if let d = pacedReplay?.replay.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = children.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = control?.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = runner.intentWindows.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = runner.overlay.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = runner.underFinger.nextDeadline, next.map({ d < $0 }) ?? true { next = d }
        if let d = bus?.connection.deadline, next.map({ d < $0 }) ?? true { next = d }
        return next
    }

    func timerFired() {
        let now = MonotonicClock.now()
        for s in sessions.values where (s.nextDeadline.map { $0 <= now } ?? false) {
            carryOut(s.advance(to: now), s)
        }
        sessionDeadline.invalidate()
        playDueFrames(now: now)
        // A SIGCHLD taken by another thread would leave a child unreaped: every child has a
        // deadline armed, so looking here too bounds how late its exit can be noticed.
        children.reap()
        children.enforceTimeouts(now: now)
        control?.expireIdle(now: now)
        runner.intentWindows.expire(now: now)
        runner.underFinger.expire(now: now)
        runner.overlay.expire(now: now) { id in
            let seconds = TextFormat.number(runner.overlay.timeout.seconds)
            logger.warning("overlay: menu \(id) unanswered after \(seconds) s, dismissed ([quick-actions] menu-timeout)")
        }
        if let d = bus?.connection.deadline, d <= now { serviceBus() }
    }

    func handle(signal: Int32) {
        switch signal {
        case SIGCHLD:
            children.reap()
        case SIGHUP:
            reload()
        case SIGTERM, SIGINT:
            logger.info("stopping on signal \(signal)")
            // A reload's check would outlive the daemon: it is not waited for.
            reloading?.check.stop()
            let now = MonotonicClock.now()
            for session in sessions.values {
                saveLearned(session, at: now)
                session.releaseClaim()
            }
            // Supervised commands end with the daemon (SPEC §8); launched apps are not ours.
            if children.count > 0 {
                logger.info("ending \(children.count) running action(s)")
                children.terminateAll()
            }
            SystemdNotify.send("STOPPING=1")
            loop.stop()
        default:
            break
        }
    }
}
