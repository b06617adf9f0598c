/// A word's Look Up card (docs/SPEC.md §11, "Force Click on text"): drawn above the word's
/// actions as a link's preview is (`LinkPreviewLayout`), the word as its title, the dictionary
/// that defined it named under it, and the first senses of the definition, a few lines at most.
/// Made from `MenuShown`'s target (`definition`, `dictionary`); without a definition, the
/// dictionary's sentence says why (`no dictionary server on 127.0.0.1:2628: install dictd and
/// dict-wn`) and is the card's one sense.
public struct LookUpCard: Hashable, Sendable {
    /// One sense as drawn: its text (whitespace made single spaces) and the lines it is given,
    /// the last ellipsized when it needs more.
    public struct Sense: Hashable, Sendable {
        public var text: String
        public var lines: Int

        public init(text: String, lines: Int) {
            self.text = text
            self.lines = lines
        }
    }

    public var word: String
    /// The dictionary named (WordNet's description and the server's banner), or "" when the
    /// senses say why there is no definition.
    public var source: String
    public var senses: [Sense]

    /// The most lines of definition a card has: a glance, not the dictionary.
    public static let maximumLines = 5
    /// The most lines one sense has, so that a long first sense leaves room for the next.
    public static let maximumSenseLines = 3
    /// The most characters kept of one sense before its lines are counted (the glue cuts the
    /// same with `ft_cut_text`): a 10 MB definition is not laid out for five lines.
    public static let maximumSenseLength = 400
    /// The most characters of a definition read for its senses.
    public static let maximumDefinitionLength = 4000
    /// How many characters of the body's font fit a line of the card (268 px of Sans 10): what
    /// `estimatedLines` counts by, where no toolkit measures (the model's tests, the vectors).
    public static let charactersPerLine = 44
    /// The width a sense is laid out in, in the menu's units at pop: the card less its sides'
    /// margins (16 each). What a toolkit's `linesNeeded` measures at.
    public static let textWidth = LinkPreviewLayout.width - 32
    /// One line of the body, and the space above and below its lines.
    public static let lineHeight = 17.0
    public static let bodyPadding = 8.0

    /// The card for `word`, defined by `definition` (the dictionary server's text, its first
    /// line the headword) from `dictionary`; `linesNeeded` says how many lines a sense's text
    /// needs whole at `textWidth` in the body's font: the toolkit that draws it measures (Pango
    /// wraps at words, which a count of characters cannot tell), the rule of how many it gets
    /// is here.
    public init(word: String, definition: String, dictionary: String,
                linesNeeded: (String) -> Int = LookUpCard.estimatedLines) {
        self.word = word
        var texts = Self.senses(of: definition, word: word)
        if texts.isEmpty {
            texts = dictionary.isEmpty ? [] : [dictionary]
            source = ""
        } else {
            source = dictionary
        }
        var left = Self.maximumLines
        senses = []
        for text in texts where left > 0 {
            let cut = text.unicodeScalars.count > Self.maximumSenseLength
                ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.maximumSenseLength - 1))) + "…" : text
            let needed = linesNeeded(cut)
            let lines = min(max(needed, 1), Self.maximumSenseLines, left)
            senses.append(Sense(text: cut, lines: lines))
            left -= lines
        }
    }

    /// The lines a text needs as `charactersPerLine` estimates them: a toolkit's measure stands
    /// in for it where the card is drawn.
    public static func estimatedLines(_ text: String) -> Int {
        (text.unicodeScalars.count + charactersPerLine - 1) / charactersPerLine
    }

    /// The lines of definition drawn.
    public var lines: Int { senses.reduce(0) { $0 + $1.lines } }

    /// The body's height under the card's header at pop; 0 without a sense.
    public var bodyHeight: Double { lines == 0 ? 0 : Double(lines) * Self.lineHeight + 2 * Self.bodyPadding }

    /// The senses of a dictionary's text: its headword line (the first, when it is the word)
    /// left out, its lines joined (a DICT server wraps them at 72 columns), and split where a
    /// sense is numbered (WordNet's `n 1:`, `2:`, `v 1:`), the part of speech kept with its
    /// number. A text without numbers is one sense.
    static func senses(of definition: String, word: String) -> [String] {
        // Five lines need no more than the text's start: a 10 MB answer is not walked whole.
        // Unicode scalars, not characters, as the GNOME Shell extension's port counts them.
        var lines: [[String]] = [[]]
        var token = String.UnicodeScalarView()
        func endToken() {
            if !token.isEmpty { lines[lines.count - 1].append(String(token)) }
            token = String.UnicodeScalarView()
        }
        for scalar in definition.unicodeScalars.prefix(Self.maximumDefinitionLength) {
            if Self.newlines.contains(scalar) {
                endToken()
                lines.append([])
            } else if scalar.properties.isWhitespace {
                endToken()
            } else {
                token.append(scalar)
            }
        }
        endToken()
        lines = lines.filter { !$0.isEmpty }
        if let first = lines.first, first.joined(separator: " ").lowercased() == word.lowercased() { lines.removeFirst() }
        var senses: [[String]] = []
        for token in lines.joined() {
            if Self.isSenseNumber(token) || senses.isEmpty {
                var sense: [String] = []
                // `n 1:`: the part of speech goes with the number that follows it.
                if Self.isSenseNumber(token), let last = senses.indices.last, let pos = senses[last].last,
                   Self.partsOfSpeech.contains(pos) {
                    senses[last].removeLast()
                    if senses[last].isEmpty { senses.removeLast() }
                    sense.append(pos)
                }
                sense.append(token)
                senses.append(sense)
            } else {
                senses[senses.count - 1].append(token)
            }
        }
        return senses.map { $0.joined(separator: " ") }
    }

    /// What ends a line: LF, CR, VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
    static let newlines: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    static let partsOfSpeech: Set<String> = ["n", "v", "adj", "adv"]

    /// `1:`, `12:`: ASCII digits and a colon.
    static func isSenseNumber(_ token: String) -> Bool {
        let scalars = Array(token.unicodeScalars)
        return scalars.count >= 2 && scalars.last == ":" && scalars.dropLast().allSatisfy { ("0"..."9").contains($0) }
    }
}
