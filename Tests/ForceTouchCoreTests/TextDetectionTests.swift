@testable import ForceTouchCore
import Testing

/// The text detectors' parts the corpus does not reach: the civil-date arithmetic, the
/// iCalendar file Create Event opens, the bounds on the text read, and what each find's
/// actions are given.
struct TextDetectionTests {
    @Test func dayNumbersRoundTripAndWeekdaysAreRight() {
        #expect(CivilDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(CivilDate(year: 2026, month: 11, day: 28)!.dayNumber == 20_785)  // python3: (date(2026,11,28) - date(1970,1,1)).days
        #expect(CivilDate(year: 2026, month: 11, day: 28)!.weekday == 6)  // a Saturday
        #expect(CivilDate(year: 2000, month: 2, day: 29)!.weekday == 2)  // a Tuesday
        #expect(CivilDate(year: 1969, month: 12, day: 31)!.dayNumber == -1)
        #expect(CivilDate(year: 1969, month: 12, day: 31)!.weekday == 3)
        for n in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(dayNumber: n).dayNumber == n)
        }
        #expect(CivilDate(year: 2026, month: 12, day: 31)!.adding(days: 1) == CivilDate(year: 2027, month: 1, day: 1))
        #expect(CivilDate(year: 2100, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDateTime(unixSeconds: 1_795_845_219) == CivilDateTime(
            date: CivilDate(year: 2026, month: 11, day: 28)!, time: ClockTime(hour: 5, minute: 53)!, second: 39))  // date -u -d @1795845219
    }

    static let now = TextDetectionCorpusTests.now

    func find(_ marked: String) throws -> TextDetection {
        let scalars = Array(marked.unicodeScalars)
        let offset = try #require(scalars.firstIndex(of: "\u{2038}"))
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars.filter { $0 != "\u{2038}" })
        return TextDetection(try TextAtPoint(String(text), offset: offset), now: Self.now)
    }

    @Test func aDayWithoutAYearIsTheNextOneFromNow() throws {
        #expect(try find("on 28 N‸ov").find == .date(.init(date: CivilDate(year: 2026, month: 11, day: 28)!)))
        #expect(try find("on 27 N‸ov").find == .date(.init(date: CivilDate(year: 2027, month: 11, day: 27)!)))
        #expect(try find("Feb 2‸9").find == .date(.init(date: CivilDate(year: 2028, month: 2, day: 29)!)))
    }

    @Test func findsSpanWhatIsHighlighted() throws {
        let detection = try find("Dinner on December 24, 2026 at 7‸pm at my place.")
        #expect(detection.range == 10..<34)  // "December 24, 2026 at 7pm"
        let phone = try find("Phone: 555-‸0100.")
        #expect(phone.range == 7..<15)
        #expect(phone.find == .phone(.init(written: "555-0100", digits: "5550100")))
        if case .phone(let number) = phone.find { #expect(number.sms == "sms:5550100") }
    }

    @Test func theTextReadIsBounded() {
        #expect(throws: TextAtPoint.Refusal.empty) { try TextAtPoint("", offset: 0) }
        #expect(throws: TextAtPoint.Refusal.offsetOutside(offset: 3, count: 3)) { try TextAtPoint("abc", offset: 3) }
        #expect(throws: TextAtPoint.Refusal.offsetOutside(offset: -1, count: 3)) { try TextAtPoint("abc", offset: -1) }
        let long = String(repeating: "a", count: TextAtPoint.maximumLength + 1)
        #expect(throws: TextAtPoint.Refusal.tooLong(count: TextAtPoint.maximumLength + 1)) { try TextAtPoint(long, offset: 0) }
        // Offsets count scalars, as AT-SPI's do: "é" written as e + U+0301 is two.
        #expect(throws: Never.self) { try TextAtPoint("cafe\u{301} x", offset: 6) }
    }

    @Test func aRunOfLettersLongerThanAWordIsNoWord() throws {
        let run = String(repeating: "a", count: WordDetector.maximumLength + 1)
        let detection = TextDetection(try TextAtPoint(run, offset: 3), now: Self.now)
        #expect(detection.find == nil)
        #expect(detection.refusals == [.word(.tooLong)])
    }

    @Test func theEventIsAValidICalendarFile() throws {
        let event = CalendarEvent(
            summary: "Dinner on December 24, 2026 at 7pm at my place; bring wine\\cheese. " + String(repeating: "Größe ", count: 20),
            start: .init(date: CivilDate(year: 2026, month: 12, day: 24)!, time: ClockTime(hour: 23, minute: 30)!),
            uid: "c0ffee-1@forcetouch", stamp: CivilDateTime(unixSeconds: 1_795_845_219))
        let ics = event.icsText
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        // Every line ends in CRLF, is at most 75 octets, and a bare LF or CR is nowhere else.
        let lines = ics.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        for line in lines {
            #expect(line.last == 0x0D)
            #expect(line.count - 1 <= 75, "\(String(decoding: line, as: UTF8.self))")
            #expect(!line.dropLast().contains(0x0D))
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold inside a UTF-8 sequence")
        }
        let unfolded = ics.replacing("\r\n ", with: "").split(separator: "\r\n").map(String.init)
        #expect(unfolded.first == "BEGIN:VCALENDAR")
        for required in ["VERSION:2.0", "PRODID:-//forcetouch//Force Click//EN", "BEGIN:VEVENT", "UID:c0ffee-1@forcetouch",
                         "DTSTAMP:20261128T055339Z", "DTSTART:20261224T233000", "DTEND:20261225T003000", "END:VEVENT"] {
            #expect(unfolded.contains(required), "\(required)")
        }
        let summary = try #require(unfolded.first { $0.hasPrefix("SUMMARY:") })
        #expect(summary.hasPrefix(#"SUMMARY:Dinner on December 24\, 2026 at 7pm at my place\; bring wine\\cheese. Größe"#))
        #expect(summary.unicodeScalars.count <= "SUMMARY:".count + CalendarEvent.maximumSummary + 10)
        print("ics: \(ics.utf8.count) bytes, \(lines.count) lines folded, \(unfolded.count) unfolded")
    }

    @Test func aDateAloneIsAnAllDayEventAndNoLineBreakSurvivesInTheSummary() {
        let ics = CalendarEvent(summary: "Release\r\nBEGIN:VALARM", start: .init(date: CivilDate(year: 2026, month: 12, day: 31)!),
                                uid: "u", stamp: CivilDateTime(unixSeconds: 0)).icsText
        #expect(ics.contains("DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n"))
        #expect(ics.contains("SUMMARY:Release\\nBEGIN:VALARM\r\n"))
        #expect(!ics.contains("\r\nBEGIN:VALARM"))
        #expect(ics.contains("DTSTAMP:19700101T000000Z"))
    }
}
