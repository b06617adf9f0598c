/// One accessible object on the path from the deepest object at a press's point up to its window,
/// as the application answered AT-SPI (docs/SPEC.md §11, "What is under the finger"): what the
/// overlay's C gathers and `PointedObject` decides from. Recorded as JSON by
/// `forcetouch-overlay --observe-at` (Tests/Documented/fixtures/under-finger).
public struct AccessibleNode: Codable, Hashable, Sendable {
    /// AT-SPI's role name (`link`, `push button`, `document web`…).
    public var role: String
    public var name: String
    public var description: String
    /// The Hyperlink interface's URI; nil when the object has no such interface (or it did not
    /// answer, or gave an address past the daemon's 8 KiB). Gecko answers "" on objects that are
    /// no link, and a link's own before its tree is built.
    public var uri: String?
    /// Its AT-SPI states, by their names (`showing`, `busy`…: `AccessibleStates`).
    public var states: [String]
    /// How many children it says it has.
    public var children: Int

    public init(role: String, name: String = "", description: String = "", uri: String? = nil,
                states: [String] = [], children: Int = 0) {
        self.role = role
        self.name = name
        self.description = description
        self.uri = uri
        self.states = states
        self.children = children
    }

    /// Whether AT-SPI calls the object a link (its role, compared without case).
    var isLink: Bool { role.lowercased() == "link" }
}
