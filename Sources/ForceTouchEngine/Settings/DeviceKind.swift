/// What the device database says a device is where its evdev bits cannot tell: a device whose
/// bits make a touchscreen but which is none.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A dial put on a touchscreen (Dell Canvas Totem): it sends multi-touch contacts with
    /// `INPUT_PROP_DIRECT`, as a touchscreen does, but its contacts are the dial's feet, not
    /// fingers, so no touch gesture may come from it.
    case totem

    /// How reports name it.
    public var description: String {
        switch self {
        case .totem: "a totem, a dial put on the screen"
        }
    }
}
