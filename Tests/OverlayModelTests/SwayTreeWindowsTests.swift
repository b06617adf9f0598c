import Foundation
import ForceTouchProtocol
import OverlayModel
import Testing

/// The windows sway's tree lists for an app's deep-press menu (`SwayTree.windows`), over a tree a
/// real sway gave (Tests/Documented/fixtures/app-windows): Firefox ESR's two windows through
/// XWayland, the Notes window, xfce4-panel's dock.
@Suite struct SwayTreeWindowsTests {
    static let recorded = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OverlayModelTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Documented/fixtures/app-windows/sway-firefox-two-windows.json")

    @Test func everyWindowWithItsConIdAppIdAndTitleInTheTreesOrder() throws {
        let tree = try SwayTree(json: Data(contentsOf: Self.recorded))
        let windows = tree.windows(limit: 64)
        let firefox = windows.filter { $0.appID == "firefox-esr" }
        #expect(firefox.map(\.title) == ["Forcetouch first — Mozilla Firefox", "Forcetouch second — Mozilla Firefox"])
        #expect(firefox.map(\.id) == [8, 9])
        #expect(windows.contains { $0.appID == "forcetouch-notes" && $0.title == "Notes" })
        #expect(windows.contains { $0.appID == "Xfce4-panel" })
        // Containers and workspaces are no windows.
        #expect(windows.count == 4)
    }

    @Test func atMostTheLimit() throws {
        let tree = try SwayTree(json: Data(contentsOf: Self.recorded))
        #expect(tree.windows(limit: 2) == Array(tree.windows(limit: 64).prefix(2)))
        #expect(tree.windows(limit: 0).isEmpty)
    }
}
