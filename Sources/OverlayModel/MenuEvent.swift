/// What reaches the menu: the daemon's three signals (SPEC §11) and the user's input on the
/// overlay's own surface.
public enum MenuEvent: Hashable, Sendable {
    /// `PressProgress`: the press that may open a menu, or the finger of an open one, moved on.
    /// `x`, `y` are the finger's place across the output (0…1); `ended` is `ended` or
    /// `cancelled`; `atPointer` is the `pointer` placement (a touchpad's or a pen's press,
    /// whose place says nothing of the screen); `preview`: the press is known to open something,
    /// so that its card may be drawn (false: it is followed, and nothing is drawn for it);
    /// `began`: its phase is `began`, the press's first; `cancelled`: its phase is `cancelled`
    /// (the daemon shows nothing for it: no menu is coming).
    case progress(ended: Bool, stage: PressStage, transition: Double, commit: Double, x: Double, y: Double,
                  atPointer: Bool, preview: Bool = true, began: Bool = false, cancelled: Bool = false)
    /// `MenuShown`: menu `id` of `items` rows, for the finger at `x`, `y` (0…1); `link`: its
    /// target is a link, previewed above its actions; `heading`: its target is an app (an app's
    /// icon or a window), whose icon and name head the rows.
    case shown(id: UInt32, items: Int, x: Double, y: Double, atPointer: Bool, link: LinkTarget? = nil,
               heading: Bool = false)
    /// `MenuDismissed` for menu `id`.
    case dismissed(id: UInt32)
    /// A click or a touch lifted on the overlay's surface, at window pixels `x`, `y`.
    case released(x: Double, y: Double)
    /// The Escape key.
    case escape
    /// The daemon's name lost its owner, or another process took it: whatever it asked to show
    /// goes, and nothing is said to it (it is gone; a new owner never saw this menu).
    case daemonGone
    /// `MenuInteraction.menuWait` has passed since a lift asked the glue to wait for its menu
    /// (`MenuEffects.awaitMenu`).
    case menuWaitOver

    /// `PressProgress`'s arguments as the bus carries them.
    public static func progress(phase: String, stage: String, transition: Double, commit: Double, x: Double,
                                y: Double, placement: String, preview: Bool = true) -> MenuEvent {
        .progress(ended: phase == "ended" || phase == "cancelled", stage: PressStage(bus: stage),
                  transition: transition, commit: commit, x: x, y: y, atPointer: placement == "pointer",
                  preview: preview, began: phase == "began", cancelled: phase == "cancelled")
    }
}
