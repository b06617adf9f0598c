import FoundationEssentials
import ForceTouchProtocol

/// sway's tree (`swaymsg -t get_tree`, IPC type 4) as far as the lookup of what is under the
/// finger needs it (SPEC §11): under Wayland an application does not know where its window is,
/// so the window at a point, its process and its content's corner come from the compositor.
public struct SwayTree: Decodable, Sendable {
    /// One node: the root, an output, a workspace, a container or a window (a view has a `pid`).
    public struct Node: Decodable, Sendable {
        public var type: String
        public var name: String?
        /// sway's container id (`con_id`), which its commands name a window by.
        public var id: Int?
        public var pid: Int?
        /// An XWayland window's X11 id (sway's `window`); nil for a Wayland one.
        public var x11Window: UInt32?
        /// A Wayland window's app_id; an XWayland one's WM_CLASS class stands in for it.
        public var appID: String?
        /// On screen now (not on a hidden workspace or the scratchpad).
        public var visible: Bool
        public var rect: PixelRect
        /// The window's content within `rect` (without its border and title bar).
        public var windowRect: PixelRect?
        public var nodes: [Node]
        public var floatingNodes: [Node]

        enum CodingKeys: String, CodingKey {
            case type, name, id, pid, visible, rect, nodes
            case x11Window = "window"
            case appID = "app_id", windowRect = "window_rect", floatingNodes = "floating_nodes"
            case windowProperties = "window_properties"
        }
        enum WindowPropertiesKeys: String, CodingKey { case windowClass = "class" }
        enum RectKeys: String, CodingKey { case x, y, width, height }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            type = try c.decodeIfPresent(String.self, forKey: .type) ?? ""
            name = try c.decodeIfPresent(String.self, forKey: .name)
            id = try? c.decodeIfPresent(Int.self, forKey: .id)
            pid = try c.decodeIfPresent(Int.self, forKey: .pid)
            x11Window = try c.decodeIfPresent(UInt32.self, forKey: .x11Window)
            visible = try c.decodeIfPresent(Bool.self, forKey: .visible) ?? false
            rect = try Self.rect(c, .rect) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
            windowRect = try Self.rect(c, .windowRect)
            nodes = try c.decodeIfPresent([Node].self, forKey: .nodes) ?? []
            floatingNodes = try c.decodeIfPresent([Node].self, forKey: .floatingNodes) ?? []
            var app = try c.decodeIfPresent(String.self, forKey: .appID)
            if app == nil, c.contains(.windowProperties) {
                let p = try c.nestedContainer(keyedBy: WindowPropertiesKeys.self, forKey: .windowProperties)
                app = try p.decodeIfPresent(String.self, forKey: .windowClass)
            }
            appID = app
        }

        private static func rect(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> PixelRect? {
            guard c.contains(key), try !c.decodeNil(forKey: key) else { return nil }
            let r = try c.nestedContainer(keyedBy: RectKeys.self, forKey: key)
            // 32 bits, as sway's own: a reply beyond them is not understood, and sums of them cannot trap.
            return PixelRect(x: Int(try r.decode(Int32.self, forKey: .x)), y: Int(try r.decode(Int32.self, forKey: .y)),
                             width: Int(try r.decode(Int32.self, forKey: .width)),
                             height: Int(try r.decode(Int32.self, forKey: .height)))
        }

        /// Where the window's content is in sway's layout: `rect` moved by `window_rect`.
        public var content: PixelRect {
            let w = windowRect ?? PixelRect(x: 0, y: 0, width: rect.width, height: rect.height)
            return PixelRect(x: rect.x + w.x, y: rect.y + w.y, width: w.width, height: w.height)
        }
    }

    /// A window found at a point.
    public struct Window: Hashable, Sendable {
        public var pid: Int
        public var appID: String
        public var title: String
        public var content: PixelRect
        /// An XWayland window's X11 id, 0 for a Wayland one: its type (a dock's) is the X server's to tell.
        public var x11Window: UInt32

        public init(pid: Int, appID: String, title: String, content: PixelRect, x11Window: UInt32 = 0) {
            (self.pid, self.appID, self.title, self.content, self.x11Window) = (pid, appID, title, content, x11Window)
        }

        /// Its `window-type` fact (docs/SPEC.md §11): `normal`, sway's tree telling no more of a
        /// window (it says `unknown` of an XWayland dock, whose type the lookup asks the X server).
        public var windowType: String { "normal" }
    }

    public var root: Node

    public init(from decoder: Decoder) throws { root = try Node(from: decoder) }

    /// The tree from `get_tree`'s reply.
    public init(json: Data) throws { self = try ProtocolJSON.decode(SwayTree.self, from: json) }

    /// The visible window whose content holds x, y (layout pixels): a floating window over a
    /// tiled one, a later sibling over an earlier one; nil when the point is on no window (the
    /// background, a layer-shell panel, a title bar). An XWayland window is one too, with its X11 id
    /// (sway floats an X11 dock, such as xfce4-panel, where it likes, and tells its place here).
    public func window(at x: Int, _ y: Int) -> Window? {
        Self.top(in: root, x, y).map {
            Window(pid: $0.pid ?? 0, appID: $0.appID ?? "", title: $0.name ?? "", content: $0.content,
                   x11Window: $0.x11Window ?? 0)
        }
    }

    /// The processes of every window in the tree, shown or not: an application with none of them
    /// is not a window's but a layer-shell surface's (a panel's).
    public var windowPIDs: [Int] {
        // A set: a list searched for each window was quadratic (160 k windows took 15 s).
        var pids: Set<Int> = []
        var stack = [root]
        while let node = stack.popLast() {
            if let pid = node.pid { pids.insert(pid) }
            stack += node.nodes
            stack += node.floatingNodes
        }
        return pids.sorted()
    }

    /// The app id of the windows titled `title`, when there are some and they are all one app's: a
    /// wlroots taskbar's button (waybar's wlr/taskbar) tells AT-SPI no name, only its window's
    /// title (its tooltip); nil when no window or windows of several apps have that title.
    public func appID(ofWindowTitled title: String) -> String? {
        var apps: Set<String> = []
        var stack = [root]
        while let node = stack.popLast() {
            if node.pid != nil, node.name == title { apps.insert(node.appID ?? "") }
            stack += node.nodes + node.floatingNodes
        }
        guard apps.count == 1, let app = apps.first, !app.isEmpty else { return nil }
        return app
    }

    /// The windows in the tree (its views: the nodes with a process), on any workspace or the
    /// scratchpad, tiled before floating in each container as sway lists them, at most `limit`:
    /// each with its con_id, app id and title, as an app's deep-press menu lists them to switch to.
    public func windows(limit: Int) -> [PressTargetFacts.Window] {
        var found: [PressTargetFacts.Window] = []
        var stack = [root]
        while let node = stack.popLast(), found.count < limit {
            if node.pid != nil, let id = node.id, let con = UInt32(exactly: id) {
                found.append(PressTargetFacts.Window(id: con, appID: node.appID ?? "", title: node.name ?? ""))
            }
            stack += (node.nodes + node.floatingNodes).reversed()
        }
        return found
    }

    private static func top(in node: Node, _ x: Int, _ y: Int) -> Node? {
        for child in node.floatingNodes.reversed() { if let hit = top(in: child, x, y) { return hit } }
        for child in node.nodes.reversed() { if let hit = top(in: child, x, y) { return hit } }
        guard node.pid != nil, node.visible, node.content.contains(x: Double(x), y: Double(y)) else { return nil }
        return node
    }
}
