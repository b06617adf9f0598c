import ForceTouchEngine

/// The `[assistive-touch]` table (SPEC §6): four slots, each bound to an action, the way
/// iOS's AssistiveTouch custom actions are, with their own timings.
///
/// Slots fire on one-finger gestures: `single-tap` on a tap, `double-tap` on a double tap,
/// `long-press` when a long press begins, `deep-press` (the "3D Touch" slot) when a deep
/// press reaches peek. They fire in addition to any bindings the same event matches, after
/// them.
///
/// Timings: a device has one gesture engine, so on a device the slots apply to, the slot
/// timings are that device's timings — for bindings too: `long-press-duration` replaces its
/// long-press time when the long-press slot is set, `double-tap-timeout` its double-tap
/// time when the double-tap slot is set (see `Configuration.settings(for:deviceClass:)`).
public struct AssistiveTouch: Hashable, Sendable {
    public enum Slot: String, Hashable, Sendable, CaseIterable {
        case singleTap = "single-tap"
        case doubleTap = "double-tap"
        case longPress = "long-press"
        case deepPress = "deep-press"
    }

    /// The slots that are set, each to its action.
    public var slots: [Slot: Action]
    /// `double-tap-timeout`: longest gap between the two taps. 0.1…0.75 s, default 0.3.
    public var doubleTapTimeout: Timestamp.Duration
    /// `long-press-duration`: hold before the long-press slot fires. Default 0.75 s.
    public var longPressDuration: Timestamp.Duration
    /// `device`: the devices the slots listen to; nil for all.
    public var device: DeviceSelector?
    /// `region`: the part of the surface they listen to; nil for all of it. With a `button`,
    /// the button's square, following it wherever it is moved (`place(_:)`).
    public var region: Region?
    /// `button`: the round button the overlay draws, where the slots listen; nil for none
    /// (`button = false`, or a `region` written instead).
    public var button: AssistiveButton?
    /// The line of the table, for logs.
    public var line: Int

    public static let defaultDoubleTapTimeout = Timestamp.Duration(seconds: 0.3)
    public static let defaultLongPressDuration = Timestamp.Duration(seconds: 0.75)
    /// The double-tap timeouts iOS's AssistiveTouch setting offers, in seconds.
    public static let doubleTapTimeoutRange = 0.1...0.75

    public init(slots: [Slot: Action] = [:], doubleTapTimeout: Timestamp.Duration = defaultDoubleTapTimeout,
                longPressDuration: Timestamp.Duration = defaultLongPressDuration,
                device: DeviceSelector? = nil, region: Region? = nil, button: AssistiveButton? = nil, line: Int = 0) {
        self.slots = slots
        self.button = button
        self.doubleTapTimeout = doubleTapTimeout
        self.longPressDuration = longPressDuration
        self.device = device
        self.region = button?.region ?? region
        self.line = line
    }

    /// Moves the button (where the user dragged it, or where the daemon's state keeps it):
    /// the slots' region follows it. Without a button, nothing changes.
    public mutating func place(_ p: AssistiveButton.Place) {
        guard var b = button else { return }
        b.place = b.fitted(p)
        button = b
        region = b.region
    }

    /// Whether a point is on the button; false without one.
    public func isOnButton(x: Double, y: Double) -> Bool { button?.contains(x: x, y: y) ?? false }

    /// The slot a gesture event is for, device and region aside; nil for any other event
    /// (other finger counts, other phases, a deep press's pop).
    public static func slot(for event: GestureEvent) -> Slot? {
        guard event.fingers == 1 else { return nil }
        switch (event.gesture, event.phase) {
        case (.tap, .ended): return .singleTap
        case (.doubleTap, .ended): return .doubleTap
        case (.longPress, .began): return .longPress
        case (.deepPress, .began) where event.stage == nil || event.stage == .peek: return .deepPress
        default: return nil
        }
    }

    /// Whether the slots listen to this device at all.
    public func applies(to device: DeviceDescription, deviceClass: DeviceClass) -> Bool {
        self.device?.matches(device, deviceClass: deviceClass) ?? true
    }

    /// The action the event fires on this device, if any.
    public func action(for event: GestureEvent, device: DeviceDescription, deviceClass: DeviceClass) -> Action? {
        guard applies(to: device, deviceClass: deviceClass) else { return nil }
        return action(for: event)
    }

    /// The action the event fires, the device aside (for a daemon that settled
    /// `applies(to:deviceClass:)` once per device).
    public func action(for event: GestureEvent) -> Action? {
        guard let slot = Self.slot(for: event), let action = slots[slot] else { return nil }
        if let region, !region.contains(x: event.x, y: event.y) { return nil }
        return action
    }
}

/// `[assistive-touch]` as written: a slot with an error is dropped alone and a bad timing
/// keeps its default; a bad `device` or `region` refuses the table, since its slots would
/// fire where they should not. Its `line` is the configuration's to fill in.
extension AssistiveTouch: Decodable {
    static let keys = Slot.allCases.map(\.rawValue) + ["double-tap-timeout", "long-press-duration", "device", "region",
                                                    "button", "button-size"]

    public init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        self.init()
        for slot in Slot.allCases {
            guard let s = try r.nested(slot.rawValue, keys: Action.keys + Action.qualifiers,
                                       expected: "an inline table with one action, e.g. { exec = [\"…\"] }"),
                  !s.failed else { continue }
            slots[slot] = try s.decode { try r.c.decode(Action.self, forKey: AnyKey(slot.rawValue)) }
        }
        let range = Self.doubleTapTimeoutRange
        doubleTapTimeout = try r("double-tap-timeout") { v in
            let d = try v.numberValue()
            guard range.contains(d) else {
                throw RawValue.Problem("must be from \(TextFormat.number(range.lowerBound)) to "
                    + "\(TextFormat.number(range.upperBound)) seconds, not \(TextFormat.number(d))")
            }
            return Timestamp.Duration(seconds: d)
        } ?? doubleTapTimeout
        longPressDuration = try r("long-press-duration") { Timestamp.Duration(seconds: try $0.number(in: .gestureTime)) } ?? longPressDuration
        device = try r("device") { try $0.deviceSelector() }
        region = try r("region") { try $0.region() }
        if (r.has("device") && device == nil) || (r.has("region") && region == nil) { throw BlockReader.Refused() }
        // The button is the default: without `region` the slots listen on it, not on the
        // whole surface, which `button = false` without a region asks for.
        let wantsButton = try r("button") { try $0.boolValue() } ?? !r.has("region")
        let sizeRange = AssistiveButton.sizeRange
        let size = try r("button-size") { v in
            let d = try v.numberValue()
            guard sizeRange.contains(d) else {
                throw RawValue.Problem("must be from \(TextFormat.number(sizeRange.lowerBound)) to "
                    + "\(TextFormat.number(sizeRange.upperBound)) of the surface, not \(TextFormat.number(d))")
            }
            return d
        } ?? AssistiveButton.defaultSize
        if wantsButton {
            if r.has("region") {
                try r.report("button", "a button and a region exclude each other: the slots listen on the button, "
                    + "which can be moved; write one or the other")
                throw BlockReader.Refused()
            }
            button = AssistiveButton(size: size)
            region = button?.region
        }
    }
}
