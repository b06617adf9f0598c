/// The `[gestures]` keys a `[[device]]` block sets in its `[device.gestures]` table: each
/// nil keeps what `[gestures]` (or SPEC §4's default) says.
///
/// Optionals rather than a full `GestureSettings` so that a device block overrides only
/// what it names, and a later change to the global defaults still reaches the rest.
public struct GestureOverrides: Hashable, Sendable {
    public var tapMaximumDuration: Timestamp.Duration?
    public var tapSlop: Double?
    public var doubleTapInterval: Timestamp.Duration?
    public var doubleTapDistance: Double?
    public var longPressDuration: Timestamp.Duration?
    public var longPressSlop: Double?
    public var peekFraction: Double?
    public var popFraction: Double?
    public var hysteresis: Double?
    public var deepPressDwell: Timestamp.Duration?
    public var deepPressSlop: Double?

    public init() {}

    public var isEmpty: Bool { self == GestureOverrides() }

    /// `base` with every key this sets replaced.
    public func applied(to base: GestureSettings) -> GestureSettings {
        var s = base
        if let v = tapMaximumDuration { s.tapMaximumDuration = v }
        if let v = tapSlop { s.tapSlop = v }
        if let v = doubleTapInterval { s.doubleTapInterval = v }
        if let v = doubleTapDistance { s.doubleTapDistance = v }
        if let v = longPressDuration { s.longPressDuration = v }
        if let v = longPressSlop { s.longPressSlop = v }
        if let v = peekFraction { s.peekFraction = v }
        if let v = popFraction { s.popFraction = v }
        if let v = hysteresis { s.hysteresis = v }
        if let v = deepPressDwell { s.deepPressDwell = v }
        if let v = deepPressSlop { s.deepPressSlop = v }
        return s
    }
}
