/// Who owns the overlay's name (`io.github.forcetouch.Overlay1`), by the `Mode` its Overlay1
/// object says (SPEC §11, "Who shows the menu"): the GNOME Shell extension draws the menus at
/// the finger, and forcetouch-overlay then gives way to it.
public enum OverlayNameOwner: Hashable, Sendable {
    case gnomeShellExtension
    /// Another forcetouch-overlay (its mode `layer-shell`, `popup` or `placed-window`).
    case anotherOverlay
    /// A client that did not say its mode (hung, or not an overlay at all).
    case client

    /// The `Mode` the GNOME Shell extension says.
    public static let extensionMode = "gnome-shell"

    /// The owner whose Overlay1 object says `mode` (nil: it did not say).
    public init(mode: String?) {
        switch mode {
        case nil: self = .client
        case Self.extensionMode?: self = .gnomeShellExtension
        case _?: self = .anotherOverlay
        }
    }

    /// It draws the menus at the finger, where this program cannot (mutter has no layer-shell).
    public var drawsAtFinger: Bool { self == .gnomeShellExtension }

    /// Who it is, in the log.
    public var description: String {
        switch self {
        case .gnomeShellExtension: "the GNOME Shell extension"
        case .anotherOverlay: "another overlay"
        case .client: "a client"
        }
    }
}
