/// What kind of touch device something is, as libinput and udev sort them
/// (ID_INPUT_TOUCHSCREEN, ID_INPUT_TABLET, ID_INPUT_TOUCHPAD). `DeviceClassification`
/// decides it, with why.
public enum DeviceClass: String, Hashable, Sendable, CaseIterable {
    case touchscreen
    case tablet
    case touchpad
    /// Not a touch, pen or touchpad device (a keyboard, a mouse, a tablet's pad, a totem):
    /// forcetouch leaves it alone.
    case other

    /// From the evdev bits alone (and the device database, where it knows better), as a
    /// replay classifies a recording.
    public init(classifying d: DeviceDescription, quirks: DeviceQuirks = .none) {
        self = DeviceClassification(d, quirks: quirks).deviceClass
    }

    /// A live device: udev's tags where udev has described it, else the bits
    /// (`DeviceClassification`).
    public init(classifying d: DeviceDescription, udevProperties p: [String: String], quirks: DeviceQuirks = .none) {
        self = DeviceClassification(d, udevProperties: p, quirks: quirks).deviceClass
    }

    /// From udev's tags alone; nil when they make no touch device (or udev has not said).
    /// Only for a device that cannot be opened: the rest are classified whole.
    public init?(udevProperties p: [String: String]) {
        guard let c = DeviceClassification(udevProperties: p), c.deviceClass != .other else { return nil }
        self = c.deviceClass
    }
}
