import ForceTouchCore
import ForceTouchEngine
import Logging

// The haptic tick at peek, at pop and at a Haptic Touch (`HapticFeedback`).
extension Daemon {
    /// Chooses where ticks play (at start, when devices come and go, after a reload) and says
    /// it in the log when it changed.
    func chooseHaptics() {
        haptics.feedbackdChanged = { [unowned self] in self.chooseHaptics() }
        let touch = Set(sessions.keys)
        if let line = haptics.choose(configuration.general.haptics, bus: bus?.connection, touchDevices: touch) {
            logger.info("\(line)")
        }
    }

    /// The tick a gesture is felt as, played before its actions start: only where the press
    /// does something (its device binds deep presses, or the gesture has dispatches, as a
    /// Haptic Touch's menu), so that a press that does nothing is not felt as one that does.
    @inline(__always)
    func tickHaptics(_ output: PipelineOutput, _ session: DeviceSession) {
        guard let tick = HapticTick(output.gesture) else { return }
        guard session.pipeline.bindsDeepPress || !output.dispatches.isEmpty else { return }
        haptics.tick(tick)
    }
}
