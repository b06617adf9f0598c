/// One `[[device]]` block: settings for the devices it matches. Nil fields leave the
/// global value (or SPEC default) in place.
///
/// Only the first block that matches a device applies, whole: blocks are not merged, so
/// what a device gets can be read off one block, as with udev's hwdb entries.
public struct DeviceRule: Hashable, Sendable {
    public var match: DeviceMatch
    public var rotation: Rotation?
    /// `calibration.average`: the raw pressure of an average touch (SPEC §2).
    public var calibrationAverage: Double?
    public var sensitivity: Sensitivity?
    /// Force from contact size for devices without pressure (SPEC §3).
    public var emulateForce: Bool?
    /// Leave the device alone: not opened for gestures at all.
    public var ignore: Bool?
    public var gestures: GestureOverrides
    /// Where the block sits, for logs that say which block a device got.
    public var index: Int
    public var line: Int

    public init(match: DeviceMatch = DeviceMatch(), rotation: Rotation? = nil,
                calibrationAverage: Double? = nil, sensitivity: Sensitivity? = nil,
                emulateForce: Bool? = nil, ignore: Bool? = nil,
                gestures: GestureOverrides = GestureOverrides(), index: Int = 0, line: Int = 0) {
        self.match = match
        self.rotation = rotation
        self.calibrationAverage = calibrationAverage
        self.sensitivity = sensitivity
        self.emulateForce = emulateForce
        self.ignore = ignore
        self.gestures = gestures
        self.index = index
        self.line = line
    }
}
