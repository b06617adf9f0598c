import ForceTouchCore

/// What one read of a live device brought, as `DeviceSession.read()` tells the daemon: the
/// gestures it completed and everything the daemon must act on, gathered in one pass over
/// the session so that a wake-up touches the session's state once.
struct DeviceRead {
    var status: EvdevDevice.ReadStatus
    /// The gestures the events completed, with what they call for.
    var decided: [PipelineOutput]
    /// The kernel dropped events (SYN_DROPPED): touches in progress were cancelled.
    var droppedByKernel: Bool
    /// The session's next deadline before the read and after it, for `EarliestDeadline`.
    var deadlineBefore: Timestamp?
    var deadlineAfter: Timestamp?
    /// Once per device: touches in this slot, beyond those followed, are ignored (for the
    /// log, through `DeviceSession.untrackedSlotMessage`). A number, not the message: the
    /// value is made and dropped at every read, and with no string in it that costs nothing.
    var untrackedSlot: Int?
    /// What the engine learned is worth a write now.
    var learnedWorthSaving: Bool
}
