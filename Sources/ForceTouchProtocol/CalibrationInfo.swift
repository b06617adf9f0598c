/// Where a device's force scale comes from, as `forcectl devices`, `forcetest list` and
/// `forcetest replay` show it: `{"source":"learned","touches":23,"average":31.5}`.
public struct CalibrationInfo: Codable, Hashable, Sendable {
    /// `learned`, `database`, `config`, `default`.
    public var source: String
    /// The raw pressure of an average touch; nil for a device without force.
    public var average: JSONNumber?
    /// `learned (23 touches)`: for people; only the daemon's reply carries it.
    public var summary: String?
    /// How many touches auto-calibration learned from (`learned`).
    public var touches: Int?
    /// The database entry (`database`).
    public var entry: String?

    public init(source: String, average: Double?, summary: String? = nil, touches: Int? = nil, entry: String? = nil) {
        self.source = source
        self.average = average.map(JSONNumber.init)
        self.summary = summary
        self.touches = touches
        self.entry = entry
    }
}
