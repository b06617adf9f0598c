import ForceTouchCore
import ForceTouchEngine
import Glibc

/// CLOCK_MONOTONIC, the clock the kernel stamps evdev events with once libevdev is told so.
public enum MonotonicClock {
    public static func now() -> Timestamp {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Timestamp(microseconds: Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000)
    }

    /// Sleeps until `t` on the monotonic clock.
    public static func sleep(until t: Timestamp) {
        var ts = timespec(tv_sec: Int(t.microseconds / 1_000_000), tv_nsec: Int(t.microseconds % 1_000_000) * 1000)
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
