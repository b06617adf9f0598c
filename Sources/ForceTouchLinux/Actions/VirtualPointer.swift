import ForceTouchCore
import ForceTouchEngine
import Glibc

/// The uinput pointer `click` actions click with: an absolute pointer (ABS_X, ABS_Y and
/// the three buttons, like a virtual machine's tablet), which libinput and X map onto the
/// whole screen. A gesture's position, 0 to 1 across the touch device after its rotation,
/// lands on the same place of a touchscreen that covers the screen.
///
/// Created once, on first use, and kept, so that compositors see one stable pointer.
public final class VirtualPointer {
    public static let name = "forcetouch virtual pointer"
    /// The axes' range: fine enough for any screen, small enough for every compositor.
    static let range: Int32 = 32767
    private var device: UinputDevice?
    /// Why the pointer could not be created; kept so the error is logged once.
    public private(set) var failure: UinputError?

    public init() {}

    /// The node of the pointer, once created.
    public var devnode: String? { device?.devnode }

    /// Moves to (`x`, `y`), each from 0 to 1, then clicks: press and release as their own
    /// frames, as a mouse sends them, twice for a double click.
    public func click(_ click: PointerClick, x: Double, y: Double) throws(UinputError) {
        let pointer = try open()
        try pointer.write(type: EV.ABS, code: ABS.X, value: Self.axis(x))
        try pointer.write(type: EV.ABS, code: ABS.Y, value: Self.axis(y))
        try pointer.write(type: EV.SYN, code: SYN.REPORT, value: 0)
        for _ in 0..<max(1, click.count) {
            try pointer.write(type: EV.KEY, code: click.button.code, value: 1)
            try pointer.write(type: EV.SYN, code: SYN.REPORT, value: 0)
            try pointer.write(type: EV.KEY, code: click.button.code, value: 0)
            try pointer.write(type: EV.SYN, code: SYN.REPORT, value: 0)
        }
    }

    /// Creates the pointer now, so that it exists before the first click (compositors pick
    /// up a new device asynchronously and would miss the first one).
    public func prepare() throws(UinputError) {
        _ = try open()
    }

    /// A position from 0 to 1 on the axis, clamped: a gesture at the very edge stays on screen.
    static func axis(_ v: Double) -> Int32 {
        guard v.isFinite else { return 0 }
        return Int32((min(max(v, 0), 1) * Double(range)).rounded())
    }

    private func open() throws(UinputError) -> UinputDevice {
        if let device { return device }
        if let failure { throw failure }
        let axis = AbsInfo(minimum: 0, maximum: Self.range)
        let description = DeviceDescription(
            name: Self.name, id: InputID(bustype: 0x06, vendor: 0x0001, product: 0x0002, version: 1),
            codes: [EV.SYN: [SYN.REPORT], EV.KEY: Set(PointerClick.Button.allCases.map(\.code))],
            absInfo: [ABS.X: axis, ABS.Y: axis])
        do {
            let created = try UinputDevice(description)
            device = created
            return created
        } catch {
            failure = error
            throw error
        }
    }
}
