import ForceTouchEngine

/// What to run for a binding, AssistiveTouch slot or quick action that fired, with the
/// gesture filled in: the value handed from the pure core to the daemon's dispatcher,
/// which does the actual spawning, injecting and publishing.
public enum ActionRequest: Hashable, Sendable {
    case exec(ExecRequest)
    /// Type these combinations on the uinput keyboard, one after the other.
    case keys([KeyStroke])
    /// Present the quick-action menu.
    case presentMenu
    /// Present these items as a menu, each choice running the item's own action: the
    /// AssistiveTouch menu of the slots (`AssistiveTouch.slotMenu(for:)`).
    case presentItems([ShortcutItem])
    /// Present one application's Desktop Actions as a menu (by its desktop file id).
    case presentApplicationMenu(String)
    /// Perform the quick action of this type (look it up in the `ShortcutStore` and run
    /// `ActionRequest(item:…)`; an unknown type fails, reported like any other failure).
    case perform(type: String)
    /// Run an intent. `gesture` and `device` feed parameters sourced from `gesture.*`;
    /// both are nil when nothing was touched (a `forcectl perform` of an item).
    case intent(name: String, gesture: GestureEvent?, device: String?, parameters: [String: LiteralValue])
    /// Publish this text to subscribers; nothing runs.
    case notify(String)
    /// Start an application that lives on its own.
    case launch(AppLaunch)
    /// Click at (`x`, `y`), 0 to 1 across the device after its rotation: the gesture's
    /// position. Without a gesture (`forcectl perform`) there is no position: nil.
    case click(PointerClick, x: Double?, y: Double?)

    /// - Parameters:
    ///   - deviceName: the kernel's name of the device the gesture came from.
    ///   - general: supplies the timeout when the binding sets none.
    public init(binding: Binding, event: GestureEvent, deviceName: String, general: GeneralSettings) {
        self.init(action: binding.action, event: event, deviceName: deviceName,
                  timeout: binding.timeout ?? general.actionTimeout)
    }

    /// Any action — an AssistiveTouch slot's, say — for a gesture on a device.
    /// - Parameter timeout: seconds, for `exec`; usually `general.actionTimeout`.
    public init(action: Action, event: GestureEvent?, deviceName: String?, timeout: Double,
                extraEnvironment: [String: String] = [:]) {
        switch action {
        case .exec(let exec):
            var env = extraEnvironment
            if let event {
                env.merge(ExecRequest.environment(for: event, deviceName: deviceName ?? "")) { _, gesture in gesture }
            }
            self = .exec(ExecRequest(argv: exec.argv, environment: env, timeout: timeout))
        case .keys(let strokes):
            self = .keys(strokes)
        case .quickActions:
            self = .presentMenu
        case .applicationMenu(let id):
            self = .presentApplicationMenu(id)
        case .perform(let type):
            self = .perform(type: type)
        case .intent(let intent):
            self = .intent(name: intent.name, gesture: event, device: deviceName, parameters: intent.parameters)
        case .notify(let text):
            self = .notify(text)
        case .launch(let launch):
            self = .launch(launch)
        case .click(let click):
            self = .click(click, x: event?.x, y: event?.y)
        }
    }

    /// Performing a quick action: its action with the gesture (if one led to it) and the
    /// item itself in the environment of a command (FORCETOUCH_SHORTCUT_TYPE, _TITLE and
    /// _USERINFO, the last as a JSON object). Nil for an item without an action: performing
    /// it only tells subscribers, the way iOS hands an item to the app's delegate.
    public init?(item: ShortcutItem, event: GestureEvent?, deviceName: String?, general: GeneralSettings) {
        guard let action = item.action else { return nil }
        self.init(action: action, event: event, deviceName: deviceName, timeout: general.actionTimeout,
                  extraEnvironment: ExecRequest.environment(for: item))
    }
}

/// A command ready to spawn: argv as written, plus FORCETOUCH_* variables that tell it
/// what happened (SPEC §8). The gesture travels in the environment rather than in argv so
/// that it can never change which program runs or how its arguments split.
public struct ExecRequest: Hashable, Sendable {
    public var argv: [String]
    /// Added to the daemon's own environment for the child.
    public var environment: [String: String]
    /// Seconds before the child is killed.
    public var timeout: Double

    public init(argv: [String], environment: [String: String], timeout: Double) {
        self.argv = argv
        self.environment = environment
        self.timeout = timeout
    }

    /// Numbers as the JSON output writes them, so a script sees the same values
    /// `forcetest replay --json` and subscribers do.
    public static func environment(for event: GestureEvent, deviceName: String) -> [String: String] {
        var env = [
            "FORCETOUCH_GESTURE": event.gesture.rawValue,
            "FORCETOUCH_PHASE": event.phase.rawValue,
            "FORCETOUCH_FINGERS": String(event.fingers),
            "FORCETOUCH_FORCE": TextFormat.number(event.force),
            "FORCETOUCH_X": TextFormat.number(event.x),
            "FORCETOUCH_Y": TextFormat.number(event.y),
            "FORCETOUCH_DEVICE": deviceName,
        ]
        if let stage = event.stage { env["FORCETOUCH_STAGE"] = stage.rawValue }
        return env
    }

    /// The quick action being performed, for its command.
    public static func environment(for item: ShortcutItem) -> [String: String] {
        var env = [
            "FORCETOUCH_SHORTCUT_TYPE": item.type,
            "FORCETOUCH_SHORTCUT_TITLE": item.title,
            "FORCETOUCH_SHORTCUT_USERINFO": ShortcutJSON.userInfoText(item.userInfo),
        ]
        if let subtitle = item.subtitle { env["FORCETOUCH_SHORTCUT_SUBTITLE"] = subtitle }
        return env
    }
}
