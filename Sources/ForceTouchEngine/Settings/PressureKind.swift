/// What a device's pressure axis really measures, as the device database knows it.
public enum PressureKind: String, Hashable, Sendable, CaseIterable {
    /// Pressure grows with how hard the contact presses: force is real.
    case force
    /// The axis reports contact size (finger area): it grows when a finger flattens under
    /// a harder press, but also with more fingers or a flatter finger. Force is emulated
    /// from it and reported as such.
    case contactSize = "contact-size"
    /// Two or three values only (touching or not): no force can be read.
    case binary
    /// Declared but meaningless (constant, noise, or wrong): no force can be read.
    case unusable

    /// False when the database says the axis cannot give force at all.
    public var sensesForce: Bool { self == .force || self == .contactSize }

    /// What `d`'s pressure axis measures: the device database's word where it has one; else,
    /// as libinput reads it, contact size on a touchpad unless it is a pressure pad
    /// (`INPUT_PROP_PRESSUREPAD`), and force elsewhere. Force read from contact size is
    /// emulated, and reported so.
    public static func measured(by d: DeviceDescription, deviceClass: DeviceClass, quirks: DeviceQuirks) -> PressureKind {
        if let kind = quirks.pressureKind { return kind }
        if deviceClass == .touchpad, !d.has(property: INPUT_PROP.PRESSUREPAD) { return .contactSize }
        return .force
    }
}
