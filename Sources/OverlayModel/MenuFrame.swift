/// One frame of the menu as the overlay draws it: what the glue paints, cuts the window to, and
/// logs with `--verbose` for the screenshots to be checked against.
public struct MenuFrame: Hashable, Sendable {
    /// Whether the window is shown at all.
    public var visible: Bool
    /// The menu shown, 0 while a press only previews one.
    public var menuID: UInt32
    public var growth: MenuGrowth
    /// The menu's card and rows; for a link, its actions' (under `link`'s preview).
    public var layout: MenuLayout
    /// A link's preview and its actions, for a menu shown for a link (`LinkTarget`).
    public var link: LinkPreviewLayout?
    /// The row under the sliding finger, if any.
    public var highlight: Int?
    /// The menu opens at the pointer: the glue passes the pointer's place with the next frame.
    public var atPointer: Bool
    /// Not visible, but the window stays mapped, drawn empty: a menu may still come for the
    /// press that lifted (`MenuInteraction.awaitingMenu`).
    public var keepsWindow = false
}
