/// The word at the press, for Look Up: letters, marks and digits, held together by an
/// apostrophe or a period between letters (`don't`, `e.g`) and by a period or comma between
/// digits (`1.2.3`, `1,000`), as Unicode's word boundaries (UAX #29) join them. Scripts
/// written without spaces (Han, Thai, Japanese) need a dictionary to split words; here a
/// run of them is taken whole, up to the bound.
public enum WordDetector {
    /// The longest word taken; a longer run is no word to look up.
    public static let maximumLength = 64

    /// Why nothing at the press is a word.
    public enum Refusal: String, Hashable, Sendable {
        /// The press is on a space or a mark of punctuation.
        case notOnAWord
        /// The run of letters is longer than `maximumLength`.
        case tooLong
    }

    public static func find(in text: TextAtPoint) -> DetectorAnswer<String, Refusal> {
        let s = text.scalars, o = text.offset, n = s.count
        let startsOnJoiner = o > 0 && o + 1 < n && joins(s[o - 1], s[o], s[o + 1])
        guard s[o].isWordPart || startsOnJoiner else { return .refused(.notOnAWord) }
        var lo = o, hi = o + 1
        while lo > 0 {
            if s[lo - 1].isWordPart { lo -= 1 } else if lo >= 2, joins(s[lo - 2], s[lo - 1], s[lo]) { lo -= 2 } else { break }
        }
        while hi < n {
            if s[hi].isWordPart { hi += 1 } else if hi + 1 < n, joins(s[hi - 1], s[hi], s[hi + 1]) { hi += 2 } else { break }
        }
        guard hi - lo <= maximumLength else { return .refused(.tooLong) }
        return .found(text.text(lo..<hi), range: lo..<hi)
    }

    private static func joins(_ a: Unicode.Scalar, _ mid: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        if a.isLetter && b.isLetter { return mid == "'" || mid == "\u{2019}" || mid == "." || mid == "\u{B7}" }
        if a.isASCIIDigit && b.isASCIIDigit { return mid == "." || mid == "," }
        return false
    }
}
