/// How a device's millimetres are found, as `forcetest list` and `forcetest replay` show
/// it: `{"estimated":true,"how":"…","scale":"touchpad-size","unitsPerMillimetre":[14.826087,15.34]}`.
/// Distance settings (slops, the double-tap distance) are millimetres; on a device whose
/// axes report no resolution they rest on an estimate, which this says.
public struct DistanceInfo: Codable, Hashable, Sendable {
    /// True when the axes report no resolution and the millimetres are estimated.
    public var estimated: Bool
    /// `resolution`, `touchpad-size` (a PS/2 touchpad taken to be 69 × 50 mm) or
    /// `diagonal` (1 mm is 1/150 of the axis diagonal).
    public var scale: String
    /// In words, as the text output prints it.
    public var how: String
    /// Units per millimetre along x and y, as measured or estimated.
    public var unitsPerMillimetre: [JSONNumber]

    public init(estimated: Bool, scale: String, how: String, unitsPerMillimetre: (x: Double, y: Double)) {
        self.estimated = estimated
        self.scale = scale
        self.how = how
        self.unitsPerMillimetre = [JSONNumber(unitsPerMillimetre.x), JSONNumber(unitsPerMillimetre.y)]
    }
}
