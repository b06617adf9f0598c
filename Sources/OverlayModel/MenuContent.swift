import ForceTouchProtocol

/// What a `MenuShown` draws (SPEC §11, "What is under the finger"), decided from its dictionaries
/// as the bus carried them: the rows, and the app heading them, the link previewed above them or
/// the word's Look Up card above them.
/// The overlay's C glue passes the dictionaries on and draws what this says.
public struct MenuContent: Hashable, Sendable {
    /// The type of a link's Open item (the daemon's `PressTargetMenu.openLinkType`): pop chooses it.
    public static let openLinkType = "link.open"
    /// The type of a word's Look Up in Dictionary item (the daemon's
    /// `TextTargetMenu.lookUpInAppType`): pop chooses it.
    public static let lookUpInAppType = "text.look-up-app"
    /// The target kinds whose menu is an app's, headed by its name and icon.
    static let appKinds: Set<String> = ["app-icon", "window"]

    /// A link with an address: previewed above the rows, opened by pop.
    public struct Link: Hashable, Sendable {
        /// The link's address, whole: a cut one would fetch another page.
        public var address: String
        /// Its text, the preview's title until the page's own arrives.
        public var name: String
        /// The row that opens it (the last of type `link.open`), if any.
        public var openRow: Int?

        public init(address: String, name: String, openRow: Int?) {
            self.address = address
            self.name = name
            self.openRow = openRow
        }
    }

    public var rows: [MenuRow]
    public var heading: MenuHeading?
    public var link: Link?
    /// A word's card (a target of kind `word`): above the rows, as a link's preview.
    public var lookUp: LookUpCard?
    /// The row pop chooses: a link's Open (`link.openRow`), a word's Look Up in its
    /// dictionary application (the last item of type `text.look-up-app`); nil when there is
    /// none, and then pop chooses nothing.
    public var popRow: Int?
    /// What the press was on and its name, as the daemon said them ("" when it did not): logged.
    public var kind: String
    public var name: String

    /// The content of a menu whose target is `target` and whose items are `items` (those the
    /// menu has room for); a word's senses measured by `linesNeeded` (`LookUpCard.init`).
    public init(target: BusStrings, items: [BusStrings],
                linesNeeded: (String) -> Int = LookUpCard.estimatedLines) {
        kind = target[MenuTargetKey.kind.rawValue] ?? ""
        name = target[MenuTargetKey.name.rawValue] ?? ""
        let address = target[MenuTargetKey.address.rawValue] ?? ""
        let types = items.map { $0[MenuItemKey.type.rawValue] ?? "" }
        var heading: MenuHeading?
        if kind == "word", !name.isEmpty {
            lookUp = LookUpCard(word: name, definition: target[MenuTargetKey.definition.rawValue] ?? "",
                                dictionary: target[MenuTargetKey.dictionary.rawValue] ?? "", linesNeeded: linesNeeded)
            popRow = types.lastIndex(of: Self.lookUpInAppType)
        } else if kind == "link", !address.isEmpty {
            link = Link(address: address, name: name, openRow: types.lastIndex(of: Self.openLinkType))
            popRow = link?.openRow
        } else if Self.appKinds.contains(kind), !name.isEmpty, !items.isEmpty {
            heading = MenuHeading(title: name, icon: target[MenuTargetKey.icon.rawValue] ?? "")
        }
        self.heading = heading
        let card = lookUp
        rows = zip(items, types).map { item, type in
            let subtitle = item[MenuItemKey.subtitle.rawValue] ?? ""
            return MenuRow(type: type, title: item[MenuItemKey.title.rawValue] ?? "",
                           subtitle: Self.shows(subtitle: subtitle, under: heading, card: card) ? subtitle : nil,
                           icon: item[MenuItemKey.icon.rawValue] ?? "",
                           iconFile: item[MenuItemKey.iconFile.rawValue] ?? "")
        }
    }

    /// Under a heading, a subtitle that only names the app again is not drawn: the heading names
    /// it (the daemon keeps it for menus drawn without one). Under a word's card no subtitle is:
    /// the daemon's (the word, the definition's start) would repeat the card.
    static func shows(subtitle: String, under heading: MenuHeading?, card: LookUpCard? = nil) -> Bool {
        !subtitle.isEmpty && subtitle != heading?.title && card == nil
    }
}
