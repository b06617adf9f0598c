import ForceTouchEngine

/// One `[[binding]]` block: a gesture, narrowed by phase, fingers, device, region and
/// force, and the action it runs.
public struct Binding: Hashable, Sendable {
    public var gesture: GestureKind
    /// Resolved at load: the default phase is already filled in, so matching is one
    /// comparison (`ended` for tap and double-tap, `began` for long and deep press,
    /// `changed` for a deep press's pop).
    public var phase: GesturePhase
    /// Deep press only; resolved like `phase` (peek for `began`, pop for `changed`, nil for
    /// the steps that belong to no threshold).
    public var stage: DeepPressStage?
    public var fingers: Int?
    public var device: DeviceSelector?
    public var region: Region?
    /// Least force, in average touches, the event must carry.
    public var minimumForce: Double?
    public var action: Action
    /// Seconds before the action is stopped; nil for `general.action-timeout`.
    public var timeout: Double?
    /// `claim`: whether the gesture's contacts become forcetouch's when it fires (SPEC §10);
    /// nil for the default, `claimsTouch`.
    public var claim: Bool?
    /// 1-based position among the `[[binding]]` blocks and the line of its header, so that
    /// logs of a dispatch can name the block that caused it.
    public var index: Int
    public var line: Int

    public init(gesture: GestureKind, phase: GesturePhase? = nil, stage: DeepPressStage? = nil,
                fingers: Int? = nil, device: DeviceSelector? = nil, region: Region? = nil,
                minimumForce: Double? = nil, action: Action, timeout: Double? = nil, claim: Bool? = nil,
                index: Int = 0, line: Int = 0) {
        self.gesture = gesture
        let phase = phase ?? Binding.defaultPhase(gesture, stage: stage)
        self.phase = phase
        self.stage = stage ?? (gesture == .deepPress ? Binding.impliedStage(phase) : nil)
        self.fingers = fingers
        self.device = device
        self.region = region
        self.minimumForce = minimumForce
        self.action = action
        self.timeout = timeout
        self.claim = claim
        self.index = index
        self.line = line
    }

    /// The step a binding fires on when it names no phase: the moment the gesture is
    /// recognized, which for a press is while the finger is still down.
    public static func defaultPhase(_ gesture: GestureKind, stage: DeepPressStage? = nil) -> GesturePhase {
        switch gesture {
        case .tap, .doubleTap: .ended
        case .longPress: .began
        case .deepPress: stage == .pop ? .changed : .began
        }
    }

    /// The deep-press threshold a phase is about: the engine reports peek as `began` and pop
    /// as `changed`, and nothing else carries a stage.
    public static func impliedStage(_ phase: GesturePhase) -> DeepPressStage? {
        switch phase {
        case .began: .peek
        case .changed: .pop
        default: nil
        }
    }

    /// Whether the binding takes its gesture's contacts when it fires: a long press when it
    /// begins, a deep press at peek or pop, unless it says `claim = false`. A tap, a double
    /// tap and the end of a press come once the finger has lifted: the touch has reached the
    /// app by then, and there is nothing left to claim.
    public var claimsTouch: Bool { claim ?? Self.canClaim(gesture, phase: phase) }

    /// Whether its claim waits for its menu: a deep press's `quick-actions = true` menu shows
    /// what is under the finger, and on nothing, with no items configured, it shows nothing;
    /// the touch is then the app's, not lost (SPEC §10).
    public var claimWaitsForMenu: Bool { claimsTouch && gesture == .deepPress && action == .quickActions }

    /// Whether a binding of this gesture and phase fires while its contacts are still down.
    public static func canClaim(_ gesture: GestureKind, phase: GesturePhase) -> Bool {
        (gesture == .longPress || gesture == .deepPress) && (phase == .began || phase == .changed)
    }

    /// Phases the engine actually reports for each gesture, so that a binding to one it
    /// never reports is refused at load instead of silently never firing.
    public static func phases(of gesture: GestureKind) -> [GesturePhase] {
        switch gesture {
        case .tap, .doubleTap: [.ended]
        case .longPress: [.began, .ended, .cancelled]
        case .deepPress: [.began, .changed, .ended, .cancelled]
        }
    }

    /// Whether this binding can fire on the device at all (its `device` key alone).
    public func applies(to device: DeviceDescription, deviceClass: DeviceClass) -> Bool {
        self.device?.matches(device, deviceClass: deviceClass) ?? true
    }

    /// Whether the event fires this binding, the device aside (see `applies(to:deviceClass:)`).
    /// Cheapest tests first: this runs for every binding of the gesture on every event.
    public func matches(_ event: GestureEvent) -> Bool {
        guard event.gesture == gesture, event.phase == phase else { return false }
        if let stage, event.stage != stage { return false }
        if let fingers, event.fingers != fingers { return false }
        if let minimumForce, !(event.force >= minimumForce) { return false }
        if let region, !region.contains(x: event.x, y: event.y) { return false }
        return true
    }
}

/// A `[[binding]]` block as written, its action's keys beside its own (read by `Action`'s
/// rules): with any error it is refused whole, every error said. Its `index` and `line`
/// are the configuration's to fill in; what its action names is checked with the other
/// blocks (ConfigurationParser+Validation).
extension Binding: Decodable {
    static let keys = ["gesture", "phase", "stage", "fingers", "device", "region", "min-force", "timeout", "claim"]
        + Action.keys + Action.qualifiers

    public init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        let gesture = try r("gesture") { try $0.name(GestureKind.allCases, what: "gesture") }
        if !r.has("gesture") {
            try r.report(nil, "needs \"gesture\": \(KeyNames.list(GestureKind.allCases.map(\.rawValue)))")
        }
        let stage = try r("stage") { try $0.name([DeepPressStage.peek, .pop], what: "stage") }
        if r.has("stage"), let gesture, gesture != .deepPress {
            try r.report("stage", "only a deep-press has stages, not a \(gesture.rawValue)")
        }
        let phase = try r("phase") { v in
            let p = try v.name(GesturePhase.allCases, what: "phase")
            guard let gesture else { return p }
            let possible = Binding.phases(of: gesture)
            guard possible.contains(p) else {
                throw RawValue.Problem("a \(gesture.rawValue) is reported only as \(KeyNames.list(possible.map(\.rawValue)))")
            }
            // The engine reports peek as `began` and pop as `changed`: any other pairing would never fire.
            if gesture == .deepPress, let stage, Binding.impliedStage(p) != stage {
                let wanted = stage == .peek ? "began" : "changed"
                throw RawValue.Problem("the \(stage.rawValue) stage is reported in phase \"\(wanted)\", not \"\(p.rawValue)\"")
            }
            return p
        }
        let fingers = try r("fingers") { v in
            let n = try v.integerValue()
            guard (1...10).contains(n) else { throw RawValue.Problem("must be from 1 to 10, not \(n)") }
            return n
        }
        let device = try r("device") { try $0.deviceSelector() }
        let region = try r("region") { try $0.region() }
        let minimumForce = try r("min-force") { v in
            try v.number(in: .minimumForce)
        }
        let timeout = try r("timeout") { try $0.number(in: .actionTimeout) }
        let claim = try r("claim") { v in
            let claims = try v.boolValue()
            if claims, let gesture, !Binding.canClaim(gesture, phase: phase ?? Binding.defaultPhase(gesture, stage: stage)) {
                throw RawValue.Problem("only a long press or a deep press that fires while the finger is down can claim "
                    + "its touch: a \(gesture.rawValue) in phase \((phase ?? Binding.defaultPhase(gesture, stage: stage)).rawValue) "
                    + "comes once the finger has lifted")
            }
            return claims
        }
        let action = try r.decode { try Action(from: decoder) }
        try r.finish()
        guard let gesture, let action else { throw BlockReader.Refused() }
        self.init(gesture: gesture, phase: phase, stage: stage, fingers: fingers, device: device, region: region,
                  minimumForce: minimumForce, action: action, timeout: timeout, claim: claim)
    }
}
