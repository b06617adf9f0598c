import FoundationEssentials

/// What a looker (forcetouch-overlay through AT-SPI, X11 and sway; the GNOME Shell
/// extension) found under a press, as it tells the daemon with `PressTarget(a{sv} facts)`
/// (docs/SPEC.md §11, "What is under the finger"), and as `forcetouch-overlay --what-is-at`
/// prints it. One type for both halves of the wire, as `BusSignal` is: the overlay writes it,
/// the daemon reads it, and the keys, their types and bounds are `Key`'s alone (the C gets
/// them as `FT_FACT_*` in bus-protocol.h). Every fact is optional: a looker says what it
/// knows, `why` what it did not, and the daemon's `PressTargetResolver` decides what the
/// press is on.
public struct PressTargetFacts: Encodable, Hashable, Sendable {
    /// The `x`, `y` of the `PressProgress` `began` the lookup was for, echoed exactly: an
    /// answer for an earlier press is told from the current one's by them.
    public var pressX: Double?
    public var pressY: Double?
    /// Who looked: `x11`, `sway`, `gnome-shell`, …
    public var source: String?
    /// Set only when the looker knows for sure: `app-icon`.
    public var kind: String?
    /// A Desktop Entry id, when the looker knows it exactly: `firefox-esr.desktop`.
    public var appID: String?
    /// The accessible object's role (`push button`, `link`), name and description.
    public var role: String?
    public var name: String?
    public var description: String?
    /// A link's URI.
    public var address: String?
    /// The window under the point: sway's app_id or X11's WM_CLASS class, its pid, title and
    /// type (`normal`, `dock`, `desktop`, `panel`…).
    public var windowAppID: String?
    public var windowPID: UInt32?
    public var windowTitle: String?
    public var windowType: String?
    /// Why nothing (or less) was found.
    public var why: String?
    /// The text around the point, where the object there is text (AT-SPI's Text): a bounded
    /// run an application gave, never a password field's. What it holds is the daemon's to
    /// decide (`TextDetection`).
    public var text: String?
    /// The character pressed in `text`, counted in Unicode scalars from its start.
    public var textOffset: UInt32?
    /// The windows open on the display, as the looker's compositor or X server lists them (at
    /// most `maximumWindows`): a deep press on an app's icon offers its app's to switch to.
    public var windows: [Window] = []
    /// What the application at the point answered AT-SPI, raw (the GNOME Shell extension's:
    /// it gathers, the daemon decides with `PointedObject`, `decidingAccessible()`): carried on
    /// the bus as the JSON of `AccessibleAnswer`, the format of the recorded observations.
    public var accessible: AccessibleAnswer?

    public init() {}

    /// One open window (`windows`): its id as the looker switches to it (an X window, a sway
    /// `con_id`), its app id (X11's `WM_CLASS` class, sway's `app_id`) and title, each bounded
    /// as every text.
    public struct Window: Encodable, Hashable, Sendable {
        public var id: UInt32
        public var appID: String
        public var title: String

        public init(id: UInt32, appID: String, title: String) {
            self.id = id
            self.appID = PressTargetFacts.bounded(appID)
            self.title = PressTargetFacts.bounded(title)
        }

        enum CodingKeys: String, CodingKey { case id, appID = "app-id", title }
    }

    /// The bus's keys, each with the one D-Bus type it must have; any other key is ignored.
    public enum Key: String, CaseIterable, Sendable {
        case pressX = "press-x", pressY = "press-y", source, kind, appID = "app-id", role, name, description, address
        case windowAppID = "window-app-id", windowPID = "window-pid", windowTitle = "window-title"
        case windowType = "window-type", why, text, textOffset = "text-offset"
        case windows, accessible

        /// `d` for the press's place, `u` for the pid, `a(uss)` for the windows (id, app id,
        /// title), `s` for every text and for `accessible` (its JSON).
        public var signature: String {
            switch self {
            case .pressX, .pressY: "d"
            case .windows: "a(uss)"
            case .windowPID, .textOffset: "u"
            default: "s"
            }
        }
    }

    /// The longest text kept, in Unicode scalars: longer ones are cut with `…`, as SPEC §11
    /// bounds what the overlay draws.
    public static let maximumTextLength = 500
    /// The longest `address`: a URI is not cut (a cut one opens another page), it is refused.
    public static let maximumAddressLength = 8192
    /// The most entries one call may carry; more is refused.
    public static let maximumEntries = 64
    /// The most `windows` one call may carry; more is refused.
    public static let maximumWindows = 64
    /// The longest `accessible`, in bytes: `maxPath` objects, each of three bounded texts, an
    /// address and its states; more is refused.
    public static let maximumAccessibleLength = 262_144

    /// Reads the facts of one call: unknown keys are ignored, a known key of another type or
    /// an address too long is refused with a sentence that names it, and texts are cut.
    public init(entries: [BusVariantEntry]) throws(PressTargetFactsError) {
        guard entries.count <= Self.maximumEntries else {
            throw PressTargetFactsError("\(entries.count) facts, more than \(Self.maximumEntries)")
        }
        for entry in entries {
            guard let key = Key(rawValue: entry.key) else { continue }
            guard entry.value.signature == key.signature else {
                throw PressTargetFactsError("\"\(entry.key)\" must be of type \(key.signature), not \(entry.value.signature)")
            }
            switch entry.value {
            case .double(let d):
                guard d.isFinite else { throw PressTargetFactsError("\"\(entry.key)\" must be a finite number") }
                if key == .pressX { pressX = d } else { pressY = d }
            case .uint32(let u): if key == .windowPID { windowPID = u } else { textOffset = u }
            case .string(let s): try set(key, s)
            case .windows(let list):
                guard list.count <= Self.maximumWindows else {
                    throw PressTargetFactsError("\"windows\" lists \(list.count) windows, more than \(Self.maximumWindows)")
                }
                windows = list.map { Window(id: $0.id, appID: $0.appID, title: $0.title) }
            case .bool, .other: break
            }
        }
    }

    private mutating func set(_ key: Key, _ value: String) throws(PressTargetFactsError) {
        if key == .accessible {
            accessible = try Self.accessibleAnswer(value)
            return
        }
        if key == .address {
            guard value.utf8.count <= Self.maximumAddressLength else {
                throw PressTargetFactsError("\"address\" is \(value.utf8.count) bytes, more than \(Self.maximumAddressLength)")
            }
            address = value.isEmpty ? nil : value
            return
        }
        let text = Self.bounded(value)
        self[text: key] = text.isEmpty ? nil : text
    }

    /// `accessible`'s JSON read: too long, not an `AccessibleAnswer`, or a path longer than
    /// `AccessibleAnswer.maxPath` is refused, saying where; each text is bounded as every
    /// text, and an address longer than `maximumAddressLength` is dropped, not cut.
    static func accessibleAnswer(_ json: String) throws(PressTargetFactsError) -> AccessibleAnswer {
        guard json.utf8.count <= maximumAccessibleLength else {
            throw PressTargetFactsError("\"accessible\" is \(json.utf8.count) bytes, more than \(maximumAccessibleLength)")
        }
        let answer: AccessibleAnswer
        do {
            answer = try ProtocolJSON.decode(AccessibleAnswer.self, from: Data(json.utf8))
        } catch {
            throw PressTargetFactsError("\"accessible\" is not an answer (toolkit, path): \(error)")
        }
        guard answer.path.count <= AccessibleAnswer.maxPath else {
            throw PressTargetFactsError("\"accessible\" has \(answer.path.count) objects, more than \(AccessibleAnswer.maxPath)")
        }
        return AccessibleAnswer(toolkit: bounded(answer.toolkit), path: answer.path.map { n in
            AccessibleNode(role: bounded(n.role), name: bounded(n.name), description: bounded(n.description),
                           uri: n.uri.flatMap { $0.utf8.count <= maximumAddressLength ? $0 : nil },
                           states: n.states.prefix(64).map { bounded($0) }, children: n.children)
        })
    }

    /// Why `accessible` is a partial answer (`PointedObject`'s ask again: a link without its
    /// address, a tree not built yet), or nil. The looker asked once, so it is taken as it is
    /// (`decidingAccessible()`); the daemon's debug log says so.
    public var partiality: String? {
        guard let answer = accessible, case .askAgain(let why) = PointedObject.decide(answer, lastChance: false)
        else { return nil }
        return why
    }

    /// These facts with `accessible` decided (`PointedObject`, its last chance: the looker asked
    /// once): the object the press is on gives `role`, `name`, `description` and, for a link,
    /// `address`, unless the looker gave them. Without `accessible`, the facts as they are.
    public func decidingAccessible() -> PressTargetFacts {
        guard let answer = accessible, !answer.path.isEmpty,
              case .object(let node, let address) = PointedObject.decide(answer, lastChance: true),
              answer.path.indices.contains(node)
        else { return self }
        var facts = self
        let object = answer.path[node]
        if facts.role == nil && facts.name == nil && facts.address == nil {
            facts.role = object.role.isEmpty ? nil : object.role
            facts.name = object.name.isEmpty ? nil : object.name
            facts.description = object.description.isEmpty ? nil : object.description
            facts.address = address
        }
        return facts
    }

    /// A text fact by its key (nil for the numbers).
    public subscript(text key: Key) -> String? {
        get {
            switch key {
            case .source: source
            case .kind: kind
            case .appID: appID
            case .role: role
            case .name: name
            case .description: description
            case .address: address
            case .windowAppID: windowAppID
            case .windowTitle: windowTitle
            case .windowType: windowType
            case .why: why
            case .text: text
            case .pressX, .pressY, .windowPID, .textOffset, .windows, .accessible: nil
            }
        }
        set {
            switch key {
            case .source: source = newValue
            case .kind: kind = newValue
            case .appID: appID = newValue
            case .role: role = newValue
            case .name: name = newValue
            case .description: description = newValue
            case .address: address = newValue
            case .windowAppID: windowAppID = newValue
            case .windowTitle: windowTitle = newValue
            case .windowType: windowType = newValue
            case .why: why = newValue
            case .text: text = newValue
            case .pressX, .pressY, .windowPID, .textOffset, .windows, .accessible: break
            }
        }
    }

    /// `text` cut to `maximumTextLength` Unicode scalars, the last one an ellipsis. Scalars,
    /// not characters: one character may hold any number of combining marks (`e` and 100,000
    /// accents), so a count of characters bounds nothing.
    public static func bounded(_ text: String) -> String {
        let scalars = text.unicodeScalars
        // Walks at most the bound, not the whole of a text of megabytes.
        guard let past = scalars.index(scalars.startIndex, offsetBy: maximumTextLength, limitedBy: scalars.endIndex),
              past != scalars.endIndex else { return text }
        return String(scalars[..<scalars.index(before: past)]) + "…"
    }

    /// Whether these facts answer the press that began at `x`, `y` (nil: the looker did not
    /// say, and the answer counts for the current press).
    public func answers(x: Double, y: Double) -> Bool {
        guard let pressX, let pressY else { return pressX == nil && pressY == nil }
        return pressX == x && pressY == y
    }

    /// As `--what-is-at` prints them: the bus's keys, only the facts known, numbers as the
    /// project writes them (`JSONNumber`).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encodeIfPresent(pressX.map(JSONNumber.init), forKey: .pressX)
        try c.encodeIfPresent(pressY.map(JSONNumber.init), forKey: .pressY)
        try c.encodeIfPresent(windowPID, forKey: .windowPID)
        try c.encodeIfPresent(textOffset, forKey: .textOffset)
        for key in Key.allCases { try c.encodeIfPresent(self[text: key], forKey: key) }
        if !windows.isEmpty { try c.encode(windows, forKey: .windows) }
        try c.encodeIfPresent(accessible, forKey: .accessible)
    }
}

extension PressTargetFacts.Key: CodingKey {}
