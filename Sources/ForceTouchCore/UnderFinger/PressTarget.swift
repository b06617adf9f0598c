import ForceTouchProtocol

/// What a deep press was on, as the daemon decided from the looker's facts
/// (`PressTargetResolver`): the menu shows that thing's actions, and `MenuShown` and the
/// `menu-shown` event say what it was (docs/SPEC.md §11, "What is under the finger").
public struct PressTarget: Hashable, Sendable {
    public var kind: PressTargetKind
    /// The application of an `app-icon` or a `window`: its Desktop Entry.
    public var app: DesktopApplication?
    /// The app's name, or a link's text (its address when it has none).
    public var name: String
    /// The app's icon name; empty for a link or nothing.
    public var icon: String
    /// A link's address.
    public var address: String
    /// Why nothing was found, for `nothing`.
    public var why: String
    /// An app icon's open windows (`AppWindows`), each an item of its menu to switch to.
    public var windows: [PressTargetFacts.Window] = []
    /// What a press on text found (a word, an email address, a phone number, a date, a web
    /// address written as text): `kind` is its kind, `name` the text it spans, `address`
    /// its value (`TextFind.value`).
    public var text: TextFind?
    /// The Unicode scalars of the looker's text the find spans: what is highlighted.
    public var textRange: Range<Int>?
    /// The sentence (or run) the find was in: what a Create Event's summary says.
    public var context: String
    /// A word's definition, as the local dictionary server gave it (the daemon asks it
    /// before the menu shows: `DictClient`); empty when none was had.
    public var definition: String
    /// Where the definition came from (the server's banner and the database), or why there
    /// is none (`no dictionary server on 127.0.0.1:2628: install dictd and dict-wn`).
    public var dictionary: String
    /// The dictionary application a word's "Look Up in …" and its pop open (the installed
    /// one `DictionaryApplication` chooses); nil for another kind or when none is installed.
    public var dictionaryApp: DictionaryApplication?

    public init(kind: PressTargetKind, app: DesktopApplication? = nil, name: String = "", icon: String = "",
                address: String = "", why: String = "", text: TextFind? = nil, context: String = "") {
        self.kind = kind
        self.app = app
        self.name = name
        self.icon = icon
        self.address = address
        self.why = why
        self.text = text
        self.context = context
        self.definition = ""
        self.dictionary = ""
    }

    /// Nothing usable under the finger, and why: the configured menu shows.
    public static func nothing(_ why: String) -> PressTarget { PressTarget(kind: .nothing, why: why) }

    /// An application's icon (or its window): the app's name and icon head its menu.
    public static func app(_ kind: PressTargetKind, _ app: DesktopApplication) -> PressTarget {
        PressTarget(kind: kind, app: app, name: app.name, icon: app.icon ?? "")
    }

    /// The app's Desktop Entry id; empty without an app.
    public var appID: String { app?.id ?? "" }
}

/// The kinds of thing a press may be on. `[quick-actions] under-finger` lists those used.
public enum PressTargetKind: String, CaseIterable, Hashable, Sendable {
    /// An object that launches or stands for an installed application: a dock's or panel's
    /// launcher, an app grid's icon.
    case appIcon = "app-icon"
    case link
    /// An ordinary window: its app's quick actions, where the configuration asks.
    case window
    /// Text (AT-SPI's Text at the point), by what `TextDetection` found there: a word (Look
    /// Up), an email address, a phone number, a date, a web address written as plain text.
    case word, email, phone, date, url
    case nothing

    /// The kinds a press on text may be: the protocol's list (`UnderFingerKinds.text`), which the
    /// overlay also follows to read text only where one is used.
    public static let text: [PressTargetKind] = UnderFingerKinds.text.compactMap(PressTargetKind.init(rawValue:))
    /// What `under-finger` is when the file does not say: app icons and links. Text is
    /// listed to be used (`under-finger = ["app-icon", "link", "word", "email", "phone",
    /// "date", "url"]`): reading what a window shows is the user's to turn on.
    public static let defaultUsed: Set<PressTargetKind> = [.appIcon, .link]
    /// What `under-finger` may list.
    public static let configurable: [PressTargetKind] = [.appIcon, .link, .window] + text

    /// The kind of what a press on text found.
    public init(_ find: TextFind) {
        switch find {
        case .word: self = .word
        case .email: self = .email
        case .phone: self = .phone
        case .date: self = .date
        case .url: self = .url
        }
    }
}
