/// How big the menu is drawn and how dark the rest of the output, from the press's progress:
/// it grows in towards peek, on towards pop, and stays full once popped or once the finger
/// lifted on an open menu (UIPreviewInteraction's two progresses).
public struct MenuGrowth: Hashable, Sendable {
    /// The menu's size as a fraction of its size at pop.
    public var scale: Double
    /// How much the rest of the output is dimmed, 0…0.45.
    public var dimming: Double

    /// Full size and full dimming: a menu open with no finger on it.
    public static let full = MenuGrowth(scale: 1, dimming: 0.45)

    public init(scale: Double, dimming: Double) {
        self.scale = scale
        self.dimming = dimming
    }

    /// Under a press at `stage`, `transition` (0…1 towards peek) and `commit` (0…1 from peek
    /// towards pop) along.
    public init(stage: PressStage, transition: Double, commit: Double) {
        switch stage {
        case .pop: self = .full
        case .peek: self.init(scale: 0.75 + 0.25 * commit, dimming: 0.3 + 0.15 * commit)
        case .towardsPeek: self.init(scale: 0.35 + 0.4 * transition, dimming: 0.3 * transition)
        }
    }
}
