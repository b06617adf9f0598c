/// Which links the daemon opens without asking (`[quick-actions] open-schemes`): a link's
/// Open hands the address to the desktop's handler for its scheme, past the question a
/// browser asks before it hands a page's link to an external program and past its block on
/// `file:` links from web pages. So only the schemes listed open; any other (`javascript:`,
/// `data:`, `file:`, an application's own `ftest:`) is refused with the reason, and the
/// menu's Copy Link still offers the address.
public struct LinkSchemes: Hashable, Sendable {
    /// The schemes that open, lowercased.
    public private(set) var names: [String]

    /// `http` and `https`: what a browser opens from a page without asking.
    public static let standard = LinkSchemes(uncheckedNames: ["http", "https"])

    private init(uncheckedNames: [String]) { names = uncheckedNames }

    /// The schemes written, or why one is not a scheme name (RFC 3986: a letter, then
    /// letters, digits, `+`, `-` or `.`).
    public init(_ written: [String]) throws(InvalidName) {
        var names: [String] = []
        for name in written {
            guard Self.isSchemeName(name[...]) else { throw InvalidName(name: name) }
            let lower = name.lowercased()
            if !names.contains(lower) { names.append(lower) }
        }
        self.names = names
    }

    /// The scheme an address starts with, lowercased; nil when it starts with none (a
    /// relative address, or one led by a space or a dash, which is not a link to open).
    public static func scheme(of address: String) -> String? {
        guard let colon = address.firstIndex(of: ":") else { return nil }
        let name = address[..<colon]
        return isSchemeName(name) ? name.lowercased() : nil
    }

    /// Nil when `address` may be opened; otherwise why not, to be its result.
    public func refusal(_ address: String) -> String? {
        guard let scheme = Self.scheme(of: address) else {
            return "not opened: the address has no scheme (such as https:)"
        }
        guard names.contains(scheme) else {
            let allowed = names.isEmpty ? "none" : names.map { $0 + ":" }.joined(separator: " ")
            return "not opened: \(scheme): links do not open without asking ([quick-actions] open-schemes: \(allowed))"
        }
        // A URI's are percent-encoded; a raw one is no link a page gave, and the handler
        // (or gio's message about it) would write it raw.
        guard !address.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            return "not opened: the address holds a control character"
        }
        return nil
    }

    /// A written name that is not a scheme's.
    public struct InvalidName: Error, CustomStringConvertible, Sendable {
        public var name: String
        public var description: String {
            "\"\(name)\" is not a scheme name (a letter, then letters, digits, +, - or .; without the colon)"
        }
    }

    private static func isSchemeName(_ s: Substring) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCIILetter else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
