/// The `type` the daemon gives a quick action added without one (`quick-action.new`, as the
/// settings window adds them): made from its title, and unique among the file's quick actions,
/// since the check refuses two of one type. "Lock screen" is `lock-screen`, a second one
/// `lock-screen-2`; a title with no letter or digit is `quick-action`.
public enum NewQuickActionType {
    public static func make(title: String, taken: Set<String>) -> String {
        var words: [String] = [], word = ""
        for c in title.lowercased() {
            if c.isLetter || c.isNumber {
                word.append(c)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        let base = words.isEmpty ? "quick-action" : words.joined(separator: "-")
        guard taken.contains(base) else { return base }
        var n = 2
        while taken.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }
}
