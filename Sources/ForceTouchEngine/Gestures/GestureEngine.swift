/// Recognizes gestures on one device: evdev events in, gesture events out.
///
/// Pure and deterministic: time comes only from event timestamps and from `advance(to:)`,
/// which the caller drives — a replay with virtual time, the daemon with a timer armed for
/// `nextDeadline` — so a long press fires at its deadline even when a still finger sends
/// nothing, and a replay decides exactly what the live device decided.
public struct GestureEngine: Sendable {
    public let settings: GestureSettings
    public let deviceSettings: DeviceSettings
    public let capability: CapabilityReport
    /// Where the force scale comes from now; `learned` once auto-calibration converges
    /// (unless the configuration fixes the average).
    public private(set) var calibrationSource: CalibrationSource
    /// What auto-calibration has learned of this device, including this run's touches: the
    /// daemon persists it when its `touches` change.
    public private(set) var learned: LearnedCalibration
    public private(set) var frames: FrameAssembler
    /// Gesture events recognized so far: `takeOutput()` hands them over, `removeOutput()` drops them.
    public private(set) var output: [GestureEvent] = []

    private var deepPress: DeepPressRecognizer?
    private var levels: ContactLevels?
    private var endedLevels: [(slot: Int, level: Double)] = []
    /// The learned average changed while fingers were down: applied once they all lift.
    private var recalibrationPending = false
    private var longPress: LongPressRecognizer
    /// Where `haptic-touch` applies to the device (`HapticTouchMode.applies`), else nil.
    private var hapticTouch: HapticTouchRecognizer?
    private var tap: TapRecognizer
    /// Which contacts forcetouch owns, for the device's clone (`TouchForwarder`).
    public private(set) var claims: ContactClaims
    /// Why the recognizers decided what they did, when the caller asked (`explain()`):
    /// drained with `drainNotes`.
    public private(set) var trace = GestureTrace()

    /// - Parameters:
    ///   - settings: the device's settings, as `Configuration.settings(for:deviceClass:database:)`
    ///     resolves them.
    ///   - learned: what auto-calibration learned of this device so far; it goes on
    ///     learning from every ordinary one-finger touch (see `learned`).
    ///   - claimPolicy: what claims a contact on this device (none by default).
    ///   - answersHapticTouch: something answers a Haptic Touch on the device (a `deep-press`
    ///     binding with `quick-actions = true`): only then is one recognized, where
    ///     `haptic-touch` applies. Elsewhere a press held still is the long press it always was.
    /// `deviceClass` is the device's class where the caller knows it from more than the bits
    /// (udev's tags, on a live device); without it the bits and the device database decide.
    public init(device: DeviceDescription, settings: DeviceSettings, learned: LearnedCalibration = LearnedCalibration(),
                claimPolicy: ClaimPolicy = .none, deviceClass: DeviceClass? = nil, answersHapticTouch: Bool = false) {
        self.deviceSettings = settings
        self.settings = settings.gestures
        self.learned = learned
        let (source, average) = settings.calibration(learned: learned)
        calibrationSource = source
        var classified = DeviceClassification(device, quirks: settings.quirks)
        if let deviceClass, deviceClass != classified.deviceClass {
            classified = DeviceClassification(deviceClass: deviceClass, reason: "udev")
        }
        capability = CapabilityReport.probe(device, classification: classified,
                                            emulateFromContactSize: settings.emulateForce, quirks: settings.quirks)
        frames = FrameAssembler(device: device, average: average, emulateFromContactSize: settings.emulateForce,
                                quirks: settings.quirks)
        if let model = frames.forceModel {
            deepPress = DeepPressRecognizer(
                thresholds: DeepPressThresholds(maximumPossibleForce: model.maximumPossibleForce, settings: settings.gestures),
                settings: settings.gestures, slots: frames.contacts.count,
                isPen: classified.deviceClass == .tablet)
            levels = ContactLevels(slots: frames.contacts.count, floor: Int32(model.minimum))
        }
        longPress = LongPressRecognizer(settings: settings.gestures)
        tap = TapRecognizer(settings: settings.gestures)
        let hapticTouches = answersHapticTouch
            && settings.gestures.hapticTouch.applies(to: classified.deviceClass, capability: capability.capability)
        if hapticTouches { hapticTouch = HapticTouchRecognizer(settings: settings.gestures) }
        claims = ContactClaims(policy: Self.reachable(claimPolicy, canDeepPress: deepPress != nil, hapticTouch: hapticTouches),
                               settings: settings.gestures, slots: frames.contacts.count,
                               canDeepPress: deepPress != nil, hapticTouch: hapticTouches)
        output.reserveCapacity(16)
        endedLevels.reserveCapacity(frames.contacts.count)
    }

    /// Gesture settings alone, with an optional calibrated average: for tests and tools that
    /// have no configuration.
    public init(device: DeviceDescription, settings: GestureSettings = GestureSettings(),
                average: Double? = nil, emulateFromContactSize: Bool = false) {
        self.init(device: device, settings: DeviceSettings(gestures: settings, calibrationAverage: average,
                                                           emulateForce: emulateFromContactSize))
    }

    public var device: DeviceDescription { frames.device }
    public var forceModel: ForceModel? { frames.forceModel }
    public var thresholds: DeepPressThresholds? { deepPress?.thresholds }

    /// Whether the contact in `slot` is on its way to a deep press (at or above peek, the
    /// dwell running) or in one: what an overlay may preview. An ordinary touch, however
    /// long it stays, is not; nor is one that moved.
    public func isDeepPressing(_ slot: Int) -> Bool { deepPress?.isPressing(slot) ?? false }

    /// Whether the device recognizes Haptic Touch (`[gestures] haptic-touch`).
    public var recognizesHapticTouch: Bool { hapticTouch != nil }

    /// What can really claim on the device: a deep press only where one can come, with force
    /// or as a Haptic Touch. Without either, holding a touch for it would only delay the app
    /// (by the long-press time, for nothing); and with nothing else claiming, the device is
    /// not claimed at all, as `auto` leaves a device nothing claims on.
    static func reachable(_ policy: ClaimPolicy, canDeepPress: Bool, hapticTouch: Bool) -> ClaimPolicy {
        guard policy.deepPress, !canDeepPress, !hapticTouch else { return policy }
        var reachable = policy
        reachable.deepPress = false
        if !reachable.claimsAnything { reachable.mode = .off }
        return reachable
    }


    /// The next time something must be decided though no event may come. Inlinable: the
    /// daemon asks after every read.
    @inlinable public var nextDeadline: Timestamp? {
        dueAt == .max ? nil : Timestamp(microseconds: dueAt)
    }

    /// `nextDeadline` in microseconds, `.max` for none: kept up to date after every frame
    /// and deadline so that the per-event check is one comparison.
    @usableFromInline var dueAt = Int64.max

    @inline(always)
    private mutating func updateDeadline() {
        // A deep press being decided goes first: the long press waits for it (SPEC §4).
        let deepPressDeadline = deepPress?.deadline
        if let d = deepPressDeadline { longPress.postpone(until: d) }
        dueAt = computeDeadline(deepPress: deepPressDeadline)?.microseconds ?? .max
    }

    private func computeDeadline() -> Timestamp? { computeDeadline(deepPress: deepPress?.deadline) }

    // Inlined: a call would pass the whole engine, too large for registers, as a copy.
    @inline(always)
    private func computeDeadline(deepPress deepPressDeadline: Timestamp?) -> Timestamp? {
        func earlier(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
            guard let a else { return b }
            guard let b else { return a }
            return min(a, b)
        }
        return earlier(earlier(earlier(earlier(longPress.deadline, tap.deadline), deepPressDeadline),
                               hapticTouch?.deadline), claims.deadline)
    }

    /// Feeds one event. Deadlines that fall due by its time fire first.
    public mutating func process(_ event: InputEvent) { feed(event) }

    /// Feeds events in order, as one read of the device brought them: what feeding them one
    /// by one would do, with `feed` inlined for sure into the loop (a call per event from
    /// another module could not inline it without exposing the engine's insides).
    public mutating func process(_ events: UnsafeBufferPointer<InputEvent>) {
        for event in events { feed(event) }
    }

    /// `process`, inlined for sure into the loop over a read.
    @inline(always)
    mutating func feed(_ event: InputEvent) {
        if event.time.microseconds >= dueAt { advance(to: event.time) }
        if frames.process(event) { frameCompleted() }
    }

    // One call per frame, into which the recognizers' updates are inlined: most events only
    // change a contact, and the function they go through stays small.
    @inline(never)
    private mutating func frameCompleted() {
        let rotation = settings.rotation
        let deepPressBegan = deepPress?.update(frames.frame, rotation: rotation, into: &output, trace: &trace) ?? false
        longPress.update(frames.frame, rotation: rotation, into: &output, trace: &trace)
        tap.update(frames.frame, rotation: rotation, into: &output, trace: &trace)
        hapticTouch?.update(frames.frame, rotation: rotation, into: &output, trace: &trace)
        if deepPressBegan {
            // After the updates, so that a press deep from its first frame still claims it.
            if !longPress.hasBegun { longPress.fail(at: frames.time, trace: &trace) }
            tap.fail(at: frames.time, because: .taken(by: .deepPress), into: &output, trace: &trace)
        }
        if claims.policy.mode != .off {
            // Held past its window: a press on its way to a deep press, or one a Haptic Touch
            // fired on, waiting for what is under the finger.
            claims.update(frames.frame, rotation: rotation, trace: &trace) {
                (deepPress?.isPressing($0) ?? false) || (hapticTouch?.hasBegun($0) ?? false)
            }
        }
        learn()
        updateDeadline()
    }

    // Inlined (guaranteed, not a hint): it runs at every frame.
    /// Feeds the contacts that lifted to auto-calibration, and applies a newly learned
    /// average between touches, never under a finger.
    @inline(always)
    private mutating func learn() {
        guard levels != nil, let model = frames.forceModel else { return }
        let range = model.minimum...model.maximum
        var changed = false
        levels!.update(frames.frame, ended: &endedLevels)
        // By index, as every loop over an array on this path: an array's iterator,
        // unspecialized in a debug build, allocates, and the allocation guard
        // (AllocationTests) runs in a debug build.
        for k in endedLevels.indices {
            let (slot, level) = endedLevels[k]
            guard !(deepPress?.pressedDuringContact[slot] ?? false) else { continue }
            changed = learned.observe(level: level, range: range) || changed
        }
        if !endedLevels.isEmpty { endedLevels.removeAll(keepingCapacity: true) }
        if changed, deviceSettings.calibrationAverage == nil { recalibrationPending = true }
        if recalibrationPending, frames.activeCount == 0, let average = learned.average {
            recalibrationPending = false
            frames.recalibrate(average: average)
            calibrationSource = .learned(touches: learned.touches)
            if let m = frames.forceModel {
                deepPress?.recalibrate(DeepPressThresholds(maximumPossibleForce: m.maximumPossibleForce, settings: settings))
            }
        } else if case .learned = calibrationSource {
            calibrationSource = .learned(touches: learned.touches)
        }
    }

    /// Lets time pass to `t`: fires every deadline up to it, in order.
    public mutating func advance(to t: Timestamp) {
        defer { updateDeadline() }
        while let d = computeDeadline(), d <= t {
            if deepPress?.deadline == d {
                if deepPress!.advance(to: d, frames.frame, rotation: settings.rotation, into: &output, trace: &trace) {
                    if !longPress.hasBegun { longPress.fail(at: d, trace: &trace) }
                    tap.fail(at: d, because: .taken(by: .deepPress), into: &output, trace: &trace)
                }
            } else if longPress.deadline == d {
                if longPress.advance(to: d, frames.frame, rotation: settings.rotation, into: &output, trace: &trace) {
                    tap.fail(at: d, because: .taken(by: .longPress), into: &output, trace: &trace)
                }
            } else if hapticTouch?.deadline == d {
                // Before the claims' window that may end at the same time: a contact a Haptic
                // Touch fired on is held until what is under the finger decides it.
                if hapticTouch!.advance(to: d, frames.frame, rotation: settings.rotation, into: &output, trace: &trace) {
                    tap.fail(at: d, because: .taken(by: .deepPress), into: &output, trace: &trace)
                }
            } else if claims.deadline == d {
                claims.advance(to: d, trace: &trace) {
                    (deepPress?.isPressing($0) ?? false) || (hapticTouch?.hasBegun($0) ?? false)
                }
            } else {
                tap.advance(to: d, into: &output, trace: &trace)
            }
        }
    }

    /// The device is gone, or its state cannot be trusted: every gesture in progress is
    /// cancelled and nothing pending fires.
    public mutating func cancelAll(at t: Timestamp) {
        frames.cancelAll()
        deepPress?.cancelAll(frames.frame, rotation: settings.rotation, at: t, into: &output)
        longPress.cancel(frames.frame, rotation: settings.rotation, at: t, into: &output)
        hapticTouch?.cancel(frames.frame, rotation: settings.rotation, at: t, into: &output)
        tap.reset()
        updateDeadline()
    }


    /// The AssistiveTouch button moved (`ContactClaims.moveRegion(to:)`): the engine keeps
    /// every contact's state, which a new engine would not know.
    public mutating func moveClaimRegion(to region: Region?) {
        claims.moveRegion(to: region)
    }

    /// A gesture that claims fired on these contacts: forcetouch owns them from now on.
    /// `t`, the gesture's time, dates the claim in the trace (the last frame's by default).
    public mutating func claim(_ slots: SlotSet, at t: Timestamp? = nil) {
        claims.claim(slots, at: t ?? frames.time, trace: &trace)
        updateDeadline()
    }

    /// A gesture that claims only if its menu shows fired on these contacts: they wait for
    /// `settleClaim` (`ContactClaims.awaitClaim`).
    public mutating func awaitClaim(_ slots: SlotSet) {
        claims.awaitClaim(slots)
        updateDeadline()
    }

    /// The menu the contacts' claim waited for showed (`claimed`) or showed nothing.
    public mutating func settleClaim(_ slots: SlotSet, claimed: Bool, at t: Timestamp) {
        claims.settleClaim(slots, claimed: claimed, at: t, trace: &trace)
        updateDeadline()
    }

    /// Starts recording why the recognizers decide what they do, into a ring of `capacity`
    /// notes made now: from then on a note costs no allocation, and `drainNotes` hands
    /// them over. Off, the recognizers only test a flag.
    public mutating func explain(capacity: Int = 256) {
        trace.start(capacity: capacity)
    }

    /// Hands the notes recorded since the last call to `body`, oldest first.
    public mutating func drainNotes(_ body: (GestureNote) -> Void) {
        trace.drain(body)
    }

    /// Clears the output without handing it over, keeping its storage: for a reader that
    /// only looked at it (the benchmark counts events without allocating).
    public mutating func removeOutput() {
        output.removeAll(keepingCapacity: true)
    }

    /// Returns the output and clears it.
    public mutating func takeOutput() -> [GestureEvent] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }
}
