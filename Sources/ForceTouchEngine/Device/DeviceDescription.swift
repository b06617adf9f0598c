/// What a device is and what it can report: the part of an evdev device that does not
/// change while it is plugged in. Built from libevdev for live devices and from the header
/// of a recording for replays, so both paths feed the engine the same thing.
public struct DeviceDescription: Hashable, Sendable {
    public var name: String
    public var id: InputID
    /// `INPUT_PROP_*` bits the device sets.
    public var properties: Set<UInt16>
    /// Event codes the device can send, per event type (EV_SYN and EV_KEY and so on).
    public var codes: [UInt16: Set<UInt16>]
    /// Ranges of the absolute axes, by `ABS_*` code.
    public var absInfo: [UInt16: AbsInfo]

    public init(name: String, id: InputID = InputID(), properties: Set<UInt16> = [],
                codes: [UInt16: Set<UInt16>] = [:], absInfo: [UInt16: AbsInfo] = [:]) {
        self.name = name
        self.id = id
        self.properties = properties
        self.codes = codes
        self.absInfo = absInfo
        // An axis with a range is an axis the device has.
        for code in absInfo.keys { self.codes[EV.ABS, default: []].insert(code) }
    }

    public func has(type: UInt16) -> Bool { !(codes[type]?.isEmpty ?? true) }

    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }

    public func has(property: UInt16) -> Bool { properties.contains(property) }

    /// The axis range for an `ABS_*` code the device has, or nil.
    public func axis(_ code: UInt16) -> AbsInfo? {
        has(type: EV.ABS, code: code) ? absInfo[code] : nil
    }

    /// Multi-touch protocol B: `ABS_MT_SLOT`, unless it is fake (`isFakeMultitouch`).
    public var isMultitouch: Bool { axis(ABS.MT_SLOT) != nil && !isFakeMultitouch }
    /// `ABS_MT_SLOT` with the code just below it: a HID descriptor that numbered a run of
    /// absolute axes into the multi-touch range (keyboards and mice do). Its `ABS_MT_*` axes
    /// are not multi-touch, as libevdev and libinput take them.
    public var isFakeMultitouch: Bool { has(type: EV.ABS, code: ABS.MT_SLOT) && has(type: EV.ABS, code: ABS.RESERVED) }
    public var isSemiMultitouch: Bool { has(property: INPUT_PROP.SEMI_MT) }
}
