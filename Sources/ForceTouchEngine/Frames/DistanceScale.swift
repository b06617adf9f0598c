/// Where a device's millimetres come from (SPEC §4): the kernel's resolution, or, for axes
/// that report none, an estimate, which `forcetest list` and `forcetest replay` name.
///
/// Every distance setting (the tap, long-press and deep-press slops, the double-tap
/// distance) is in millimetres, so a device whose axes say nothing of their size needs one
/// to be assumed. What to assume depends on the kind of device: a touchpad without
/// resolution is almost always an old PS/2 laptop pad (ALPS, Synaptics), a few centimetres
/// across, whatever its axis range; taking it for anything larger makes each unit of
/// finger jitter a larger distance, and ordinary taps fail the slop.
public enum DistanceScale: Hashable, Sendable {
    /// Both position axes report their resolution (units per millimetre).
    case resolution
    /// A PS/2 touchpad without resolution, taken to be `width` × `height` mm across its
    /// axis ranges: libinput's estimate for touchpads that report no size (69 × 50 mm).
    case touchpadSize(width: Double, height: Double)
    /// The device database says the surface is `width` × `height` mm (`AttrSizeHint`;
    /// `DeviceQuirks.sizeEntry` names the entry): for any device whose axes report no
    /// resolution. No name here: the geometry rides in every frame, and stays plain data.
    case database(width: Double, height: Double)
    /// Any other device without resolution: 1 mm is 1/150 of the axis diagonal, so that
    /// distances still mean something.
    case diagonal

    /// The size libinput assumes for a touchpad that reports no resolution (its
    /// `tp_init_default_resolution`): a small laptop touchpad, as the pads that do not say
    /// their size are old ones.
    public static let assumedTouchpadSize = (width: 69.0, height: 50.0)

    /// The fraction of the axis diagonal taken as 1 mm on other devices without resolution.
    public static let diagonalMillimetres = 150.0

    /// The size an estimate takes the axes' ranges to span; nil for `resolution` and `diagonal`.
    public var size: DeviceSize? {
        switch self {
        case .touchpadSize(let w, let h), .database(let w, let h): DeviceSize(width: w, height: h)
        case .resolution, .diagonal: nil
        }
    }

    /// True when distances are estimated rather than measured by the kernel's resolution.
    public var isEstimated: Bool { self != .resolution }

    /// `resolution`, `touchpad-size` or `diagonal`: the name JSON uses.
    public var name: String {
        switch self {
        case .resolution: "resolution"
        case .touchpadSize: "touchpad-size"
        case .database: "database"
        case .diagonal: "diagonal"
        }
    }

    /// How millimetres are found, in words: what reports print after "distances".
    public var summary: String {
        switch self {
        case .resolution:
            "measured (axis resolution)"
        case .touchpadSize(let w, let h):
            "estimated: no axis resolution, a PS/2 touchpad is taken to be \(Self.number(w)) × \(Self.number(h)) mm"
        case .database(let w, let h):
            "estimated: no axis resolution, the device database says \(Self.number(w)) × \(Self.number(h)) mm"
        case .diagonal:
            "estimated: no axis resolution, 1 mm is 1/\(Self.number(Self.diagonalMillimetres)) of the axis diagonal"
        }
    }

    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
