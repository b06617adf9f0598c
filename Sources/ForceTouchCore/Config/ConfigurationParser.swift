import ForceTouchEngine
import FoundationEssentials
import TOMLKit

/// Turns the text of `forcetouch.toml` into a `Configuration`, validating everything and
/// collecting every error rather than stopping at the first, so one run of
/// `forcetouchd --check-config` shows all that needs fixing.
///
/// What is invalid is dropped at the smallest sensible unit: a bad `[general]` or
/// `[gestures]` key keeps its default, a `[[device]]` or `[[binding]]` block with any
/// error is dropped whole (half a binding could fire where it should not), and a syntax
/// error leaves nothing to trust, so it yields the default configuration. Quick actions,
/// AssistiveTouch and `[control]` follow the same rules. Each block is its `Decodable`
/// type's to read (`decode`, through `BlockReader`); what spans blocks is `validate`'s.
struct ConfigurationParser {
    let text: String
    let file: String
    /// Built once the text has passed `TOMLScanner.check`.
    private(set) var map = TOMLSourceMap("")
    private var errors: [ConfigError] = []
    /// How files the configuration refers to (`import-plist`) are read, and users and
    /// groups (`[control]`) are found.
    let lookups: ConfigurationLookups
    /// The static quick-action types, once validated: what `perform` may name.
    var quickActionTypes: [String] = []
    /// The items `[quick-actions] import-plist` brought, before `validate` drops those
    /// whose type a block already has.
    var importedQuickActions: [ShortcutItem] = []
    /// Items from installed applications' Desktop Actions (`[quick-actions] desktop`), with their app.
    var desktopQuickActions: [(app: String, item: ShortcutItem)] = []
    /// The valid `[[intent]]` definitions, once parsed: what `intent` may name.
    var intentDefinitions: [IntentDefinition] = []

    init(text: String, file: String, lookups: ConfigurationLookups) {
        self.text = text
        self.file = file
        self.lookups = lookups
    }

    static let generalKeys = GeneralTable.keys
    static let gestureKeys = GestureOverrides.keys
    static let deviceKeys = DeviceRule.keys
    static let bindingKeys = Binding.keys

    /// Every table's one way in.
    var blockDecoder: ConfigBlockDecoder { ConfigBlockDecoder(file: file, map: map, lookups: lookups) }

    mutating func error(_ path: ConfigPath, _ message: String) {
        errors.append(ConfigError(file: file, line: map.line(of: path), key: path.description, message: message))
    }

    /// Something kept as written that is very likely not what was meant.
    mutating func warning(_ path: ConfigPath, _ message: String) {
        errors.append(ConfigError(file: file, line: map.line(of: path), key: path.description, message: message,
                                  severity: .warning))
    }

    /// The names whose blocks are parsed a chunk at a time (`TOMLBlockDocument`).
    static let blockNames: Set<String> = ["device", "quick-action", "binding"]

    mutating func parse() -> ConfigurationLoad {
        do {
            try TOMLScanner.check(text, file: file)
        } catch {
            return ConfigurationLoad(configuration: Configuration(), diagnostics: [error])
        }
        map = TOMLSourceMap(text)
        let start = self
        if let document = TOMLBlockDocument(text, elements: map.blockElements, names: Self.blockNames), let load = parse(document) { return load }
        // Not to be split, or a piece that does not parse alone: the whole file says what is wrong.
        self = start
        do {
            return parse(try TOMLBlockDocument(whole: text, file: file))!
        } catch {
            return ConfigurationLoad(configuration: Configuration(), diagnostics: [error])
        }
    }

    /// TOMLKit never frees a table (a `TOMLTable` has no deinit): each block's table is
    /// cleared once it is decoded, and the root once nothing reads it, so that the decoded
    /// blocks take the place of toml++'s tree rather than adding to it. Nil when one of the
    /// document's chunks does not parse on its own.
    private mutating func parse(_ document: TOMLBlockDocument) -> ConfigurationLoad? {
        let root = document.root
        var config = Configuration()
        _ = decode(RootTable.self, root, at: .root)
        if let t = table(root, "general"), let general = decode(GeneralTable.self, t, at: .root / "general") {
            config.general = general.settings
            if let s = general.sensitivity { config.gestures.sensitivity = s }
        }
        if let t = table(root, "gestures"), let overrides = decode(GestureOverrides.self, t, at: .root / "gestures") {
            let problem = overrides.thresholdProblem(over: config.gestures)
            config.gestures = overrides.applied(to: config.gestures)
            if let problem {
                error(.root / "gestures" / problem.key, problem.message)
                // Which of the two is wrong cannot be known; both fall back together.
                config.gestures.peekFraction = GestureSettings().peekFraction
                config.gestures.popFraction = GestureSettings().popFraction
            }
        }

        var quickActionBlocks: [(index: Int, item: ShortcutItem, ok: Bool)] = []
        // Exactly as many as there are blocks: a Binding is some 270 bytes, and an array
        // left to grow by doubling holds up to twice that, and both buffers while it grows.
        config.bindings.reserveCapacity(document.count(of: "binding") + (root["binding"]?.array?.count ?? 0))
        func take(_ name: String, _ index: Int, _ t: TOMLTable) {
            let path = ConfigPath.root.appending(name).appending(index: index)
            switch name {
            case "device":
                if var rule = decode(DeviceRule.self, t, at: path) {
                    (rule.index, rule.line) = (index, map.line(of: path))
                    config.devices.append(rule)
                }
            case "quick-action":
                // Kept even when something else is wrong, so `validate` still reports a repeated type.
                let (item, ok) = decoded(ShortcutItem.self, t, at: path, owner: .quickAction)
                if let item { quickActionBlocks.append((index, item, ok)) }
            default:
                if var binding = decode(Binding.self, t, at: path, owner: .binding) {
                    (binding.index, binding.line) = (index, map.line(of: path))
                    config.bindings.append(binding)
                }
            }
        }
        guard document.forEachBlock(take) else { return nil }
        for name in ["device", "quick-action", "binding"] where !document.splitNames.contains(name) {
            for (index, t) in blocks(root, name) {
                take(name, index, t)
                t.clear()
            }
        }

        if let v = root["intent"] {
            let (intents, intentErrors) = IntentConfigParser.parse(v, map: map, file: file)
            config.intents = intents
            intentDefinitions = intents
            errors += intentErrors
        }
        if let v = root["quick-actions"] {
            if v.type == .array {
                error(.root / "quick-actions", "write the settings as one [quick-actions] table; "
                    + "each item is a [[quick-action]] block")
            } else if let t = table(root, "quick-actions"),
                      let settings = decode(QuickActionSettingsTable.self, t, at: .root / "quick-actions")
            {
                apply(settings, to: &config)
            }
        }
        if let t = table(root, "assistive-touch") {
            config.assistiveTouch = decode(AssistiveTouch.self, t, at: .root / "assistive-touch", owner: .slot)
            config.assistiveTouch?.line = map.line(of: .root / "assistive-touch")
        }
        if let t = table(root, "control") {
            config.control = decode(ControlSettings.self, t, at: .root / "control") ?? ControlSettings()
        }
        root.clear()
        validate(&config, quickActionBlocks: quickActionBlocks)
        // Line order reads like the file; the sort is stable, so errors on one line keep
        // the order they were found in.
        let sorted = errors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
        return ConfigurationLoad(configuration: config, diagnostics: sorted.map(\.element))
    }

    /// The elements of an array of tables, with their 1-based index; errors for anything else.
    mutating func blocks(_ root: TOMLTable, _ key: String) -> [(Int, TOMLTable)] {
        guard let v = root[key] else { return [] }
        let (tables, problems) = blockDecoder.tables(
            v, at: .root / key, notArray: "write each block as [[\(key)]] (an array of tables), not [\(key)]",
            expected: "[[\(key)]] blocks")
        errors += problems
        return tables
    }

    /// The root's table at `key`; nil when absent or (an error) not a table.
    mutating func table(_ root: TOMLTable, _ key: String) -> TOMLTable? {
        guard let v = root[key] else { return nil }
        switch blockDecoder.table(v, at: .root / key) {
        case .success(let t): return t
        case .failure(let e):
            errors.append(e)
            return nil
        }
    }

    /// One table through its `Decodable` schema, every problem it finds recorded at its
    /// line (its coding path below `path`, found in the source map); nil when refused.
    mutating func decode<T: Decodable>(_ type: T.Type, _ t: TOMLTable, at path: ConfigPath,
                                       owner: Action.Owner? = nil) -> T? {
        decoded(type, t, at: path, owner: owner).value
    }

    /// `decode`, and whether the block had no error.
    mutating func decoded<T: Decodable>(_ type: T.Type, _ t: TOMLTable, at path: ConfigPath,
                                        owner: Action.Owner? = nil) -> (value: T?, ok: Bool) {
        let result = blockDecoder.decode(type, t, at: path, owner: owner)
        errors += result.problems
        return (result.value, result.ok)
    }
}
