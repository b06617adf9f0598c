/// The `[control]` table: who besides the daemon's own user may use the control socket.
/// Names only; the daemon resolves them (getpwnam, getgrnam) when it checks a peer.
public struct ControlSettings: Hashable, Sendable {
    /// `allow-users`: user names also served.
    public var allowUsers: [String] = []
    /// `allow-group`: a group whose members are also served.
    public var allowGroup: String?

    public init(allowUsers: [String] = [], allowGroup: String? = nil) {
        self.allowUsers = allowUsers
        self.allowGroup = allowGroup
    }
}
