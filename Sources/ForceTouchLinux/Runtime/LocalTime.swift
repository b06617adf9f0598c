import ForceTouchCore
import Glibc

/// The local date and time (the time zone the daemon runs in: `TZ`, else /etc/localtime),
/// which a date in text (`tomorrow at 3 pm`) counts from.
enum LocalTime {
    static func now() -> CivilDateTime {
        var t = time(nil)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return CivilDateTime(unixSeconds: Int(t)) }
        return CivilDateTime(unixSeconds: Int(t) + parts.tm_gmtoff)
    }
}
