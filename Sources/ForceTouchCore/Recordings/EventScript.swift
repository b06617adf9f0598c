/// Writes evdev event streams by hand, frame by frame: for tests, the benchmark and demos
/// that need a device doing something precise (a finger held perfectly still, a press that
/// crosses a threshold on one frame).
public struct EventScript: Sendable {
    public let device: DeviceDescription
    public private(set) var events: [InputEvent] = []
    private var lastSlot: Int32 = -1

    public init(device: DeviceDescription) {
        self.device = device
    }

    public var recording: Recording { Recording(device: device, events: events) }

    /// A multi-touch (protocol B) touchscreen: 100 × 60 mm at 10 units/mm, pressure
    /// 0...255, ten slots, INPUT_PROP_DIRECT.
    public static func touchscreen(name: String = "forcetouch test touchscreen", slots: Int32 = 10,
                                   pressure: Bool = true) -> DeviceDescription {
        var abs: [UInt16: AbsInfo] = [
            ABS.X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            ABS.Y: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
            ABS.MT_SLOT: AbsInfo(minimum: 0, maximum: slots - 1),
            ABS.MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            ABS.MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
            ABS.MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ]
        if pressure {
            abs[ABS.PRESSURE] = AbsInfo(minimum: 0, maximum: 255)
            abs[ABS.MT_PRESSURE] = AbsInfo(minimum: 0, maximum: 255)
        }
        return DeviceDescription(
            name: name, id: InputID(bustype: 0x03, vendor: 0x1234, product: 0x5678, version: 1),
            properties: [INPUT_PROP.DIRECT],
            codes: [EV.SYN: [SYN.REPORT, SYN.DROPPED], EV.KEY: [BTN.TOUCH]], absInfo: abs)
    }

    /// A single-touch pen: ABS_X/ABS_Y at 100 units/mm, ABS_PRESSURE 0...2047.
    public static func pen(name: String = "forcetouch test pen") -> DeviceDescription {
        DeviceDescription(
            name: name, id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0001, version: 1),
            properties: [INPUT_PROP.DIRECT],
            codes: [EV.SYN: [SYN.REPORT], EV.KEY: [BTN.TOOL_PEN, BTN.TOUCH, BTN.STYLUS]],
            absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 20000, resolution: 100),
                      ABS.Y: AbsInfo(minimum: 0, maximum: 12000, resolution: 100),
                      ABS.PRESSURE: AbsInfo(minimum: 0, maximum: 2047)])
    }

    public mutating func emit(_ t: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: Timestamp(seconds: t), type: type, code: code, value: value))
    }

    public mutating func syn(_ t: Double) { emit(t, EV.SYN, SYN.REPORT, 0) }

    private mutating func select(_ t: Double, _ slot: Int32) {
        if slot != lastSlot {
            emit(t, EV.ABS, ABS.MT_SLOT, slot)
            lastSlot = slot
        }
    }

    /// Contact `slot` comes down (no SYN_REPORT: several contacts may share a frame).
    public mutating func down(_ t: Double, slot: Int32 = 0, id: Int32? = nil, x: Int32, y: Int32,
                              pressure: Int32 = 40) {
        select(t, slot)
        emit(t, EV.ABS, ABS.MT_TRACKING_ID, id ?? (100 + slot))
        emit(t, EV.ABS, ABS.MT_POSITION_X, x)
        emit(t, EV.ABS, ABS.MT_POSITION_Y, y)
        emit(t, EV.ABS, ABS.MT_PRESSURE, pressure)
    }

    public mutating func move(_ t: Double, slot: Int32 = 0, x: Int32? = nil, y: Int32? = nil,
                              pressure: Int32? = nil) {
        select(t, slot)
        if let x { emit(t, EV.ABS, ABS.MT_POSITION_X, x) }
        if let y { emit(t, EV.ABS, ABS.MT_POSITION_Y, y) }
        if let pressure { emit(t, EV.ABS, ABS.MT_PRESSURE, pressure) }
    }

    public mutating func up(_ t: Double, slot: Int32 = 0) {
        select(t, slot)
        emit(t, EV.ABS, ABS.MT_TRACKING_ID, -1)
    }

    /// Down, then a SYN_REPORT.
    public mutating func touch(_ t: Double, slot: Int32 = 0, x: Int32, y: Int32, pressure: Int32 = 40) {
        down(t, slot: slot, x: x, y: y, pressure: pressure)
        syn(t)
    }

    /// Up, then a SYN_REPORT.
    public mutating func lift(_ t: Double, slot: Int32 = 0) {
        up(t, slot: slot)
        syn(t)
    }

    /// A single-finger tap at (x, y) from `t` lasting `duration`.
    public mutating func tap(_ t: Double, x: Int32, y: Int32, duration: Double = 0.08) {
        touch(t, x: x, y: y)
        lift(t + duration)
    }
}
