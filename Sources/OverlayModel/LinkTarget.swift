/// A menu shown for a link (MenuShown's target of kind `link`, SPEC §11): it shows as iOS 13's
/// context menu, the link's preview above its actions, and pressing on to pop opens the link
/// through the row that opens it, so that popping and tapping Open are one path to the daemon.
public struct LinkTarget: Hashable, Sendable {
    /// The row pop chooses (`MenuContent.popRow`): the one that opens the link (the item of
    /// type `link.open`), or a word's Look Up in its dictionary application, if the menu has one.
    public var openRow: Int?
    /// Whether the preview has room for a rendering of the page: a preview is on and the
    /// overlay can render pages (WebKitGTK). Without one the card shows the title and address.
    public var page: Bool
    /// A word's Look Up card instead of a link's preview: its definition's height under the
    /// header (`LookUpCard.bodyHeight`), 0 for a link.
    public var definition: Double

    public init(openRow: Int?, page: Bool, definition: Double = 0) {
        self.openRow = openRow
        self.page = page
        self.definition = definition
    }
}
