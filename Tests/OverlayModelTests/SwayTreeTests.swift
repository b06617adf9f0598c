import FoundationEssentials
import ForceTouchProtocol
import OverlayModel
import Testing

/// The window under a point from sway's tree, as under-finger-on-host.sh meets it with a real
/// sway: here on trees written as `swaymsg -t get_tree` prints them (the fields the lookup reads).
@Suite struct SwayTreeTests {
    /// A view: its container's rect in the layout, its content's within it.
    static func view(_ name: String, pid: Int?, app: String?, rect: (Int, Int, Int, Int),
                     window: (Int, Int, Int, Int), visible: Bool = true, xwaylandClass: String? = nil) -> String {
        let appID = app.map { "\"\($0)\"" } ?? "null"
        let props = xwaylandClass.map { ", \"window_properties\": {\"class\": \"\($0)\", \"instance\": \"x\"}" } ?? ""
        return """
            {"type": "con", "name": "\(name)", "pid": \(pid.map(String.init) ?? "null"), "app_id": \(appID), \
            "visible": \(visible), "rect": {"x": \(rect.0), "y": \(rect.1), "width": \(rect.2), "height": \(rect.3)}, \
            "window_rect": {"x": \(window.0), "y": \(window.1), "width": \(window.2), "height": \(window.3)}, \
            "nodes": [], "floating_nodes": []\(props)}
            """
    }

    /// root → output HEADLESS-1 → workspace 1 holding `tiled` and `floating`.
    static func tree(tiled: [String], floating: [String] = [], hidden: [String] = []) -> Data {
        let rect = "\"rect\": {\"x\": 0, \"y\": 0, \"width\": 1024, \"height\": 768}"
        let json = """
            {"type": "root", "name": "root", \(rect), "nodes": [
              {"type": "output", "name": "__i3", \(rect), "nodes": [
                {"type": "workspace", "name": "__i3_scratch", \(rect), "nodes": [], "floating_nodes": [\(hidden.joined(separator: ","))]}]},
              {"type": "output", "name": "HEADLESS-1", \(rect), "nodes": [
                {"type": "workspace", "name": "1", \(rect), "nodes": [\(tiled.joined(separator: ","))],
                 "floating_nodes": [\(floating.joined(separator: ","))]}]}],
             "floating_nodes": []}
            """
        return Data(json.utf8)
    }

    static let left = view("Left", pid: 101, app: "left-app", rect: (0, 0, 512, 768), window: (2, 25, 508, 741))
    static let right = view("Example.org", pid: 202, app: "org.example.Links", rect: (512, 0, 512, 768),
                            window: (2, 25, 508, 741))

    @Test func theTiledWindowWhoseContentHoldsThePoint() throws {
        let window = try #require(try SwayTree(json: Self.tree(tiled: [Self.left, Self.right])).window(at: 700, 300))
        #expect(window == SwayTree.Window(pid: 202, appID: "org.example.Links", title: "Example.org",
                                          content: PixelRect(x: 514, y: 25, width: 508, height: 741)))
        #expect(window.windowType == "normal")
    }

    @Test func aFloatingWindowIsOverTheTiledOnes() throws {
        let floating = Self.view("Dialog", pid: 303, app: "dialog", rect: (600, 200, 200, 200), window: (0, 0, 200, 200))
        let tree = try SwayTree(json: Self.tree(tiled: [Self.left, Self.right], floating: [floating]))
        #expect(tree.window(at: 700, 300)?.pid == 303)
        #expect(tree.window(at: 900, 300)?.pid == 202)
    }

    @Test func aTitleBarOrBorderIsNoWindowsContent() throws {
        let tree = try SwayTree(json: Self.tree(tiled: [Self.left, Self.right]))
        #expect(tree.window(at: 700, 10) == nil)
        #expect(tree.window(at: 513, 300) == nil)
    }

    @Test func aWindowNotOnScreenIsNotFound() throws {
        let hidden = Self.view("Scratch", pid: 404, app: "scratch", rect: (0, 0, 1024, 768), window: (0, 0, 1024, 768),
                               visible: false)
        #expect(try SwayTree(json: Self.tree(tiled: [], hidden: [hidden])).window(at: 100, 100) == nil)
    }

    @Test func everyWindowsProcessShownOrNot() throws {
        let hidden = Self.view("Scratch", pid: 404, app: "scratch", rect: (0, 0, 1024, 768), window: (0, 0, 1024, 768),
                               visible: false)
        #expect(try SwayTree(json: Self.tree(tiled: [Self.right, Self.left], hidden: [hidden])).windowPIDs == [101, 202, 404])
    }

    @Test func anXWaylandWindowIsNamedByItsClass() throws {
        let x = Self.view("xterm", pid: 505, app: nil, rect: (0, 0, 1024, 768), window: (0, 0, 1024, 768),
                          xwaylandClass: "XTerm")
        #expect(try SwayTree(json: Self.tree(tiled: [x])).window(at: 10, 10)?.appID == "XTerm")
    }

    @Test func anXWaylandWindowCarriesItsX11Id() throws {
        // xfce4-panel's dock through XWayland, as sway 1.7 floats it: its type sway calls `unknown`.
        let dock = #"{"type": "floating_con", "name": "xfce4-panel", "shell": "xwayland", "pid": 606, "window": 4194307, "app_id": null, "visible": true, "rect": {"x": 474, "y": 359, "width": 75, "height": 50}, "window_rect": {"x": 0, "y": 0, "width": 75, "height": 50}, "window_properties": {"class": "Xfce4-panel", "window_type": "unknown"}, "nodes": [], "floating_nodes": []}"#
        let window = try #require(try SwayTree(json: Self.tree(tiled: [Self.left], floating: [dock])).window(at: 500, 380))
        #expect(window == SwayTree.Window(pid: 606, appID: "Xfce4-panel", title: "xfce4-panel",
                                          content: PixelRect(x: 474, y: 359, width: 75, height: 50), x11Window: 4194307))
        #expect(try SwayTree(json: Self.tree(tiled: [Self.left])).window(at: 100, 100)?.x11Window == 0)
    }

    @Test func aWindowsAppByItsTitleOnlyWhenOneAppsWindowsHaveIt() throws {
        let notes = Self.view("Notes", pid: 707, app: "forcetouch-notes", rect: (0, 0, 512, 768), window: (0, 0, 512, 768))
        let other = Self.view("Notes", pid: 808, app: "other-notes", rect: (512, 0, 512, 768), window: (0, 0, 512, 768))
        #expect(try SwayTree(json: Self.tree(tiled: [notes, Self.right])).appID(ofWindowTitled: "Notes") == "forcetouch-notes")
        #expect(try SwayTree(json: Self.tree(tiled: [notes, other])).appID(ofWindowTitled: "Notes") == nil)
        #expect(try SwayTree(json: Self.tree(tiled: [notes])).appID(ofWindowTitled: "Mail") == nil)
    }

    /// A reply with a coordinate beyond sway's 32 bits (a broken or hostile compositor) is not
    /// understood, where summing it into the content's place would have trapped the overlay.
    @Test func aCoordinateBeyond32BitsIsRefusedNotATrap() throws {
        let far = Self.view("Far", pid: 7, app: "far", rect: (Int.max, 0, 100, 100), window: (2, 25, 96, 73))
        #expect(throws: (any Error).self) { try SwayTree(json: Self.tree(tiled: [far])) }
        let edge = Self.view("Edge", pid: 8, app: "edge", rect: (Int(Int32.max), 0, Int(Int32.max), 100),
                             window: (Int(Int32.max), 25, Int(Int32.max), 73))
        let tree = try SwayTree(json: Self.tree(tiled: [edge]))
        #expect(tree.window(at: 10, 10) == nil)
        #expect(PixelRect(x: Int.max, y: Int.max, width: Int.max, height: Int.max).contains(x: 1, y: 1) == false)
    }

    @Test func somethingElseThanATreeIsRefused() {
        #expect(throws: (any Error).self) { try SwayTree(json: Data("[1, 2]".utf8)) }
        #expect(throws: (any Error).self) { try SwayTree(json: Data("not json".utf8)) }
    }
}
