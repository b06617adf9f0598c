/// A web address written as plain text: one that starts with `http://` or `https://`, or
/// with `www.`, which is given `https://`. A bare `debian.org` is refused, since a file
/// name (`config.toml`) looks the same. Punctuation that ends the sentence, and a closing
/// bracket with no opening one in the address, are not part of it.
public enum WebAddressDetector {
    /// The longest address taken.
    public static let maximumLength = 2048

    /// A web address found.
    public struct WebAddress: Hashable, Sendable {
        /// As written in the text.
        public var written: String
        /// What opens: the written address, with `https://` added to a `www.` one.
        public var address: String
    }

    /// Why what is at the press is not a web address.
    public enum Refusal: String, Hashable, Sendable {
        /// A host name with no scheme and no `www.`: a file name looks the same.
        case noSchemeOrWWW
        /// A scheme other than http and https (`ftp://`, `file://`).
        case notAWebScheme
        /// No host after the scheme, or a host name that is not one.
        case invalidHost
        /// A port that is not a number up to 65535.
        case invalidPort
        case tooLong
    }

    public static func find(in text: TextAtPoint) -> DetectorAnswer<WebAddress, Refusal> {
        let s = text.scalars, o = text.offset
        func inRun(_ c: Unicode.Scalar) -> Bool { !c.isSpace && !"<>\"«»`".unicodeScalars.contains(c) }
        guard let run = text.run(where: inRun) else { return .absent }
        var lo = run.lowerBound, hi = run.upperBound
        while lo < hi, "([{'".unicodeScalars.contains(s[lo]) { lo += 1 }
        trimming: while hi > lo {
            let last = s[hi - 1]
            if ".,;:!?'".unicodeScalars.contains(last) { hi -= 1; continue }
            for (open, close) in [("(", ")"), ("[", "]"), ("{", "}")] as [(Unicode.Scalar, Unicode.Scalar)] where last == close {
                let opens = s[lo..<hi].filter { $0 == open }.count, closes = s[lo..<hi].filter { $0 == close }.count
                if closes > opens { hi -= 1; continue trimming }
            }
            break
        }
        guard (lo..<hi).contains(o) else { return .absent }
        let written = text.text(lo..<hi)
        let lower = written.lowercased()
        let address: String
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            address = written
        } else if lower.hasPrefix("www.") {
            address = "https://" + written
        } else if lower.contains("://") {
            return .refused(.notAWebScheme)
        } else {
            let host = lower.prefix { $0 != "/" }
            return !lower.contains("@") && HostName.isDomain(Substring(host)) ? .refused(.noSchemeOrWWW) : .absent
        }
        guard written.unicodeScalars.count <= maximumLength else { return .refused(.tooLong) }
        let afterScheme = address[address.firstRange(of: "://")!.upperBound...]
        var authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .refused(.invalidHost) }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), validPort(rest.dropFirst()) else { return .refused(.invalidPort) }
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard validPort(authority[authority.index(after: colon)...]) else { return .refused(.invalidPort) }
        }
        if host.hasPrefix("[") {
            guard host.count > 2, host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return .refused(.invalidHost)
            }
        } else {
            guard HostName.isValid(host) else { return .refused(.invalidHost) }
            if lower.hasPrefix("www.") && !HostName.isDomain(host) { return .refused(.invalidHost) }
        }
        return .found(WebAddress(written: written, address: address), range: lo..<hi)
    }

    private static func validPort(_ s: Substring) -> Bool {
        !s.isEmpty && s.count <= 5 && s.allSatisfy { $0.isASCII && $0.isNumber } && Int(s)! <= 65535
    }
}

/// The rules a host name is held to, shared by the web address and the email detectors.
enum HostName {
    /// Labels of letters (any script), digits and inner hyphens, 1 to 63 long, split by dots.
    static func isValid(_ host: Substring) -> Bool {
        guard !host.isEmpty, host.count <= 253 else { return false }
        return host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { $0.isLetter || $0.isASCIIDigit || $0 == "-" }
        }
    }

    /// A valid host of two labels or more whose last (the top-level domain) is letters.
    static func isDomain(_ host: Substring) -> Bool {
        guard isValid(host), let tld = host.split(separator: ".").last, host.contains(".") else { return false }
        return tld.count >= 2 && tld.unicodeScalars.allSatisfy(\.isLetter)
    }
}
