/// A binding's `device` key: one string that is a class name (`touchscreen`, `tablet`,
/// `touchpad`), else a `vendor:product` id (`056a:0333`), else a glob on the device name.
///
/// One key rather than three so that a binding reads naturally; the forms cannot be
/// confused except for a device literally named like a class, which a glob such as
/// `[t]ouchpad` still reaches.
public enum DeviceSelector: Hashable, Sendable, CustomStringConvertible {
    case deviceClass(DeviceClass)
    case id(VendorProduct)
    case name(Glob)

    /// Classifies the text; throws only for a malformed glob.
    public init(_ text: String) throws(Glob.SyntaxError) {
        if let c = DeviceClass(rawValue: text), c != .other {
            self = .deviceClass(c)
        } else if let id = VendorProduct(text) {
            self = .id(id)
        } else {
            self = .name(try Glob(text))
        }
    }

    public func matches(_ device: DeviceDescription, deviceClass c: DeviceClass) -> Bool {
        switch self {
        case .deviceClass(let wanted): wanted == c
        case .id(let id): id.matches(device.id)
        case .name(let glob): glob.matches(device.name)
        }
    }

    public var description: String {
        switch self {
        case .deviceClass(let c): c.rawValue
        case .id(let id): id.description
        case .name(let glob): glob.pattern
        }
    }
}
