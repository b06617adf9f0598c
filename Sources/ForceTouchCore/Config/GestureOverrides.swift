import ForceTouchEngine

/// The `[gestures]` keys a `[[device]]` block sets in its `[device.gestures]` table, and
/// `[gestures]` itself: only what is written, so that a device block overrides only what it
/// names and a later change to the global defaults still reaches the rest.
///
/// Each setting is one row of `fields`: its key, where it goes in `GestureSettings` (which
/// holds its default) and the values it accepts. Adding a threshold is adding its
/// `GestureSettings` property and its row; what a table sets reads as that property, nil
/// when it is not written (`overrides.tapSlop`).
@dynamicMemberLookup
public struct GestureOverrides: Hashable, Sendable {
    /// What each written key set, by its row in `fields`: seconds or a number, as the row says.
    private var written: [Int: Double] = [:]

    public init() {}

    public var isEmpty: Bool { written.isEmpty }

    /// `base` with every key this sets replaced.
    public func applied(to base: GestureSettings) -> GestureSettings {
        var s = base
        for (row, value) in written { Self.fields[row].target.set(value, in: &s) }
        return s
    }

    /// What this sets for a distance or fraction of `GestureSettings`; nil when it leaves it.
    public subscript(dynamicMember path: KeyPath<GestureSettings, Double>) -> Double? {
        Self.fields.firstIndex { if case .number(let p) = $0.target { p == path } else { false } }.flatMap { written[$0] }
    }

    /// What this sets for a time of `GestureSettings`; nil when it leaves it.
    public subscript(dynamicMember path: KeyPath<GestureSettings, Timestamp.Duration>) -> Timestamp.Duration? {
        Self.fields.firstIndex { if case .duration(let p) = $0.target { p == path } else { false } }
            .flatMap { written[$0] }.map { Timestamp.Duration(seconds: $0) }
    }
}

extension GestureOverrides {
    /// Where a setting's value goes.
    enum Target: Sendable {
        case duration(WritableKeyPath<GestureSettings, Timestamp.Duration> & Sendable)
        case number(WritableKeyPath<GestureSettings, Double> & Sendable)
        /// `haptic-touch`, kept as its mode's raw value.
        case hapticTouch

        func set(_ value: Double, in settings: inout GestureSettings) {
            switch self {
            case .duration(let path): settings[keyPath: path] = Timestamp.Duration(seconds: value)
            case .number(let path): settings[keyPath: path] = value
            case .hapticTouch: settings.hapticTouch = HapticTouchMode(rawValue: Int(value)) ?? .auto
            }
        }
    }

    /// What a setting accepts.
    enum Rule: Sendable {
        /// A number within a range: a time or a distance.
        case within(NumberRange)
        /// A fraction of maximumPossibleForce, in (0, 1].
        case fraction
        /// Strictly between 0 and 1: at 1 a threshold would re-arm at once and stutter, at 0 never.
        case hysteresis
        /// `"auto"`, `"on"` or `"off"`.
        case hapticTouchMode
        /// `"fast"` or `"slow"` (`HapticTouchTime`), or a time in seconds within the range.
        case hapticTouchTime(NumberRange)

        func read(_ v: RawValue) throws(RawValue.Problem) -> Double {
            switch self {
            case .within(let range):
                return try v.number(in: range)
            case .fraction:
                let d = try v.numberValue()
                guard d > 0 && d <= 1 else {
                    throw RawValue.Problem("must be greater than 0 and at most 1 (a fraction of maximumPossibleForce), "
                        + "not \(TextFormat.number(d))")
                }
                return d
            case .hysteresis:
                let h = try v.numberValue()
                guard h > 0 && h < 1 else {
                    throw RawValue.Problem("must be between 0 and 1 (both excluded), not \(TextFormat.number(h))")
                }
                return h
            case .hapticTouchMode:
                let name = try v.stringValue()
                guard let mode = HapticTouchMode(name: name) else {
                    throw RawValue.Problem("expected \"auto\", \"on\" or \"off\", not \"\(name)\"")
                }
                return Double(mode.rawValue)
            case .hapticTouchTime(let range):
                if case .string(let name) = v {
                    guard let preset = HapticTouchTime.preset(name) else {
                        throw RawValue.Problem("expected \"fast\", \"slow\" or a number of seconds, not \"\(name)\"")
                    }
                    return preset.seconds
                }
                return try v.number(in: range)
            }
        }
    }

    /// One `[gestures]` key.
    struct Field: Sendable {
        let key: String
        let target: Target
        let rule: Rule
    }

    /// Every `[gestures]` key, in SPEC §4's order.
    static let fields: [Field] = [
        Field(key: "tap-time", target: .duration(\.tapMaximumDuration), rule: .within(.gestureTime)),
        Field(key: "tap-slop", target: .number(\.tapSlop), rule: .within(.distance)),
        Field(key: "double-tap-time", target: .duration(\.doubleTapInterval), rule: .within(.gestureTime)),
        Field(key: "double-tap-distance", target: .number(\.doubleTapDistance), rule: .within(.distance)),
        Field(key: "long-press-time", target: .duration(\.longPressDuration), rule: .within(.gestureTime)),
        Field(key: "long-press-slop", target: .number(\.longPressSlop), rule: .within(.distance)),
        Field(key: "peek", target: .number(\.peekFraction), rule: .fraction),
        Field(key: "pop", target: .number(\.popFraction), rule: .fraction),
        Field(key: "hysteresis", target: .number(\.hysteresis), rule: .hysteresis),
        // 0 included: a dwell of 0 fires a deep press on the frame that crosses peek.
        Field(key: "deep-press-time", target: .duration(\.deepPressDwell), rule: .within(.dwellTime)),
        Field(key: "deep-press-slop", target: .number(\.deepPressSlop), rule: .within(.distance)),
        // 0 included: a pen's press is then decided by the dwell alone, as a finger's.
        Field(key: "deep-press-pen-time", target: .duration(\.penHold), rule: .within(.dwellTime)),
        Field(key: "haptic-touch", target: .hapticTouch, rule: .hapticTouchMode),
        Field(key: "haptic-touch-time", target: .duration(\.hapticTouchTime), rule: .hapticTouchTime(.hapticTouchTime)),
    ]

    static let keys = fields.map(\.key)
}

/// `[gestures]` and `[device.gestures]`: each key checked on its own, a refused one left
/// out (the default stays), the table itself never refused. Whether peek stays below pop
/// depends on what the values are applied to, so it is checked by the caller.
extension GestureOverrides: Decodable {
    public init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        self.init()
        for (row, field) in Self.fields.enumerated() {
            written[row] = try r(field.key) { v in try field.rule.read(v) }
        }
    }

    /// Peek must come before pop once `base` and these are combined; the problem goes on
    /// whichever of the two this sets (pop when it sets both). Nil when they are in order.
    func thresholdProblem(over base: GestureSettings) -> (key: String, message: String)? {
        let merged = applied(to: base)
        guard merged.peekFraction >= merged.popFraction else { return nil }
        let key = self.popFraction != nil || self.peekFraction == nil ? "pop" : "peek"
        let peek = TextFormat.number(merged.peekFraction), pop = TextFormat.number(merged.popFraction)
        return (key, "peek (\(peek)) must be below pop (\(pop))")
    }
}
