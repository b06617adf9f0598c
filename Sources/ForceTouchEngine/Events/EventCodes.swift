// The evdev codes forcetouch reasons about, by the kernel's names (linux/input-event-codes.h).
// Enums without cases serve as namespaces: `EV.ABS`, `ABS.MT_PRESSURE`, `BTN.TOUCH`.

/// Event types (`EV_*`).
public enum EV {
    public static let SYN: UInt16 = 0x00
    public static let KEY: UInt16 = 0x01
    public static let REL: UInt16 = 0x02
    public static let ABS: UInt16 = 0x03
    public static let MSC: UInt16 = 0x04
    public static let SW: UInt16 = 0x05
    public static let LED: UInt16 = 0x11
    public static let SND: UInt16 = 0x12
    public static let REP: UInt16 = 0x14
    public static let FF: UInt16 = 0x15
}

/// Synchronization codes (`SYN_*`).
public enum SYN {
    public static let REPORT: UInt16 = 0
    public static let CONFIG: UInt16 = 1
    public static let MT_REPORT: UInt16 = 2
    public static let DROPPED: UInt16 = 3
}

/// Absolute axes (`ABS_*`).
public enum ABS {
    public static let X: UInt16 = 0x00
    public static let Y: UInt16 = 0x01
    public static let PRESSURE: UInt16 = 0x18
    public static let DISTANCE: UInt16 = 0x19
    /// The code just below `MT_SLOT`. A device that declares it runs a misnumbered block of
    /// absolute axes into the multi-touch range (libevdev's "fake MT"): its `MT_*` axes are not
    /// multi-touch.
    public static let RESERVED: UInt16 = 0x2e
    public static let MT_SLOT: UInt16 = 0x2f
    public static let MT_TOUCH_MAJOR: UInt16 = 0x30
    public static let MT_TOUCH_MINOR: UInt16 = 0x31
    public static let MT_POSITION_X: UInt16 = 0x35
    public static let MT_POSITION_Y: UInt16 = 0x36
    public static let MT_TOOL_TYPE: UInt16 = 0x37
    public static let MT_TRACKING_ID: UInt16 = 0x39
    public static let MT_PRESSURE: UInt16 = 0x3a
}

/// Buttons and tool bits (`BTN_*`) that describe touches.
public enum BTN {
    /// The first of a tablet pad's (or a joystick's) numbered buttons.
    public static let BTN_0: UInt16 = 0x100
    public static let BTN_1: UInt16 = 0x101
    /// Mouse buttons run from `MOUSE` (BTN_LEFT) up to, not including, `JOYSTICK`.
    public static let MOUSE: UInt16 = 0x110
    public static let JOYSTICK: UInt16 = 0x120
    public static let LEFT: UInt16 = 0x110
    public static let RIGHT: UInt16 = 0x111
    public static let MIDDLE: UInt16 = 0x112
    public static let TOOL_PEN: UInt16 = 0x140
    public static let TOOL_RUBBER: UInt16 = 0x141
    public static let TOOL_FINGER: UInt16 = 0x145
    public static let TOUCH: UInt16 = 0x14a
    public static let STYLUS: UInt16 = 0x14b
    public static let TOOL_DOUBLETAP: UInt16 = 0x14d
    public static let TOOL_TRIPLETAP: UInt16 = 0x14e
    public static let TOOL_QUADTAP: UInt16 = 0x14f
    public static let TOOL_QUINTTAP: UInt16 = 0x148
}

/// Device properties (`INPUT_PROP_*`).
public enum INPUT_PROP {
    public static let POINTER: UInt16 = 0x00
    public static let DIRECT: UInt16 = 0x01
    public static let BUTTONPAD: UInt16 = 0x02
    public static let SEMI_MT: UInt16 = 0x03
    /// The touchpad measures force, not contact size (kernel 6.x; libinput's pressure pads).
    public static let PRESSUREPAD: UInt16 = 0x07
}

/// Relative axes (`REL_*`): a mouse's motion and wheels.
public enum REL {
    public static let X: UInt16 = 0x00
    public static let Y: UInt16 = 0x01
    public static let HWHEEL: UInt16 = 0x06
    public static let WHEEL: UInt16 = 0x08
}
