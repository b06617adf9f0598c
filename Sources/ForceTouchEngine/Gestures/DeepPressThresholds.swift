/// The peek and pop forces for one device, with the forces at which each re-arms.
public struct DeepPressThresholds: Hashable, Sendable {
    public let peek: Double
    public let pop: Double
    public let peekRearm: Double
    public let popRearm: Double

    public init(maximumPossibleForce mpf: Double, settings s: GestureSettings) {
        let scale = s.sensitivity.thresholdScale
        peek = min(s.peekFraction * mpf * scale, mpf)
        pop = min(max(s.popFraction * mpf * scale, peek), mpf)
        peekRearm = peek * s.hysteresis
        popRearm = pop * s.hysteresis
    }

    /// UIPreviewInteraction's transitionProgress: 0 at no force, 1 at peek.
    public func transitionProgress(_ force: Double) -> Double {
        peek > 0 ? min(max(force / peek, 0), 1) : 1
    }

    /// commitProgress: 0 at peek, 1 at pop.
    public func commitProgress(_ force: Double) -> Double {
        pop > peek ? min(max((force - peek) / (pop - peek), 0), 1) : (force >= pop ? 1 : 0)
    }
}
