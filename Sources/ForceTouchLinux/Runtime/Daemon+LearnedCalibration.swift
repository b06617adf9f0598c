import ForceTouchCore
import ForceTouchEngine
import Logging

// What auto-calibration learns: saved when worth it, forgotten when asked.
extension Daemon {
    /// Writes what the session's device learned since its last save, at `t` on the device's
    /// clock. Called when a read says it is worth it, and when the device goes or the daemon
    /// stops.
    func saveLearned(_ s: DeviceSession, at t: Timestamp) {
        guard let file = calibrationFile, s.hasUnsavedTouches else { return }
        let learned = s.engine.learned
        let moved = learned.average != s.savedLearned.average
        do {
            try file.update(s.description, learned)
            s.learnedSaved(at: t)
            if moved, let average = learned.average {
                logger.info("device \(s.node.devnode) \"\(s.name)\": learned average touch \(TextFormat.number(average)) raw from \(learned.touches) touches")
            }
        } catch {
            logger.error("\(file.path): cannot save the learned calibration: \(error)")
            // Tried again when a made save would be, not at every read: a file that cannot
            // be written now would fail each time.
            s.learnedSaved(at: t)
        }
    }

    /// `forcectl calibration reset DEVICE`: forgets what was learned of every device whose
    /// node, name or vendor:product is `device`, present or not. Returns the names.
    func resetLearned(_ device: String) throws(SystemError) -> [String] {
        var names: [String] = []
        for s in sessions.values.sorted(by: { $0.node.devnode < $1.node.devnode })
        where s.node.devnode == device || s.name == device || s.description.id.vendorProduct == device {
            s.forgetLearned(configuration, database: database)
            sessionDeadline.invalidate()
            names.append(s.name)
            logCapability(s, verb: "calibration reset")
            bus?.needsSync = true
        }
        if let file = calibrationFile {
            names += try file.forget { $0.name == device || $0.id == device || names.contains($0.name) }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
