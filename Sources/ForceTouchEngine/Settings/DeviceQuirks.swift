/// What the device database knows about one device: the attributes of every entry that
/// matched it, a later entry overriding an earlier one attribute by attribute (as
/// libinput's quirks do). Empty when nothing matched.
public struct DeviceQuirks: Hashable, Sendable {
    /// `AttrPressureKind`.
    public var pressureKind: PressureKind?
    /// `AttrPressureRange`: the part of the axis real touches use; force is scaled on it
    /// instead of the axis' declared minimum and maximum.
    public var pressureRange: ClosedRange<Int32>?
    /// `AttrAverageTouch`: the raw pressure of an average touch.
    public var averageTouch: Double?
    /// `AttrPeek` and `AttrPop`: deep-press thresholds as fractions of maximumPossibleForce.
    public var peekFraction: Double?
    public var popFraction: Double?
    /// `AttrSizeHint`: the size of the surface in millimetres, for a device whose axes
    /// report no resolution (as libinput's key of the name); the axes' own resolution wins.
    public var size: DeviceSize?
    /// The entry that set `size`.
    public var sizeEntry: String?
    /// `AttrDeviceKind`: what the device is where its bits make it a touch device wrongly.
    public var deviceKind: DeviceKind?
    /// The entry that set `deviceKind`.
    public var deviceKindEntry: String?
    /// The names of the entries that matched, in the order they applied.
    public var entries: [String]
    /// The entry that set `averageTouch` (the last matching one that has it).
    public var averageTouchEntry: String?

    public init(pressureKind: PressureKind? = nil, pressureRange: ClosedRange<Int32>? = nil,
                averageTouch: Double? = nil, peekFraction: Double? = nil, popFraction: Double? = nil,
                size: DeviceSize? = nil, sizeEntry: String? = nil,
                entries: [String] = [], averageTouchEntry: String? = nil,
                deviceKind: DeviceKind? = nil, deviceKindEntry: String? = nil) {
        self.deviceKind = deviceKind
        self.deviceKindEntry = deviceKindEntry
        self.pressureKind = pressureKind
        self.pressureRange = pressureRange
        self.averageTouch = averageTouch
        self.peekFraction = peekFraction
        self.popFraction = popFraction
        self.size = size
        self.sizeEntry = sizeEntry
        self.entries = entries
        self.averageTouchEntry = averageTouchEntry
    }

    public static let none = DeviceQuirks()
}
