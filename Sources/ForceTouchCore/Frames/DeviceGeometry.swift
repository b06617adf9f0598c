/// Converts a device's raw coordinates to millimetres and to normalized 0...1 positions.
///
/// Where an axis has no resolution, 1 mm is taken as 1/150 of the axis diagonal (SPEC §4),
/// so that distance settings still mean something on devices that do not say their size.
public struct DeviceGeometry: Hashable, Sendable {
    public var minX: Double, minY: Double
    public var rangeX: Double, rangeY: Double
    public var millimetresPerUnitX: Double
    public var millimetresPerUnitY: Double

    public init(x: AbsInfo?, y: AbsInfo?) {
        minX = Double(x?.minimum ?? 0)
        minY = Double(y?.minimum ?? 0)
        rangeX = max(x?.range ?? 0, 0)
        rangeY = max(y?.range ?? 0, 0)
        let diagonal = (rangeX * rangeX + rangeY * rangeY).squareRoot()
        let fallback = diagonal > 0 ? 150 / diagonal : 1
        let resX = x?.resolution ?? 0, resY = y?.resolution ?? 0
        millimetresPerUnitX = resX > 0 ? 1 / Double(resX) : fallback
        millimetresPerUnitY = resY > 0 ? 1 / Double(resY) : fallback
    }

    /// The geometry of the axes contacts are reported on: MT positions on a multi-touch
    /// device, ABS_X/ABS_Y otherwise.
    public init(device d: DeviceDescription) {
        if d.isMultitouch, let mx = d.axis(ABS.MT_POSITION_X) {
            self.init(x: mx, y: d.axis(ABS.MT_POSITION_Y))
        } else {
            self.init(x: d.axis(ABS.X), y: d.axis(ABS.Y))
        }
    }

    @inlinable
    public func distance(dx: Int32, dy: Int32) -> Double {
        let mx = Double(dx) * millimetresPerUnitX, my = Double(dy) * millimetresPerUnitY
        return (mx * mx + my * my).squareRoot()
    }

    public func normalized(x: Double, y: Double) -> (x: Double, y: Double) {
        (rangeX > 0 ? min(max((x - minX) / rangeX, 0), 1) : 0,
         rangeY > 0 ? min(max((y - minY) / rangeY, 0), 1) : 0)
    }

    public func millimetres(x: Double, y: Double) -> (x: Double, y: Double) {
        (x * millimetresPerUnitX, y * millimetresPerUnitY)
    }
}
