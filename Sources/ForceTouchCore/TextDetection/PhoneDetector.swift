/// A phone number: 7 to 15 digits (E.164's most), with an optional leading `+`, written
/// with spaces, hyphens, dots, slashes or brackets between groups. What has a phone
/// number's digits but is something else is refused with what it is: a time (`10:30`), a
/// price (`$12.50`, `12,50 €`, `15%`), a number grouped by commas (`1,234,567`), a version (`1.2.3`, `v2.4.10`), an IP address, a date
/// (`2026-11-28`), a range of years, a number that is part of a word (`INV-2026112801`), an
/// ISBN. National numbers are taken as written: no country is guessed.
public enum PhoneDetector {
    /// A phone number found.
    public struct PhoneNumber: Hashable, Sendable {
        /// As written in the text.
        public var written: String
        /// Its digits, with the `+` of an international number; a `(0)` trunk prefix after a
        /// country code is dropped.
        public var digits: String
        public var tel: String { "tel:" + digits }
        public var sms: String { "sms:" + digits }
    }

    /// Why what is at the press is not a phone number.
    public enum Refusal: String, Hashable, Sendable {
        case time, price, versionNumber, ipAddress, date, yearRange, isbn
        /// Digits grouped by commas (`1,234,567`): a count or an amount.
        case groupedNumber
        /// Letters just before or after the digits: an order number, a serial.
        case partOfIdentifier
        case tooFewDigits, tooManyDigits
        /// A long unbroken run of digits with no `+`: a count, an id or a timestamp.
        case unbrokenDigits
    }

    private static let currency: Set<Unicode.Scalar> = ["$", "€", "£", "¥", "₹", "₽", "¢"]

    public static func find(in text: TextAtPoint) -> DetectorAnswer<PhoneNumber, Refusal> {
        let s = text.scalars, o = text.offset
        func inRun(_ c: Unicode.Scalar) -> Bool { c.isASCIIDigit || " +()-./\u{A0}".unicodeScalars.contains(c) }
        guard let run = text.run(where: inRun) else { return .absent }
        var lo = run.lowerBound, hi = run.upperBound
        // The groups' ends: a digit, or a closing bracket; a leading + or ( belongs.
        while hi > lo, !s[hi - 1].isASCIIDigit { hi -= 1 }
        while lo < hi, !(s[lo].isASCIIDigit || s[lo] == "+" || s[lo] == "(") { lo += 1 }
        guard (lo..<hi).contains(o), (lo..<hi).contains(where: { s[$0].isASCIIDigit }) else { return .absent }
        let written = text.text(lo..<hi)
        let before: Unicode.Scalar? = lo > 0 ? s[lo - 1] : nil
        let after: Unicode.Scalar? = hi < s.count ? s[hi] : nil
        let afterNext: Unicode.Scalar? = hi + 1 < s.count ? s[hi + 1] : nil
        let beforePrevious: Unicode.Scalar? = lo > 1 ? s[lo - 2] : nil

        if (after == ":" && afterNext?.isASCIIDigit == true) || (before == ":" && beforePrevious?.isASCIIDigit == true) {
            return .refused(.time)
        }
        // An amount is its digits with their separators: `$1,249.99`, `4,50 €`, `15%`.
        var amountStart = lo, amountEnd = hi
        while amountStart > 0, s[amountStart - 1].isASCIIDigit || s[amountStart - 1] == "," || s[amountStart - 1] == "." { amountStart -= 1 }
        while amountEnd < s.count, s[amountEnd].isASCIIDigit || s[amountEnd] == "," || s[amountEnd] == "." { amountEnd += 1 }
        let beforeAmount = (amountStart > 0 ? [s[amountStart - 1]] : []) + (amountStart > 1 && s[amountStart - 1] == " " ? [s[amountStart - 2]] : [])
        let afterAmount = (amountEnd < s.count ? [s[amountEnd]] : []) + (amountEnd + 1 < s.count && s[amountEnd] == " " ? [s[amountEnd + 1]] : [])
        if beforeAmount.contains(where: currency.contains) || afterAmount.contains(where: { currency.contains($0) || $0 == "%" }) {
            return .refused(.price)
        }
        if (after == "," && afterNext?.isASCIIDigit == true) || (before == "," && beforePrevious?.isASCIIDigit == true) {
            return .refused(.groupedNumber)
        }
        if let b = before, b.isLetter || (b == "-" && beforePrevious?.isLetter == true) {
            return before == "v" || before == "V" ? .refused(.versionNumber) : .refused(.partOfIdentifier)
        }
        if let a = after, a.isLetter { return .refused(.partOfIdentifier) }
        if wordBefore(lo, in: text).lowercased() == "isbn" { return .refused(.isbn) }

        let groups = written.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).map(String.init)
        let separators = Set(written.unicodeScalars.filter { !$0.isASCIIDigit })
        if separators == ["."] {
            if groups.count == 4, groups.allSatisfy({ $0.count <= 3 && Int($0)! <= 255 }) { return .refused(.ipAddress) }
            if groups.contains(where: { $0.count <= 2 }) { return .refused(.versionNumber) }
        }
        if separators.isSubset(of: ["-", "/", "."]), groups.count == 3 {
            let lengths = groups.map(\.count)
            if lengths == [4, 2, 2] || (lengths[0] <= 2 && lengths[1] <= 2 && lengths[2] == 4) { return .refused(.date) }
        }
        if separators.isSubset(of: ["-", " ", "/"]), groups.count == 2, groups.allSatisfy({ $0.count == 4 }),
           groups.allSatisfy({ (1900...2199).contains(Int($0)!) }), Int(groups[0])! < Int(groups[1])! {
            return .refused(.yearRange)
        }
        var digits = written
        if digits.hasPrefix("+") { digits = digits.replacing("(0)", with: "") }
        digits = String(digits.unicodeScalars.filter { $0.isASCIIDigit || $0 == "+" }.map(Character.init))
        if digits.dropFirst().contains("+") { return .refused(.partOfIdentifier) }
        let count = digits.filter(\.isNumber).count
        if count < 7 { return .refused(.tooFewDigits) }
        if count > 15 { return .refused(.tooManyDigits) }
        if separators.isEmpty, count > 10 { return .refused(.unbrokenDigits) }
        return .found(PhoneNumber(written: written, digits: digits), range: lo..<hi)
    }

    /// The letters just before `index`, past spaces and a colon: the label a number has.
    private static func wordBefore(_ index: Int, in text: TextAtPoint) -> String {
        var end = index
        while end > 0, text[end - 1].isSpace || text[end - 1] == ":" { end -= 1 }
        var start = end
        while start > 0, text[start - 1].isLetter { start -= 1 }
        return text.text(start..<end)
    }
}
