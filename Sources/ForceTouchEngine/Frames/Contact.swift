/// One finger or pen tip on a device, as it stands at the end of a frame.
///
/// Contacts live in slot order in a fixed array that is reused frame after frame, so that
/// following ten fingers at 1 kHz allocates nothing.
public struct Contact: Hashable, Sendable {
    /// Kernel tracking id; -1 when the slot is empty.
    public var trackingID: Int32 = -1
    public var x: Int32 = 0
    public var y: Int32 = 0
    /// Raw pressure for this contact (0 when the device has none).
    public var pressure: Int32 = 0
    /// Raw contact size (ABS_MT_TOUCH_MAJOR), when the device reports it.
    public var touchMajor: Int32 = 0
    /// Force from `pressure` through the device's ForceModel (0 without one).
    public var force: Double = 0

    /// Down at the end of this frame.
    public var isDown = false
    /// Came down in this frame.
    public var began = false
    /// Lifted in this frame (its last position and pressure are kept for the frame).
    public var ended = false
    /// Its state was lost (SYN_DROPPED): it must never become a gesture.
    public var isCancelled = false

    public var startTime = Timestamp.zero
    public var startX: Int32 = 0
    public var startY: Int32 = 0
    /// Farthest distance from where it came down, in millimetres.
    public var travel: Double = 0

    public init() {}

    /// Takes the value of one ABS_MT_* axis that a contact carries; others are ignored.
    mutating func set(_ code: UInt16, _ value: Int32) {
        switch code {
        case ABS.MT_POSITION_X: x = value
        case ABS.MT_POSITION_Y: y = value
        case ABS.MT_PRESSURE: pressure = value
        case ABS.MT_TOUCH_MAJOR: touchMajor = value
        default: break
        }
    }
}
