/// A day of the proleptic Gregorian calendar, with the little arithmetic the date detector
/// needs (days in a month, the weekday, the next day), done on day numbers (days since
/// 1970-01-01) so that no calendar library is needed.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int, month: Int, day: Int

    /// A real day, or nil (`2026-02-30`, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    /// The day `dayNumber` days after 1970-01-01 (before it when negative).
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days: eras of 400 years starting on March 1st.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 0 for Sunday … 6 for Saturday.
    public var weekday: Int { ((dayNumber % 7) + 11) % 7 }

    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.dayNumber < b.dayNumber }

    /// `2026-11-28`.
    public var description: String {
        String(year).leftPadded(to: 4) + "-" + String(month).leftPadded(to: 2) + "-" + String(day).leftPadded(to: 2)
    }
}

/// A time of day to the minute.
public struct ClockTime: Hashable, Sendable, CustomStringConvertible {
    public var hour: Int, minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour; self.minute = minute
    }

    /// `15:00`.
    public var description: String { String(hour).leftPadded(to: 2) + ":" + String(minute).leftPadded(to: 2) }
}

/// A day and a time of day: the detectors' "now" (local time), and an event's stamp (UTC).
public struct CivilDateTime: Hashable, Sendable {
    public var date: CivilDate, time: ClockTime
    public var second: Int

    public init(date: CivilDate, time: ClockTime, second: Int = 0) {
        self.date = date; self.time = time; self.second = min(max(second, 0), 59)
    }

    /// The moment `seconds` after the Unix epoch, in UTC.
    public init(unixSeconds seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        date = CivilDate(dayNumber: days)
        time = ClockTime(hour: rest / 3600, minute: rest % 3600 / 60)!
        second = rest % 60
    }
}
