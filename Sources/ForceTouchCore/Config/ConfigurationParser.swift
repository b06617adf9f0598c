import Foundation
import TOMLKit

/// Turns the text of `forcetouch.toml` into a `Configuration`, validating everything and
/// collecting every error rather than stopping at the first, so one run of
/// `forcetouchd --check-config` shows all that needs fixing.
///
/// What is invalid is dropped at the smallest sensible unit: a bad `[general]` or
/// `[gestures]` key keeps its default, a `[[device]]` or `[[binding]]` block with any
/// error is dropped whole (half a binding could fire where it should not), and a syntax
/// error leaves nothing to trust, so it yields the default configuration. Quick actions,
/// AssistiveTouch and `[control]` follow the same rules (ConfigurationParser+QuickActions).
struct ConfigurationParser: TOMLReader {
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

    static let rootKeys = [
        "general", "gestures", "device", "binding", "quick-action", "quick-actions", "assistive-touch", "control",
        "intent",
    ]
    static let generalKeys = GeneralTable.keys
    static let gestureKeys = GestureOverrides.keys
    static let deviceKeys = DeviceRule.keys
    static let bindingKeys = [
        "gesture", "phase", "stage", "fingers", "device", "region", "min-force", "timeout",
    ] + Action.keys + Action.qualifiers

    mutating func error(_ path: ConfigPath, _ message: String) {
        errors.append(ConfigError(file: file, line: map.line(of: path), key: path.description, message: message))
    }

    /// Something kept as written that is very likely not what was meant.
    mutating func warning(_ path: ConfigPath, _ message: String) {
        errors.append(ConfigError(file: file, line: map.line(of: path), key: path.description, message: message,
                                  severity: .warning))
    }

    mutating func parse() -> ConfigurationLoad {
        let root: TOMLTable
        do {
            root = try TOMLScanner.parse(text, file: file)
        } catch {
            return ConfigurationLoad(configuration: Configuration(), diagnostics: [error])
        }
        map = TOMLSourceMap(text)

        var config = Configuration()
        _ = checkKeys(root, .root, allowed: Self.rootKeys) { key in
            // A key written above every table header lands in the root: say where it belongs.
            if Self.generalKeys.contains(key) { return "\"\(key)\" belongs under [general]" }
            if Self.gestureKeys.contains(key) { return "\"\(key)\" belongs under [gestures]" }
            return nil
        }
        if let v = root["general"], let t = table(v, .root / "general"),
           let general = decode(GeneralTable.self, t, at: .root / "general")
        {
            config.general = general.settings
            if let s = general.sensitivity { config.gestures.sensitivity = s }
        }
        if let v = root["gestures"], let t = table(v, .root / "gestures"),
           let overrides = decode(GestureOverrides.self, t, at: .root / "gestures")
        {
            let problem = overrides.thresholdProblem(over: config.gestures)
            config.gestures = overrides.applied(to: config.gestures)
            if let problem {
                error(.root / "gestures" / problem.key, problem.message)
                // Which of the two is wrong cannot be known; both fall back together.
                config.gestures.peekFraction = GestureSettings().peekFraction
                config.gestures.popFraction = GestureSettings().popFraction
            }
        }
        for (index, t) in blocks(root, "device") {
            let path = ConfigPath.root.appending("device").appending(index: index)
            if var rule = decode(DeviceRule.self, t, at: path) {
                (rule.index, rule.line) = (index, map.line(of: path))
                config.devices.append(rule)
            }
        }
        if let v = root["intent"] {
            let (intents, intentErrors) = IntentConfigParser.parse(v, map: map, file: file)
            config.intents = intents
            intentDefinitions = intents
            errors += intentErrors
        }
        var quickActionBlocks: [(index: Int, item: ShortcutItem, ok: Bool)] = []
        for (index, t) in blocks(root, "quick-action") {
            if let (item, ok) = parseQuickAction(t, index: index) { quickActionBlocks.append((index, item, ok)) }
        }
        if let v = root["quick-actions"] {
            if v.type == .array {
                error(.root / "quick-actions", "write the settings as one [quick-actions] table; "
                    + "each item is a [[quick-action]] block")
            } else if let t = table(v, .root / "quick-actions") {
                parseQuickActionSettings(t, into: &config)
            }
        }
        for (index, t) in blocks(root, "binding") {
            if let binding = parseBinding(t, index: index) { config.bindings.append(binding) }
        }
        if let v = root["assistive-touch"], let t = table(v, .root / "assistive-touch") {
            config.assistiveTouch = parseAssistiveTouch(t)
        }
        if let v = root["control"], let t = table(v, .root / "control") {
            config.control = parseControl(t)
        }
        validate(&config, quickActionBlocks: quickActionBlocks)
        // Line order reads like the file; the sort is stable, so errors on one line keep
        // the order they were found in.
        let sorted = errors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
        return ConfigurationLoad(configuration: config, diagnostics: sorted.map(\.element))
    }

    /// The elements of an array of tables, with their 1-based index; errors for anything else.
    mutating func blocks(_ root: TOMLTable, _ key: String) -> [(Int, TOMLTable)] {
        guard let v = root[key] else { return [] }
        let path = ConfigPath.root / key
        guard let array = v.array else {
            if v.type == .table {
                error(path, "write each block as [[\(key)]] (an array of tables), not [\(key)]")
            } else {
                typeError(path, expected: "[[\(key)]] blocks", found: v)
            }
            return []
        }
        var out: [(Int, TOMLTable)] = []
        for (i, element) in array.enumerated() {
            if let t = table(element, path.appending(index: i + 1)) { out.append((i + 1, t)) }
        }
        return out
    }

    /// One block through its `Decodable` schema, every problem it finds recorded at its
    /// line (its coding path below `path`, found in the source map); nil when refused.
    mutating func decode<T: Decodable>(_ type: T.Type, _ t: TOMLTable, at path: ConfigPath,
                                       owner: Action.Owner? = nil) -> T? {
        let sink = BlockReader.Sink()
        var decoder = TOMLDecoder()
        decoder.userInfo[BlockReader.Sink.key] = sink
        decoder.userInfo[Action.ownerKey] = owner
        var value: T?
        var other: (ConfigPath, String)?
        do { value = try decoder.decode(T.self, from: t) } catch is BlockReader.Refused {} catch {
            other = Self.problem(error)
        }
        for p in sink.problems {
            let at = ConfigPath(path.components + Self.components(p.path))
            if p.isWarning { warning(at, p.message) } else { error(at, p.message) }
        }
        if let (at, message) = other { self.error(ConfigPath(path.components + at.components), message) }
        return value
    }

    // MARK: - [[binding]]

    private mutating func parseBinding(_ t: TOMLTable, index: Int) -> Binding? {
        let path = ConfigPath.root.appending("binding").appending(index: index)
        var ok = checkKeys(t, path, allowed: Self.bindingKeys)
        func check<T>(_ value: T?) -> T? {
            if value == nil { ok = false }
            return value
        }

        var gesture: GestureKind?
        if let v = t["gesture"] {
            gesture = check(name(v, path / "gesture", GestureKind.allCases, what: "gesture"))
        } else {
            error(path, "needs \"gesture\": \(Self.list(GestureKind.allCases.map(\.rawValue)))")
            ok = false
        }

        var stage: DeepPressStage?
        if let v = t["stage"] {
            stage = check(name(v, path / "stage", [DeepPressStage.peek, .pop], what: "stage"))
            if let gesture, gesture != .deepPress {
                error(path / "stage", "only a deep-press has stages, not a \(gesture.rawValue)")
                ok = false
            }
        }

        var phase: GesturePhase?
        if let v = t["phase"], let p = check(name(v, path / "phase", GesturePhase.allCases, what: "phase")) {
            phase = p
            if let gesture {
                let possible = Binding.phases(of: gesture)
                if !possible.contains(p) {
                    let phases = Self.list(possible.map(\.rawValue))
                    error(path / "phase", "a \(gesture.rawValue) is reported only as \(phases)")
                    ok = false
                } else if gesture == .deepPress, let stage, Binding.impliedStage(p) != stage {
                    // The engine reports peek as `began` and pop as `changed`: any other
                    // pairing would never fire.
                    let wanted = stage == .peek ? "began" : "changed"
                    error(path / "phase",
                          "the \(stage.rawValue) stage is reported in phase \"\(wanted)\", not \"\(p.rawValue)\"")
                    ok = false
                }
            }
        }

        var fingers: Int?
        if let v = t["fingers"], let n = check(integer(v, path / "fingers")) {
            if (1...10).contains(n) { fingers = n } else {
                error(path / "fingers", "must be from 1 to 10, not \(n)")
                ok = false
            }
        }

        var device: DeviceSelector?
        if let v = t["device"] { device = check(deviceSelector(v, path / "device")) }

        var region: Region?
        if let v = t["region"] { region = check(self.region(v, path / "region")) }

        var minimumForce: Double?
        if let v = t["min-force"], let f = check(number(v, path / "min-force")) {
            if f >= 0 { minimumForce = f } else {
                error(path / "min-force", "must not be negative, not \(TextFormat.number(f))")
                ok = false
            }
        }

        var timeout: Double?
        if let v = t["timeout"] { timeout = check(positive(v, path / "timeout")) }

        let action = check(self.action(t, path, owner: .binding).action)
        guard ok, let gesture, let action else { return nil }
        return Binding(gesture: gesture, phase: phase, stage: stage, fingers: fingers, device: device,
                       region: region, minimumForce: minimumForce, action: action, timeout: timeout,
                       index: index, line: map.line(of: path))
    }

    /// A `device` key: a class, a vendor:product id or a name glob.
    mutating func deviceSelector(_ v: TOMLValueConvertible, _ path: ConfigPath) -> DeviceSelector? {
        guard let s = string(v, path) else { return nil }
        guard !s.isEmpty else { error(path, "must not be empty"); return nil }
        do {
            return try DeviceSelector(s)
        } catch {
            self.error(path, error.message)
            return nil
        }
    }

    mutating func region(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Region? {
        let shape = "[x, y, width, height] in 0..1"
        guard let array = v.array else { typeError(path, expected: shape, found: v); return nil }
        guard array.count == 4 else { error(path, "expected \(shape), found \(array.count) values"); return nil }
        var n: [Double] = []
        for element in array {
            guard let d = number(element, path) else { return nil }
            n.append(d)
        }
        let r = Region(x: n[0], y: n[1], width: n[2], height: n[3])
        // A little slack so that [0.3333, 0, 0.6667, 1]-style thirds still add up to 1.
        let slack = 1e-9
        guard r.x >= 0, r.y >= 0, r.x <= 1, r.y <= 1 else {
            error(path, "x and y must be within 0..1"); return nil
        }
        guard r.width > 0, r.height > 0 else { error(path, "width and height must be greater than 0"); return nil }
        guard r.x + r.width <= 1 + slack, r.y + r.height <= 1 + slack else {
            error(path, "reaches past the edge: x + width and y + height must be at most 1"); return nil
        }
        return r
    }
}
