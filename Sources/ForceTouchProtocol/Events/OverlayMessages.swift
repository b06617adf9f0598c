/// What the daemon tells a quick-action overlay (`forcetouch-overlay`, SPEC §11): the menu
/// shown at the finger, the press's progress, the menu dismissed. The bus's `MenuShown`,
/// `PressProgress` and `MenuDismissed` signals and the control socket's `menu-shown`,
/// `press-progress` and `menu-dismissed` events are made from these same values.

/// Where an overlay puts the menu: at a touchscreen's contact, or at the pointer.
public enum MenuPlacement: String, Codable, Hashable, Sendable {
    /// `x`, `y` are the contact on the touchscreen, normalized over the output it drives.
    case touch
    /// A touchpad or a pen tablet: the position on the device says nothing of the screen.
    case pointer
}

/// `{"event":"menu-shown",…}`: the quick-action menu an overlay draws at the finger.
public struct MenuShownMessage: Codable, Hashable, Sendable {
    public var event = "menu-shown"
    /// Names this menu in `menu-dismissed`; counts up while the daemon runs.
    public var id: UInt32
    public var items: [Item]
    /// 0...1 across the device, after its rotation.
    public var x: JSONNumber
    public var y: JSONNumber
    public var placement: MenuPlacement
    /// The output the touchscreen drives (the device's `output`); empty for the only or
    /// built-in one.
    public var output: String
    /// What the press was on (SPEC §11, "What is under the finger").
    public var target: Target

    /// What a menu is for: `kind` `app-icon`, `link`, `window`, `word`, `email`, `phone`,
    /// `date`, `url` or `nothing`; the app's id, name and icon name, the link's text and
    /// address, or the text found and its value; why nothing was found.
    public struct Target: Codable, Hashable, Sendable {
        public var kind: String
        public var appId: String
        public var name: String
        public var icon: String
        public var address: String
        public var why: String
        /// A word's definition, as the local dictionary server gave it; only for `word`.
        public var definition: String?
        /// Where the definition came from, or why there is none; only for `word`.
        public var dictionary: String?
        /// Where the text found begins and ends in the text the looker sent (Unicode scalars,
        /// as its `text-offset`); only for a target found in text.
        public var textStart: Int?
        public var textEnd: Int?

        public init(kind: String = "nothing", appId: String = "", name: String = "", icon: String = "",
                    address: String = "", why: String = "", definition: String? = nil, dictionary: String? = nil,
                    textStart: Int? = nil, textEnd: Int? = nil) {
            self.textStart = textStart
            self.textEnd = textEnd
            self.kind = kind
            self.appId = appId
            self.name = name
            self.icon = icon
            self.address = address
            self.why = why
            self.definition = definition
            self.dictionary = dictionary
        }
    }

    /// One item, with its icon as a freedesktop icon name or a file.
    public struct Item: Codable, Hashable, Sendable {
        public var type: String
        public var title: String
        public var subtitle: String
        /// An icon-theme name (`icon-symbol`, or `icon-type` mapped onto the theme); empty for none.
        public var icon: String
        /// `icon-file`; empty for none. Wins over `icon`.
        public var iconFile: String
        /// `static` or `dynamic`.
        public var kind: String

        public init(type: String, title: String, subtitle: String, icon: String, iconFile: String, kind: String) {
            self.type = type
            self.title = title
            self.subtitle = subtitle
            self.icon = icon
            self.iconFile = iconFile
            self.kind = kind
        }
    }

    public init(id: UInt32, items: [Item], x: Double, y: Double, placement: MenuPlacement, output: String,
                target: Target = Target()) {
        self.id = id
        self.target = target
        self.items = items
        self.x = JSONNumber(x)
        self.y = JSONNumber(y)
        self.placement = placement
        self.output = output
    }
}

/// `{"event":"press-progress",…}`: a press on a force-sensing device, as it goes: sent only
/// while an overlay is on the bus, at most 60 times a second, and for the finger that
/// chose from an open menu until it lifts (slide to select).
public struct PressProgressMessage: Codable, Hashable, Sendable {
    public var event = "press-progress"
    /// `began` (touch down), `changed`, `ended` (lifted) or `cancelled`.
    public var phase: String
    /// `""` before peek, then `peek`, then `pop`, as the deep-press recognizer decided.
    public var stage: String
    public var transitionProgress: JSONNumber
    public var commitProgress: JSONNumber
    public var x: JSONNumber
    public var y: JSONNumber
    public var placement: MenuPlacement
    public var output: String
    /// Whether the press is known to open something, so that its card may be drawn
    /// (`PreviewCondition`): false while what is under the finger is still being looked up, and
    /// for good on something with no menu when only its menu would show.
    public var preview: Bool

    public init(phase: String, stage: String, transitionProgress: Double, commitProgress: Double,
                x: Double, y: Double, placement: MenuPlacement, output: String, preview: Bool = true) {
        self.phase = phase
        self.stage = stage
        self.transitionProgress = JSONNumber(transitionProgress)
        self.commitProgress = JSONNumber(commitProgress)
        self.x = JSONNumber(x)
        self.y = JSONNumber(y)
        self.placement = placement
        self.output = output
        self.preview = preview
    }
}

/// `{"event":"menu-dismissed",…}`: the menu `id` is gone: an item was chosen, the overlay
/// dismissed it, a new menu replaced it, or the overlay left the bus.
public struct MenuDismissedMessage: Codable, Hashable, Sendable {
    public var event = "menu-dismissed"
    public var id: UInt32
    /// `chosen`, `dismissed`, `replaced` or `overlay-gone`.
    public var reason: String

    public init(id: UInt32, reason: String) {
        self.id = id
        self.reason = reason
    }
}
