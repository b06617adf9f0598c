import ForceTouchEngine

/// The catalog of test devices, after libinput's litest devices: one of each kind of input
/// forcetouch reads (SPEC §1), for tests that must hold on all of them. Every one measures
/// 10 units per millimetre (the touchpad without resolution by forcetouch's estimate of
/// its size), so a script's positions and distances mean the same on each;
/// write a script once with `script()` and `EventScript`'s helpers, and with forces rather
/// than raw pressures (`EventScript.Pressure.force`).
public enum TestDevice: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// A multi-touch touchscreen with per-slot pressure (ABS_MT_PRESSURE 0...255).
    case multitouchPressure = "multi-touch with per-slot pressure"
    /// A single-touch touchscreen: BTN_TOUCH, ABS_X/ABS_Y and ABS_PRESSURE 0...255.
    case singleTouchPressure = "single-touch with ABS_PRESSURE"
    /// A pen: proximity (BTN_TOOL_PEN), tip (BTN_TOUCH), ABS_PRESSURE 0...2047.
    case pen = "pen"
    /// A SEMI_MT touchpad with ABS_PRESSURE only, like the ALPS and Cypress PS/2 pads.
    case semiMultitouchTouchpad = "SEMI_MT touchpad with ABS_PRESSURE only"
    /// A multi-touch touchscreen with no pressure axis at all.
    case touchscreenWithoutPressure = "touchscreen without pressure"
    /// A multi-touch touchscreen with contact size (ABS_MT_TOUCH_MAJOR) but no pressure:
    /// it senses force only with `emulate-force`, which the catalog turns on for it.
    case touchscreenWithContactSize = "touchscreen with contact size only"
    /// A single-touch touchpad whose axes report no resolution, like the older PS/2 pads
    /// (ALPS, Synaptics) in their non-MT mode: BTN_TOUCH, BTN_TOOL_FINGER, ABS_X/ABS_Y and
    /// ABS_PRESSURE 0...127. Its millimetres are estimated (`DistanceScale.touchpadSize`).
    case touchpadWithoutResolution = "single-touch touchpad without resolution"

    public var description: String { rawValue }

    /// What the device says of itself, as a recording's header or libevdev would.
    public var device: DeviceDescription {
        switch self {
        case .multitouchPressure: EventScript.touchscreen()
        case .singleTouchPressure: EventScript.singleTouchscreen()
        case .pen: EventScript.pen(unitsPerMillimetre: 10)
        case .semiMultitouchTouchpad: EventScript.semiMultitouchTouchpad()
        case .touchscreenWithoutPressure:
            EventScript.touchscreen(name: "forcetouch test touchscreen without pressure", pressure: false)
        case .touchscreenWithContactSize:
            EventScript.touchscreen(name: "forcetouch test touchscreen with contact size", pressure: false,
                                    contactSize: true)
        case .touchpadWithoutResolution: EventScript.touchpadWithoutResolution()
        }
    }

    /// An empty script for the device.
    public func script() -> EventScript { EventScript(device: device) }

    /// Whether its force is emulated from contact size (`emulate-force = true`) when the
    /// catalog's tests play it.
    public var emulatesForce: Bool { self == .touchscreenWithContactSize }

    /// Whether it senses force as the catalog plays it: a pressure axis, or contact size
    /// with `emulatesForce`.
    public var sensesForce: Bool { self != .touchscreenWithoutPressure }

    /// How many contacts it tells apart at once.
    public var maximumFingers: Int {
        switch self {
        case .singleTouchPressure, .pen, .touchpadWithoutResolution: 1
        case .semiMultitouchTouchpad: 2
        case .multitouchPressure, .touchscreenWithoutPressure, .touchscreenWithContactSize: 10
        }
    }
}
