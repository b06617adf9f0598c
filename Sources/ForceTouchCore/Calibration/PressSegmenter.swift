import ForceTouchEngine

/// One press made during calibration: a contact from the frame it came down to the frame it
/// lifted, with the raw value it reported in every frame in between.
public struct CalibrationPress: Hashable, Sendable {
    /// The slot the contact lived in (0 on single-touch devices).
    public var slot: Int
    public var start: Timestamp
    public var end: Timestamp
    /// Raw readings of the axis calibration measures (pressure, or contact size when force
    /// is emulated), one per frame while the contact was down.
    public var samples: [Int32]
    /// ABS_MT_TOUCH_MAJOR per frame, when the device reports contact size (else empty).
    public var contactSizes: [Int32]

    public init(slot: Int = 0, start: Timestamp, end: Timestamp, samples: [Int32], contactSizes: [Int32] = []) {
        self.slot = slot
        self.start = start
        self.end = end
        self.samples = samples
        self.contactSizes = contactSizes
    }

    public var duration: Timestamp.Duration { end - start }

    /// The highest reading.
    public var peak: Int32 { samples.max() ?? 0 }

    /// What the press held at: the median of its readings in its upper half, i.e. those at
    /// or above halfway from `floor` (the axis minimum) to its peak. A press ramps up, holds
    /// and ramps down; the ramps are left out and the median ignores jitter, so a press
    /// held at 60 reads 60 however fast it came and went.
    public func level(floor: Int32) -> Double {
        CalibrationStatistics.plateau(samples, floor: floor).level
    }
}

/// Cuts an evdev stream into presses: each contact's lifetime, from the frame its tracking
/// id (or BTN_TOUCH) came down to the frame it lifted, is one press. Contacts whose state
/// was lost (SYN_DROPPED) and contacts shorter than `minimumDuration` — a brush, not a
/// press — are left out. Several fingers at once give one press each, in the order they
/// lift.
///
/// Incremental, so `forcetest calibrate` counts presses live as the user makes them, and
/// the same code segments a recording of the same steps.
public struct PressSegmenter: Sendable {
    public static let defaultMinimumDuration = Timestamp.Duration(seconds: 0.1)

    public let device: DeviceDescription
    /// The axis the samples come from; nil when the device has no usable one (the samples
    /// are then whatever ABS_MT_PRESSURE/ABS_PRESSURE the contact carried, to show they do
    /// not vary).
    public let source: PressureSource?
    public let minimumDuration: Timestamp.Duration
    public private(set) var frames: FrameAssembler
    private var open: [Int: CalibrationPress] = [:]
    private let hasContactSize: Bool

    public init(device: DeviceDescription, emulateFromContactSize: Bool = false,
                minimumDuration: Timestamp.Duration = PressSegmenter.defaultMinimumDuration) {
        self.device = device
        self.minimumDuration = minimumDuration
        frames = FrameAssembler(device: device, emulateFromContactSize: emulateFromContactSize)
        source = frames.pressureSource
        hasContactSize = device.axis(ABS.MT_TOUCH_MAJOR) != nil
    }

    /// The raw reading of the first contact down now, for a live meter; nil when none is down.
    public var currentRaw: Int32? {
        for i in frames.contacts.indices where frames.contacts[i].isDown {
            return raw(frames.contacts[i], index: i)
        }
        return nil
    }

    /// Feeds one event; returns the presses it completed (usually none).
    public mutating func process(_ e: InputEvent) -> [CalibrationPress] {
        guard frames.process(e) else { return [] }
        var done: [CalibrationPress] = []
        let contacts = frames.contacts
        for i in contacts.indices {
            let c = contacts[i]
            if c.isCancelled {
                open[i] = nil
                continue
            }
            if c.began {
                open[i] = CalibrationPress(slot: i, start: c.startTime, end: c.startTime, samples: [])
            }
            if c.isDown, open[i] != nil {
                open[i]!.samples.append(raw(c, index: i))
                if hasContactSize { open[i]!.contactSizes.append(c.touchMajor) }
                open[i]!.end = frames.time
            } else if c.ended, var p = open.removeValue(forKey: i) {
                p.end = frames.time
                if p.duration >= minimumDuration && !p.samples.isEmpty { done.append(p) }
            }
        }
        return done
    }

    /// The device is gone: presses in progress are dropped.
    public mutating func reset() {
        open.removeAll()
    }

    private func raw(_ c: Contact, index: Int) -> Int32 {
        if source?.axis == .emulatedFromTouchMajor { return c.touchMajor }
        return c.pressure
    }

    /// Every press of a whole recording, in the order they began.
    public static func presses(in recording: Recording, emulateFromContactSize: Bool = false,
                               minimumDuration: Timestamp.Duration = defaultMinimumDuration) -> [CalibrationPress] {
        var s = PressSegmenter(device: recording.device, emulateFromContactSize: emulateFromContactSize,
                               minimumDuration: minimumDuration)
        var out: [CalibrationPress] = []
        for e in recording.events { out += s.process(e) }
        // Stable: presses that began together keep their slot order.
        return out.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }
}
