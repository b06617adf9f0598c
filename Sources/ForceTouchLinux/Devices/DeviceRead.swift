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
    /// Once per device: touches in a slot beyond those followed are ignored (for the log).
    var untrackedSlotWarning: String?
    /// The engine learned from touches not yet saved.
    var hasUnsavedTouches: Bool
}
