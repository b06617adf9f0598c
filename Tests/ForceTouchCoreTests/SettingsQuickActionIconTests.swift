import FoundationEssentials
import Testing
@testable import ForceTouchCore
import ForceTouchProtocol

/// The icon the settings window draws in a quick action's row: the theme icon the daemon's menu
/// draws, carried in the settings' JSON, so that an `icon-type` (whose theme name is the
/// daemon's mapping) shows as the menu shows it.
@Suite struct SettingsQuickActionIconTests {
    static let text = """
        [[quick-action]]
        type = "compose"
        title = "New message"
        icon-type = "compose"

        [[quick-action]]
        type = "copy"
        title = "Copy"
        icon-symbol = "edit-copy-symbolic"

        [[quick-action]]
        type = "photo"
        title = "Photo"
        icon-file = "/usr/share/pixmaps/photo.png"

        [[quick-action]]
        type = "plain"
        title = "Plain"

        """

    /// Each quick action's `icon-name` in the JSON GetSettings sends, nil where there is none.
    func iconNames() throws -> [String?] {
        let configuration = try SettingsEdit.check(Self.text, file: "f.toml", lookups: .fake())
        let state = SettingsReader.state(text: Self.text, file: "f.toml", configuration: configuration, canUndo: false)
        let sent = try ProtocolJSON.decode(JSONValue.self, from: Data(try ProtocolJSON.string(state).utf8))
        guard case .object(let fields) = sent, case .array(let items)? = fields["quickActions"] else {
            Issue.record("no quickActions in \(sent)")
            return []
        }
        return items.map { item in
            guard case .object(let o) = item, case .string(let name)? = o["icon-name"] else { return nil }
            return name
        }
    }

    @Test func anIconTypeIsSentAsTheThemeIconTheMenuDraws() throws {
        let menuIcon = ShortcutIcon.system(.compose).themeIconName
        #expect(try iconNames() == [menuIcon, "edit-copy-symbolic", nil, nil])
        #expect(menuIcon == "document-edit")
    }
}
