/// Gathers evdev events into frames: the state of every contact at each SYN_REPORT.
///
/// Understands multi-touch protocol B (slots and tracking ids), single-touch devices
/// (BTN_TOUCH with ABS_X/ABS_Y), pens (BTN_TOOL_PEN is proximity, BTN_TOUCH is tip contact)
/// and SEMI_MT pads, whose finger count comes from BTN_TOOL_DOUBLETAP and friends and whose
/// positions are only a bounding box. It allocates nothing after initialization.
public struct FrameAssembler: Sendable {
    public let device: DeviceDescription
    public let pressureSource: PressureSource?
    public private(set) var forceModel: ForceModel?

    /// The frame just completed: what the gesture recognizers read.
    public private(set) var frame: TouchFrame
    /// Contacts in slot order; inspect `isDown`, `began` and `ended`.
    public var contacts: [Contact] { frame.contacts }
    /// Time of the frame just completed.
    public var time: Timestamp { frame.time }
    /// Fingers on the device: contacts down, or the BTN_TOOL_* count when that is higher.
    public var fingerCount: Int { frame.fingerCount }
    public var geometry: DeviceGeometry { frame.geometry }
    /// SEMI_MT devices report a bounding box, so movement is not measured on them.
    public var positionsAreApproximate: Bool { frame.positionsAreApproximate }
    /// True when a SYN_DROPPED cancelled contacts in the frame just completed.
    public private(set) var droppedInFrame = false
    /// The first slot beyond those followed (`maximumSlots`, or the device's own count) that
    /// carried a touch: its contacts are ignored, and whoever shows the device says so once.
    public private(set) var untrackedSlot: Int?
    /// The most slots followed per device.
    public static let maximumSlots = 64

    private let isMultitouch: Bool
    private let pressureIsPerSlot: Bool
    private let emulated: Bool
    private var slot = 0
    // Pending, not yet committed, values for the frame being read.
    private var pendingTrackingID: [Int32]
    /// Slots given a tracking id in the frame being read.
    private var touched = SlotSet()
    private var btnTouch = false
    private var toolFingers: UInt8 = 0  // bitmask: 1 finger, 2 doubletap, … 5 quinttap
    private var devicePressure: Int32 = 0
    private var singleX: Int32 = 0
    private var singleY: Int32 = 0
    private var resyncing = false
    private var needsCleanup = false

    /// - Parameters:
    ///   - average: calibrated raw average touch; nil for the uncalibrated default.
    ///   - emulateFromContactSize: opt in to force from ABS_MT_TOUCH_MAJOR (SPEC §3).
    ///   - quirks: what the device database knows: a pressure that is no force, the range
    ///     real touches use.
    public init(device: DeviceDescription, average: Double? = nil, emulateFromContactSize: Bool = false,
                quirks: DeviceQuirks = .none) {
        self.device = device
        let source = PressureSource.find(in: device, emulateFromContactSize: emulateFromContactSize, quirks: quirks)
        self.pressureSource = source
        self.forceModel = source.map { ForceModel(axis: $0.info, usableRange: quirks.pressureRange, average: average) }
        self.isMultitouch = device.isMultitouch
        self.pressureIsPerSlot = source?.axis == .multitouchPressure
        self.emulated = source?.axis == .emulatedFromTouchMajor
        let slots: Int
        if let slotAxis = device.axis(ABS.MT_SLOT) {
            slots = Int(min(max(slotAxis.maximum, 0), Int32(Self.maximumSlots - 1))) + 1
        } else {
            slots = 1
        }
        frame = TouchFrame(slots: slots, geometry: DeviceGeometry(device: device, quirks: quirks),
                           positionsAreApproximate: device.isSemiMultitouch)
        pendingTrackingID = Array(repeating: -1, count: slots)
    }

    /// A new average touch: force is scaled on it from the next frame on.
    public mutating func recalibrate(average: Double?) {
        guard let m = forceModel else { return }
        forceModel = ForceModel(minimum: Int32(m.minimum), maximum: Int32(m.maximum), average: average)
    }

    public var activeCount: Int {
        var n = 0
        for i in frame.contacts.indices where frame.contacts[i].isDown { n += 1 }  // see GestureEngine.learn
        return n
    }

    /// Feeds one event. Returns true when it completed a frame (a SYN_REPORT). Inlined into
    /// the engine: it runs for every event, and is only a switch.
    @discardableResult @inline(__always)
    public mutating func process(_ e: InputEvent) -> Bool {
        switch e.type {
        case EV.ABS: absolute(e.code, e.value)
        case EV.KEY: key(e.code, e.value)
        case EV.SYN:
            if e.code == SYN.REPORT {
                commit(at: e.time)
                return true
            }
            if e.code == SYN.DROPPED { dropped() }
        default: break
        }
        return false
    }

    /// Everything lost at once (the device is gone): every contact down is cancelled and
    /// lifted, without a frame.
    public mutating func cancelAll() {
        for i in frame.contacts.indices where frame.contacts[i].isDown {
            frame.contacts[i].isCancelled = true
        }
        dropped()
    }

    // Inlined, as `process`: most events are an axis.
    @inline(always)
    private mutating func absolute(_ code: UInt16, _ value: Int32) {
        switch code {
        case ABS.MT_SLOT:
            slot = Int(value)
        case ABS.MT_TRACKING_ID:
            guard isMultitouch, slot >= 0, slot < contacts.count else {
                if isMultitouch, value >= 0, untrackedSlot == nil { untrackedSlot = slot }
                return
            }
            pendingTrackingID[slot] = value
            touched.insert(slot)
        case ABS.MT_POSITION_X, ABS.MT_POSITION_Y, ABS.MT_PRESSURE, ABS.MT_TOUCH_MAJOR:
            guard slot >= 0, slot < contacts.count else { return }
            // One place that writes a contact, not one per axis: each write to the array
            // checks that its storage is not shared, and this runs for most events.
            frame.contacts[slot].set(code, value)
        case ABS.X: singleX = value
        case ABS.Y: singleY = value
        case ABS.PRESSURE: devicePressure = value
        default: break
        }
    }

    private mutating func key(_ code: UInt16, _ value: Int32) {
        let bit: UInt8
        switch code {
        case BTN.TOUCH: btnTouch = value != 0; return
        case BTN.TOOL_FINGER: bit = 1 << 1
        case BTN.TOOL_DOUBLETAP: bit = 1 << 2
        case BTN.TOOL_TRIPLETAP: bit = 1 << 3
        case BTN.TOOL_QUADTAP: bit = 1 << 4
        case BTN.TOOL_QUINTTAP: bit = 1 << 5
        default: return
        }
        if value != 0 { toolFingers |= bit } else { toolFingers &= ~bit }
    }

    /// SYN_DROPPED: events were lost. Contacts down now are cancelled; any that begin before
    /// the frame completes began during the loss, so they are cancelled too.
    private mutating func dropped() {
        for i in frame.contacts.indices where frame.contacts[i].isDown {
            frame.contacts[i].isCancelled = true
        }
        resyncing = true
    }

    private mutating func commit(at t: Timestamp) {
        // The contacts are written through one buffer for the whole frame: one check that
        // their storage is not shared, where each loop over the array would make its own.
        // Meanwhile `frame.contacts` is empty: the frame's code uses the buffer only.
        var contacts = [Contact]()
        swap(&contacts, &frame.contacts)
        defer { swap(&contacts, &frame.contacts) }
        contacts.withUnsafeMutableBufferPointer { commit(at: t, $0) }
    }

    private mutating func commit(at t: Timestamp, _ contacts: UnsafeMutableBufferPointer<Contact>) {
        frame.time = t
        // Only the slots that were live or were given a tracking id can change: the others
        // stay empty, with no flag set.
        let previous = frame.liveSlots
        let given = touched
        touched = SlotSet()
        let visited = isMultitouch ? previous.union(given) : .first(contacts.count)
        if needsCleanup {
            for i in previous {
                contacts[i].began = false
                contacts[i].ended = false
            }
        }
        needsCleanup = false
        var live = SlotSet()
        var down = 0
        var primary = -1
        for i in visited {
            let wasDown = contacts[i].isDown
            let nowDown: Bool
            if isMultitouch {
                if given.contains(i) {
                    let newID = pendingTrackingID[i]
                    if wasDown, newID >= 0, newID != contacts[i].trackingID {
                        // A new id without a -1 between: the old contact ended unseen.
                        contacts[i].isCancelled = true
                    }
                    contacts[i].trackingID = newID
                }
                nowDown = contacts[i].trackingID >= 0
            } else {
                nowDown = btnTouch
                contacts[i].x = singleX
                contacts[i].y = singleY
                contacts[i].trackingID = nowDown ? 0 : -1
            }
            if nowDown && !wasDown {
                contacts[i].began = true
                contacts[i].isCancelled = resyncing
                contacts[i].startTime = t
                contacts[i].startX = contacts[i].x
                contacts[i].startY = contacts[i].y
                contacts[i].travel = 0
                needsCleanup = true
            } else if !nowDown && wasDown {
                contacts[i].ended = true
                needsCleanup = true
            }
            contacts[i].isDown = nowDown
            if nowDown || contacts[i].ended { live.insert(i) }
            if nowDown {
                down += 1
                if primary < 0 { primary = i }
                if !positionsAreApproximate && !contacts[i].began {
                    let d = geometry.distance(dx: contacts[i].x &- contacts[i].startX,
                                              dy: contacts[i].y &- contacts[i].startY)
                    if d > contacts[i].travel { contacts[i].travel = d }
                }
            }
        }
        // Force: per slot, or the device-wide value on its first contact only, so one
        // pressure reading does not press on behalf of every finger.
        if let model = forceModel {
            for i in live where contacts[i].isDown {
                let raw: Int32
                if pressureIsPerSlot { raw = contacts[i].pressure }
                else if emulated { raw = contacts[i].touchMajor }
                else {
                    raw = i == primary || !isMultitouch ? devicePressure : 0
                    contacts[i].pressure = raw
                }
                contacts[i].force = model.force(raw: raw)
            }
        }
        let tools = toolCount
        frame.fingerCount = positionsAreApproximate && tools > 0 ? tools : max(down, tools)
        if down == 0 && !isMultitouch && !btnTouch { frame.fingerCount = 0 }
        droppedInFrame = resyncing
        resyncing = false
        for i in visited where !contacts[i].isDown && !contacts[i].ended {
            contacts[i].isCancelled = false
        }
        frame.liveSlots = live
    }

    /// The number of fingers the BTN_TOOL_* bits announce (0 when none is set).
    private var toolCount: Int {
        if toolFingers == 0 { return 0 }
        return 7 - toolFingers.leadingZeroBitCount
    }
}
