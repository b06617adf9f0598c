import ForceTouchCore
import ForceTouchEngine
import Glibc

/// The uinput keyboard `keys` actions type on: created once, on first use, and kept, so
/// that compositors and X see one stable keyboard rather than one per key stroke.
public final class VirtualKeyboard {
    public static let name = "forcetouch virtual keyboard"
    private var device: UinputDevice?
    /// Why the keyboard could not be created; kept so the error is logged once, not per stroke.
    public private(set) var failure: UinputError?

    public init() {}

    /// The node of the keyboard, once created.
    public var devnode: String? { device?.devnode }

    /// Types each stroke: its keys pressed in order, then released in reverse, each stroke
    /// its own frames.
    public func type(_ strokes: [KeyStroke]) throws(UinputError) {
        let keyboard = try open()
        for stroke in strokes {
            for key in stroke.keys {
                try keyboard.write(type: EV.KEY, code: key, value: 1)
                try keyboard.write(type: EV.SYN, code: SYN.REPORT, value: 0)
            }
            for key in stroke.keys.reversed() {
                try keyboard.write(type: EV.KEY, code: key, value: 0)
                try keyboard.write(type: EV.SYN, code: SYN.REPORT, value: 0)
            }
        }
    }

    /// Creates the keyboard now, so that it exists before the first stroke (readers and
    /// compositors pick up a new keyboard asynchronously and would miss it).
    public func prepare() throws(UinputError) {
        _ = try open()
    }

    private func open() throws(UinputError) -> UinputDevice {
        if let device { return device }
        if let failure { throw failure }
        // The very codes the configuration accepts in `keys`, so none is accepted there
        // that this device cannot type.
        let keys = KeyStroke.typeableCodes
        let description = DeviceDescription(
            name: Self.name, id: InputID(bustype: 0x06, vendor: 0x0001, product: 0x0001, version: 1),
            codes: [EV.SYN: [SYN.REPORT], EV.KEY: keys])
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
