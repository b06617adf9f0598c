/// Who shows the quick-action menus while `io.github.forcetouch.Overlay1` has an owner (SPEC
/// §11, "Who shows the menu"): forcetouch-overlay, or the GNOME Shell extension that takes the
/// name from it, known by the `Mode` its Overlay1 object says. The daemon sends to whichever
/// owns the name; this names it for the log and `forcectl status`, and says whether its menu
/// is at the finger (a placed window, GNOME without the extension, is not).
public struct OverlayClient: Equatable, Sendable {
    /// What drew, by its `Mode`.
    public enum Kind: Equatable, Sendable {
        /// `gnome-shell`: the extension, drawing in GNOME Shell itself.
        case gnomeShellExtension
        /// `layer-shell`, `popup` or `placed-window`: forcetouch-overlay.
        case overlay
        /// A `Mode` nobody here writes, or none: the owner did not answer in time, or has no
        /// Overlay1 object.
        case unknown
    }

    /// The owner's unique name on the bus (`:1.23`).
    public let owner: String
    /// Its `Mode`; nil when it did not say.
    public let mode: String?

    public init(owner: String, mode: String?) {
        self.owner = owner
        self.mode = mode
    }

    public var kind: Kind {
        switch mode {
        case "gnome-shell": .gnomeShellExtension
        case "layer-shell", "popup", "placed-window": .overlay
        default: .unknown
        }
    }

    /// Whether its menu opens at the finger: false for a placed window; nil when unknown.
    public var atFinger: Bool? {
        switch kind {
        case .gnomeShellExtension: true
        case .overlay: mode != "placed-window"
        case .unknown: nil
        }
    }

    /// Its mode as `forcectl status` shows it: the `Mode`, or `unknown`.
    public var statusMode: String { kind == .unknown ? "unknown" : mode ?? "unknown" }

    /// The daemon's line once the owner has said its mode (or not in time), after
    /// `overlay io.github.forcetouch.Overlay1 on the bus: `.
    public var logLine: String {
        let label = "(\(owner), mode \(mode ?? "unknown"))"
        switch (kind, atFinger) {
        case (.gnomeShellExtension, _):
            return "quick-action menus show at the finger, drawn by the GNOME Shell extension \(label)"
        case (.overlay, true?):
            return "quick-action menus show at the finger, drawn by forcetouch-overlay \(label)"
        case (.overlay, _):
            return "quick-action menus show in a window the compositor places, not at the finger: "
                + "forcetouch-overlay \(label) (under GNOME, the GNOME Shell extension draws at the finger)"
        case (.unknown, _):
            return "quick-action menus go to a client that does not say how it shows them \(label)"
        }
    }
}
