/// Recognizes gestures on one device: evdev events in, gesture events out.
///
/// Pure and deterministic: time comes only from event timestamps and from `advance(to:)`,
/// which the caller drives — a replay with virtual time, the daemon with a timer armed for
/// `nextDeadline` — so a long press fires at its deadline even when a still finger sends
/// nothing, and a replay decides exactly what the live device decided.
public struct GestureEngine: Sendable {
    public let settings: GestureSettings
    public let capability: CapabilityReport
    public private(set) var frames: FrameAssembler
    /// Gesture events recognized so far; read them and call `removeOutput()`.
    public private(set) var output: [GestureEvent] = []

    private var deepPress: DeepPressRecognizer?
    private var longPress: LongPressRecognizer
    private var tap: TapRecognizer

    /// - Parameters:
    ///   - average: the calibrated raw value of an average touch, if any.
    ///   - emulateFromContactSize: opt in to force from ABS_MT_TOUCH_MAJOR.
    public init(device: DeviceDescription, settings: GestureSettings = GestureSettings(),
                average: Double? = nil, emulateFromContactSize: Bool = false) {
        self.settings = settings
        self.capability = CapabilityReport.probe(device, emulateFromContactSize: emulateFromContactSize)
        frames = FrameAssembler(device: device, average: average, emulateFromContactSize: emulateFromContactSize)
        if let model = frames.forceModel {
            deepPress = DeepPressRecognizer(
                thresholds: DeepPressThresholds(maximumPossibleForce: model.maximumPossibleForce, settings: settings),
                slots: frames.contacts.count)
        }
        longPress = LongPressRecognizer(settings: settings)
        tap = TapRecognizer(settings: settings)
        output.reserveCapacity(16)
    }

    public var device: DeviceDescription { frames.device }
    public var forceModel: ForceModel? { frames.forceModel }
    public var thresholds: DeepPressThresholds? { deepPress?.thresholds }

    /// The next time something must be decided though no event may come.
    public var nextDeadline: Timestamp? {
        dueAt == .max ? nil : Timestamp(microseconds: dueAt)
    }

    /// `nextDeadline` in microseconds, `.max` for none: kept up to date after every frame
    /// and deadline so that the per-event check is one comparison.
    private var dueAt = Int64.max

    private mutating func updateDeadline() {
        dueAt = computeDeadline()?.microseconds ?? .max
    }

    private func computeDeadline() -> Timestamp? {
        switch (longPress.deadline, tap.deadline) {
        case let (a?, b?): min(a, b)
        case let (a?, nil): a
        case let (nil, b?): b
        case (nil, nil): nil
        }
    }

    /// Feeds one event. Deadlines that fall due by its time fire first.
    public mutating func process(_ event: InputEvent) {
        if event.time.microseconds >= dueAt { advance(to: event.time) }
        guard frames.process(event) else { return }
        defer { updateDeadline() }
        let rotation = settings.rotation
        let deepPressBegan = deepPress?.update(frames, rotation: rotation, into: &output) ?? false
        longPress.update(frames, rotation: rotation, into: &output)
        tap.update(frames, rotation: rotation, into: &output)
        if deepPressBegan {
            // After the updates, so that a press deep from its first frame still claims it.
            if !longPress.hasBegun { longPress.fail() }
            tap.fail(at: frames.time, into: &output)
        }
    }

    /// Lets time pass to `t`: fires every deadline up to it, in order.
    public mutating func advance(to t: Timestamp) {
        defer { updateDeadline() }
        while let d = computeDeadline(), d <= t {
            if longPress.deadline == d {
                if longPress.advance(to: d, frames, rotation: settings.rotation, into: &output) {
                    tap.fail(at: d, into: &output)
                }
            } else {
                tap.advance(to: d, into: &output)
            }
        }
    }

    /// The device is gone, or its state cannot be trusted: every gesture in progress is
    /// cancelled and nothing pending fires.
    public mutating func cancelAll(at t: Timestamp) {
        frames.cancelAll()
        deepPress?.cancelAll(frames, rotation: settings.rotation, at: t, into: &output)
        longPress.cancel(frames, rotation: settings.rotation, at: t, into: &output)
        tap.reset()
        updateDeadline()
    }

    public mutating func removeOutput() {
        output.removeAll(keepingCapacity: true)
    }

    /// Returns the output and clears it.
    public mutating func takeOutput() -> [GestureEvent] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }
}
