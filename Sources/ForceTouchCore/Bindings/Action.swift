import ForceTouchProtocol
/// What a binding, an AssistiveTouch slot or a quick action does when it fires (SPEC §8).
/// Each has exactly one, written as one of the keys in `Action.keys`.
public enum Action: Hashable, Sendable {
    /// `exec = ["argv", …]`: run a command.
    case exec(ExecAction)
    /// `keys = "KEY_LEFTMETA+KEY_A"` or a sequence of such combinations: inject key
    /// strokes through the daemon's uinput keyboard, one combination after the other.
    case keys([KeyStroke])
    /// `quick-actions = true`: present the quick-action menu.
    case quickActions
    /// `quick-actions = "firefox.desktop"`: present that application's Desktop Actions as
    /// a menu of their own, as a long press on its icon does in GNOME or KDE.
    case applicationMenu(String)
    /// `perform = "type"`: perform one quick action by its type.
    case perform(type: String)
    /// `intent = "name"` (with an optional `parameters` table of literal overrides): run an intent.
    case intent(IntentAction)
    /// `notify = "text"`: tell subscribers only; nothing runs.
    case notify(String)
    /// `launch = ["firefox", "--private-window"]` or `launch = "firefox.desktop"` (with an
    /// optional `action`): start an application that lives on its own.
    case launch(AppLaunch)
    /// `click = "right"`: a pointer click at the position of the gesture.
    case click(PointerClick)

    /// The kinds of action, each by the configuration key that names it, in the order the
    /// parser lists them. Decoding switches over it: a kind without its case does not compile.
    public enum Kind: String, CaseIterable, Sendable {
        case exec, launch, keys, click
        case quickActions = "quick-actions"
        case perform, intent, notify
    }

    /// Its kind: `quick-actions` is both the menu and an application's menu.
    public var kind: Kind {
        switch self {
        case .exec: .exec
        case .keys: .keys
        case .quickActions, .applicationMenu: .quickActions
        case .perform: .perform
        case .intent: .intent
        case .notify: .notify
        case .launch: .launch
        case .click: .click
        }
    }

    /// The configuration key that names this kind of action.
    public var key: String { kind.rawValue }

    /// Every action key the parser accepts. `parameters` and `action` are not among them:
    /// they only qualify `intent` and `launch`.
    public static let keys: [String] = Kind.allCases.map(\.rawValue)

    /// Keys that only qualify an action: `parameters` an intent's, `action` a launched
    /// application's Desktop Action.
    public static let qualifiers: [String] = ["parameters", "action"]
}

/// Runs a command: `argv[0]` looked up in PATH, the rest its arguments — never through a
/// shell, so nothing in the gesture or the config is ever re-parsed as shell syntax (a
/// user who wants one writes `["sh", "-c", "…"]`).
public struct ExecAction: Hashable, Sendable {
    public var argv: [String]

    public init(argv: [String]) { self.argv = argv }
}

/// An intent to run, by name, with literal values that override its parameters' own
/// sources. The intent itself (its parameters, steps and handler) is defined apart, in
/// `[[intent]]`; this only refers to it.
public struct IntentAction: Hashable, Sendable {
    public var name: String
    /// Parameter name to the literal that replaces that parameter's configured source.
    public var parameters: [String: LiteralValue]

    public init(name: String, parameters: [String: LiteralValue] = [:]) {
        self.name = name
        self.parameters = parameters
    }
}

/// A literal written in the configuration or sent over the control socket: what an
/// intent parameter override can be (a point is a list of two numbers).
public enum LiteralValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([LiteralValue])
}

extension LiteralValue {
    /// The value as JSON, the form intents convert to their parameters' types.
    public var jsonValue: JSONValue {
        switch self {
        case .string(let s): .string(s)
        case .number(let d): .number(d)
        case .bool(let b): .bool(b)
        case .list(let l): .array(l.map(\.jsonValue))
        }
    }
}
