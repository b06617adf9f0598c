import FoundationEssentials
import OverlayModel
import Testing

/// The window under a point from Hyprland's IPC (`HyprlandScene`), on replies written here in the
/// shape Hyprland documents for `hyprctl clients -j`, `monitors -j` and `layers -j` (Hyprland is
/// not in Debian 12: no running Hyprland has been asked).
@Suite struct HyprlandSceneTests {
    static func client(_ title: String, pid: Int, cls: String, at: (Int, Int), size: (Int, Int), workspace: Int = 1,
                       floating: Bool = false, focus: Int = 1, mapped: Bool = true, hidden: Bool = false) -> String {
        """
        {"address": "0x55d0\(pid)", "mapped": \(mapped), "hidden": \(hidden), "at": [\(at.0), \(at.1)],
         "size": [\(size.0), \(size.1)], "workspace": {"id": \(workspace), "name": "\(workspace)"},
         "floating": \(floating), "pseudo": false, "monitor": 0, "class": "\(cls)", "title": "\(title)",
         "initialClass": "\(cls)", "initialTitle": "\(title)", "pid": \(pid), "xwayland": false, "pinned": false,
         "fullscreen": 0, "fullscreenClient": 0, "grouped": [], "tags": [], "swallowing": "0x0",
         "focusHistoryID": \(focus)}
        """
    }
    static let monitors = Data("""
        [{"id": 0, "name": "HEADLESS-1", "description": "", "make": "", "model": "", "serial": "",
          "width": 1024, "height": 768, "refreshRate": 60.0, "x": 0, "y": 0,
          "activeWorkspace": {"id": 1, "name": "1"}, "specialWorkspace": {"id": 0, "name": ""},
          "reserved": [0, 0, 0, 40], "scale": 1.0, "transform": 0, "focused": true, "dpmsStatus": true,
          "vrr": false, "activelyTearing": false, "disabled": false, "currentFormat": "XRGB8888",
          "availableModes": []}]
        """.utf8)
    static let layers = Data("""
        {"HEADLESS-1": {"levels": {
          "0": [{"address": "0x1", "x": 0, "y": 0, "w": 1024, "h": 768, "namespace": "wallpaper", "pid": 11}],
          "1": [],
          "2": [{"address": "0x2", "x": 0, "y": 728, "w": 1024, "h": 40, "namespace": "waybar", "pid": 22}],
          "3": [{"address": "0x3", "x": 0, "y": 0, "w": 1024, "h": 768, "namespace": "forcetouch-overlay", "pid": 33}]}}}
        """.utf8)
    static func clients(_ list: [String]) -> Data { Data(("[" + list.joined(separator: ",") + "]").utf8) }

    static let editor = client("notes.txt", pid: 101, cls: "org.gnome.TextEditor", at: (5, 5), size: (502, 718))
    static let browser = client("Example", pid: 202, cls: "firefox-esr", at: (517, 5), size: (502, 718), focus: 0)

    @Test func theTiledWindowHoldingThePoint() throws {
        let scene = try HyprlandScene(clients: Self.clients([Self.editor, Self.browser]), monitors: Self.monitors)
        #expect(scene.window(at: 600, 300) == HyprlandScene.Window(
            pid: 202, appID: "firefox-esr", title: "Example", content: PixelRect(x: 517, y: 5, width: 502, height: 718)))
        #expect(scene.window(at: 511, 300) == nil)
    }

    @Test func aFloatingWindowIsInFrontThenTheOneFocusedLast() throws {
        let dialog = Self.client("Save", pid: 303, cls: "dialog", at: (400, 200), size: (300, 200), floating: true, focus: 4)
        let other = Self.client("Other", pid: 404, cls: "other", at: (450, 250), size: (300, 200), floating: true, focus: 2)
        let scene = try HyprlandScene(clients: Self.clients([Self.editor, Self.browser, dialog, other]), monitors: Self.monitors)
        #expect(scene.window(at: 420, 220)?.pid == 303)
        #expect(scene.window(at: 500, 300)?.pid == 404)
    }

    @Test func aWindowOfAnotherWorkspaceHiddenOrUnmappedIsNotFound() throws {
        let away = Self.client("Away", pid: 505, cls: "away", at: (0, 0), size: (1024, 768), workspace: 2, floating: true)
        let hidden = Self.client("Tab", pid: 606, cls: "tab", at: (0, 0), size: (1024, 768), floating: true, hidden: true)
        let scene = try HyprlandScene(clients: Self.clients([Self.editor, away, hidden]), monitors: Self.monitors)
        #expect(scene.window(at: 100, 100)?.pid == 101)
    }

    @Test func aPanelOnTheTopLevelIsOverTheWindowsItsOwnCorner() throws {
        let scene = try HyprlandScene(clients: Self.clients([Self.editor]), monitors: Self.monitors, layers: Self.layers)
        let panel = try #require(scene.window(at: 30, 748, notOf: 33))
        #expect(panel == HyprlandScene.Window(pid: 22, appID: "waybar", title: "waybar",
                                              content: PixelRect(x: 0, y: 728, width: 1024, height: 40), isLayer: true))
        // A layer surface is a panel, the window-type under which its launchers are app icons.
        #expect(panel.windowType == "panel")
        #expect(scene.window(at: 100, 100, notOf: 33)?.windowType == "normal")
        // The wallpaper is under the windows; the overlay's own surface is passed over.
        #expect(scene.window(at: 100, 100, notOf: 33)?.pid == 101)
        #expect(scene.window(at: 1020, 10, notOf: 33) == nil)
    }

    /// Coordinates beyond 32 bits (a broken or hostile compositor) are not understood, never a trap:
    /// clients so placed refuse the scene; layers so placed leave the panels unknown, not the windows.
    @Test func aCoordinateBeyond32BitsIsRefusedNotATrap() throws {
        let far = Self.client("Far", pid: 707, cls: "far", at: (Int.max, 0), size: (100, 100))
        #expect(throws: (any Error).self) { try HyprlandScene(clients: Self.clients([far]), monitors: Self.monitors) }
        let layers = Data("""
            {"HEADLESS-1": {"levels": {"2": [{"x": \(Int.max), "y": 728, "w": 1024, "h": 40, "namespace": "bar", "pid": 22}]}}}
            """.utf8)
        let scene = try HyprlandScene(clients: Self.clients([Self.editor]), monitors: Self.monitors, layers: layers)
        #expect(scene.layers.isEmpty)
        #expect(scene.window(at: 100, 100)?.pid == 101)
    }

    @Test func somethingElseThanTheRepliesIsRefused() {
        #expect(throws: (any Error).self) { try HyprlandScene(clients: Data("{}".utf8), monitors: Self.monitors) }
        #expect(throws: (any Error).self) { try HyprlandScene(clients: Data("ok".utf8), monitors: Self.monitors) }
    }
}
