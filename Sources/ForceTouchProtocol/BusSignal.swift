/// The names forcetouchd and forcetouch-overlay have on the session bus (docs/SPEC.md §9, §11,
/// dbus/io.github.forcetouch.Daemon1.xml). The C side reads them from the header made from
/// this file (Sources/COverlay/bus-protocol.h), never as literals of its own.
public enum BusNames {
    /// The well-known name, and the root object's interface.
    public static let service = "io.github.forcetouch.Daemon1"
    public static let daemonInterface = "io.github.forcetouch.Daemon1"
    public static let deviceInterface = "io.github.forcetouch.Device1"
    public static let rootPath = "/io/github/forcetouch/Daemon1"
    /// Device N's object is `devicesPath/N`; N is never reused while the daemon runs.
    public static let devicesPath = rootPath + "/devices"
    /// The name `forcetouch-overlay` owns: while it has an owner, the daemon shows quick-action
    /// menus through the overlay (SPEC §11).
    public static let overlay = "io.github.forcetouch.Overlay1"
    /// The overlay's own object (interface `overlay`: `Mode`, `AtFinger`).
    public static let overlayPath = "/io/github/forcetouch/Overlay1"
    /// The root object's property listing the kinds of `[quick-actions] under-finger` in effect
    /// (`as`, sorted; changed on reload): empty, the overlay looks nothing up (SPEC §11).
    public static let underFingerProperty = "UnderFinger"
    /// The name forcetouch Settings owns while it runs (its GApplication id): while it has an
    /// owner, the daemon sends `PressForce` for its test areas (SPEC §9).
    public static let settings = "io.github.forcetouch.Settings"
    /// Errors are `errorPrefix` + `ControlErrorKind.dbusName`, or `Failed`.
    public static let errorPrefix = "io.github.forcetouch.Error."
}

/// The signals of `io.github.forcetouch.Daemon1`, in the order introspection lists them: the
/// other half of the bus's one table, beside `BusMethod` (ControlRequest.swift).
///
/// A signal is one case and one arm of `arguments`: its name and its arguments (names and
/// types) are written here and nowhere else. The sd-bus vtable's signals are made from
/// `allCases` (`BusService.addDaemon`); the daemon's emitters hand `BusService.emit` a signal
/// and its values, which must have its signature (`BusSignalTests` builds every one);
/// the overlay's C reads the names and type strings from Sources/COverlay/bus-protocol.h,
/// which `BusTableTests` writes from this table and fails on while the committed copy
/// differs, as it does for the introspection file's methods and signals.
public enum BusSignal: String, CaseIterable, Sendable {
    /// Every gesture event (the control socket's `gesture`).
    case gesture = "Gesture"
    case capabilityChanged = "CapabilityChanged"
    case quickActionPerformed = "QuickActionPerformed"
    /// The overlay's menu (SPEC §11).
    case menuShown = "MenuShown"
    case pressProgress = "PressProgress"
    case menuDismissed = "MenuDismissed"
    /// A window item of an app's menu was chosen: the overlay that listed the window
    /// (PressTarget's `windows`) brings it to the front (SPEC §11).
    case activateWindow = "ActivateWindow"
    /// The intent window's (SPEC §11, "The intent window"): a run's stages; its answers are
    /// methods (`BusMethod`).
    case intentStarted = "IntentStarted"
    case intentConfirm = "IntentConfirm"
    case intentChoose = "IntentChoose"
    case intentNeedsValue = "IntentNeedsValue"
    case intentResponse = "IntentResponse"
    /// The AssistiveTouch button (SPEC §6, §11).
    case assistiveButton = "AssistiveButton"
    /// Every reload's outcome (SIGHUP, `Reload`, a settings change): a settings window reads
    /// the settings again (`GetSettings`), or shows why the file was refused, file:line.
    case configurationReloaded = "ConfigurationReloaded"
    /// A press's force against its device's peek and pop, from touch down to lift, sent only
    /// while forcetouch Settings is on the bus (`BusNames.settings`): its test areas draw it.
    case pressForce = "PressForce"
    /// A guided calibration (`StartCalibration`): `state` is `step` while it asks for
    /// presses (the step, its instruction, the presses it has of `pressesPerStep`, the raw
    /// reading of the finger down now, 0 when none), then `written`, `unusable`, `failed` or
    /// `cancelled` with `message` saying what was done or why not.
    case calibrationProgress = "CalibrationProgress"

    /// The member name on the bus.
    public var name: String { rawValue }

    /// The arguments, in order, each named as introspection shows it.
    public var arguments: [BusParameter] {
        switch self {
        case .gesture:
            [.objectPath("device"), .string("gesture"), .string("phase"), .uint32("fingers"), .double("time"),
             .double("x"), .double("y"), .double("force"), .string("stage"), .double("transitionProgress"),
             .double("commitProgress")]
        case .capabilityChanged:
            [.objectPath("device"), .string("node"), .string("capability"), .string("reason"), .string("overall")]
        case .quickActionPerformed: [.string("type"), .string("title"), .string("result"), .string("message")]
        case .menuShown:
            [.uint32("id"), .dictionaries("items"), .double("x"), .double("y"), .string("placement"),
             .string("output"), .dictionary("target")]
        case .pressProgress:
            [.string("phase"), .string("stage"), .double("transitionProgress"), .double("commitProgress"),
             .double("x"), .double("y"), .string("placement"), .string("output"), .bool("preview")]
        case .menuDismissed: [.uint32("id"), .string("reason")]
        case .activateWindow: [.uint32("window")]
        case .intentStarted:
            [.uint32("id"), .string("intent"), .string("title"), .string("app"), .double("x"), .double("y"),
             .string("placement"), .string("output"), .bool("located")]
        case .intentConfirm:
            [.uint32("id"), .string("intent"), .string("title"), .string("prompt"), .string("parameter"),
             .double("timeout")]
        case .intentChoose:
            [.uint32("id"), .string("intent"), .string("title"), .string("prompt"), .string("parameter"),
             .strings("choices"), .double("timeout")]
        case .intentNeedsValue:
            [.uint32("id"), .string("intent"), .string("title"), .string("prompt"), .string("parameter"),
             .string("type"), .double("timeout")]
        case .intentResponse:
            [.uint32("id"), .string("intent"), .string("title"), .string("code"), .string("message"),
             .string("text"), .string("image"), .string("app"), .bool("final")]
        case .assistiveButton:
            [.double("x"), .double("y"), .double("size"), .string("output"), .string("state")]
        case .configurationReloaded: [.string("file"), .bool("loaded"), .string("message")]
        case .pressForce:
            [.objectPath("device"), .string("phase"), .string("stage"), .double("force"), .double("peek"),
             .double("pop"), .double("maximumPossibleForce")]
        case .calibrationProgress:
            [.objectPath("device"), .string("state"), .string("step"), .string("instruction"), .uint32("presses"),
             .uint32("pressesPerStep"), .double("raw"), .double("maximum"), .string("message")]
        }
    }

    /// The arguments' type codes, one string: sd-bus's `signature`.
    public var signature: String { arguments.map(\.type.rawValue).joined() }
}
