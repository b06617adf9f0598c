import ForceTouchCore
import ForceTouchEngine
import Logging

/// One device the daemon follows: where its events come from and its `DevicePipeline`,
/// configured for it.
///
/// Live devices and replays both go through `feed` and `advance`, so a replay exercises the
/// very path a real touchscreen does.
public final class DeviceSession {
    public let node: InputNode
    public let description: DeviceDescription
    public let deviceClass: DeviceClass
    // `@exclusivity(unchecked)` below: every read of the device goes through these. The
    // daemon is one thread and no access to them overlaps another, so their dynamic check,
    // a runtime call at every access, is off.
    @exclusivity(unchecked) public private(set) var pipeline: DevicePipeline
    /// The open device, nil for a replay.
    public let device: EvdevDevice?
    /// Token of its descriptor in the event loop.
    var loopToken: UInt64?
    /// The graphical session `claim = "auto"` decides for; nil claims nothing (replays).
    let claimSession: ClaimSession?
    /// While the device is claimed: the clone its events go through (SPEC §10).
    @exclusivity(unchecked) private(set) var clone: TouchClone?
    /// Whether the log has said that touches in untracked slots are ignored (once a device).
    @exclusivity(unchecked) private var warnedUntrackedSlot = false

    /// Once per device, the first time a touch comes in a slot beyond those followed: what
    /// is ignored, for the log.
    public func untrackedSlotWarning() -> String? {
        newlyUntrackedSlot().map(untrackedSlotMessage)
    }

    /// Once per device, the first slot beyond those followed that carried a touch. Asked
    /// after every read: one comparison until there is something to say.
    @inline(always)
    func newlyUntrackedSlot() -> Int? {
        guard !warnedUntrackedSlot, let slot = pipeline.engine.frames.untrackedSlot else { return nil }
        warnedUntrackedSlot = true
        return slot
    }

    /// What is ignored when touches come in `slot`, for the log.
    func untrackedSlotMessage(_ slot: Int) -> String {
        let followed = engine.frames.contacts.count
        return "touches in slot \(slot) are ignored: forcetouch follows slots 0–\(followed - 1)"
            + (followed == FrameAssembler.maximumSlots ? " (at most \(FrameAssembler.maximumSlots))" : " (the device's ABS_MT_SLOT range)")
    }

    /// What the learned-calibration file holds for this device, as last loaded or saved (or
    /// tried to save: a failed save waits like a made one), so that the daemon saves only
    /// news and never looks into the file per frame to know.
    @exclusivity(unchecked) var savedLearned: LearnedCalibration
    /// When `savedLearned` was last written or tried, on the device's clock; nil before the
    /// first time.
    @exclusivity(unchecked) var savedLearnedAt: Timestamp?

    /// The learned average the daemon last told the bus of (it moves a device's
    /// maximumPossibleForce), so that each move is told once, saved or not.
    @exclusivity(unchecked) var announcedAverage: Double?

    /// Whether the engine learned from touches since `savedLearned`.
    var hasUnsavedTouches: Bool { pipeline.engine.learned.touches != savedLearned.touches }

    /// How long learning waits unsaved while touches go on: a crash loses at most this much
    /// of it, and a hand that touches all day does not have a file synced to disk at every
    /// touch, by the thread that reads the device.
    static let learnedSaveInterval = Timestamp.Duration(seconds: 60)

    /// Whether what the engine learned is worth a write at `t`: at once when it publishes
    /// its first average (the device's calibration source changes), else news at most once
    /// a `learnedSaveInterval`. Asked after every read.
    @inline(always)
    func learnedWorthSaving(at t: Timestamp) -> Bool {
        guard hasUnsavedTouches else { return false }
        let learned = pipeline.engine.learned
        guard let last = savedLearnedAt, savedLearned.average != nil || learned.average == nil else { return true }
        return t - last >= Self.learnedSaveInterval
    }

    /// What the engine learned was written, or tried, at `t`.
    func learnedSaved(at t: Timestamp) {
        savedLearned = pipeline.engine.learned
        savedLearnedAt = t
    }

    /// - Parameters:
    ///   - database: the device database the settings are resolved with.
    ///   - learned: what auto-calibration learned of the device before.
    ///   - claimSession: the graphical session claiming is decided for; nil never claims.
    public init(node: InputNode, description: DeviceDescription, device: EvdevDevice?, configuration: Configuration,
                database: DeviceDatabase = .empty, learned: LearnedCalibration = LearnedCalibration(),
                claimSession: ClaimSession? = nil) {
        self.node = node
        self.claimSession = claimSession
        self.description = description
        self.device = device
        let deviceClass = node.deviceClass(of: description, database: database)
        self.deviceClass = deviceClass
        savedLearned = learned
        announcedAverage = learned.average
        pipeline = DevicePipeline(device: description, deviceClass: deviceClass, configuration: configuration,
                                  database: database, learned: learned, session: claimSession)
        primeSlots()
    }

    /// Gives a new pipeline the device's slots as the kernel holds them. The kernel sends a
    /// touch only the axes that changed, so a pipeline that starts — the daemon's start, a
    /// reload — would take a touch at the place of the last one before it as a touch at 0,0
    /// (the AssistiveTouch button tapped again where it was left, after a restart). As the
    /// clone is primed (`TouchForwarder.start`). No tracking id is given: a touch already
    /// down stays unseen until it lifts, as before.
    private func primeSlots() {
        guard let device, description.isMultitouch, device.currentSlot >= 0 else { return }
        func feed(_ code: UInt16, _ value: Int32) {
            _ = pipeline.process(InputEvent(time: .zero, type: EV.ABS, code: code, value: value))
        }
        for slot in 0..<pipeline.engine.frames.contacts.count {
            feed(ABS.MT_SLOT, Int32(slot))
            for code in [ABS.MT_POSITION_X, ABS.MT_POSITION_Y, ABS.MT_PRESSURE, ABS.MT_TOUCH_MAJOR] {
                if let value = device.slotValue(slot, code) { feed(code, value) }
            }
        }
        feed(ABS.MT_SLOT, Int32(device.currentSlot))
    }

    public var name: String { description.name }
    public var engine: GestureEngine { pipeline.engine }
    public var settings: DeviceSettings { pipeline.settings }
    public var capability: CapabilityReport { engine.capability }

    /// The AssistiveTouch button moved: the pipeline's slots and claims follow it, and the
    /// touches under way are kept (`DevicePipeline.placeAssistiveButton`).
    public func placeAssistiveButton(_ p: AssistiveButton.Place) {
        pipeline.placeAssistiveButton(p)
    }

    /// Applies a new configuration. Gestures in progress are dropped without being reported:
    /// their timings and bindings no longer hold.
    public func reconfigure(_ configuration: Configuration, database: DeviceDatabase = .empty) {
        pipeline = DevicePipeline(device: description, deviceClass: deviceClass, configuration: configuration,
                                  database: database, learned: engine.learned, session: claimSession)
        primeSlots()
        afterNewPipeline()
    }

    /// Where the recognizers' notes go (`GestureNote`: transitions, and why a gesture was
    /// refused), after each read and deadline; nil, the default, and the engine records
    /// none. The daemon sets it when it logs at debug level.
    public var notes: ((GestureNote) -> Void)? {
        didSet { if notes != nil { pipeline.explain() } }
    }

    /// A new pipeline knows nothing of the touches under way: what the clone holds goes out,
    /// and a clone of another mode goes (`claim()` makes the right one).
    private func afterNewPipeline() {
        if notes != nil { pipeline.explain() }
        guard let clone else { return }
        if clone.mode != pipeline.claimMode { releaseClaim() } else { clone.settle(pipeline.engine.claims) }
    }

    // MARK: Claiming

    /// How the device is claimed now (`off` while it is only watched).
    public var claimMode: ClaimMode { clone?.mode ?? .off }

    /// What the configuration asks for the device: the mode its clone would have.
    public var wantedClaimMode: ClaimMode { pipeline.claimMode }

    /// Claims the device when its configuration asks for it and it is not yet: makes the
    /// clone, then grabs the device. Returns why it could not; the device is then only
    /// watched, and every touch reaches the desktop as before.
    func claim() -> String? {
        guard clone == nil, let device, pipeline.claimMode != .off else { return nil }
        do {
            clone = try TouchClone(of: device, mode: pipeline.claimMode, slots: engine.frames.contacts.count)
            return nil
        } catch {
            return error.description
        }
    }

    /// Gives the device back to every reader and removes its clone.
    func releaseClaim() {
        clone = nil
    }

    /// Forgets what auto-calibration learned: the engine starts again from the database or
    /// the default. Gestures in progress are dropped, as on a reload.
    public func forgetLearned(_ configuration: Configuration, database: DeviceDatabase = .empty) {
        pipeline = DevicePipeline(device: description, deviceClass: deviceClass, configuration: configuration,
                                  database: database, session: claimSession)
        afterNewPipeline()
        savedLearned = LearnedCalibration()
        announcedAverage = nil
    }

    /// Feeds one event; returns the gestures it completed with what they call for.
    public func feed(_ event: InputEvent) -> [PipelineOutput] {
        if calibration != nil { calibrate(event) }
        return pipeline.process(event)
    }

    /// The guided calibration forcetouch Settings asked for (`StartCalibration`), fed the
    /// same events as the pipeline; nil when none runs.
    var calibration: GuidedCalibration?
    /// A press was counted since the daemon last said where the calibration stands.
    var calibrationCounted = false

    private func calibrate(_ event: InputEvent) {
        if !calibration!.process(event).isEmpty { calibrationCounted = true }
    }

    /// Where a read of the device puts its events, kept from read to read (256 events, 4 KB).
    private let readBuffer = UnsafeMutableBufferPointer<InputEvent>.allocate(capacity: 256)

    deinit { readBuffer.deallocate() }

    /// The gestures the last read completed, until the daemon takes them.
    @exclusivity(unchecked) private var completed: [PipelineOutput] = []

    /// Hands over the gestures the last read completed (`DeviceRead.completedGestures`).
    func takeCompleted() -> [PipelineOutput] {
        defer { completed = [] }
        return completed
    }

    /// Reads the live device to EAGAIN and feeds what came to the pipeline, in order.
    /// Everything the daemon needs after a read comes back at once: a wake-up goes through
    /// the session's state once, not once per question.
    func read() -> DeviceRead {
        let before = pipeline.nextDeadline
        var status = EvdevDevice.ReadStatus.drained
        var dropped = false
        var last: Timestamp?
        if let device {
            while true {
                let (count, read) = device.read(into: readBuffer)
                status = read
                let events = UnsafeBufferPointer(rebasing: readBuffer[..<count])
                for event in events where event.type == EV.SYN && event.code == SYN.DROPPED { dropped = true }
                if count > 0 {
                    if calibration != nil { for e in events { calibrate(e) } }
                    pipeline.process(events, into: &completed)
                    // In the same turn, once the engine has decided what the events claim: a
                    // read's work is microseconds, and a touch claimed at its first frame then
                    // never shows on the clone.
                    clone?.forward(events, claims: pipeline.engine.claims)
                    last = events[count - 1].time
                }
                guard case .full = read else { break }
            }
        }
        if let notes { pipeline.drainNotes(notes) }
        return DeviceRead(status: status, completedGestures: completed.count, droppedByKernel: dropped,
                          deadlineBefore: before, deadlineAfter: pipeline.nextDeadline,
                          untrackedSlot: newlyUntrackedSlot(),
                          saveLearnedAt: last.flatMap { learnedWorthSaving(at: $0) ? $0 : nil },
                          learnedAverageMoved: last != nil && pipeline.engine.learned.average != announcedAverage)
    }

    /// Lets time pass to `t`: long presses, deep presses and waiting taps decide.
    public func advance(to t: Timestamp) -> [PipelineOutput] {
        let outputs = pipeline.advance(to: t)
        clone?.settle(pipeline.engine.claims)
        if let notes { pipeline.drainNotes(notes) }
        return outputs
    }

    /// The menu a deep press's claim waited for (`Dispatch.claimWaitsForMenu`) showed
    /// (`claimed`: the contacts are forcetouch's, cancelled on the clone if they went
    /// through) or showed nothing: what was held of them goes to the clone now, in order, an
    /// ordinary touch.
    func settleClaim(_ slots: SlotSet, claimed: Bool, at t: Timestamp) {
        pipeline.settleClaim(slots, claimed: claimed, at: t)
        clone?.settle(pipeline.engine.claims)
    }

    /// The device is gone: gestures in progress are cancelled (and reported as such).
    public func cancelAll(at t: Timestamp) -> [PipelineOutput] { pipeline.cancelAll(at: t) }

    public var nextDeadline: Timestamp? { pipeline.nextDeadline }

    /// Plays a whole recording in virtual time, as `forcetest replay` does, handing `each`
    /// what every gesture calls for, and `frame` each frame's time once its gestures are.
    public func play(_ recording: Recording, frame: ((Timestamp) -> Void)? = nil, _ each: (PipelineOutput) -> Void) {
        RecordingPlayback.play(recording, through: &pipeline, notes: notes, frame: frame, each)
    }
}
