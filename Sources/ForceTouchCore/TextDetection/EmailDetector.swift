/// An email address: a local part of letters (any script, RFC 6531), digits and `. _ % + -`, an `@`, and a
/// domain of two labels or more whose last is letters (RFC 5321's common form; quoted
/// local parts are not recognized). One inside a web address (its user, as in
/// `https://alice@example.org/`) or followed by a path (`git@salsa.debian.org:team/repo`)
/// is not an address to write to.
public enum EmailDetector {
    /// An email address found.
    public struct EmailAddress: Hashable, Sendable {
        public var address: String
        /// `mailto:` and the address, percent-encoded where RFC 6068 asks.
        public var mailto: String {
            var out = "mailto:"
            for byte in address.utf8 {
                let c = Unicode.Scalar(byte)
                if c.isLatinLetter || c.isASCIIDigit || "@.+_-".unicodeScalars.contains(c) {
                    out.unicodeScalars.append(c)
                } else {
                    out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return out
        }
    }

    /// Why what is at the press is not an email address.
    public enum Refusal: String, Hashable, Sendable {
        /// Nothing before the `@` (a handle, `@debian`).
        case noLocalPart
        /// A local part longer than 64 characters, or with a dot at an end or two in a row.
        case invalidLocalPart
        /// More than one `@`.
        case severalAtSigns
        /// A domain with no dot (`root@localhost`): a local mailbox.
        case domainHasNoDot
        /// A domain label that is not one, or a top-level domain that is not letters.
        case invalidDomain
        /// The user part of a web address.
        case insideWebAddress
        /// Followed by `:` or `/` and a path: an SSH or scp address.
        case followedByPath
        case tooLong
    }

    public static func find(in text: TextAtPoint) -> DetectorAnswer<EmailAddress, Refusal> {
        let s = text.scalars, o = text.offset
        func inRun(_ c: Unicode.Scalar) -> Bool {
            c.isLatinLetter || c.isASCIIDigit || c.isLetter || "._%+-@".unicodeScalars.contains(c)
        }
        guard let run = text.run(where: inRun) else { return .absent }
        var lo = run.lowerBound, hi = run.upperBound
        while hi > lo, ".-".unicodeScalars.contains(s[hi - 1]) { hi -= 1 }
        while lo < hi, s[lo] == "." { lo += 1 }
        guard (lo..<hi).contains(o) else { return .absent }
        let ats = (lo..<hi).filter { s[$0] == "@" }
        guard let at = ats.first else { return .absent }
        guard ats.count == 1 else { return .refused(.severalAtSigns) }
        var before = lo
        while before > 0, !s[before - 1].isSpace { before -= 1 }
        if text.text(before..<lo).contains("://") { return .refused(.insideWebAddress) }
        if hi + 1 < s.count, s[hi] == ":" || s[hi] == "/", !s[hi + 1].isSpace { return .refused(.followedByPath) }
        guard hi - lo <= 254 else { return .refused(.tooLong) }
        let local = text.text(lo..<at), domain = text.text(at + 1..<hi)
        guard !local.isEmpty else { return .refused(.noLocalPart) }
        guard local.count <= 64, local.first != ".", local.last != ".", !local.contains("..") else { return .refused(.invalidLocalPart) }
        guard domain.contains(".") else { return .refused(.domainHasNoDot) }
        guard HostName.isDomain(Substring(domain)) else { return .refused(.invalidDomain) }
        return .found(EmailAddress(address: local + "@" + domain), range: lo..<hi)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
