import TOMLKit

extension TOMLEditValue {
    /// `text` read as one TOML value (`0.5`, `"firm"`, `["link"]`, `{ a = 1 }`), written
    /// back canonically; nil when it is not one, or is a date or time, which no setting takes.
    public init?(parsing text: String) {
        guard !text.contains("\n"), !text.contains("\r"),
              let table = try? TOMLScanner.parse("v = " + text, file: ""), let v = table["v"] else { return nil }
        guard let value = Self(RawValue(v)) else { return nil }
        self = value
    }

    init?(_ raw: RawValue) {
        switch raw {
        case .string(let s): self = .string(s)
        case .integer(let i): self = .integer(i)
        case .number(let d): self = .float(d)
        case .bool(let b): self = .bool(b)
        case .array(let items):
            var out: [TOMLEditValue] = []
            for item in items {
                guard let v = TOMLEditValue(item) else { return nil }
                out.append(v)
            }
            self = .array(out)
        case .table(let t):
            var out: [(key: String, value: TOMLEditValue)] = []
            for key in t.keys.sorted() {
                guard let v = TOMLEditValue(t[key]!) else { return nil }
                out.append((key, v))
            }
            self = .table(out)
        case .other: return nil
        }
    }
}
