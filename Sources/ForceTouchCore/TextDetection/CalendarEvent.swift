/// The event "Create Event" opens for a date found: an iCalendar file (RFC 5545) of one
/// VEVENT, which the user's calendar application imports. A date with a time starts then
/// and lasts an hour, in floating local time (the time as written, wherever the user is);
/// a date alone is an all-day event. Lines end in CRLF and are folded at 75 octets, never
/// inside a UTF-8 sequence.
public struct CalendarEvent: Hashable, Sendable {
    /// What the event is called: the sentence the date was found in, cut to `maximumSummary`.
    public var summary: String
    public var start: DateDetector.DetectedDate
    /// Unique for the event: the caller makes it (a random value and the host's name).
    public var uid: String
    /// When the file was made, in UTC.
    public var stamp: CivilDateTime

    /// The longest summary kept, in Unicode scalars.
    public static let maximumSummary = 200

    public init(summary: String, start: DateDetector.DetectedDate, uid: String, stamp: CivilDateTime) {
        self.summary = summary; self.start = start; self.uid = uid; self.stamp = stamp
    }

    /// The file's text.
    public var icsText: String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//forcetouch//Force Click//EN", "CALSCALE:GREGORIAN",
                     "BEGIN:VEVENT", "UID:" + Self.escaped(uid), "DTSTAMP:" + Self.basic(stamp.date) + "T" + Self.basic(stamp.time, second: stamp.second) + "Z"]
        if let time = start.time {
            let end = time.hour == 23 ? (start.date.adding(days: 1), ClockTime(hour: 0, minute: time.minute)!)
                                      : (start.date, ClockTime(hour: time.hour + 1, minute: time.minute)!)
            lines.append("DTSTART:" + Self.basic(start.date) + "T" + Self.basic(time, second: 0))
            lines.append("DTEND:" + Self.basic(end.0) + "T" + Self.basic(end.1, second: 0))
        } else {
            lines.append("DTSTART;VALUE=DATE:" + Self.basic(start.date))
            lines.append("DTEND;VALUE=DATE:" + Self.basic(start.date.adding(days: 1)))
        }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: summary.unicodeScalars.prefix(Self.maximumSummary))
        lines.append("SUMMARY:" + Self.escaped(String(cut)))
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.map(Self.folded).joined()
    }

    /// RFC 5545 §3.3.11: backslash, semicolon and comma escaped, a line break written `\n`,
    /// other control characters dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\\", ";", ",": out += "\\" + String(c)
            case "\n": out += "\\n"
            case "\r": continue
            default:
                if c.value < 0x20 || c.value == 0x7F { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// One content line, folded: at most 75 octets a line, each continuation led by a space.
    static func folded(_ line: String) -> String {
        var out = "", octets = 0
        for c in line.unicodeScalars {
            let width = String(c).utf8.count
            if octets + width > 75 { out += "\r\n "; octets = 1 }
            out.unicodeScalars.append(c)
            octets += width
        }
        return out + "\r\n"
    }

    static func basic(_ date: CivilDate) -> String {
        String(date.year).leftPadded(to: 4) + String(date.month).leftPadded(to: 2) + String(date.day).leftPadded(to: 2)
    }

    static func basic(_ time: ClockTime, second: Int) -> String {
        String(time.hour).leftPadded(to: 2) + String(time.minute).leftPadded(to: 2) + String(second).leftPadded(to: 2)
    }
}
