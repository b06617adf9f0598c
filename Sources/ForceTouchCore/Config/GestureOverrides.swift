import ForceTouchEngine

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
    public var penHold: Timestamp.Duration?

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
        if let v = penHold { s.penHold = v }
        return s
    }
}

/// `[gestures]` and `[device.gestures]`: each key checked on its own, a refused one left
/// out (the default stays), the table itself never refused. Whether peek stays below pop
/// depends on what the values are applied to, so it is checked by the caller.
extension GestureOverrides: Decodable {
    static let keys = [
        "tap-time", "tap-slop", "double-tap-time", "double-tap-distance", "long-press-time",
        "long-press-slop", "peek", "pop", "hysteresis", "deep-press-time", "deep-press-slop",
        "deep-press-pen-time",
    ]

    public init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        self.init()
        func seconds(_ v: RawValue) throws -> Timestamp.Duration { Timestamp.Duration(seconds: try v.positive()) }
        /// A fraction of maximumPossibleForce: in (0, 1].
        func fraction(_ v: RawValue) throws -> Double {
            let d = try v.numberValue()
            guard d > 0 && d <= 1 else {
                throw RawValue.Problem("must be greater than 0 and at most 1 (a fraction of maximumPossibleForce), "
                    + "not \(TextFormat.number(d))")
            }
            return d
        }
        tapMaximumDuration = try r("tap-time", seconds)
        tapSlop = try r("tap-slop") { try $0.positive() }
        doubleTapInterval = try r("double-tap-time", seconds)
        doubleTapDistance = try r("double-tap-distance") { try $0.positive() }
        longPressDuration = try r("long-press-time", seconds)
        longPressSlop = try r("long-press-slop") { try $0.positive() }
        peekFraction = try r("peek", fraction)
        popFraction = try r("pop", fraction)
        // Strictly between 0 and 1: at 1 a threshold would re-arm at once and stutter, at 0 never.
        hysteresis = try r("hysteresis") { v in
            let h = try v.numberValue()
            guard h > 0 && h < 1 else {
                throw RawValue.Problem("must be between 0 and 1 (both excluded), not \(TextFormat.number(h))")
            }
            return h
        }
        // 0 included: a dwell of 0 fires a deep press on the frame that crosses peek.
        deepPressDwell = try r("deep-press-time") { v in
            let d = try v.numberValue()
            guard d >= 0 else { throw RawValue.Problem("must be 0 or more seconds, not \(TextFormat.number(d))") }
            return Timestamp.Duration(seconds: d)
        }
        deepPressSlop = try r("deep-press-slop") { try $0.positive() }
        // 0 included: a pen's press is then decided by the dwell alone, as a finger's.
        penHold = try r("deep-press-pen-time") { v in
            let d = try v.numberValue()
            guard d >= 0 else { throw RawValue.Problem("must be 0 or more seconds, not \(TextFormat.number(d))") }
            return Timestamp.Duration(seconds: d)
        }
    }

    /// Peek must come before pop once `base` and these are combined; the problem goes on
    /// whichever of the two this sets (pop when it sets both). Nil when they are in order.
    func thresholdProblem(over base: GestureSettings) -> (key: String, message: String)? {
        let merged = applied(to: base)
        guard merged.peekFraction >= merged.popFraction else { return nil }
        let key = popFraction != nil || peekFraction == nil ? "pop" : "peek"
        let peek = TextFormat.number(merged.peekFraction), pop = TextFormat.number(merged.popFraction)
        return (key, "peek (\(peek)) must be below pop (\(pop))")
    }
}
