import ForceTouchProtocol

/// What the overlay learned is under the finger (SPEC §11, "What is under the finger"): the facts
/// it sends the daemon with `PressTarget`, here as `forcetouch-overlay --what-is-at` prints them.
/// Every fact is optional: a lookup says what it found, and `why` what it did not.
public struct UnderFingerFacts: Encodable, Hashable, Sendable {
    /// The press's `x`, `y` (PressProgress `began`), echoed so the daemon knows which press it is.
    public var pressX: JSONNumber?
    public var pressY: JSONNumber?
    /// How the window was found: `x11` or `sway`.
    public var source: String?
    /// The accessible object's at the point (AT-SPI): role (`push button`, `link`), name and
    /// description; `address`, a link's URI.
    public var role: String?
    public var name: String?
    public var description: String?
    public var address: String?
    /// The window at the point: sway's app_id or X11's WM_CLASS class, its process, title and
    /// type (`normal`, `dock`, `desktop`…, or `panel` for a layer-shell surface under sway).
    public var windowAppID: String?
    public var windowPID: UInt32?
    public var windowTitle: String?
    public var windowType: String?
    /// The application's id, only when known exactly.
    public var appID: String?
    /// Why nothing (or less) was found.
    public var why: String?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case pressX = "press-x", pressY = "press-y", source, role, name, description, address
        case windowAppID = "window-app-id", windowPID = "window-pid", windowTitle = "window-title"
        case windowType = "window-type", appID = "app-id", why
    }
}
