/// `{"event":"device",…}`: a device and its force capability, first in what `forcetest
/// replay --json` and `watch --json` print (SPEC §9).
public struct DeviceMessage: Codable, Hashable, Sendable {
    public var event = "device"
    public var name: String
    public var deviceClass: String
    /// `available`, `unavailable` or `unknown`.
    public var capability: String
    public var maximumPossibleForce: JSONNumber
    /// True when force is emulated from contact size.
    public var emulated: Bool?
    public var reason: String
    public var calibration: CalibrationInfo?
    /// How distances are found on the device, where the writer knows (`forcetest replay`).
    public var distances: DistanceInfo?
    public var file: String?

    enum CodingKeys: String, CodingKey {
        case event, name, deviceClass = "class", capability, maximumPossibleForce, emulated, reason, calibration,
             distances, file
    }

    public init(name: String, deviceClass: String, capability: String, maximumPossibleForce: Double, emulated: Bool,
                reason: String, calibration: CalibrationInfo? = nil, distances: DistanceInfo? = nil, file: String? = nil) {
        self.name = name
        self.deviceClass = deviceClass
        self.capability = capability
        self.maximumPossibleForce = JSONNumber(maximumPossibleForce)
        self.emulated = emulated ? true : nil
        self.reason = reason
        self.calibration = calibration
        self.distances = distances
        self.file = file
    }
}
