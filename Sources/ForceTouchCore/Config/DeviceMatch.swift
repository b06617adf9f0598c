/// Which devices a `[[device]]` block is about: every criterion it names must hold
/// (`match-name`, `match-id`, `match-class`); a block naming none matches every device,
/// which makes a last catch-all block possible.
public struct DeviceMatch: Hashable, Sendable {
    /// `match-name`: a glob on the kernel's device name.
    public var name: Glob?
    /// `match-id`: vendor and product.
    public var id: VendorProduct?
    /// `match-class`.
    public var deviceClass: DeviceClass?

    public init(name: Glob? = nil, id: VendorProduct? = nil, deviceClass: DeviceClass? = nil) {
        self.name = name
        self.id = id
        self.deviceClass = deviceClass
    }

    public func matches(_ device: DeviceDescription, deviceClass c: DeviceClass) -> Bool {
        if let deviceClass, deviceClass != c { return false }
        if let id, !id.matches(device.id) { return false }
        if let name, !name.matches(device.name) { return false }
        return true
    }
}
