import ForceTouchEngine
import Testing
@testable import ForceTouchCore

/// When a press's card may be drawn (issue 51): with the shipped configuration (a deep press's
/// menu of what is under the finger, no items), only once the press is known to be on what has a
/// menu of its own; where a deep press opens something wherever it is, from the start.
@Suite struct PreviewConditionTests {
    static let menu = Binding(gesture: .deepPress, action: .quickActions)
    static let noItems = ShortcutStore()
    static let items = ShortcutStore(staticItems: [ShortcutItem(type: "search", title: "Search")])
    static let link = PressTarget(kind: .link, name: "Example", address: "https://example.org/")
    static let firefox = PressTarget.app(.appIcon, PressTargetTests.firefox)
    static let terminal = PressTarget.app(.appIcon, PressTargetTests.terminal)

    static func condition(_ bindings: [Binding], slot: Bool = false, _ store: ShortcutStore = noItems) -> PreviewCondition {
        PreviewCondition(bindings: BindingTable(bindings: bindings),
                         assistiveTouch: slot ? AssistiveTouch(slots: [.deepPress: .notify("x")]) : nil, configured: store)
    }

    @Test func theShippedConfigurationDrawsNothingUntilItsPressIsOnWhatHasAMenu() throws {
        let url = TestFiles.packageRoot.appendingPathComponent("config/forcetouch.toml")
        let shipped = Configuration.parse(try TestFiles.text(url), file: "forcetouch.toml", lookups: .fake()).configuration
        let store = ShortcutStore(configuration: shipped)
        let c = PreviewCondition(bindings: BindingTable(shipped), assistiveTouch: shipped.assistiveTouch, configured: store)
        #expect(c == .whenTargetHasMenu)
        // Not looked up yet (the press's `began`, the lookup under way): nothing drawn.
        #expect(!c.previews(nil, configured: store))
        // The empty desktop, an app with no actions: nothing, ever.
        #expect(!c.previews(.nothing("no window at 900,300"), configured: store))
        #expect(!c.previews(Self.terminal, configured: store))
        // A link, an app's icon with Desktop Actions: the card grows.
        #expect(c.previews(Self.link, configured: store))
        #expect(c.previews(Self.firefox, configured: store))
    }

    @Test func whatOpensWhereverThePressIsDrawsFromTheStart() {
        let command = Binding(gesture: .deepPress, action: .exec(ExecAction(argv: ["true"])))
        let appMenu = Binding(gesture: .deepPress, action: .applicationMenu("firefox-esr.desktop"))
        for c in [Self.condition([command]), Self.condition([Self.menu, appMenu]), Self.condition([Self.menu], slot: true),
                  Self.condition([Self.menu], Self.items)] {
            #expect(c == .always)
            #expect(c.previews(nil, configured: Self.items))
            #expect(c.previews(.nothing("no window"), configured: Self.items))
        }
        // A deep press's menu alone, and another gesture bound to a command: still the target's.
        let tap = Binding(gesture: .tap, action: .exec(ExecAction(argv: ["true"])))
        #expect(Self.condition([Self.menu, tap]) == .whenTargetHasMenu)
    }
}
