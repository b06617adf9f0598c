/// A quick action: the Linux twin of UIApplicationShortcutItem (SPEC §5).
///
/// Static items come from the configuration (`[[quick-action]]`, `import-plist`); dynamic
/// ones are set at run time through `ShortcutStore`. Build one with `validated(…)` (or the
/// parsers and importers, which use it) to get SPEC's refusal rules; the memberwise
/// initializer trusts its caller. Its JSON (ShortcutJSON) is the synthesized encoding:
/// `subtitle`, `icon` and `action` left out when absent, `userInfo` always written.
public struct ShortcutItem: Hashable, Sendable, Encodable {
    /// What identifies the item: `forcectl perform TYPE`, `perform = "TYPE"`. Unique among
    /// the items of a store. Never empty.
    public var type: String
    /// The line shown in the menu. Never empty, one line.
    public var title: String
    public var subtitle: String?
    public var icon: ShortcutIcon?
    public var userInfo: [String: ShortcutValue]
    /// What performing the item runs; nil to only tell subscribers (who play the app
    /// delegate's `performActionFor` part).
    public var action: Action?

    public init(type: String, title: String, subtitle: String? = nil, icon: ShortcutIcon? = nil,
                userInfo: [String: ShortcutValue] = [:], action: Action? = nil) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.icon = icon
        self.userInfo = userInfo
        self.action = action
    }
}

/// An item's icon. An item given several keeps one: a file wins over a symbol, which wins
/// over a system icon (SPEC §5), as UIApplicationShortcutItemIconFile wins in an Info.plist.
public enum ShortcutIcon: Hashable, Sendable {
    case system(SystemIcon)
    /// A symbol name (SF Symbols on iOS; an icon-theme name such as `edit-copy` here).
    case symbol(String)
    /// A path to an image file.
    case file(String)

    /// An icon as the three fields `validated` takes.
    static func fields(_ icon: ShortcutIcon?) -> (type: String?, file: String?, symbol: String?) {
        switch icon {
        case .system(let s): (s.rawValue, nil, nil)
        case .symbol(let s): (nil, nil, s)
        case .file(let f): (nil, f, nil)
        case nil: (nil, nil, nil)
        }
    }

    /// The icon that wins among those given.
    public static func preferred(file: String?, symbol: String?, system: SystemIcon?) -> ShortcutIcon? {
        if let file { return .file(file) }
        if let symbol { return .symbol(symbol) }
        return system.map(ShortcutIcon.system)
    }
}

/// A user-info value: like UIApplicationShortcutItem's userInfo, which must be
/// property-list values, but only the scalars a script can use from JSON.
public enum ShortcutValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
}

/// Where an item in the menu came from, as `forcectl shortcuts list` marks it.
public enum ShortcutKind: String, Hashable, Sendable, Codable {
    case `static`
    case dynamic
}

/// The fields of an item, named for the messages of the three places items come from.
public enum ShortcutField: String, Hashable, Sendable, CaseIterable {
    case type, title, subtitle, iconType, iconFile, iconSymbol, userInfo

    /// The `[[quick-action]]` key.
    public var configKey: String {
        switch self {
        case .type: "type"
        case .title: "title"
        case .subtitle: "subtitle"
        case .iconType: "icon-type"
        case .iconFile: "icon-file"
        case .iconSymbol: "icon-symbol"
        case .userInfo: "user-info"
        }
    }

    /// The key of the JSON the control socket speaks (the three icon fields are `icon`).
    public var jsonKey: String {
        switch self {
        case .type: "type"
        case .title: "title"
        case .subtitle: "subtitle"
        case .iconType: "icon.type"
        case .iconFile: "icon.file"
        case .iconSymbol: "icon.symbol"
        case .userInfo: "userInfo"
        }
    }

    /// The Info.plist key.
    public var plistKey: String {
        switch self {
        case .type: "UIApplicationShortcutItemType"
        case .title: "UIApplicationShortcutItemTitle"
        case .subtitle: "UIApplicationShortcutItemSubtitle"
        case .iconType: "UIApplicationShortcutItemIconType"
        case .iconFile: "UIApplicationShortcutItemIconFile"
        case .iconSymbol: "UIApplicationShortcutItemIconSymbolName"
        case .userInfo: "UIApplicationShortcutItemUserInfo"
        }
    }
}

/// Why an item was refused: the field at fault and what is wrong with it.
public struct ShortcutProblem: Hashable, Sendable {
    public var field: ShortcutField
    public var message: String

    public init(_ field: ShortcutField, _ message: String) {
        self.field = field
        self.message = message
    }
}

extension ShortcutItem {
    /// SPEC §5's rules for an item as written, shared by the configuration, the Info.plist
    /// importer and the control socket: a type and a title, both present, not blank and one
    /// line (the menu program reads one title a line; a type is an identifier); an icon
    /// type that is one of the 29; icon file and symbol not empty. User-info values are
    /// typed by then (each source refuses the values it cannot hold).
    /// - Returns: the item, or every problem found.
    public static func validated(type: String?, title: String?, subtitle: String? = nil,
                                 iconType: String? = nil, iconFile: String? = nil, iconSymbol: String? = nil,
                                 userInfo: [String: ShortcutValue] = [:], action: Action? = nil)
        -> Result<ShortcutItem, ShortcutProblems>
    {
        var problems: [ShortcutProblem] = []
        func required(_ value: String?, _ field: ShortcutField) -> String? {
            guard let value else { problems.append(.init(field, "is required")); return nil }
            guard !value.allSatisfy(\.isWhitespace) else {
                problems.append(.init(field, "must not be empty")); return nil
            }
            guard !value.contains(where: \.isNewline) else {
                problems.append(.init(field, "must be one line")); return nil
            }
            return value
        }
        let type = required(type, .type)
        let title = required(title, .title)
        var system: SystemIcon?
        if let iconType {
            system = SystemIcon(name: iconType)
            if system == nil { problems.append(.init(.iconType, unknownIconMessage(iconType))) }
        }
        if let iconFile, iconFile.isEmpty { problems.append(.init(.iconFile, "must not be empty")) }
        if let iconSymbol, iconSymbol.isEmpty { problems.append(.init(.iconSymbol, "must not be empty")) }
        guard problems.isEmpty, let type, let title else { return .failure(ShortcutProblems(problems)) }
        let icon = ShortcutIcon.preferred(file: iconFile, symbol: iconSymbol, system: system)
        return .success(ShortcutItem(type: type, title: title, subtitle: subtitle, icon: icon,
                                     userInfo: userInfo, action: action))
    }

    /// The rules of `validated` applied to an item built some other way.
    public var problems: [ShortcutProblem] {
        let icon = ShortcutIcon.fields(icon)
        switch ShortcutItem.validated(type: type, title: title, subtitle: subtitle, iconType: icon.type,
                                      iconFile: icon.file, iconSymbol: icon.symbol) {
        case .success: return []
        case .failure(let p): return p.problems
        }
    }

    /// `unknown icon type "composer"; did you mean "compose"?`, else the list of icons, in
    /// the spelling of the source: config names, or the iOS constants of an Info.plist.
    static func unknownIconMessage(_ name: String, iOSNames: Bool = false) -> String {
        let message = "unknown icon type \"\(name)\"; "
        let names = SystemIcon.allCases.map { iOSNames ? $0.iOSName : $0.rawValue }
        if let near = KeyNames.nearest(name, in: names) { return message + "did you mean \"\(near)\"?" }
        if iOSNames {
            let suffixes = names.map { String($0.dropFirst("UIApplicationShortcutIconType".count)) }
            return message + "expected UIApplicationShortcutIconType followed by one of " + suffixes.joined(separator: ", ")
        }
        return message + "the system icons are " + names.joined(separator: ", ")
    }
}

/// The problems of one refused item, as an error.
public struct ShortcutProblems: Error, Hashable, Sendable {
    public var problems: [ShortcutProblem]
    public init(_ problems: [ShortcutProblem]) { self.problems = problems }
}

/// A refused item or store operation, in words a user can act on: it names the item (by
/// type, else by position) and says why.
public struct ShortcutError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
