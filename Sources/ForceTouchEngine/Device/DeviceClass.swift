/// What kind of touch device something is, the way udev's `input_id` builtin sorts them
/// (ID_INPUT_TOUCHSCREEN, ID_INPUT_TABLET, ID_INPUT_TOUCHPAD).
public enum DeviceClass: String, Hashable, Sendable, CaseIterable {
    case touchscreen
    case tablet
    case touchpad
    /// Not a touch, pen or touchpad device: forcetouch leaves it alone.
    case other

    /// Classifies from the evdev bits alone, for when udev has not said.
    public init(classifying d: DeviceDescription) {
        let hasPosition = d.axis(ABS.X) != nil || d.axis(ABS.MT_POSITION_X) != nil
        guard hasPosition else { self = .other; return }
        if d.has(type: EV.KEY, code: BTN.TOOL_PEN) || d.has(type: EV.KEY, code: BTN.STYLUS) {
            self = .tablet
        } else if d.has(property: INPUT_PROP.DIRECT) {
            self = .touchscreen
        } else if d.has(property: INPUT_PROP.POINTER) || d.has(property: INPUT_PROP.BUTTONPAD)
            || d.has(type: EV.KEY, code: BTN.TOOL_FINGER)
        {
            self = .touchpad
        } else if d.has(type: EV.KEY, code: BTN.TOUCH) || d.isMultitouch {
            // A touch device that declares nothing else is a touchscreen (udev does the same).
            self = .touchscreen
        } else {
            self = .other
        }
    }

    /// The class forcetouch gives a device, live or replayed: the one its evdev bits say, so
    /// that the daemon on the device and a replay of its recording (which carries the bits
    /// but no udev data) classify it alike, and so apply the same `device = "touchscreen"`
    /// bindings and `match-class` rules and wait for a double tap alike. udev's class counts
    /// only where the bits do not make a touch device (a hwdb entry that knows better):
    /// udev rules may add classes the bits do not show — libwacom tags every Wacom device
    /// `ID_INPUT_TABLET`, the finger touchscreen of a tablet PC included, beside udev's own
    /// `ID_INPUT_TOUCHSCREEN` — and a recording cannot carry them.
    public init(classifying d: DeviceDescription, udevProperties p: [String: String]) {
        let fromBits = DeviceClass(classifying: d)
        self = fromBits != .other ? fromBits : DeviceClass(udevProperties: p) ?? .other
    }

    /// From udev's ID_INPUT_* properties; nil when udev names none of the three. Only for a
    /// device that cannot be opened: `init(classifying:udevProperties:)` classifies the rest.
    public init?(udevProperties p: [String: String]) {
        if p["ID_INPUT_TABLET"] == "1" { self = .tablet }
        else if p["ID_INPUT_TOUCHSCREEN"] == "1" { self = .touchscreen }
        else if p["ID_INPUT_TOUCHPAD"] == "1" { self = .touchpad }
        else { return nil }
    }
}
