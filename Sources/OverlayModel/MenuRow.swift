/// One row of a menu as the overlay draws it (`MenuContent`): an item of `MenuShown` with what
/// of it shows.
public struct MenuRow: Hashable, Sendable {
    /// The quick action's type, which `ChooseQuickAction` names: passed back whole.
    public var type: String
    public var title: String
    /// The second line; nil when none is drawn.
    public var subtitle: String?
    /// A theme icon's name, and an image file's path, which is tried first ("" for none).
    public var icon: String
    public var iconFile: String

    public init(type: String, title: String, subtitle: String?, icon: String, iconFile: String) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.icon = icon
        self.iconFile = iconFile
    }
}
