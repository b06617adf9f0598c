/// What a deep press on text finds, as iOS's data detectors find it in the sentence around
/// the point: a web address, an email address, a phone number or a date there, in that
/// order, else the word pressed (for Look Up). Each detector that saw something of its
/// kind but refused it says why (`phone: versionNumber` on `1.2.3`), for `--explain`-like
/// output and for the corpus tests.
public struct TextDetection: Hashable, Sendable {
    /// What was found, or nil (a press on a space or punctuation).
    public var find: TextFind?
    /// The scalars of the text the find spans, to highlight.
    public var range: Range<Int>?
    /// Each detector's refusal, in the detectors' order.
    public var refusals: [DetectorRefusal]

    /// What is at the press; `now` (local time) is what relative dates count from.
    public init(_ text: TextAtPoint, now: CivilDateTime) {
        // Every detector runs, so that each refusal is told even where another finds.
        let url = WebAddressDetector.find(in: text), email = EmailDetector.find(in: text)
        let phone = PhoneDetector.find(in: text), date = DateDetector.find(in: text, now: now)
        let word = WordDetector.find(in: text)
        var refusals: [DetectorRefusal] = []
        if case .refused(let why) = url { refusals.append(.url(why)) }
        if case .refused(let why) = email { refusals.append(.email(why)) }
        if case .refused(let why) = phone { refusals.append(.phone(why)) }
        if case .refused(let why) = date { refusals.append(.date(why)) }
        if case .refused(let why) = word { refusals.append(.word(why)) }
        if case .found(let found, let range) = url { self.init(.url(found), range, refusals); return }
        if case .found(let found, let range) = email { self.init(.email(found), range, refusals); return }
        if case .found(let found, let range) = phone {
            // A date and time that holds the digits wins (`2026-11-28 10:30`): its find is the longer.
            if case .found(let d, let dateRange) = date, dateRange.lowerBound <= range.lowerBound, dateRange.upperBound >= range.upperBound {
                self.init(.date(d), dateRange, refusals); return
            }
            self.init(.phone(found), range, refusals); return
        }
        if case .found(let found, let range) = date { self.init(.date(found), range, refusals); return }
        if case .found(let found, let range) = word { self.init(.word(found), range, refusals); return }
        self.init(nil, nil, refusals)
    }

    private init(_ find: TextFind?, _ range: Range<Int>?, _ refusals: [DetectorRefusal]) {
        self.find = find; self.range = range; self.refusals = refusals
    }
}

/// One thing a press on text can find, with what its actions need.
public enum TextFind: Hashable, Sendable {
    case url(WebAddressDetector.WebAddress)
    case email(EmailDetector.EmailAddress)
    case phone(PhoneDetector.PhoneNumber)
    case date(DateDetector.DetectedDate)
    case word(String)

    /// `kind` in `forcectl events` and `MenuShown`'s target.
    public var kind: String {
        switch self {
        case .url: "url"
        case .email: "email"
        case .phone: "phone"
        case .date: "date"
        case .word: "word"
        }
    }

    /// The value its actions use: the address to open, the `mailto:` or `tel:` URI, the
    /// date (`2026-11-28T15:00`), the word.
    public var value: String {
        switch self {
        case .url(let url): url.address
        case .email(let email): email.mailto
        case .phone(let phone): phone.tel
        case .date(let date): date.description
        case .word(let word): word
        }
    }
}

/// A detector's refusal, named by its detector.
public enum DetectorRefusal: Hashable, Sendable, CustomStringConvertible {
    case url(WebAddressDetector.Refusal)
    case email(EmailDetector.Refusal)
    case phone(PhoneDetector.Refusal)
    case date(DateDetector.Refusal)
    case word(WordDetector.Refusal)

    /// `phone: versionNumber`.
    public var description: String {
        switch self {
        case .url(let why): "url: " + why.rawValue
        case .email(let why): "email: " + why.rawValue
        case .phone(let why): "phone: " + why.rawValue
        case .date(let why): "date: " + why.rawValue
        case .word(let why): "word: " + why.rawValue
        }
    }
}
