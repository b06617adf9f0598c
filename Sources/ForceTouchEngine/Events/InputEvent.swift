/// One evdev event, as the kernel delivers it in a `struct input_event`.
public struct InputEvent: Hashable, Sendable {
    public var time: Timestamp
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Timestamp, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    public var isSynReport: Bool { type == EV.SYN && code == SYN.REPORT }
}
