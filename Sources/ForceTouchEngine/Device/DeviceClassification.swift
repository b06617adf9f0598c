/// The one rule that decides whether forcetouch takes a device for a touchscreen, a pen
/// tablet or a touchpad, with why: libinput's. A device that is none of them (a keyboard, a
/// mouse, a tablet's button pad, a totem) is `other`, and forcetouch leaves it alone: it is
/// never grabbed, counted or given a force capability.
///
/// In order:
/// 1. The device database, for what the bits cannot tell (`AttrDeviceKind`: a totem).
/// 2. udev's own tags, when udev has described the device (a live device): `ID_INPUT_TABLET_PAD`
///    is a pad; `ID_INPUT_TABLET` is a tablet only without `ID_INPUT_TOUCHSCREEN` and
///    `ID_INPUT_TOUCHPAD` (libwacom tags a tablet PC's finger touchscreen a tablet too);
///    then `ID_INPUT_TOUCHPAD`, then `ID_INPUT_TOUCHSCREEN`; anything else (`ID_INPUT_KEYBOARD`,
///    `ID_INPUT_MOUSE`, …) is other.
/// 3. Otherwise (a replayed description, or no udev) the rules udev's `input_id` applies to the
///    bits, so that a replay classifies its device as udev did.
///
/// Both ways, a device whose `ABS_MT_SLOT` comes with the code below it (`ABS_MT_SLOT - 1`)
/// is not multi-touch: its HID descriptor numbered a run of absolute axes into the MT range
/// (libevdev's "fake MT"; keyboards and mice do it) and it is never a touchscreen.
public struct DeviceClassification: Hashable, Sendable {
    public var deviceClass: DeviceClass
    /// Why, in words a user can check with `evtest` or `udevadm info`: what made it a touch
    /// device, or what it is instead ("a tablet pad: …").
    public var reason: String

    public init(deviceClass: DeviceClass, reason: String) {
        self.deviceClass = deviceClass
        self.reason = reason
    }

    /// Classifies `d`, live (with udev's properties) or replayed (without).
    public init(_ d: DeviceDescription, udevProperties p: [String: String] = [:], quirks: DeviceQuirks = .none) {
        if let kind = quirks.deviceKind {
            self.init(deviceClass: .other, reason: "\(kind.description) (device database: \(quirks.deviceKindEntry ?? "?"))")
        } else if let tagged = Self(udevProperties: p, fakeMultitouch: d.isFakeMultitouch) {
            self = tagged
        } else {
            self = Self(bits: d)
        }
    }

    static let fakeMultitouchReason = "fake multi-touch: ABS_MT_SLOT comes with ABS_MT_SLOT-1, a misnumbered run of axes (keyboards and mice have them)"

    /// From udev's tags; nil when udev has not described the device (no `ID_INPUT…` tag).
    public init?(udevProperties p: [String: String], fakeMultitouch: Bool = false) {
        func tag(_ name: String) -> Bool { p[name] == "1" }
        guard tag("ID_INPUT") || p.keys.contains(where: { $0.hasPrefix("ID_INPUT_") }) else { return nil }
        let touchTags = tag("ID_INPUT_TOUCHSCREEN") || tag("ID_INPUT_TOUCHPAD")
        if tag("ID_INPUT_TABLET_PAD") {
            self.init(deviceClass: .other, reason: "a tablet pad: buttons, rings or dials, no pen (udev: ID_INPUT_TABLET_PAD)")
        } else if tag("ID_INPUT_TABLET"), !touchTags {
            self.init(deviceClass: .tablet, reason: "udev: ID_INPUT_TABLET")
        } else if tag("ID_INPUT_TOUCHPAD") {
            self.init(deviceClass: .touchpad, reason: "udev: ID_INPUT_TOUCHPAD")
        } else if tag("ID_INPUT_TOUCHSCREEN"), !fakeMultitouch {
            self.init(deviceClass: .touchscreen, reason: "udev: ID_INPUT_TOUCHSCREEN")
        } else if fakeMultitouch {
            self.init(deviceClass: .other, reason: Self.fakeMultitouchReason)
        } else if tag("ID_INPUT_KEYBOARD") {
            self.init(deviceClass: .other, reason: "a keyboard (udev: ID_INPUT_KEYBOARD)")
        } else if tag("ID_INPUT_MOUSE") {
            self.init(deviceClass: .other, reason: "a mouse (udev: ID_INPUT_MOUSE)")
        } else {
            self.init(deviceClass: .other, reason: "not a touchscreen, tablet or touchpad (udev)")
        }
    }

    /// udev `input_id`'s rules on the bits.
    init(bits d: DeviceDescription) {
        let key = { (code: UInt16) in d.has(type: EV.KEY, code: code) }
        let abs = { (code: UInt16) in d.has(type: EV.ABS, code: code) }
        let rel = { (code: UInt16) in d.has(type: EV.REL, code: code) }
        let hasPosition = abs(ABS.X) && abs(ABS.Y)
        let hasMultitouchPosition = !d.isFakeMultitouch && abs(ABS.MT_POSITION_X) && abs(ABS.MT_POSITION_Y)
        let pen = key(BTN.TOOL_PEN)
        let stylusOrPen = key(BTN.STYLUS) || pen
        let fingerButNoPen = key(BTN.TOOL_FINGER) && !pen
        let direct = d.has(property: INPUT_PROP.DIRECT)
        let touch = key(BTN.TOUCH)
        let mouseButton = d.codes[EV.KEY]?.contains { $0 >= BTN.MOUSE && $0 < BTN.JOYSTICK } ?? false
        let relative = rel(REL.X) && rel(REL.Y)
        let padButtons = key(BTN.BTN_0) && key(BTN.BTN_1) && !pen
        let wheel = rel(REL.WHEEL) || rel(REL.HWHEEL)

        let tablet = (hasPosition || hasMultitouchPosition) && stylusOrPen
        let touchpad = !tablet && (hasPosition || hasMultitouchPosition) && fingerButNoPen && !direct
        let touchscreen = !tablet && !touchpad && (touch || direct)
            && (hasMultitouchPosition || (hasPosition && !mouseButton))

        if tablet && padButtons {
            self.init(deviceClass: .other, reason: "a tablet pad: BTN_0 and BTN_1 beside BTN_STYLUS, no BTN_TOOL_PEN")
        } else if padButtons && wheel && !relative && !tablet && !touchpad && !touchscreen {
            self.init(deviceClass: .other, reason: "a tablet pad: BTN_0 and BTN_1 and a wheel, no pointer motion")
        } else if tablet {
            self.init(deviceClass: .tablet, reason: pen ? "BTN_TOOL_PEN" : "BTN_STYLUS")
        } else if touchpad {
            self.init(deviceClass: .touchpad, reason: "BTN_TOOL_FINGER, not INPUT_PROP_DIRECT")
        } else if touchscreen {
            self.init(deviceClass: .touchscreen, reason: direct ? "INPUT_PROP_DIRECT" : "BTN_TOUCH")
        } else if d.isFakeMultitouch {
            self.init(deviceClass: .other, reason: Self.fakeMultitouchReason)
        } else if mouseButton && (relative || !hasPosition) {
            self.init(deviceClass: .other, reason: hasMultitouchPosition
                ? "a mouse: REL_X/REL_Y and buttons; its touch surface has neither INPUT_PROP_DIRECT nor BTN_TOUCH"
                : "a mouse: REL_X/REL_Y and buttons")
        } else if hasPosition && mouseButton {
            self.init(deviceClass: .other, reason: "an absolute mouse: ABS_X/ABS_Y and buttons, no BTN_TOUCH")
        } else if !hasPosition && !hasMultitouchPosition {
            self.init(deviceClass: .other, reason: "no ABS_X/ABS_Y or ABS_MT_POSITION_X/Y")
        } else {
            self.init(deviceClass: .other, reason: "neither INPUT_PROP_DIRECT, BTN_TOUCH, BTN_TOOL_FINGER nor a pen")
        }
    }
}
