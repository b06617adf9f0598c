/// What a binding does when its gesture fires (SPEC §8). A binding has exactly one.
///
/// Only `exec` exists so far; `keys`, `quick-actions`, `perform`, `intent` and `notify`
/// are to come as further cases, each its own key in a `[[binding]]` block.
public enum Action: Hashable, Sendable {
    case exec(ExecAction)

    /// The configuration key that names this kind of action.
    public var key: String {
        switch self {
        case .exec: "exec"
        }
    }

    /// Every action key the parser accepts today.
    public static let keys: [String] = ["exec"]

    /// Action keys SPEC §8 defines that this version cannot run yet: named apart from
    /// unknown keys so that the error says "not supported yet" rather than "unknown".
    public static let plannedKeys: [String] = ["keys", "quick-actions", "perform", "intent", "notify"]
}

/// Runs a command: `argv[0]` looked up in PATH, the rest its arguments — never through a
/// shell, so nothing in the gesture or the config is ever re-parsed as shell syntax (a
/// user who wants one writes `["sh", "-c", "…"]`).
public struct ExecAction: Hashable, Sendable {
    public var argv: [String]

    public init(argv: [String]) { self.argv = argv }
}
