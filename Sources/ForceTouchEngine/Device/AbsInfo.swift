/// The range and precision of one absolute axis (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre (units per radian for rotational axes); 0 when unknown.
    public var resolution: Int32

    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0,
                resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// Maximum minus minimum, as a Double so that full 32-bit ranges cannot overflow.
    public var range: Double { Double(maximum) - Double(minimum) }
}
