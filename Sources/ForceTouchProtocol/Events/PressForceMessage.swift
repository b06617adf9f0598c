/// A press's force against its device's thresholds, for forcetouch Settings' test areas: the
/// bus's `PressForce` signal (SPEC §9). Forces are in the device's units (an average touch is
/// 1, as `Gesture`'s `force`); a device without force sends 0 for each.
public struct PressForceMessage: Hashable, Sendable {
    /// `began` (touch down), `changed`, `ended` (lift).
    public var phase: String
    /// What the press reached so far: `""`, `peek`, `pop` or `haptic-touch`.
    public var stage: String
    public var force: Double
    /// The device's peek and pop at its sensitivity now, and the most force it can report.
    public var peek: Double
    public var pop: Double
    public var maximumPossibleForce: Double

    public init(phase: String, stage: String, force: Double, peek: Double, pop: Double, maximumPossibleForce: Double) {
        self.phase = phase
        self.stage = stage
        self.force = force
        self.peek = peek
        self.pop = pop
        self.maximumPossibleForce = maximumPossibleForce
    }
}
