/// The installed dictionary application a word's Look Up opens (docs/SPEC.md §11, "Force
/// Click on text"): "Look Up in Dictionary" in a word's menu, and pop on a word. It is an
/// installed Desktop Entry whose `Categories` list `Dictionary` and that forcetouch knows how
/// to hand a word to (`forms`): a Desktop Entry says how to open files and URLs (`%f`, `%u`),
/// never how to look a word up, so each application's own option is known here.
public struct DictionaryApplication: Hashable, Sendable {
    /// The application, as its Desktop Entry describes it: its name is the item's.
    public var app: DesktopApplication
    /// The arguments after its `Exec` that look a word up; `wordField` stands for the word.
    public var arguments: [String]

    /// Stands for the word in `arguments`; the word is never split nor read by a shell.
    public static let wordField = "%w"

    /// How each dictionary application is handed a word, in the order one is chosen when
    /// several are installed, each read from its Debian 12 package's `--help`:
    /// GNOME's Dictionary (gnome-dictionary 40) takes `--look-up=WORD`; Xfce's (xfce4-dict
    /// 0.8) `--dict TEXT`, a DICT server's answer rather than a web search or a spell check;
    /// GoldenDict (1.5) the word as its one argument. Artha takes no word on its command line
    /// and lists no `Dictionary` category: it is not one.
    public static let forms: [(id: String, arguments: [String])] = [
        ("org.gnome.Dictionary.desktop", ["--look-up=" + wordField]),
        ("xfce4-dict.desktop", ["--dict", wordField]),
        ("org.goldendict.GoldenDict.desktop", [wordField]),
    ]

    /// What Debian installs for a dictionary application, for the sentence saying none is.
    public static let debianPackage = "gnome-dictionary"

    /// The dictionary application among `applications` (the installed ones, as the daemon
    /// read them): the first of `forms` installed and listing `Dictionary`; nil when none is.
    public static func chosen(from applications: [DesktopApplication]) -> DictionaryApplication? {
        for form in forms {
            if let app = applications.first(where: { $0.id == form.id && $0.isDictionary && $0.exec != nil }) {
                return DictionaryApplication(app: app, arguments: form.arguments)
            }
        }
        return nil
    }

    /// Why `chosen` found none, as the daemon says it: none installed, or those installed
    /// unknown to forcetouch (named, with the ones it knows).
    public static func absence(in applications: [DesktopApplication]) -> String {
        let unknown = applications.filter(\.isDictionary).map { "\($0.id) (\($0.name))" }
        guard !unknown.isEmpty else {
            return "no dictionary application is installed (Debian: install \(debianPackage))"
        }
        return "no dictionary application forcetouch can hand a word to: \(unknown.joined(separator: ", ")) "
            + "lists the Dictionary category, but forcetouch knows only how to start "
            + forms.map(\.id).joined(separator: ", ") + " with a word"
    }

    /// The command line that opens the application at `word`: its `Exec` (field codes expanded
    /// as for a launch without files), then `arguments`, the word one argument of its own. Nil
    /// for a word that is empty, starts with `-` (an option to the program), or holds a
    /// control character.
    public func commandLine(word: String) -> [String]? {
        guard let first = word.unicodeScalars.first, first != "-",
              !word.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
              let exec = app.commandLine(action: nil) else { return nil }
        return exec + arguments.map { $0.replacingWordField(with: word) }
    }

    /// The item's title: `Look Up in Dictionary`.
    public var itemTitle: String { "Look Up in \(app.name)" }
}

extension DesktopApplication {
    /// Its `Categories` list `Dictionary` (the Desktop Menu specification's additional
    /// category for a dictionary).
    public var isDictionary: Bool { categories.contains("Dictionary") }
}

extension String {
    /// `%w` replaced by `word` wherever it stands in an argument (`--look-up=%w`).
    fileprivate func replacingWordField(with word: String) -> String {
        var out = ""
        var rest = self[...]
        while let r = rest.firstRange(of: DictionaryApplication.wordField) {
            out += rest[..<r.lowerBound]
            out += word
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
