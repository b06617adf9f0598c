import ForceTouchCore

/// The `text` target: the input as the text an application gives around a press, pressed at
/// each of its first characters. What each find spans must hold the press, and what its
/// actions would be given must be made without a crash: the iCalendar file of a date, the
/// DICT request of a word.
enum TextDetectionTarget {
    static func run(_ text: String) {
        let now = CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 28)!, time: ClockTime(hour: 9, minute: 0)!)
        let count = min(text.unicodeScalars.count, 256)
        for offset in 0..<count {
            guard let point = try? TextAtPoint(text, offset: offset) else { return }
            let detection = TextDetection(point, now: now)
            if let range = detection.range, !range.contains(offset) {
                fatalError("a find at \(range) for a press at \(offset)")
            }
            switch detection.find {
            case .date(let date):
                _ = CalendarEvent(summary: text, start: date, uid: "fuzz", stamp: now).icsText
            case .word(let word):
                _ = try? DictRequest.define(word)
            default:
                break
            }
        }
    }
}
