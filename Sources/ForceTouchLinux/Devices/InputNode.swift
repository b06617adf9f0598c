import ForceTouchCore
import ForceTouchEngine

/// An evdev node as udev describes it.
public struct InputNode: Hashable, Sendable {
    public var devnode: String
    public var syspath: String
    /// udev properties (ID_INPUT_TOUCHSCREEN and so on); empty without a udev daemon.
    public var properties: [String: String]

    public init(devnode: String, syspath: String = "", properties: [String: String] = [:]) {
        self.devnode = devnode
        self.syspath = syspath
        self.properties = properties
    }

    /// udev's classification, when udev gave one: what is known of a node that cannot be opened.
    public var udevClass: DeviceClass? { DeviceClass(udevProperties: properties) }

    /// The class of the device open at this node, with why (`DeviceClassification`): udev's
    /// tags where udev described it, else its bits; `quirks` are the device database's.
    public func classification(of description: DeviceDescription, quirks: DeviceQuirks = .none) -> DeviceClassification {
        DeviceClassification(description, udevProperties: properties, quirks: quirks)
    }

    /// The class alone, with the device database's word on what the device is.
    public func deviceClass(of description: DeviceDescription, database: DeviceDatabase = .empty) -> DeviceClass {
        classification(of: description, quirks: Self.kindQuirks(description, database)).deviceClass
    }

    /// The database entries that can say what a device is: matched on its bits' class, the
    /// only one known before the database has spoken.
    static func kindQuirks(_ d: DeviceDescription, _ database: DeviceDatabase) -> DeviceQuirks {
        database.quirks(for: d, deviceClass: DeviceClass(classifying: d))
    }
}
