/// The properties of the overlay's own object, `/io/github/forcetouch/Overlay1` (SPEC §11): how
/// the menu is shown here, for a settings panel or a test to read.
public enum OverlayProperty: String, CaseIterable, Hashable, Sendable {
    /// `layer-shell`, `popup` (X11) or `placed-window` (no layer-shell: GNOME).
    case mode = "Mode"
    /// Whether the menu opens at the finger: not in a window the compositor places.
    case atFinger = "AtFinger"

    /// The mode of a window the compositor places, whose menu is not at the finger.
    public static let placedWindowMode = "placed-window"

    /// A property's value.
    public enum Value: Hashable, Sendable {
        case string(String)
        case boolean(Bool)
    }

    /// Its value for an overlay whose window mode is `mode`.
    public func value(mode: String) -> Value {
        switch self {
        case .mode: .string(mode)
        case .atFinger: .boolean(mode != Self.placedWindowMode)
        }
    }
}
