/// How far a press has gone, as `PressProgress`'s `stage` says it (SPEC §11): on its way to
/// peek, past peek, or popped.
public enum PressStage: String, Hashable, Sendable {
    case towardsPeek = ""
    case peek
    case pop

    /// The bus's word; anything unknown counts as on its way to peek, as the C it replaced did.
    public init(bus: String) {
        self = PressStage(rawValue: bus) ?? .towardsPeek
    }
}
