/// One frame of a device: every contact as it stands at a SYN_REPORT, with what the
/// recognizers need to place it. `FrameAssembler` makes it; the gesture recognizers read it.
///
/// Kept small on purpose: the engine hands it to each recognizer at every frame, and a
/// value this size is passed without a call to copy it (the assembler itself is not).
public struct TouchFrame: Sendable {
    /// Contacts in slot order; inspect `isDown`, `began` and `ended`.
    public internal(set) var contacts: [Contact]
    /// The slots whose contact is down or lifted in this frame: those a recognizer looks
    /// at. Every other contact is empty and neither began, ended nor was cancelled.
    public internal(set) var liveSlots = SlotSet()
    /// Time of the frame (its SYN_REPORT).
    public internal(set) var time = Timestamp.zero
    /// Fingers on the device: contacts down, or the BTN_TOOL_* count when that is higher.
    public internal(set) var fingerCount = 0
    /// Where the device's coordinates lie, to report positions in millimetres and 0...1.
    public let geometry: DeviceGeometry
    /// SEMI_MT devices report a bounding box, so movement is not measured on them.
    public let positionsAreApproximate: Bool

    init(slots: Int, geometry: DeviceGeometry, positionsAreApproximate: Bool) {
        contacts = Array(repeating: Contact(), count: slots)
        self.geometry = geometry
        self.positionsAreApproximate = positionsAreApproximate
    }
}
