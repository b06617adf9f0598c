import ForceTouchEngine

/// One device's whole path from input events to what they cause: frames, gestures, and
/// for each gesture the dispatches its bindings and AssistiveTouch slots call for.
///
/// Pure, like the engine it drives: the caller feeds events (live or recorded), drives
/// time with `advance(to:)`, and carries out the dispatches it returns. The daemon does
/// that for live devices and `forcetouchd --replay`; the tests do it in virtual time.
public struct DevicePipeline: Sendable {
    public private(set) var engine: GestureEngine
    /// The bindings that can apply to this device.
    public let bindings: BindingTable
    /// The AssistiveTouch slots, when they listen to this device.
    public private(set) var assistiveTouch: AssistiveTouch?
    public let deviceClass: DeviceClass
    private let general: GeneralSettings

    /// Whether a deep press can do anything on this device: a binding or an AssistiveTouch
    /// slot for it. Only then does an overlay show a press's progress, as iOS previews only
    /// what supports a peek; elsewhere a firm press leaves the screen as it is.
    public var bindsDeepPress: Bool {
        bindings.bindings.contains { $0.gesture == .deepPress } || assistiveTouch?.slots[.deepPress] != nil
    }

    /// - Parameters:
    ///   - database: the device database the settings are resolved with.
    ///   - learned: what auto-calibration learned of the device before.
    ///   - session: the graphical session `claim = "auto"` decides for; nil claims nothing
    ///     (replays and tools, which have no clone to feed).
    public init(device: DeviceDescription, deviceClass: DeviceClass, configuration: Configuration,
                database: DeviceDatabase = .empty, learned: LearnedCalibration = LearnedCalibration(),
                session: ClaimSession? = nil) {
        self.init(device: device, deviceClass: deviceClass,
                  settings: configuration.settings(for: device, deviceClass: deviceClass, database: database),
                  configuration: configuration, learned: learned, session: session)
    }

    /// With settings resolved (and perhaps adjusted) by the caller: `forcetest`, which may
    /// make taps wait or not whatever is bound, and the tests. The configuration gives the
    /// bindings and AssistiveTouch slots; the default one has none.
    public init(device: DeviceDescription, deviceClass: DeviceClass, settings: DeviceSettings,
                configuration: Configuration = Configuration(), learned: LearnedCalibration = LearnedCalibration(),
                session: ClaimSession? = nil) {
        let bindings = BindingTable(configuration).narrowed(to: device, deviceClass: deviceClass)
        let assistiveTouch = configuration.assistiveTouch.flatMap {
            $0.applies(to: device, deviceClass: deviceClass) ? $0 : nil
        }
        var policy = Self.claimPolicy(bindings: bindings, assistiveTouch: assistiveTouch)
        if let session {
            policy.mode = settings.claim.mode(claims: policy.claimsAnything, hasSlots: device.isMultitouch,
                                              deviceClass: deviceClass, session: session)
        }
        engine = GestureEngine(device: device, settings: settings, learned: learned, claimPolicy: policy,
                               deviceClass: deviceClass, answersHapticTouch: Self.answersHapticTouch(bindings))
        self.bindings = bindings
        self.assistiveTouch = assistiveTouch
        self.deviceClass = deviceClass
        general = configuration.general
    }

    /// Whether a Haptic Touch can open anything on the device: a `deep-press` binding with
    /// `quick-actions = true`, the menu it stands in for.
    static func answersHapticTouch(_ bindings: BindingTable) -> Bool {
        bindings.bindings.contains { $0.gesture == .deepPress && $0.action == .quickActions }
    }

    /// What can claim a contact on the device, from its bindings and AssistiveTouch slots
    /// (mode `off`: the caller decides the mode).
    static func claimPolicy(bindings: BindingTable, assistiveTouch: AssistiveTouch?) -> ClaimPolicy {
        var policy = ClaimPolicy()
        for b in bindings.bindings where b.claimsTouch {
            if b.gesture == .deepPress { policy.deepPress = true }
            if b.gesture == .longPress { policy.longPress = true }
        }
        if let at = assistiveTouch {
            if at.slots[.deepPress] != nil { policy.deepPress = true }
            if at.slots[.longPress] != nil { policy.longPress = true }
            // Without a region the slots listen to the whole surface: claiming every touch
            // there would leave the app beneath nothing.
            if let region = at.region, !at.slots.isEmpty { policy.region = region }
        }
        return policy
    }

    /// Moves the AssistiveTouch button: its slots listen, and touches that begin on it are
    /// claimed, at its new place. In place, not by a new pipeline: the kernel sends only what
    /// changes, so a new one would not know where the contacts are until they move.
    public mutating func placeAssistiveButton(_ p: AssistiveButton.Place) {
        guard assistiveTouch?.button != nil else { return }
        assistiveTouch?.place(p)
        engine.moveClaimRegion(to: assistiveTouch?.region)
    }

    /// How the device's touches are claimed.
    public var claimMode: ClaimMode { engine.claims.policy.mode }

    public var device: DeviceDescription { engine.device }
    public var settings: DeviceSettings { engine.deviceSettings }

    /// Feeds one event; returns the gestures it completed, each with its dispatches.
    public mutating func process(_ event: InputEvent) -> [PipelineOutput] {
        engine.process(event)
        return drain()
    }

    /// Feeds events in order, as one read of the device brought them, and appends the
    /// gestures they completed, each with its dispatches, to `completed`: what feeding them
    /// one by one would return.
    ///
    /// It appends rather than returns because most reads complete nothing, and an empty
    /// array handed back at every read costs the caller a check and a release for nothing.
    public mutating func process(_ events: UnsafeBufferPointer<InputEvent>, into completed: inout [PipelineOutput]) {
        engine.process(events)
        if !engine.output.isEmpty { completed += takeDispatches() }
    }

    /// The menu a deep press's claim waited for (`Dispatch.claimWaitsForMenu`) showed
    /// something (`claimed`), or nothing: the contacts then go through as an ordinary touch.
    public mutating func settleClaim(_ slots: SlotSet, claimed: Bool, at t: Timestamp) {
        engine.settleClaim(slots, claimed: claimed, at: t)
    }

    /// Lets time pass to `t`: long presses, deep presses and waiting taps decide.
    public mutating func advance(to t: Timestamp) -> [PipelineOutput] {
        engine.advance(to: t)
        return drain()
    }

    /// The device is gone: gestures in progress are cancelled (and reported as such).
    public mutating func cancelAll(at t: Timestamp) -> [PipelineOutput] {
        engine.cancelAll(at: t)
        return drain()
    }

    @inlinable public var nextDeadline: Timestamp? { engine.nextDeadline }

    /// Starts recording why the recognizers decide what they do (`GestureEngine.explain`).
    public mutating func explain() { engine.explain() }

    /// Hands the recognizers' notes recorded since the last call to `body`, oldest first.
    public mutating func drainNotes(_ body: (GestureNote) -> Void) { engine.drainNotes(body) }

    // The question is inlined into every feed; the answer, for the few events that complete
    // a gesture, is made apart.
    @inline(always)
    private mutating func drain() -> [PipelineOutput] {
        engine.output.isEmpty ? [] : takeDispatches()
    }

    @inline(never)
    private mutating func takeDispatches() -> [PipelineOutput] {
        let outputs = engine.takeOutput().map { PipelineOutput(gesture: $0, dispatches: dispatches(for: $0)) }
        if engine.claims.policy.mode != .off {
            for o in outputs where o.dispatches.contains(where: \.claims) {
                if o.dispatches.contains(where: { $0.claims && !$0.claimWaitsForMenu }) {
                    engine.claim(o.gesture.contacts, at: o.gesture.time)
                } else {
                    engine.awaitClaim(o.gesture.contacts)
                }
            }
            // A Haptic Touch that no menu answers leaves its touch to the app at once.
            for o in outputs where o.gesture.hapticTouch && o.gesture.phase == .began
                && !o.dispatches.contains(where: \.claims) {
                engine.awaitClaim(o.gesture.contacts)
                engine.settleClaim(o.gesture.contacts, claimed: false, at: o.gesture.time)
            }
        }
        return outputs
    }

    /// What a gesture calls for: every binding that matches it, in the configuration's
    /// order, then its AssistiveTouch slot.
    public func dispatches(for event: GestureEvent) -> [Dispatch] {
        let name = device.name
        if event.hapticTouch {
            // A Haptic Touch stands in for a deep press only where iOS's does: the menus
            // (`quick-actions = true`), never a deep press's other actions, nor a slot's;
            // and only at its peek (its `changed` only starts the lookup).
            guard event.phase != .changed else { return [] }
            return bindings.actions(for: event).filter { $0.action == .quickActions }.map { binding in
                Dispatch(label: "binding[\(binding.index)] (line \(binding.line)) haptic-touch \(event.phase.rawValue)",
                         request: ActionRequest(binding: binding, event: event, deviceName: name, general: general),
                         claims: binding.claimsTouch, claimWaitsForMenu: binding.claimWaitsForMenu)
            }
        }
        var out = bindings.actions(for: event).map { binding in
            Dispatch(label: "binding[\(binding.index)] (line \(binding.line)) \(event.gesture.rawValue) \(event.phase.rawValue)",
                     request: ActionRequest(binding: binding, event: event, deviceName: name, general: general),
                     claims: binding.claimsTouch, claimWaitsForMenu: binding.claimWaitsForMenu)
        }
        if let slots = assistiveTouch, let slot = AssistiveTouch.slot(for: event), let action = slots.action(for: event) {
            out.append(Dispatch(label: "assistive-touch \(slot.rawValue)",
                                request: ActionRequest(action: action, event: event, deviceName: name,
                                                       timeout: general.actionTimeout),
                                claims: slot == .longPress || slot == .deepPress))
        } else if let items = assistiveTouch?.slotMenu(for: event) {
            out.append(Dispatch(label: "assistive-touch single-tap (menu)", request: .presentItems(items)))
        }
        return out
    }
}
