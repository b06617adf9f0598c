import ForceTouchCore
import ForceTouchEngine

/// Writes evdev event streams by hand, frame by frame: for tests, the benchmark and demos
/// that need a device doing something precise (a finger held perfectly still, a press that
/// crosses a threshold on one frame).
///
/// A script is written once and plays on any device: `down`, `move`, `up` and the helpers
/// built on them write what that device's kernel driver would send.
/// - Multi-touch (protocol B): `ABS_MT_SLOT`, `ABS_MT_TRACKING_ID`, `ABS_MT_POSITION_X/Y`,
///   and the contact's pressure on `ABS_MT_PRESSURE`.
/// - SEMI_MT pads: the slots as above, with the device-wide `ABS_PRESSURE` (the last value
///   written is the device's) and `BTN_TOUCH` and `BTN_TOOL_FINGER`, `BTN_TOOL_DOUBLETAP`…
///   for the number of fingers down.
/// - Single-touch devices and pens: `BTN_TOUCH` with `ABS_X/Y` and `ABS_PRESSURE`; a pen
///   also comes into proximity (`BTN_TOOL_PEN`) with its first touch and leaves with its lift.
///   They have one contact: slot 0.
/// - Without pressure but with contact size (`ABS_MT_TOUCH_MAJOR`), the pressure is written
///   as contact size; without either, none is written.
///
/// Key events (`BTN_TOUCH`, `BTN_TOOL_*`) are written with the frame's `SYN_REPORT`, for the
/// keys the device declares.
public struct EventScript: Sendable {
    public let device: DeviceDescription
    public private(set) var events: [InputEvent] = []
    private var lastSlot: Int32 = -1
    private let layout: Layout
    /// Slots down, as written so far; what the keys announce, as sent so far.
    private var slotsDown: Set<Int32> = []
    private var fingersAnnounced = 0

    public init(device: DeviceDescription) {
        self.device = device
        layout = Layout(device)
    }

    public var recording: Recording { Recording(device: device, events: events) }

    /// How hard a contact presses, in a script: raw units of the device's pressure axis, a
    /// force (SPEC §2, uncalibrated: 1.0 is an average touch, 2.0 peek, 5.0 pop), or an
    /// ordinary touch.
    public enum Pressure: Hashable, Sendable {
        /// Raw units of the axis the script writes the pressure on.
        case raw(Int32)
        /// A force under the uncalibrated model, turned into the nearest raw value of that
        /// axis: the same force on every device, whatever its range.
        case force(Double)
        /// An ordinary touch: the same fraction of the axis as 40 of 0...255 (a force of
        /// about 1.05 uncalibrated).
        case ordinary
    }

    /// A multi-touch (protocol B) touchscreen: 100 × 60 mm at 10 units/mm, pressure
    /// 0...255, ten slots, INPUT_PROP_DIRECT.
    /// - Parameter contactSize: adds ABS_MT_TOUCH_MAJOR 0...255, the contact's size.
    public static func touchscreen(name: String = "forcetouch test touchscreen", slots: Int32 = 10,
                                   pressure: Bool = true, contactSize: Bool = false) -> DeviceDescription {
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
        if contactSize {
            abs[ABS.MT_TOUCH_MAJOR] = AbsInfo(minimum: 0, maximum: 255)
        }
        return DeviceDescription(
            name: name, id: InputID(bustype: 0x03, vendor: 0x1234, product: 0x5678, version: 1),
            properties: [INPUT_PROP.DIRECT],
            codes: [EV.SYN: [SYN.REPORT, SYN.DROPPED], EV.KEY: [BTN.TOUCH]], absInfo: abs)
    }

    /// A single-touch touchscreen: BTN_TOUCH with ABS_X/ABS_Y (100 × 60 mm at 10 units/mm)
    /// and ABS_PRESSURE 0...255, no slots, INPUT_PROP_DIRECT.
    public static func singleTouchscreen(name: String = "forcetouch test single-touch screen") -> DeviceDescription {
        DeviceDescription(
            name: name, id: InputID(bustype: 0x03, vendor: 0x1234, product: 0x5679, version: 1),
            properties: [INPUT_PROP.DIRECT],
            codes: [EV.SYN: [SYN.REPORT, SYN.DROPPED], EV.KEY: [BTN.TOUCH]],
            absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                      ABS.Y: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
                      ABS.PRESSURE: AbsInfo(minimum: 0, maximum: 255)])
    }

    /// A single-touch pen: ABS_X/ABS_Y, 200 × 120 mm at `unitsPerMillimetre` (100 by
    /// default), ABS_PRESSURE 0...2047.
    public static func pen(name: String = "forcetouch test pen", unitsPerMillimetre: Int32 = 100) -> DeviceDescription {
        DeviceDescription(
            name: name, id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0001, version: 1),
            properties: [INPUT_PROP.DIRECT],
            codes: [EV.SYN: [SYN.REPORT], EV.KEY: [BTN.TOOL_PEN, BTN.TOUCH, BTN.STYLUS]],
            absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 200 * unitsPerMillimetre, resolution: unitsPerMillimetre),
                      ABS.Y: AbsInfo(minimum: 0, maximum: 120 * unitsPerMillimetre, resolution: unitsPerMillimetre),
                      ABS.PRESSURE: AbsInfo(minimum: 0, maximum: 2047)])
    }

    /// A SEMI_MT touchpad like the ALPS and Cypress PS/2 pads: two slots that are the corners
    /// of a bounding box, the finger count from BTN_TOOL_FINGER/DOUBLETAP/TRIPLETAP, and one
    /// device-wide ABS_PRESSURE 0...127 (no ABS_MT_PRESSURE). 100 × 60 mm at 10 units/mm;
    /// INPUT_PROP_POINTER, BUTTONPAD and SEMI_MT; PS/2 bus.
    public static func semiMultitouchTouchpad(name: String = "forcetouch test SEMI_MT touchpad") -> DeviceDescription {
        DeviceDescription(
            name: name, id: InputID(bustype: 0x11, vendor: 0x0002, product: 0x0008, version: 1),
            properties: [INPUT_PROP.POINTER, INPUT_PROP.BUTTONPAD, INPUT_PROP.SEMI_MT],
            codes: [EV.SYN: [SYN.REPORT, SYN.DROPPED],
                    EV.KEY: [BTN.LEFT, BTN.TOUCH, BTN.TOOL_FINGER, BTN.TOOL_DOUBLETAP, BTN.TOOL_TRIPLETAP]],
            absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                      ABS.Y: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
                      ABS.PRESSURE: AbsInfo(minimum: 0, maximum: 127),
                      ABS.MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
                      ABS.MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                      ABS.MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
                      ABS.MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535)])
    }

    /// A single-touch touchpad like the older PS/2 pads (ALPS, Synaptics) in their non-MT
    /// mode: BTN_TOUCH and BTN_TOOL_FINGER with ABS_X 0...690, ABS_Y 0...500 and
    /// ABS_PRESSURE 0...127, no slots, no properties, PS/2 bus. Its axes report no
    /// resolution (0), as those pads' do: forcetouch takes a touchpad that says no size to
    /// be 69 × 50 mm (SPEC §4), which makes these axes 10 units per millimetre.
    public static func touchpadWithoutResolution(name: String = "forcetouch test touchpad without resolution")
        -> DeviceDescription
    {
        DeviceDescription(
            name: name, id: InputID(bustype: 0x11, vendor: 0x0002, product: 0x00f0, version: 1),
            properties: [],
            codes: [EV.SYN: [SYN.REPORT, SYN.DROPPED], EV.KEY: [BTN.LEFT, BTN.RIGHT, BTN.TOUCH, BTN.TOOL_FINGER]],
            absInfo: [ABS.X: AbsInfo(minimum: 0, maximum: 690),
                      ABS.Y: AbsInfo(minimum: 0, maximum: 500),
                      ABS.PRESSURE: AbsInfo(minimum: 0, maximum: 127)])
    }

    public mutating func emit(_ t: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: Timestamp(seconds: t), type: type, code: code, value: value))
    }

    /// Ends the frame: the keys for the fingers now down, then SYN_REPORT.
    public mutating func syn(_ t: Double) {
        announceFingers(t)
        emit(t, EV.SYN, SYN.REPORT, 0)
    }

    private mutating func select(_ t: Double, _ slot: Int32) {
        guard layout.slotted else {
            precondition(slot == 0, "\(device.name) has one contact: slot 0 only")
            return
        }
        if slot != lastSlot {
            emit(t, EV.ABS, ABS.MT_SLOT, slot)
            lastSlot = slot
        }
    }

    private mutating func position(_ t: Double, x: Int32?, y: Int32?) {
        if let x { emit(t, EV.ABS, layout.slotted ? ABS.MT_POSITION_X : ABS.X, x) }
        if let y { emit(t, EV.ABS, layout.slotted ? ABS.MT_POSITION_Y : ABS.Y, y) }
    }

    private mutating func press(_ t: Double, _ pressure: Pressure) {
        guard let (code, axis) = layout.pressureAxis else { return }
        let raw: Int32
        switch pressure {
        case .raw(let value): raw = value
        case .force(let force):
            let lo = Double(axis.minimum), span = Double(axis.maximum - axis.minimum)
            raw = Int32((lo + force * ForceModel.uncalibratedAverageFraction * span).rounded())
        case .ordinary:
            raw = axis.minimum + Int32((Double(axis.maximum - axis.minimum) * 40 / 255).rounded())
        }
        emit(t, EV.ABS, code, raw)
    }

    /// The keys that announce the fingers down, for the devices that send them.
    private mutating func announceFingers(_ t: Double) {
        guard layout.sendsKeys else { return }
        let now = slotsDown.count
        guard now != fingersAnnounced else { return }
        let before = fingersAnnounced
        fingersAnnounced = now
        if (before == 0) != (now == 0) {
            let value: Int32 = now > 0 ? 1 : 0
            if device.has(type: EV.KEY, code: BTN.TOOL_PEN) { emit(t, EV.KEY, BTN.TOOL_PEN, value) }
            if device.has(type: EV.KEY, code: BTN.TOUCH) { emit(t, EV.KEY, BTN.TOUCH, value) }
        }
        let tools = [BTN.TOOL_FINGER, BTN.TOOL_DOUBLETAP, BTN.TOOL_TRIPLETAP, BTN.TOOL_QUADTAP, BTN.TOOL_QUINTTAP]
        func tool(_ n: Int) -> UInt16? {
            guard n > 0, !device.has(type: EV.KEY, code: BTN.TOOL_PEN) else { return nil }
            let code = tools[min(n, tools.count) - 1]
            return device.has(type: EV.KEY, code: code) ? code : nil
        }
        if let old = tool(before) { emit(t, EV.KEY, old, 0) }
        if let new = tool(now) { emit(t, EV.KEY, new, 1) }
    }

    /// Contact `slot` comes down (no SYN_REPORT: several contacts may share a frame).
    /// `pressure` is raw units of the device's pressure axis; nil is an ordinary touch.
    public mutating func down(_ t: Double, slot: Int32 = 0, id: Int32? = nil, x: Int32, y: Int32,
                              pressure: Int32? = nil) {
        down(t, slot: slot, id: id, x: x, y: y, pressing: pressure.map { .raw($0) } ?? .ordinary)
    }

    /// Contact `slot` comes down pressing with `force` (see `Pressure.force`).
    public mutating func down(_ t: Double, slot: Int32 = 0, id: Int32? = nil, x: Int32, y: Int32, force: Double) {
        down(t, slot: slot, id: id, x: x, y: y, pressing: .force(force))
    }

    /// Contact `slot` comes down pressing as `pressing` says.
    public mutating func down(_ t: Double, slot: Int32 = 0, id: Int32? = nil, x: Int32, y: Int32,
                              pressing: Pressure) {
        select(t, slot)
        if layout.slotted { emit(t, EV.ABS, ABS.MT_TRACKING_ID, id ?? (100 + slot)) }
        position(t, x: x, y: y)
        press(t, pressing)
        slotsDown.insert(slot)
    }

    /// Contact `slot` moves or presses differently; what is nil stays as it was.
    public mutating func move(_ t: Double, slot: Int32 = 0, x: Int32? = nil, y: Int32? = nil,
                              pressure: Int32? = nil) {
        select(t, slot)
        position(t, x: x, y: y)
        if let pressure { press(t, .raw(pressure)) }
    }

    /// Contact `slot` moves or presses with `force` (see `Pressure.force`).
    public mutating func move(_ t: Double, slot: Int32 = 0, x: Int32? = nil, y: Int32? = nil, force: Double) {
        select(t, slot)
        position(t, x: x, y: y)
        press(t, .force(force))
    }

    /// Contact `slot` lifts (no SYN_REPORT).
    public mutating func up(_ t: Double, slot: Int32 = 0) {
        select(t, slot)
        slotsDown.remove(slot)
        if layout.slotted {
            emit(t, EV.ABS, ABS.MT_TRACKING_ID, -1)
        } else if let (code, axis) = layout.pressureAxis {
            emit(t, EV.ABS, code, axis.minimum)
        }
    }

    /// Down, then a SYN_REPORT.
    public mutating func touch(_ t: Double, slot: Int32 = 0, x: Int32, y: Int32, pressure: Int32? = nil) {
        down(t, slot: slot, x: x, y: y, pressure: pressure)
        syn(t)
    }

    /// Down with `force`, then a SYN_REPORT.
    public mutating func touch(_ t: Double, slot: Int32 = 0, x: Int32, y: Int32, force: Double) {
        down(t, slot: slot, x: x, y: y, force: force)
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

    /// Ordinary one-finger touches, 0.5 s apart from `start`, each held at its level for
    /// 60 ms between a landing and a lifting frame at half of it: what auto-calibration
    /// learns from (the ramps are left out of a touch's level).
    public mutating func heldTouches(_ levels: [Int32], start: Double = 0) {
        for (i, level) in levels.enumerated() {
            let t = start + Double(i) * 0.5
            touch(t, x: 300 + Int32(i % 5) * 60, y: 300, pressure: level / 2)
            for k in 1...6 {
                let tk = t + Double(k) * 0.01
                move(tk, pressure: level + Int32(k % 2)); syn(tk)
            }
            move(t + 0.07, pressure: level / 2); syn(t + 0.07)
            lift(t + 0.08)
        }
    }

    /// What a device's driver writes, read off its description once.
    private struct Layout: Sendable {
        /// Multi-touch protocol B: contacts live in slots.
        var slotted: Bool
        /// The axis pressure is written on: per slot, device-wide, or contact size.
        var pressureAxis: (UInt16, AbsInfo)?
        /// Single-touch devices, pens and SEMI_MT pads announce contact with keys.
        var sendsKeys: Bool

        init(_ d: DeviceDescription) {
            slotted = d.isMultitouch
            sendsKeys = !d.isMultitouch || d.isSemiMultitouch
            if d.isMultitouch, !d.isSemiMultitouch, let a = d.axis(ABS.MT_PRESSURE) {
                pressureAxis = (ABS.MT_PRESSURE, a)
            } else if let a = d.axis(ABS.PRESSURE) {
                pressureAxis = (ABS.PRESSURE, a)
            } else if d.isMultitouch, let a = d.axis(ABS.MT_TOUCH_MAJOR) {
                pressureAxis = (ABS.MT_TOUCH_MAJOR, a)
            } else {
                pressureAxis = nil
            }
        }
    }
}
