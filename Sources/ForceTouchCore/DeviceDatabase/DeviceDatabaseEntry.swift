import ForceTouchEngine

/// One section of a device database file: which devices it is about (every `Match…` key
/// it names must hold) and what it knows of them (its `Attr…` keys).
public struct DeviceDatabaseEntry: Hashable, Sendable {
    /// The section's title, `[Synaptics PS/2 touchpads]`: how reports name the entry.
    public var name: String
    /// Where it was read, for diagnostics.
    public var file: String
    public var line: Int

    /// `MatchBus`: the bus type (`usb`, `bluetooth`, `i8042`, `i2c`, … or a number).
    public var bus: UInt16?
    /// `MatchVendor` and `MatchProduct`.
    public var vendor: UInt16?
    public var product: UInt16?
    /// `MatchName`: a glob on the kernel's device name.
    public var deviceName: Glob?
    /// `MatchDeviceClass`: touchscreen, tablet or touchpad.
    public var deviceClass: DeviceClass?

    /// The `Attr…` keys, with `entries` empty.
    public var attributes: DeviceQuirks

    public init(name: String, file: String = "", line: Int = 0, bus: UInt16? = nil, vendor: UInt16? = nil,
                product: UInt16? = nil, deviceName: Glob? = nil, deviceClass: DeviceClass? = nil,
                attributes: DeviceQuirks = .none) {
        self.name = name
        self.file = file
        self.line = line
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.deviceName = deviceName
        self.deviceClass = deviceClass
        self.attributes = attributes
    }

    public func matches(_ d: DeviceDescription, deviceClass c: DeviceClass) -> Bool {
        if let bus, bus != d.id.bustype { return false }
        if let vendor, vendor != d.id.vendor { return false }
        if let product, product != d.id.product { return false }
        if let deviceName, !deviceName.matches(d.name) { return false }
        if let deviceClass, deviceClass != c { return false }
        return true
    }
}

/// The shipped device database, in the spirit of libinput's quirks: what is known of real
/// devices' pressure, matched by bus, vendor:product and name. It ranks below the user's
/// `[[device]]` blocks and above the defaults (SPEC §2).
public struct DeviceDatabase: Hashable, Sendable {
    /// In the order they apply: files in name order, sections in file order.
    public var entries: [DeviceDatabaseEntry]

    public init(entries: [DeviceDatabaseEntry] = []) {
        self.entries = entries
    }

    public static let empty = DeviceDatabase()

    /// Every matching entry applied in order, a later one overriding what an earlier one set.
    public func quirks(for d: DeviceDescription, deviceClass c: DeviceClass) -> DeviceQuirks {
        var q = DeviceQuirks.none
        for e in entries where e.matches(d, deviceClass: c) {
            let a = e.attributes
            if let v = a.pressureKind { q.pressureKind = v }
            if let v = a.pressureRange { q.pressureRange = v }
            if let v = a.averageTouch {
                q.averageTouch = v
                q.averageTouchEntry = e.name
            }
            if let v = a.peekFraction { q.peekFraction = v }
            if let v = a.popFraction { q.popFraction = v }
            if let v = a.size {
                q.size = v
                q.sizeEntry = e.name
            }
            if let v = a.deviceKind {
                q.deviceKind = v
                q.deviceKindEntry = e.name
            }
            q.entries.append(e.name)
        }
        return q
    }
}
