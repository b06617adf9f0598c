/// The quick actions the daemon knows: static items from the configuration and dynamic
/// ones set at run time, with the operations of `UIApplication.shortcutItems` and
/// UIMutableApplicationShortcutItem, and the menu the user sees.
///
/// A value: the daemon keeps one, applies an operation, and — when it succeeded — writes
/// `encodeDynamic()` to disk. Every operation either succeeds whole or throws and changes
/// nothing.
///
/// Types are unique across static and dynamic items together, so `perform TYPE` always
/// means one item: a dynamic item may not take a static item's type.
public struct ShortcutStore: Hashable, Sendable {
    /// From the configuration, in its order. Read-only at run time: change the file.
    public private(set) var staticItems: [ShortcutItem]
    /// Set at run time, in the order given.
    public internal(set) var dynamicItems: [ShortcutItem]
    /// Most items the menu shows (SPEC §5: 4, as on iOS).
    public var maximumMenuItems: Int
    /// Most dynamic items kept, a bound on what a client of the control socket can make
    /// the daemon store. Far above what the menu shows: the rest wait for a slot.
    public var maximumDynamicItems: Int

    public static let defaultMaximumMenuItems = 4
    public static let defaultMaximumDynamicItems = 64

    public init(staticItems: [ShortcutItem] = [], dynamicItems: [ShortcutItem] = [],
                maximumMenuItems: Int = ShortcutStore.defaultMaximumMenuItems,
                maximumDynamicItems: Int = ShortcutStore.defaultMaximumDynamicItems) {
        self.staticItems = staticItems
        self.dynamicItems = []
        self.maximumMenuItems = maximumMenuItems
        self.maximumDynamicItems = maximumDynamicItems
        let staticTypes = Set(staticItems.map(\.type))
        var seen: Set<String> = []
        self.dynamicItems = dynamicItems.filter { !staticTypes.contains($0.type) && seen.insert($0.type).inserted }
    }

    /// The store for a configuration: its static items and menu size.
    public init(configuration: Configuration, dynamicItems: [ShortcutItem] = []) {
        self.init(staticItems: configuration.quickActions, dynamicItems: dynamicItems,
                  maximumMenuItems: configuration.quickActionSettings.maximumMenuItems)
    }

    // MARK: - Reading

    /// One entry of the menu or of a listing.
    public struct Entry: Hashable, Sendable {
        public var item: ShortcutItem
        public var kind: ShortcutKind

        public init(item: ShortcutItem, kind: ShortcutKind) {
            self.item = item
            self.kind = kind
        }
    }

    /// Every item, static first, then dynamic, each in order.
    public var allItems: [Entry] {
        staticItems.map { Entry(item: $0, kind: .static) } + dynamicItems.map { Entry(item: $0, kind: .dynamic) }
    }

    /// What the menu shows: the first `maximumMenuItems` of `allItems`. As on iOS, static
    /// items come first, so dynamic items only appear in the slots static ones leave free.
    public var menu: [Entry] { Array(allItems.prefix(max(0, maximumMenuItems))) }

    /// The lines handed to the menu program: the menu's titles, one each.
    public var menuLines: [String] { menu.map(\.item.title) }

    /// The menu entry a menu program's output chose: the first whose title is the output's
    /// first line (trailing spaces and the newline ignored). Nil for no output, which is a
    /// cancel, or a line matching no title (a menu that lets the user type free text).
    public func menuChoice(_ output: String) -> Entry? {
        let line = output.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first
            .map { String($0.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()) } ?? ""
        guard !line.isEmpty else { return nil }
        return menu.first { $0.item.title == line }
    }

    /// The item of a type, static or dynamic, whether or not the menu shows it: `perform`
    /// reaches every item.
    public func item(type: String) -> Entry? {
        if let s = staticItems.first(where: { $0.type == type }) { return Entry(item: s, kind: .static) }
        if let d = dynamicItems.first(where: { $0.type == type }) { return Entry(item: d, kind: .dynamic) }
        return nil
    }

    // MARK: - Dynamic operations

    /// What `add` did.
    public enum AddResult: String, Hashable, Sendable {
        /// Appended at the end.
        case added
        /// A dynamic item of that type existed: replaced where it stood.
        case replaced
    }

    /// Replaces every dynamic item (`shortcutItems = […]`). All or nothing.
    public mutating func setDynamic(_ items: [ShortcutItem]) throws(ShortcutError) {
        guard items.count <= maximumDynamicItems else {
            throw ShortcutError("\(items.count) dynamic items are more than the \(maximumDynamicItems) kept")
        }
        var seen: Set<String> = []
        for (i, item) in items.enumerated() {
            try check(item, position: i + 1)
            guard seen.insert(item.type).inserted else {
                throw ShortcutError("item \(i + 1) (\"\(item.type)\"): another item in the list has the same type")
            }
        }
        dynamicItems = items
    }

    /// Adds one dynamic item at the end. Adding a type that a dynamic item already has
    /// replaces that item in place: running the same `forcectl shortcuts add` twice leaves
    /// one item, not an error or a duplicate. A static item's type is refused.
    @discardableResult
    public mutating func add(_ item: ShortcutItem) throws(ShortcutError) -> AddResult {
        try check(item, position: nil)
        if let i = dynamicItems.firstIndex(where: { $0.type == item.type }) {
            dynamicItems[i] = item
            return .replaced
        }
        guard dynamicItems.count < maximumDynamicItems else {
            throw ShortcutError("dynamic item \"\(item.type)\": already \(maximumDynamicItems) dynamic items, "
                + "the most kept; remove one first")
        }
        dynamicItems.append(item)
        return .added
    }

    /// Changes the fields the update sets on the dynamic item of that type and keeps the
    /// rest, like editing a UIMutableApplicationShortcutItem; the item keeps its place.
    @discardableResult
    public mutating func update(type: String, _ update: ShortcutUpdate) throws(ShortcutError) -> ShortcutItem {
        let i = try dynamicIndex(type, verb: "update")
        var item = dynamicItems[i]
        update.apply(to: &item)
        try check(item, position: nil)
        dynamicItems[i] = item
        return item
    }

    /// Removes the dynamic item of that type.
    @discardableResult
    public mutating func remove(type: String) throws(ShortcutError) -> ShortcutItem {
        let i = try dynamicIndex(type, verb: "remove")
        return dynamicItems.remove(at: i)
    }

    /// Removes every dynamic item; returns how many there were.
    @discardableResult
    public mutating func clear() -> Int {
        defer { dynamicItems = [] }
        return dynamicItems.count
    }

    /// Takes a new configuration's static items (a reload). A dynamic item whose type a
    /// static item now has gives way: it is dropped and returned, for the log.
    @discardableResult
    public mutating func replaceStaticItems(_ items: [ShortcutItem], maximumMenuItems: Int? = nil) -> [ShortcutItem] {
        staticItems = items
        if let maximumMenuItems { self.maximumMenuItems = maximumMenuItems }
        let types = Set(items.map(\.type))
        let dropped = dynamicItems.filter { types.contains($0.type) }
        dynamicItems.removeAll { types.contains($0.type) }
        return dropped
    }

    private func dynamicIndex(_ type: String, verb: String) throws(ShortcutError) -> Int {
        if let i = dynamicItems.firstIndex(where: { $0.type == type }) { return i }
        if staticItems.contains(where: { $0.type == type }) {
            throw ShortcutError("\"\(type)\" is a static item, from the configuration: "
                + "\(verb) it there and reload, or use a dynamic item")
        }
        throw ShortcutError("no dynamic item has type \"\(type)\"")
    }

    /// The item's own rules, and no clash with a static type.
    private func check(_ item: ShortcutItem, position: Int?) throws(ShortcutError) {
        let name = item.type.allSatisfy(\.isWhitespace)
            ? (position.map { "item \($0)" } ?? "dynamic item")
            : (position.map { "item \($0) (\"\(item.type)\")" } ?? "dynamic item \"\(item.type)\"")
        let problems = item.problems
        if !problems.isEmpty {
            throw ShortcutError(name + ": " + problems.map { "\($0.field.jsonKey) \($0.message)" }.joined(separator: "; "))
        }
        if staticItems.contains(where: { $0.type == item.type }) {
            throw ShortcutError(name + ": a static item from the configuration has this type; types must be unique")
        }
    }
}

/// The fields to change in a dynamic item, the UIMutableApplicationShortcutItem way: nil
/// leaves a field as it is. For the optional fields, `.some(nil)` removes the value.
public struct ShortcutUpdate: Hashable, Sendable {
    public var title: String?
    public var subtitle: String??
    public var icon: ShortcutIcon??
    /// Replaces the whole dictionary, as assigning `userInfo` does.
    public var userInfo: [String: ShortcutValue]?

    public init(title: String? = nil, subtitle: String?? = nil, icon: ShortcutIcon?? = nil,
                userInfo: [String: ShortcutValue]? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.icon = icon
        self.userInfo = userInfo
    }

    public var isEmpty: Bool { self == ShortcutUpdate() }

    public func apply(to item: inout ShortcutItem) {
        if let title { item.title = title }
        if let subtitle { item.subtitle = subtitle }
        if let icon { item.icon = icon }
        if let userInfo { item.userInfo = userInfo }
    }
}

extension ShortcutStore.Entry: Encodable {
    /// The item's fields and `kind`, in one object.
    public func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(kind, forKey: AnyKey("kind"))
    }
}
