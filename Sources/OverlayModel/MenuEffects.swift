/// What an event asks of the overlay's glue beyond drawing the new state: the calls to the
/// daemon, and the items to forget when a new press starts.
public struct MenuEffects: Hashable, Sendable {
    /// The item to perform (`ChooseQuickAction`); the menu is already hidden.
    public var choose: Int?
    /// The menu to close on the daemon's side (`DismissMenu`).
    public var dismiss: UInt32?
    /// A new press began with no menu: the last menu's items go, and the press's output
    /// becomes the menu's.
    public var beganPress = false
    /// Something drawn changed: the window is shown, redrawn or hidden.
    public var redraw = false
    /// A press began: what is under the finger is looked up now, ready by peek.
    public var lookUp = false
    /// A press lifted after peek before its menu came: the glue sends `menuWaitOver` after
    /// `MenuInteraction.menuWait`, and keeps the window meanwhile (`MenuFrame.keepsWindow`).
    public var awaitMenu = false

    public init(choose: Int? = nil, dismiss: UInt32? = nil, beganPress: Bool = false, redraw: Bool = false,
                lookUp: Bool = false) {
        self.choose = choose
        self.dismiss = dismiss
        self.beganPress = beganPress
        self.redraw = redraw
        self.lookUp = lookUp
    }
}
