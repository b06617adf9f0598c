/// One change of the menu's state and the event that made it: the overlay's `--verbose` log
/// prints them, as the engine's recognizers note theirs (`GestureNote`), so that a menu that
/// did not open or close can be explained from the log.
public struct MenuTransition: Hashable, Sendable, CustomStringConvertible {
    public var from: MenuInteraction.State
    public var to: MenuInteraction.State
    public var cause: MenuEvent

    public var description: String { "\(from.name) -> \(to.name) (\(cause.name))" }
}

extension MenuEvent {
    /// The event's kind, for the log.
    var name: String {
        switch self {
        case .progress(let ended, let stage, _, _, _, _, _, _, _, _):
            ended ? "lifted" : "progress \(stage == .towardsPeek ? "towards peek" : stage.rawValue)"
        case .shown(let id, _, _, _, _, let link, _): link == nil ? "shown \(id)" : "shown \(id) (link)"
        case .dismissed(let id): "dismissed \(id)"
        case .released: "released"
        case .escape: "escape"
        case .daemonGone: "daemon gone"
        case .menuWaitOver: "menu wait over"
        }
    }
}
