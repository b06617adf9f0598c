/// Bus, vendor, product and version of a device (`struct input_id`).
public struct InputID: Hashable, Sendable, CustomStringConvertible {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }

    /// `056a:0333`, the form lsusb and udev's hwdb use.
    public var vendorProduct: String { hex4(vendor) + ":" + hex4(product) }

    public var description: String { "bus \(hex4(bustype)) \(vendorProduct) version \(hex4(version))" }
}

/// Four lowercase hex digits, as lsusb, udev and evemu write ids: one spelling for every
/// file and report that names a device.
public func hex4(_ v: UInt16) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}
