/// `{"event":"capability",…}`: a device came, went or changed, with the daemon's overall
/// capability after it, for control-socket subscribers.
public struct CapabilityMessage: Codable, Hashable, Sendable {
    public var event = "capability"
    public var node: String
    public var name: String?
    public var capability: String
    public var reason: String
    public var maximumPossibleForce: JSONNumber?
    public var emulated: Bool?
    /// The capability of the daemon as a whole, as `forcectl status` shows it.
    public var overall: String

    public init(node: String, name: String?, capability: String, reason: String, maximumPossibleForce: Double?,
                emulated: Bool, overall: String) {
        self.node = node
        self.name = name
        self.capability = capability
        self.reason = reason
        self.maximumPossibleForce = maximumPossibleForce.map(JSONNumber.init)
        self.emulated = emulated ? true : nil
        self.overall = overall
    }
}
