/// The text an application gives around a press (AT-SPI's sentence or paragraph at the
/// point) and the character pressed, its offset counted in Unicode scalars as AT-SPI counts
/// them. Bounded, so that a detector never walks an application's whole document.
public struct TextAtPoint: Hashable, Sendable {
    /// The longest text taken: a long paragraph, not a document.
    public static let maximumLength = 4096

    /// The text's scalars; the detectors index these, as AT-SPI's offsets do.
    public let scalars: [Unicode.Scalar]
    /// The scalar pressed.
    public let offset: Int

    /// The text and the offset pressed in it, or why they cannot be read.
    public init(_ text: String, offset: Int) throws(Refusal) {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { throw .empty }
        guard scalars.count <= Self.maximumLength else { throw .tooLong(count: scalars.count) }
        guard (0..<scalars.count).contains(offset) else { throw .offsetOutside(offset: offset, count: scalars.count) }
        self.scalars = scalars
        self.offset = offset
    }

    /// Text that cannot be searched.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case tooLong(count: Int)
        case offsetOutside(offset: Int, count: Int)

        public var description: String {
            switch self {
            case .empty: "the text is empty"
            case .tooLong(let count): "the text is \(count) characters long, more than \(TextAtPoint.maximumLength)"
            case .offsetOutside(let offset, let count): "offset \(offset) is outside the text's \(count) characters"
            }
        }
    }

    /// The run of scalars around the one pressed that all `belong`, or nil when the pressed
    /// one does not: where a detector starts, before it trims the run's ends.
    public func run(where belongs: (Unicode.Scalar) -> Bool) -> Range<Int>? {
        guard belongs(scalars[offset]) else { return nil }
        var lo = offset, hi = offset + 1
        while lo > 0, belongs(scalars[lo - 1]) { lo -= 1 }
        while hi < scalars.count, belongs(scalars[hi]) { hi += 1 }
        return lo..<hi
    }

    /// The text of a range of scalars.
    public func text(_ range: Range<Int>) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[range])
        return String(out)
    }

    subscript(_ index: Int) -> Unicode.Scalar { scalars[index] }
    var count: Int { scalars.count }
}

/// What one detector made of the text at the press: its find and the scalars it spans,
/// why what is there is not of its kind, or nothing of its kind there at all.
public enum DetectorAnswer<Found: Hashable & Sendable, Refusal: Hashable & Sendable>: Hashable, Sendable {
    case found(Found, range: Range<Int>)
    case refused(Refusal)
    case absent
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isLatinLetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    /// A letter of any script.
    var isLetter: Bool { properties.isAlphabetic }
    var isSpace: Bool { properties.isWhitespace }
    /// What a word is made of: letters, marks, decimal digits, the connector `_`.
    var isWordPart: Bool {
        properties.isAlphabetic || properties.numericType == .decimal
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
            || self == "_"
    }
    var digitValue: Int { Int(value) - 48 }
}
