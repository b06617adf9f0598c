/// Feeds a claimed device's clone: the source's events as read, less what forcetouch
/// claimed (SPEC §10). Pure: events and the engine's `ContactClaims` in, the events to write
/// to the clone out, in `output`, which the caller writes and empties.
///
/// Each slot follows the touch the clone has of it:
///
/// ```
/// idle ──touch, passed──▶ open ──claimed──▶ palm (MT_TOOL_PALM: libinput cancels it) ──lift──▶ idle
///   │                                                        the tool type goes back before the next touch
///   ├──touch, undecided──▶ held ──passed──▶ open (what was held goes out first, in order)
///   │                        └──claimed──▶ swallowed ──lift──▶ idle
///   └──touch, claimed──▶ swallowed (the clone never sees it)
/// ```
///
/// The slot's other axes go on being followed while the clone does not get them, and are
/// written when the claimed touch lifts, so that the clone's state is the source's again:
/// the kernel sends only what changed, and a next touch at the same place would otherwise
/// keep the clone's stale position.
///
/// Everything that is not a slot's (buttons, the single-touch axes, MSC_TIMESTAMP) goes
/// through as it came; libinput takes a multitouch device's contacts from its slots alone.
public struct TouchForwarder: Sendable {
    enum Record: UInt8 {
        case idle, open, palm, held, swallowed
    }

    /// The axes of a slot that are followed to resynchronize the clone: ABS_MT_TOUCH_MAJOR
    /// (0x30) to ABS_MT_TOOL_Y (0x3d).
    static let firstAxis = ABS.MT_TOUCH_MAJOR
    static let axisCount = 14
    /// MT_TOOL_PALM: what a claimed contact becomes on the clone.
    public static let palm: Int32 = 2
    static let finger: Int32 = 0  // MT_TOOL_FINGER

    private var records: [Record]
    private var held: [[InputEvent]]
    /// Slots that had an event held in the frame being read: a SYN_REPORT ends their frame.
    private var heldThisFrame = SlotSet()
    /// Slots that are not idle: what a claim may change.
    private var active = SlotSet()
    private var sourceSlot: Int
    private var cloneSlot = -1
    private var values: [Int32]
    private var seen: [UInt16]
    private var wroteSinceReport = false
    /// What to write to the clone, in order.
    public private(set) var output: [InputEvent] = []

    /// - Parameters:
    ///   - slots: the device's slots (`FrameAssembler.contacts.count`).
    ///   - currentSlot: the source's ABS_MT_SLOT when it was opened.
    public init(slots: Int, currentSlot: Int = 0) {
        records = Array(repeating: .idle, count: slots)
        held = Array(repeating: [], count: slots)
        sourceSlot = currentSlot
        values = Array(repeating: 0, count: slots * Self.axisCount)
        seen = Array(repeating: 0, count: slots)
        output.reserveCapacity(1024)
    }

    /// Brings a new clone to the source's state: every slot's axes, so that a touch whose
    /// position the kernel does not send again (it sends only changes) is where the source
    /// has it. `value(slot, code)` is the source's value, nil for an axis it lacks. A touch
    /// under way is the source's alone: the desktop saw it begin there, and the clone gets
    /// nothing of it until it lifts.
    public mutating func start(from value: (Int, UInt16) -> Int32?) {
        for s in records.indices {
            for axis in 0..<Self.axisCount {
                let code = Self.firstAxis + UInt16(axis)
                guard let v = value(s, code) else { continue }
                if code == ABS.MT_TRACKING_ID {
                    if v >= 0 {
                        records[s] = .swallowed
                        active.insert(s)
                    }
                    continue
                }
                remember(s, InputEvent(time: .zero, type: EV.ABS, code: code, value: v))
                writeSlot(s)
                write(InputEvent(time: .zero, type: EV.ABS, code: code, value: v))
            }
        }
        writeSlot(sourceSlot)
        if wroteSinceReport { write(InputEvent(time: .zero, type: EV.SYN, code: SYN.REPORT, value: 0)) }
    }

    /// Empties `output`, keeping its storage.
    public mutating func removeOutput() { output.removeAll(keepingCapacity: true) }

    /// Applies what the engine decided since the last call: claimed touches the clone has
    /// are cancelled, held ones that were decided go out or are dropped. After a deadline,
    /// and before every read's events.
    public mutating func settle(_ claims: ContactClaims) {
        for s in active {
            switch records[s] {
            case .open where claims.state(s) == .claimed:
                cancel(s)
            case .held:
                switch claims.state(s) {
                case .undecided: break
                case .claimed where liftHeld(s): dropLifted(s)
                case .claimed: drop(s)
                case .idle, .passed: flush(s)
                }
            default: break
            }
        }
    }

    /// Forwards one read's events, which the engine has already taken in (`claims` is what
    /// it decided after them).
    public mutating func forward(_ events: UnsafeBufferPointer<InputEvent>, claims: ContactClaims) {
        settle(claims)
        for e in events {
            if e.type == EV.SYN {
                if e.code == SYN.REPORT {
                    endFrame(e)
                } else if e.code == SYN.DROPPED {
                    lost()
                } else {
                    write(e)
                }
            } else if e.type == EV.ABS && e.code == ABS.MT_SLOT {
                sourceSlot = Int(e.value)
            } else if e.type == EV.ABS && e.code > ABS.MT_SLOT && e.code < ABS.MT_SLOT + 1 + UInt16(Self.axisCount) {
                slotEvent(e, claims)
            } else {
                write(e)
            }
        }
    }

    // MARK: One slot's events

    private mutating func slotEvent(_ e: InputEvent, _ claims: ContactClaims) {
        let s = sourceSlot
        guard s >= 0 && s < records.count else {
            // A slot beyond those followed: the engine ignores it, the clone gets it.
            writeSlot(s)
            return write(e)
        }
        remember(s, e)
        if e.code == ABS.MT_TRACKING_ID {
            return e.value >= 0 ? begin(s, e, claims) : lift(s, e, claims)
        }
        switch records[s] {
        case .open, .idle:
            writeSlot(s)
            write(e)
        case .held:
            switch claims.state(s) {
            case .undecided: hold(s, e)
            case .claimed: drop(s)
            case .idle, .passed:
                flush(s)
                writeSlot(s)
                write(e)
            }
        case .palm, .swallowed:
            break
        }
    }

    private mutating func begin(_ s: Int, _ e: InputEvent, _ claims: ContactClaims) {
        // A touch held past its lift for a claim that was never settled: nothing is lost, it
        // goes out before the next one.
        if records[s] == .held && liftHeld(s) { flush(s) }
        active.insert(s)
        switch claims.state(s) {
        case .claimed:
            records[s] = .swallowed
        case .undecided:
            records[s] = .held
            held[s].removeAll(keepingCapacity: true)
            hold(s, e)
        case .idle, .passed:
            records[s] = .open
            writeSlot(s)
            write(e)
        }
    }

    private mutating func lift(_ s: Int, _ e: InputEvent, _ claims: ContactClaims) {
        switch records[s] {
        case .open, .idle:
            writeSlot(s)
            write(e)
        case .held:
            if claims.state(s) == .claimed {
                held[s].removeAll(keepingCapacity: true)
                resynchronize(s)
            } else if claims.state(s) == .undecided {
                // Its claim waits for a menu (`ContactClaims.awaitClaim`): the lift is held
                // with the rest, and goes out, or not, when the claim is settled.
                return hold(s, e)
            } else {
                flush(s)
                writeSlot(s)
                write(e)
            }
        case .palm:
            resynchronize(s)
            writeSlot(s)
            write(e)
            // Before the next touch's tracking id, or libinput swallows that touch too.
            write(InputEvent(time: e.time, type: EV.ABS, code: ABS.MT_TOOL_TYPE, value: toolType(s)))
        case .swallowed:
            resynchronize(s)
        }
        records[s] = .idle
        heldThisFrame.bits &= ~(1 << UInt64(s))
        active.bits &= ~(1 << UInt64(s))
    }

    // MARK: Claims

    /// The clone's touch in `s` becomes a palm: libinput reports TOUCH_CANCEL and swallows
    /// the rest of it.
    private mutating func cancel(_ s: Int) {
        writeSlot(s)
        write(InputEvent(time: .zero, type: EV.ABS, code: ABS.MT_TOOL_TYPE, value: Self.palm))
        write(InputEvent(time: .zero, type: EV.SYN, code: SYN.REPORT, value: 0))
        wroteSinceReport = false
        records[s] = .palm
    }

    private mutating func hold(_ s: Int, _ e: InputEvent) {
        held[s].append(e)
        heldThisFrame.insert(s)
    }

    /// What was held of `s` goes out, frame by frame, and the touch is the clone's from now.
    private mutating func flush(_ s: Int) {
        records[s] = .open
        heldThisFrame.bits &= ~(1 << UInt64(s))
        let events = held[s]
        for e in events {
            if e.type == EV.SYN {
                if wroteSinceReport { write(e); wroteSinceReport = false }
            } else {
                writeSlot(s)
                write(e)
            }
        }
        if events.contains(where: { $0.type == EV.ABS && $0.code == ABS.MT_TRACKING_ID && $0.value < 0 }) {
            // It lifted while held: the clone has it whole, and the slot is free.
            records[s] = .idle
            active.bits &= ~(1 << UInt64(s))
        }
        held[s].removeAll(keepingCapacity: true)
    }

    /// Whether what is held of `s` ends with its lift.
    private func liftHeld(_ s: Int) -> Bool {
        held[s].contains { $0.type == EV.ABS && $0.code == ABS.MT_TRACKING_ID && $0.value < 0 }
    }

    /// A held touch that lifted was claimed: nothing of it reaches the clone, whose slot is
    /// brought to the source's axes, as at a claimed touch's lift.
    private mutating func dropLifted(_ s: Int) {
        held[s].removeAll(keepingCapacity: true)
        heldThisFrame.bits &= ~(1 << UInt64(s))
        resynchronize(s)
        if wroteSinceReport { write(InputEvent(time: .zero, type: EV.SYN, code: SYN.REPORT, value: 0)) }
        records[s] = .idle
        active.bits &= ~(1 << UInt64(s))
    }

    /// A held touch was claimed: nothing of it reaches the clone.
    private mutating func drop(_ s: Int) {
        held[s].removeAll(keepingCapacity: true)
        heldThisFrame.bits &= ~(1 << UInt64(s))
        records[s] = .swallowed
    }

    /// The kernel dropped events (SYN_DROPPED): the clone's touches are cancelled, held ones
    /// dropped; libevdev's resynchronization that follows brings the rest up to date.
    private mutating func lost() {
        for s in active {
            switch records[s] {
            case .open: cancel(s)
            case .held: drop(s)
            default: break
            }
        }
    }

    // MARK: Writing

    private mutating func endFrame(_ e: InputEvent) {
        for s in heldThisFrame { held[s].append(e) }
        heldThisFrame = SlotSet()
        if wroteSinceReport {
            write(e)
            wroteSinceReport = false
        }
    }

    @inline(__always)
    private mutating func write(_ e: InputEvent) {
        output.append(e)
        wroteSinceReport = e.type != EV.SYN
    }

    private mutating func writeSlot(_ s: Int) {
        guard cloneSlot != s else { return }
        cloneSlot = s
        output.append(InputEvent(time: .zero, type: EV.ABS, code: ABS.MT_SLOT, value: Int32(s)))
    }

    private mutating func remember(_ s: Int, _ e: InputEvent) {
        let axis = Int(e.code) - Int(Self.firstAxis)
        guard axis >= 0 && axis < Self.axisCount else { return }
        values[s * Self.axisCount + axis] = e.value
        seen[s] |= 1 << UInt16(axis)
    }

    /// The source's values of the slot's axes, written to the clone (which drops those it
    /// already has): not the tracking id, nor the tool type, which the palm holds.
    private mutating func resynchronize(_ s: Int) {
        for axis in 0..<Self.axisCount where seen[s] & (1 << UInt16(axis)) != 0 {
            let code = Self.firstAxis + UInt16(axis)
            if code == ABS.MT_TRACKING_ID || code == ABS.MT_TOOL_TYPE { continue }
            writeSlot(s)
            write(InputEvent(time: .zero, type: EV.ABS, code: code, value: values[s * Self.axisCount + axis]))
        }
    }

    private func toolType(_ s: Int) -> Int32 {
        let axis = Int(ABS.MT_TOOL_TYPE - Self.firstAxis)
        return seen[s] & (1 << UInt16(axis)) != 0 ? values[s * Self.axisCount + axis] : Self.finger
    }
}
