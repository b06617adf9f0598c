/// Converts a device's raw coordinates to millimetres and to normalized 0...1 positions.
///
/// Where an axis has no resolution its millimetres are estimated (SPEC §4, `DistanceScale`):
/// by the size the device database gives the device (`AttrSizeHint`), else a PS/2 touchpad
/// is taken to be 69 × 50 mm, as libinput takes a touchpad that says no size, and any other
/// device's 1 mm is 1/150 of the axis diagonal. Either way distance settings still mean
/// something on devices that do not say their size, and `scale` says which was done.
public struct DeviceGeometry: Hashable, Sendable {
    public var minX: Double, minY: Double
    public var rangeX: Double, rangeY: Double
    public var millimetresPerUnitX: Double
    public var millimetresPerUnitY: Double
    /// Whether the millimetres are the kernel's or an estimate, and which.
    public var scale: DistanceScale

    /// - Parameter estimate: how to take axes that report no resolution: a size
    ///   (`touchpadSize`, `database`) their ranges span, or (`diagonal`) 1/150 of their
    ///   diagonal as a millimetre.
    public init(x: AbsInfo?, y: AbsInfo?, estimate: DistanceScale = .diagonal) {
        minX = Double(x?.minimum ?? 0)
        minY = Double(y?.minimum ?? 0)
        rangeX = max(x?.range ?? 0, 0)
        rangeY = max(y?.range ?? 0, 0)
        let resX = x?.resolution ?? 0, resY = y?.resolution ?? 0
        if resX > 0 && resY > 0 {
            scale = .resolution
        } else if let size = estimate.size, size.width > 0, size.height > 0, rangeX > 0, rangeY > 0 {
            scale = estimate
        } else {
            scale = .diagonal
        }
        let fallbackX: Double, fallbackY: Double
        switch scale {
        case .touchpadSize(let width, let height), .database(let width, let height):
            fallbackX = width / rangeX
            fallbackY = height / rangeY
        case .resolution, .diagonal:
            let diagonal = (rangeX * rangeX + rangeY * rangeY).squareRoot()
            let perUnit = diagonal > 0 ? DistanceScale.diagonalMillimetres / diagonal : 1
            fallbackX = perUnit
            fallbackY = perUnit
        }
        millimetresPerUnitX = resX > 0 ? 1 / Double(resX) : fallbackX
        millimetresPerUnitY = resY > 0 ? 1 / Double(resY) : fallbackY
    }

    /// The geometry of the axes contacts are reported on: MT positions on a multi-touch
    /// device, ABS_X/ABS_Y otherwise; axes without resolution are estimated as the device
    /// database and the kind of device call for (`estimate(of:quirks:)`).
    public init(device d: DeviceDescription, quirks: DeviceQuirks = .none) {
        let estimate = Self.estimate(of: d, quirks: quirks)
        if d.isMultitouch, let mx = d.axis(ABS.MT_POSITION_X) {
            self.init(x: mx, y: d.axis(ABS.MT_POSITION_Y), estimate: estimate)
        } else {
            self.init(x: d.axis(ABS.X), y: d.axis(ABS.Y), estimate: estimate)
        }
    }

    /// How to take a device's axes when they report no resolution: the size the device
    /// database gives it; else, for a PS/2 touchpad (class touchpad on the i8042 bus), a
    /// laptop's built-in pad — and the ones that say no size are old ones, a few
    /// centimetres across — libinput's 69 × 50 mm; else 1/150 of the diagonal (a USB finger
    /// tablet is larger than a laptop pad, and the diagonal fits it better).
    public static func estimate(of d: DeviceDescription, quirks: DeviceQuirks = .none) -> DistanceScale {
        if let size = quirks.size {
            return .database(width: size.width, height: size.height)
        }
        guard d.id.bustype == BusType.i8042, DeviceClass(classifying: d) == .touchpad else { return .diagonal }
        let size = DistanceScale.assumedTouchpadSize
        return .touchpadSize(width: size.width, height: size.height)
    }

    /// Units per millimetre along each axis, as the kernel says or as estimated.
    public var unitsPerMillimetre: (x: Double, y: Double) {
        (millimetresPerUnitX > 0 ? 1 / millimetresPerUnitX : 0, millimetresPerUnitY > 0 ? 1 / millimetresPerUnitY : 0)
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
