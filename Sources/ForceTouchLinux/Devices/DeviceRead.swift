import ForceTouchCore
import ForceTouchEngine

/// What one read of a live device brought, as `DeviceSession.read()` tells the daemon:
/// everything the daemon must act on, gathered in one pass over the session so that a
/// wake-up touches the session's state once.
///
/// Plain values only, no reference: it is made and dropped at every read, and with nothing
/// to release that costs nothing. The gestures themselves wait in the session.
struct DeviceRead {
    var status: EvdevDevice.ReadStatus
    /// How many gestures the events completed: `DeviceSession.takeCompleted()` hands them
    /// over, with what they call for.
    var completedGestures: Int
    /// The kernel dropped events (SYN_DROPPED): touches in progress were cancelled.
    var droppedByKernel: Bool
    /// The session's next deadline before the read and after it, for `EarliestDeadline`.
    var deadlineBefore: Timestamp?
    var deadlineAfter: Timestamp?
    /// Once per device: touches in this slot, beyond those followed, are ignored (for the
    /// log, through `DeviceSession.untrackedSlotMessage`).
    var untrackedSlot: Int?
    /// What the engine learned is worth a write now, at this time (the read's last event);
    /// nil when it is not.
    var saveLearnedAt: Timestamp?
    /// The learned average moved since the bus was last told.
    var learnedAverageMoved: Bool
}
