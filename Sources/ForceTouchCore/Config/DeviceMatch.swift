import ForceTouchEngine

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

    /// True for a block naming no criterion, or only `match-name = "*"`.
    public var matchesEveryDevice: Bool { deviceClass == nil && id == nil && (name?.matchesEverything ?? true) }

    /// Whether every device `other` matches, this matches too: each criterion this names,
    /// `other` names as well and no more broadly. Decided from the criteria alone (see
    /// `Glob.covers`), so it can miss an overlap but never reports a false one.
    public func covers(_ other: DeviceMatch) -> Bool {
        if let deviceClass, deviceClass != other.deviceClass { return false }
        if let id, id != other.id { return false }
        if let name, !name.matchesEverything {
            guard let otherName = other.name, name.covers(otherName) else { return false }
        }
        return true
    }

    public func matches(_ device: DeviceDescription, deviceClass c: DeviceClass) -> Bool {
        if let deviceClass, deviceClass != c { return false }
        if let id, !id.matches(device.id) { return false }
        if let name, !name.matches(device.name) { return false }
        return true
    }
}
