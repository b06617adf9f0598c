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
    static let generalKeys = ["sensitivity", "max-children", "action-timeout"]
    static let gestureKeys = [
        "tap-time", "tap-slop", "double-tap-time", "double-tap-distance", "long-press-time",
        "long-press-slop", "peek", "pop", "hysteresis", "deep-press-time", "deep-press-slop",
    ]
    static let deviceKeys = [
        "match-name", "match-id", "match-class", "rotation", "calibration", "sensitivity",
        "emulate-force", "ignore", "gestures",
    ]
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
        if let v = root["general"], let t = table(v, .root / "general") {
            parseGeneral(t, into: &config)
        }
        if let v = root["gestures"], let t = table(v, .root / "gestures") {
            let path = ConfigPath.root / "gestures"
            let overrides = parseGestures(t, path).overrides
            var merged = overrides.applied(to: config.gestures)
            if !checkThresholds(merged, overrides, path) {
                // Which of the two is wrong cannot be known; both fall back together.
                merged.peekFraction = GestureSettings().peekFraction
                merged.popFraction = GestureSettings().popFraction
            }
            config.gestures = merged
        }
        for (index, t) in blocks(root, "device") {
            if let rule = parseDevice(t, index: index, base: config.gestures) { config.devices.append(rule) }
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

    // MARK: - Tables

    private mutating func parseGeneral(_ t: TOMLTable, into config: inout Configuration) {
        let path = ConfigPath.root / "general"
        _ = checkKeys(t, path, allowed: Self.generalKeys)
        if let v = t["sensitivity"],
           let s = name(v, path / "sensitivity", Sensitivity.allCases, what: "sensitivity")
        {
            config.gestures.sensitivity = s
        }
        if let v = t["max-children"], let n = integer(v, path / "max-children") {
            if n >= 1 {
                config.general.maxChildren = n
            } else {
                error(path / "max-children", "must be at least 1, not \(n)")
            }
        }
        if let v = t["action-timeout"], let d = positive(v, path / "action-timeout") {
            config.general.actionTimeout = d
        }
    }

    /// Reads the `[gestures]` keys, each validated on its own; a bad key is left out of
    /// the overrides. `ok` is false if anything was wrong.
    private mutating func parseGestures(_ t: TOMLTable, _ path: ConfigPath)
        -> (overrides: GestureOverrides, ok: Bool)
    {
        var ok = checkKeys(t, path, allowed: Self.gestureKeys)
        var o = GestureOverrides()
        /// Stores a read value; false when the read failed.
        func keep<T>(_ slot: inout T?, _ value: T?) -> Bool {
            slot = value
            return value != nil
        }
        for key in Self.gestureKeys {
            guard let v = t[key] else { continue }
            let p = path / key
            let valid = switch key {
            case "tap-time": keep(&o.tapMaximumDuration, seconds(v, p))
            case "tap-slop": keep(&o.tapSlop, positive(v, p))
            case "double-tap-time": keep(&o.doubleTapInterval, seconds(v, p))
            case "double-tap-distance": keep(&o.doubleTapDistance, positive(v, p))
            case "long-press-time": keep(&o.longPressDuration, seconds(v, p))
            case "long-press-slop": keep(&o.longPressSlop, positive(v, p))
            case "peek": keep(&o.peekFraction, fraction(v, p))
            case "pop": keep(&o.popFraction, fraction(v, p))
            case "hysteresis": keep(&o.hysteresis, hysteresis(v, p))
            case "deep-press-time": keep(&o.deepPressDwell, dwell(v, p))
            case "deep-press-slop": keep(&o.deepPressSlop, positive(v, p))
            default: true
            }
            ok = ok && valid
        }
        return (o, ok)
    }

    private mutating func seconds(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Timestamp.Duration? {
        positive(v, path).map { Timestamp.Duration(seconds: $0) }
    }

    /// Seconds, 0 included: a dwell of 0 fires a deep press on the frame that crosses peek.
    private mutating func dwell(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Timestamp.Duration? {
        guard let d = number(v, path) else { return nil }
        guard d >= 0 else {
            error(path, "must be 0 or more seconds, not \(TextFormat.number(d))")
            return nil
        }
        return Timestamp.Duration(seconds: d)
    }

    /// Strictly between 0 and 1: at 1 a threshold would re-arm at once and stutter, at 0
    /// it would never re-arm.
    private mutating func hysteresis(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Double? {
        guard let h = number(v, path) else { return nil }
        guard h > 0 && h < 1 else {
            error(path, "must be between 0 and 1 (both excluded), not \(TextFormat.number(h))")
            return nil
        }
        return h
    }

    /// A fraction of maximumPossibleForce: in (0, 1].
    private mutating func fraction(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Double? {
        guard let d = number(v, path) else { return nil }
        guard d > 0 && d <= 1 else {
            error(path, "must be greater than 0 and at most 1 (a fraction of maximumPossibleForce), "
                + "not \(TextFormat.number(d))")
            return nil
        }
        return d
    }

    /// Peek must come before pop once defaults and overrides are combined; the error goes
    /// on whichever of the two this table set (pop when it set both).
    private mutating func checkThresholds(_ merged: GestureSettings, _ set: GestureOverrides,
                                          _ path: ConfigPath) -> Bool {
        guard merged.peekFraction >= merged.popFraction else { return true }
        let key = set.popFraction != nil || set.peekFraction == nil ? "pop" : "peek"
        let peek = TextFormat.number(merged.peekFraction), pop = TextFormat.number(merged.popFraction)
        error(path / key, "peek (\(peek)) must be below pop (\(pop))")
        return false
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

    // MARK: - [[device]]

    private mutating func parseDevice(_ t: TOMLTable, index: Int, base: GestureSettings) -> DeviceRule? {
        let path = ConfigPath.root.appending("device").appending(index: index)
        var ok = checkKeys(t, path, allowed: Self.deviceKeys)
        var rule = DeviceRule(index: index, line: map.line(of: path))
        func check<T>(_ value: T?) -> T? {
            if value == nil { ok = false }
            return value
        }
        if let v = t["match-name"], let s = check(string(v, path / "match-name")) {
            rule.match.name = check(glob(s, path / "match-name"))
        }
        if let v = t["match-id"], let s = check(string(v, path / "match-id")) {
            rule.match.id = check(vendorProduct(s, path / "match-id"))
        }
        if let v = t["match-class"] {
            rule.match.deviceClass = check(name(v, path / "match-class", Self.matchableClasses, what: "device class"))
        }
        if let v = t["rotation"], let degrees = check(integer(v, path / "rotation")) {
            // Only the exact four values: 450 or -90 are more likely mistakes than intent.
            if [0, 90, 180, 270].contains(degrees) { rule.rotation = Rotation(degrees: degrees) } else {
                error(path / "rotation", "must be 0, 90, 180 or 270, not \(degrees)")
                ok = false
            }
        }
        if let v = t["calibration"], let c = check(table(v, path / "calibration")) {
            let cp = path / "calibration"
            ok = checkKeys(c, cp, allowed: ["average"]) && ok
            if let a = c["average"] {
                rule.calibrationAverage = check(calibrationAverage(a, cp / "average"))
            } else {
                error(cp, "needs \"average\", the raw value of an average touch (forcetest calibrate writes it)")
                ok = false
            }
        }
        if let v = t["sensitivity"] {
            rule.sensitivity = check(name(v, path / "sensitivity", Sensitivity.allCases, what: "sensitivity"))
        }
        if let v = t["emulate-force"] { rule.emulateForce = check(bool(v, path / "emulate-force")) }
        if let v = t["ignore"] { rule.ignore = check(bool(v, path / "ignore")) }
        if let v = t["gestures"], let g = check(table(v, path / "gestures")) {
            let (overrides, gesturesOK) = parseGestures(g, path / "gestures")
            rule.gestures = overrides
            ok = ok && gesturesOK && checkThresholds(overrides.applied(to: base), overrides, path / "gestures")
        }
        return ok ? rule : nil
    }

    /// `calibration.average`: a raw pressure above the axis minimum, which is 0 on every
    /// pressure axis the kernel reports, so 0 and below can never be an average touch.
    /// Whether it is also within the axis can only be known per device; ForceModel falls
    /// back to the uncalibrated default there.
    private mutating func calibrationAverage(_ v: TOMLValueConvertible, _ path: ConfigPath) -> Double? {
        guard let a = number(v, path) else { return nil }
        guard a > 0 else {
            error(path, "must be greater than 0 (the raw pressure of an average touch, as forcetest calibrate "
                + "measures it), not \(TextFormat.number(a))")
            return nil
        }
        return a
    }

    /// `other` is what forcetouch leaves alone, so no block can be about it.
    static let matchableClasses: [DeviceClass] = [.touchscreen, .tablet, .touchpad]

    private mutating func glob(_ s: String, _ path: ConfigPath) -> Glob? {
        guard !s.isEmpty else { error(path, "must not be empty"); return nil }
        do {
            return try Glob(s)
        } catch {
            self.error(path, "invalid pattern \"\(s)\": \(error.message)")
            return nil
        }
    }

    private mutating func vendorProduct(_ s: String, _ path: ConfigPath) -> VendorProduct? {
        guard let id = VendorProduct(s) else {
            error(path, "expected vendor:product as four hex digits each, like \"056a:0333\", not \"\(s)\"")
            return nil
        }
        return id
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
