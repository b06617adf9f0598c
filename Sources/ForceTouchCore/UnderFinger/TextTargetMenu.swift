/// The menu of a press on text (docs/SPEC.md §11, "Force Click on text"), as macOS's Force
/// Click and iOS's data detectors offer it: a word's Look Up, Look Up in its dictionary
/// application (where one is installed: `DictionaryApplication`), Copy and Search the Web; an
/// email address's New Email and Copy; a phone number's Call, Send Message and Copy; a
/// date's Create Event and Copy; a web address's Open and Copy Link, as a link's. Each item
/// is done by the daemon (`type` below), never through a configured item's action.
public enum TextTargetMenu {
    public static let lookUpType = "text.look-up"
    /// "Look Up in Dictionary": the word opened in the installed dictionary application
    /// (`PressTarget.dictionaryApp`); pop on a word chooses it.
    public static let lookUpInAppType = "text.look-up-app"
    public static let copyType = "text.copy"
    public static let searchType = "text.search"
    public static let newEmailType = "text.email"
    public static let callType = "text.call"
    public static let messageType = "text.message"
    public static let createEventType = "text.event"

    /// Where Search the Web goes: the one step that sends text off the machine, taken only
    /// when chosen.
    public static let searchAddress = "https://duckduckgo.com/?q="

    /// The items for a target of a text kind; nil for any other kind.
    public static func items(for target: PressTarget) -> [ShortcutItem]? {
        let copy = ShortcutItem(type: copyType, title: "Copy", subtitle: target.name, icon: .symbol("edit-copy"))
        switch target.kind {
        case .word:
            let sense = firstSense(target.definition)
            let inApp = target.dictionaryApp.map { dictionary in
                let icon = dictionary.app.icon ?? "accessories-dictionary"
                return ShortcutItem(type: lookUpInAppType, title: dictionary.itemTitle, subtitle: target.name,
                                    icon: icon.hasPrefix("/") ? .file(icon) : .symbol(icon))
            }
            return [
                ShortcutItem(type: lookUpType, title: "Look Up “\(target.name)”",
                             subtitle: sense.isEmpty ? target.dictionary : sense, icon: .symbol("accessories-dictionary")),
            ] + (inApp.map { [$0] } ?? []) + [
                copy,
                ShortcutItem(type: searchType, title: "Search the Web", subtitle: target.name, icon: .symbol("system-search")),
            ]
        case .email:
            return [ShortcutItem(type: newEmailType, title: "New Email", subtitle: target.name, icon: .symbol("mail-message-new")), copy]
        case .phone:
            return [
                ShortcutItem(type: callType, title: "Call", subtitle: target.name, icon: .symbol("call-start")),
                ShortcutItem(type: messageType, title: "Send Message", subtitle: target.name, icon: .symbol("mail-send")),
                copy,
            ]
        case .date:
            return [ShortcutItem(type: createEventType, title: "Create Event", subtitle: target.name,
                                 icon: .symbol("x-office-calendar")), copy]
        case .url:
            return [
                ShortcutItem(type: PressTargetMenu.openLinkType, title: "Open", subtitle: target.address, icon: .symbol("web-browser")),
                ShortcutItem(type: PressTargetMenu.copyLinkType, title: "Copy Link", icon: .symbol("edit-copy")),
            ]
        case .appIcon, .link, .window, .nothing:
            return nil
        }
    }

    /// The URI an item opens, or nil for one that opens nothing (Copy, Look Up, Create
    /// Event, which opens a file): `mailto:`, `tel:`, `sms:`, or the search's address.
    public static func uri(_ type: String, for target: PressTarget) -> String? {
        switch (type, target.text) {
        case (newEmailType, .email(let email)?): email.mailto
        case (callType, .phone(let phone)?): phone.tel
        case (messageType, .phone(let phone)?): "sms:" + phone.digits
        case (searchType, _): searchAddress + queryEncoded(target.name)
        default: nil
        }
    }

    /// The definition's first sense, as the Look Up item's subtitle: its first line after the
    /// headword's that holds text, cut to 120 scalars.
    public static func firstSense(_ definition: String) -> String {
        let lines = definition.split(separator: "\n", omittingEmptySubsequences: true)
            .map { String($0.unicodeScalars.drop { $0 == " " || $0 == "\t" }) }
        guard let line = lines.dropFirst().first(where: { !$0.isEmpty }) ?? lines.first else { return "" }
        let scalars = line.unicodeScalars
        guard scalars.count > 120 else { return line }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(119))
        return String(cut) + "…"
    }

    /// A query's text for a URI: unreserved characters as they are, every other byte of its
    /// UTF-8 as `%XX` (a space too, so nothing depends on a form's `+`).
    public static func queryEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let c = Unicode.Scalar(byte)
            if c.isLatinLetter || c.isASCIIDigit || "-._~".unicodeScalars.contains(c) {
                out.unicodeScalars.append(c)
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }
}

extension TextTargetMenu {
    /// The schemes text's items open: forcetouch writes these URIs itself from what it found
    /// (never a page's), so they do not wait for `[quick-actions] open-schemes`; each still
    /// goes through `LinkSchemes.refusal` (no control character, a scheme first).
    public static let schemes = try! LinkSchemes(["mailto", "tel", "sms", "https"])
}
