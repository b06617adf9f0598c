/// A date or a time, in the forms English text writes them. Recognized, each with an
/// optional time after it (`at 3pm`, `, 15:00`, `T15:00`):
/// - ISO 8601 days: `2026-11-28`;
/// - a day, a month's name and a year: `28 November 2026`, `28th Nov 2026`, `28 Nov`;
/// - a month's name, a day and a year: `November 28, 2026`, `Nov. 28`, `Nov 28th`;
///   either led by a weekday (`Saturday, 28 November 2026`), which must be the date's;
/// - `today`, `tomorrow`;
/// - a time alone: `10:30`, `15:00`, `3pm`, `3:30 pm` (today).
/// A month's name must be capitalised (`May`, not `may`); a day without a year is the next
/// such day from now. Not recognized, on purpose: numeric dates with slashes or dots
/// (`03/04/2026` is March or April depending on the locale; `3.14` is a number), weekdays
/// alone (`on Friday`), other languages, ranges (`10:00–11:30` is two times), time zones.
public enum DateDetector {
    /// A date found, with its time of day when one is written.
    public struct DetectedDate: Hashable, Sendable, CustomStringConvertible {
        public var date: CivilDate
        public var time: ClockTime?
        /// `2026-11-28` or `2026-11-28T15:00`.
        public var description: String { date.description + (time.map { "T" + $0.description } ?? "") }
    }

    /// Why what is at the press is not a date.
    public enum Refusal: String, Hashable, Sendable {
        /// Numbers joined by dots: a decimal number or a version, not a date.
        case dottedNumber
        /// Day and month written as numbers with slashes: their order depends on the locale.
        case ambiguousNumericDate
        /// A day the month does not have (`31 February`, `2026-02-30`), or a month 13.
        case invalidDay
        /// An hour past 23 (12 with am/pm) or a minute past 59.
        case invalidTime
        /// A weekday that is not the date's.
        case weekdayDoesNotMatch
    }

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august",
                                 "september", "october", "november", "december"]
    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// The date at the press; `now` is the local day and time that `today`, `tomorrow`, a
    /// time alone and a day without a year count from.
    public static func find(in text: TextAtPoint, now: CivilDateTime) -> DetectorAnswer<DetectedDate, Refusal> {
        let tokens = DateToken.tokens(of: text)
        guard let pressed = tokens.firstIndex(where: { $0.range.contains(text.offset) }) else { return .absent }
        // The earliest start that reaches the press decides: `Friday, 28 November 2026` is
        // refused whole, not found from `28` on.
        for start in max(0, pressed - 8)...pressed {
            let matcher = Matcher(tokens: tokens, now: now)
            switch matcher.match(at: start) {
            case .found(let date, let end) where end >= pressed:
                return .found(date, range: tokens[start].range.lowerBound..<tokens[end].range.upperBound)
            case .refused(let why, let end) where end >= pressed:
                return .refused(why)
            default: continue
            }
        }
        return .absent
    }

    private enum Match { case found(DetectedDate, end: Int), refused(Refusal, end: Int), none }

    private struct Matcher {
        let tokens: [DateToken]
        let now: CivilDateTime

        func match(at i: Int) -> Match {
            if let day = weekday(at: i) {
                var j = i + 1
                if symbol(",", at: j) { j += 1 }
                switch dayMonthYear(at: j) {
                case .found(let date, let end):
                    return date.date.weekday == day ? .found(date, end: end) : .refused(.weekdayDoesNotMatch, end: end)
                case let other: return other
                }
            }
            let dated = dayMonthYear(at: i)
            if case .none = dated {} else { return dated }
            if let dotted = dottedNumber(at: i) { return dotted }
            if let slashed = slashedNumbers(at: i) { return slashed }
            if let word = word(at: i), word == "today" || word == "tomorrow" {
                let date = word == "today" ? now.date : now.date.adding(days: 1)
                return withTime(DetectedDate(date: date, time: nil), after: i)
            }
            switch time(at: i) {
            case .some(.success(let (time, end))): return .found(DetectedDate(date: now.date, time: time), end: end)
            case .some(.failure(let failure)): return .refused(.invalidTime, end: failure.end)
            case nil: return .none
            }
        }

        /// ISO, day-month-year and month-day-year, each with a time after it.
        func dayMonthYear(at i: Int) -> Match {
            // 2026-11-28
            if number(at: i, digits: 4...4) != nil, glued(i + 1), symbol("-", at: i + 1), glued(i + 2),
               let m = number(at: i + 2, digits: 1...2), glued(i + 3), symbol("-", at: i + 3), glued(i + 4),
               let d = number(at: i + 4, digits: 1...2), !symbol("-", at: i + 5) || !glued(i + 5) {
                guard let date = CivilDate(year: number(at: i, digits: 4...4)!, month: m, day: d) else {
                    return .refused(.invalidDay, end: i + 4)
                }
                return withTime(DetectedDate(date: date, time: nil), after: i + 4)
            }
            // 28 November 2026, 28th Nov
            if let d = number(at: i, digits: 1...2) {
                var j = i + 1
                if let suffix = word(at: j), glued(j), ["st", "nd", "rd", "th"].contains(suffix) { j += 1 }
                if let m = month(at: j) {
                    var end = j
                    if symbol(".", at: end + 1), glued(end + 1) { end += 1 }
                    var year: Int?
                    if let y = number(at: end + 1, digits: 4...4) { year = y; end += 1 }
                    return dated(year: year, month: m, day: d, end: end)
                }
            }
            // November 28, 2026; Nov. 28; Nov 28th
            if let m = month(at: i) {
                var j = i + 1
                if symbol(".", at: j), glued(j) { j += 1 }
                if let d = number(at: j, digits: 1...2) {
                    var end = j
                    if let suffix = word(at: end + 1), glued(end + 1), ["st", "nd", "rd", "th"].contains(suffix) { end += 1 }
                    var year: Int?
                    if symbol(",", at: end + 1), let y = number(at: end + 2, digits: 4...4) { year = y; end += 2 }
                    else if let y = number(at: end + 1, digits: 4...4) { year = y; end += 1 }
                    return dated(year: year, month: m, day: d, end: end)
                }
            }
            return .none
        }

        func dated(year: Int?, month: Int, day: Int, end: Int) -> Match {
            var chosen: CivilDate?
            if let year { chosen = CivilDate(year: year, month: month, day: day) } else {
                // The next such day from now: this year's, or next year's once it is past.
                for y in now.date.year...(now.date.year + 8) {
                    if let d = CivilDate(year: y, month: month, day: day), d >= now.date { chosen = d; break }
                }
            }
            guard let chosen else { return .refused(.invalidDay, end: end) }
            return withTime(DetectedDate(date: chosen, time: nil), after: end)
        }

        /// The date, and the time written after it (`at 3pm`, `, 15:00`, `T15:00`), if any.
        func withTime(_ date: DetectedDate, after end: Int) -> Match {
            var j = end + 1
            if word(at: j) == "at" || symbol(",", at: j) { j += 1 } else if word(at: j) == "t", glued(j) { j += 1 }
            switch time(at: j) {
            case .some(.success(let (time, timeEnd))): return .found(DetectedDate(date: date.date, time: time), end: timeEnd)
            case .some(.failure(let failure)): return .refused(.invalidTime, end: failure.end)
            case nil: return .found(date, end: end)
            }
        }

        struct TimeFailure: Error { var end: Int }

        /// `10:30`, `3pm`, `3 pm`, `3:30pm`; nil when no time is written at `i`.
        func time(at i: Int) -> Result<(ClockTime, Int), TimeFailure>? {
            guard var hour = number(at: i, digits: 1...2) else { return nil }
            var minute = 0, end = i
            if symbol(":", at: i + 1), glued(i + 1), glued(i + 2), let m = number(at: i + 2, digits: 2...2) {
                minute = m; end = i + 2
            } else if word(at: i + 1).map({ $0 == "am" || $0 == "pm" }) != true {
                return nil
            }
            if let meridiem = word(at: end + 1), meridiem == "am" || meridiem == "pm" {
                end += 1
                guard (1...12).contains(hour) else { return .failure(TimeFailure(end: end)) }
                hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
            }
            // 10:30:15: the seconds are not kept, but the numbers are the time's.
            if symbol(":", at: end + 1), glued(end + 1), number(at: end + 2, digits: 2...2) != nil { end += 2 }
            guard let time = ClockTime(hour: hour, minute: minute) else { return .failure(TimeFailure(end: end)) }
            return .success((time, end))
        }

        /// `3.14`, `1.2.3`: refused as a whole.
        func dottedNumber(at i: Int) -> Match? {
            guard number(at: i, digits: 1...9) != nil, symbol(".", at: i + 1), glued(i + 1), glued(i + 2),
                  number(at: i + 2, digits: 1...9) != nil else { return nil }
            var end = i + 2
            while symbol(".", at: end + 1), glued(end + 1), glued(end + 2), number(at: end + 2, digits: 1...9) != nil { end += 2 }
            return .refused(.dottedNumber, end: end)
        }

        /// `03/04/2026`, `3/4/26`: refused as a whole.
        func slashedNumbers(at i: Int) -> Match? {
            guard number(at: i, digits: 1...2) != nil, symbol("/", at: i + 1), glued(i + 1), glued(i + 2),
                  number(at: i + 2, digits: 1...2) != nil, symbol("/", at: i + 3), glued(i + 3), glued(i + 4),
                  number(at: i + 4, digits: 2...4) != nil else { return nil }
            return .refused(.ambiguousNumericDate, end: i + 4)
        }

        func token(_ i: Int) -> DateToken? { i >= 0 && i < tokens.count ? tokens[i] : nil }
        func glued(_ i: Int) -> Bool { token(i).map { !$0.spaceBefore } ?? false }
        func symbol(_ c: Unicode.Scalar, at i: Int) -> Bool { token(i)?.kind == .symbol(c) }
        func word(at i: Int) -> String? {
            guard let t = token(i), case .word(let w) = t.kind else { return nil }
            return w.lowercased()
        }
        func number(at i: Int, digits: ClosedRange<Int>) -> Int? {
            guard let t = token(i), case .number(let n, let count) = t.kind, digits.contains(count) else { return nil }
            return n
        }
        func month(at i: Int) -> Int? {
            guard let t = token(i), case .word(let w) = t.kind, w.first?.isUppercase == true else { return nil }
            let lower = w.lowercased()
            if let full = months.firstIndex(of: lower) { return full + 1 }
            if lower == "sept" { return 9 }
            if lower.count == 3, let short = months.firstIndex(where: { $0.hasPrefix(lower) }) { return short + 1 }
            return nil
        }
        func weekday(at i: Int) -> Int? {
            guard let w = word(at: i) else { return nil }
            if let full = weekdays.firstIndex(of: w) { return full }
            return w.count == 3 ? weekdays.firstIndex(where: { $0.hasPrefix(w) }) : nil
        }
    }
}

/// A number, a word or one other character of the text, and whether a space came before it.
struct DateToken: Hashable {
    enum Kind: Hashable { case number(Int, digits: Int), word(String), symbol(Unicode.Scalar) }
    var kind: Kind
    var range: Range<Int>
    var spaceBefore: Bool

    static func tokens(of text: TextAtPoint) -> [DateToken] {
        var tokens: [DateToken] = [], i = 0, space = false
        let s = text.scalars
        while i < s.count {
            let c = s[i]
            if c.isSpace { space = true; i += 1; continue }
            var j = i + 1
            let kind: Kind
            if c.isASCIIDigit {
                while j < s.count, s[j].isASCIIDigit { j += 1 }
                // Nine digits at most: no number a date holds is longer, and no overflow.
                let digits = text.text(i..<j)
                kind = .number(Int(digits.prefix(9))!, digits: j - i)
            } else if c.isLetter {
                while j < s.count, s[j].isLetter { j += 1 }
                kind = .word(text.text(i..<j))
            } else {
                kind = .symbol(c)
            }
            tokens.append(DateToken(kind: kind, range: i..<j, spaceBefore: space))
            space = false
            i = j
        }
        return tokens
    }
}
