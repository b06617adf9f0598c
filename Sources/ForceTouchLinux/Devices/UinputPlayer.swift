import ForceTouchCore
import ForceTouchEngine
import Glibc

/// Plays a recording into a new uinput device with the recording's own timing, so a real
/// kernel delivers it to every reader — the daemon included — as if from hardware.
public struct UinputPlayer {
    public var recording: Recording
    /// Pause after creating the device, so readers (udev, the daemon) can open it first.
    public var settle: Timestamp.Duration
    /// Pause before destroying it, so readers drain the last events.
    public var linger: Timestamp.Duration

    public init(recording: Recording, settle: Timestamp.Duration, linger: Timestamp.Duration) {
        self.recording = recording
        self.settle = settle
        self.linger = linger
    }

    /// Creates the device, reports its node through `created`, plays every event, reports
    /// through `played` (the device still exists then), and lingers.
    public func play(created: (String?) -> Void, played: () -> Void = {}) throws(UinputError) {
        let device = try UinputDevice(recording.device)
        created(device.devnode)
        // A lone SYN_REPORT reaches no reader (the kernel passes a frame only with values in
        // it), but it pages in the write path now, not on the first real event: on a slow
        // machine that first write could stall and bunch the events after it, squeezing
        // the recording's timing.
        try device.write(type: EV.SYN, code: SYN.REPORT, value: 0)
        let start = MonotonicClock.now() + settle
        guard let first = recording.events.first?.time else {
            played()
            MonotonicClock.sleep(until: start + linger)
            return
        }
        for e in recording.events {
            // SYN_DROPPED is the kernel's to send, never a device's.
            if e.type == EV.SYN && e.code == SYN.DROPPED { continue }
            if e.type != EV.SYN && !recording.device.has(type: e.type, code: e.code) { continue }
            let due = start + (e.time - first)
            if due > MonotonicClock.now() { MonotonicClock.sleep(until: due) }
            try device.write(type: e.type, code: e.code, value: e.value)
        }
        played()
        MonotonicClock.sleep(until: MonotonicClock.now() + linger)
    }
}
