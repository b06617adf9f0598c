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

    /// The class of the device open at this node: from its evdev bits, as a replay of its
    /// recording classifies it (see `DeviceClass.init(classifying:udevProperties:)`).
    public func deviceClass(of description: DeviceDescription) -> DeviceClass {
        DeviceClass(classifying: description, udevProperties: properties)
    }
}
