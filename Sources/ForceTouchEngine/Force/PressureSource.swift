/// Where a device's per-contact force comes from, and why it has none when it has none.
public struct PressureSource: Hashable, Sendable {
    public enum Axis: Hashable, Sendable {
        /// `ABS_MT_PRESSURE`, one value per slot.
        case multitouchPressure
        /// `ABS_PRESSURE`, one value for the whole device.
        case pressure
        /// `ABS_MT_TOUCH_MAJOR`, contact size standing in for pressure (opt-in).
        case emulatedFromTouchMajor
    }

    public var axis: Axis
    public var code: UInt16
    public var info: AbsInfo

    /// Picks the pressure axis as SPEC §1 says: ABS_MT_PRESSURE when a multi-touch device
    /// has it, else ABS_PRESSURE; contact size only when the user opted in to emulation.
    /// SEMI_MT pads take ABS_PRESSURE even when they send ABS_MT_PRESSURE: their slots are
    /// the corners of a bounding box, not fingers, so per-slot pressure is one reading twice.
    /// Returns nil when the device has no usable axis (missing, max <= min, or two values
    /// only: touching or not), or when the
    /// device database says its pressure is binary or unusable.
    public static func find(in d: DeviceDescription, emulateFromContactSize: Bool = false,
                            quirks: DeviceQuirks = .none) -> PressureSource? {
        if let kind = quirks.pressureKind, !kind.sensesForce { return nil }
        if d.isMultitouch, !d.isSemiMultitouch, let info = d.axis(ABS.MT_PRESSURE), isGraded(info) {
            return PressureSource(axis: .multitouchPressure, code: ABS.MT_PRESSURE, info: info)
        }
        if let info = d.axis(ABS.PRESSURE), isGraded(info) {
            return PressureSource(axis: .pressure, code: ABS.PRESSURE, info: info)
        }
        if emulateFromContactSize, let info = d.axis(ABS.MT_TOUCH_MAJOR), info.maximum > info.minimum {
            return PressureSource(axis: .emulatedFromTouchMajor, code: ABS.MT_TOUCH_MAJOR, info: info)
        }
        return nil
    }

    /// Two values only (0..1): the axis says touching or not, never how hard.
    public static func isBinary(_ info: AbsInfo) -> Bool { Int64(info.maximum) - Int64(info.minimum) == 1 }

    /// More than two values: an axis force can be read from.
    static func isGraded(_ info: AbsInfo) -> Bool { info.maximum > info.minimum && !isBinary(info) }

    public var isEmulated: Bool { axis == .emulatedFromTouchMajor }
}
