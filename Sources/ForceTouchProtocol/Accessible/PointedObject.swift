/// What a press's point is on, decided from one answer of the application there
/// (`AccessibleAnswer`), or that the answer is partial and is to be asked again (docs/SPEC.md §11,
/// "What is under the finger"). Pure: the rules are tested over answers recorded from real
/// applications (Tests/Documented/fixtures/under-finger, OverlayModelTests/PointedObjectTests).
///
/// The rules, in order:
/// - A link wins: the nearest object, from the deepest up, that AT-SPI calls a `link`, or that
///   gives a Hyperlink URI (a GtkLinkButton is a `push button` with one). Gecko answers a URI on
///   objects that are no link (an image gives its link's, the address bar the page's), so in
///   Gecko only the role counts. A link without its address is a partial answer.
/// - An application that builds its accessible tree as it is asked (Gecko, Chromium) answers its
///   first questions from a tree not built yet: the window with nothing at a point inside it, a
///   page's document with no objects, a link (with its address), heading or button with no name
///   yet. Partial too.
/// - Else the deepest object; a nameless one stands for what holds it, up to two levels (an
///   icon, a label's text), not the window itself.
/// A partial answer is asked again while the lookup's deadline leaves time for another ask; the
/// last ask's answer is taken as it is (`lastChance`).
public enum PointedObject: Hashable, Sendable {
    /// The object at `node` (an index in the answer's path) is what the press is on: its role,
    /// name and description are told, and `address` when it is a link.
    case object(node: Int, address: String?)
    /// The answer is partial (why, for the log): ask again.
    case askAgain(String)

    /// The toolkits whose accessible tree is built as it is asked.
    static let lazyToolkits: Set<String> = ["gecko", "chromium"]
    /// The roles whose name comes from their content, which Gecko answers "" until it has it.
    static let namedByContent: Set<String> = ["heading", "link", "push button"]

    public static func decide(_ answer: AccessibleAnswer, lastChance: Bool) -> PointedObject {
        let path = answer.path
        guard !path.isEmpty else { return lastChance ? .object(node: 0, address: nil) : .askAgain("no object at all") }
        let lazy = lazyToolkits.contains(answer.toolkit.lowercased())
        let gecko = answer.toolkit.lowercased() == "gecko"
        let links = path.indices.first { i in
            let uri = path[i].uri ?? ""
            return path[i].isLink || (!gecko && !uri.isEmpty)
        }
        if let i = links {
            let uri = path[i].uri ?? ""
            if !lastChance && uri.isEmpty { return .askAgain("a \(path[i].role) without its address") }
            if !lastChance && lazy && path[i].name.isEmpty { return .askAgain("a \(path[i].role) with no name yet") }
            return .object(node: i, address: uri.isEmpty ? nil : uri)
        }
        if lazy && !lastChance, let why = unbuilt(path) { return .askAgain(why) }
        var chosen = 0
        for up in 1...2 where path[chosen].name.isEmpty && up < path.count - 1 && !path[up].name.isEmpty {
            chosen = up
        }
        return .object(node: chosen, address: nil)
    }

    /// Why the path shows a tree still being built, or nil.
    private static func unbuilt(_ path: [AccessibleNode]) -> String? {
        let deepest = path[0]
        if path.count == 1 && deepest.children > 0 { return "the window has nothing at the point yet" }
        if deepest.role.lowercased().hasPrefix("document") && deepest.children == 0 {
            return "the \(deepest.role) has no objects yet"
        }
        if deepest.name.isEmpty && namedByContent.contains(deepest.role.lowercased()) {
            return "a \(deepest.role) with no name yet"
        }
        return nil
    }
}
