import ForceTouchEngine

/// A USB-style `vendor:product` pair written `056a:0333` (four hex digits each), the form
/// lsusb, udev's hwdb and `forcetest list` show, for matching a device model exactly.
public struct VendorProduct: Hashable, Sendable, CustomStringConvertible {
    public var vendor: UInt16
    public var product: UInt16

    public init(vendor: UInt16, product: UInt16) {
        self.vendor = vendor
        self.product = product
    }

    /// Parses exactly `hhhh:hhhh`, either case; nil for anything else, so that a short or
    /// decimal id is an error rather than a silent mismatch.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 4 && $0.allSatisfy(\.isHexDigit) }),
              let v = UInt16(parts[0], radix: 16), let p = UInt16(parts[1], radix: 16)
        else { return nil }
        vendor = v
        product = p
    }

    public func matches(_ id: InputID) -> Bool { id.vendor == vendor && id.product == product }

    public var description: String { hex4(vendor) + ":" + hex4(product) }
}
