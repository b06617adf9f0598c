import ForceTouchEngine

/// The moments a finger feels: as on iOS, the press that peeks, the press that pops, and a
/// Haptic Touch (a press held still on a screen without force) opening its menu.
public enum HapticTick: Hashable, Sendable, CaseIterable {
    case peek
    case pop
    case hapticTouch

    /// The tick `event` is felt as, if any: a deep press's peek (it began) and its pop (it
    /// crossed the pop threshold). A pop that re-arms and pops again ticks again, as the press
    /// is felt again. A Haptic Touch's events are not: its tick is played when its menu is
    /// known to show (`Daemon.carryOut`), as on plain content forcetouch stays out of the way.
    public init?(_ event: GestureEvent) {
        guard event.gesture == .deepPress, !event.hapticTouch else { return nil }
        switch (event.phase, event.stage) {
        case (.began, .peek): self = .peek
        case (.changed, .pop): self = .pop
        default: return nil
        }
    }
}
