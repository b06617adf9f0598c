/// One line of `forcectl doctor`: what was checked, how it stands, and what fixes it.
public struct DoctorCheck: Codable, Hashable, Sendable {
    /// How a check stands. A `problem` is something the configuration needs and does not
    /// have: any makes doctor's exit status 1. A `warning` is worth knowing but needed by
    /// nothing configured.
    public enum Outcome: String, Codable, Hashable, Sendable {
        case ok, warning, problem
    }

    public var outcome: Outcome
    /// What it is about: daemon, device, uinput, menu, accessibility, haptics, bindings.
    public var subject: String
    /// What was found, in plain words.
    public var text: String
    /// What to do about it; nil when nothing is to be done.
    public var fix: String?

    public init(_ outcome: Outcome, _ subject: String, _ text: String, fix: String? = nil) {
        self.outcome = outcome
        self.subject = subject
        self.text = text
        self.fix = fix
    }

    /// `ok       text`, then `         fix: …` under it.
    public var lines: [String] {
        let label = outcome.rawValue.padding(to: 9)
        var lines = [label + text]
        if let fix { lines.append(String(repeating: " ", count: 9) + "fix: " + fix) }
        return lines
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
