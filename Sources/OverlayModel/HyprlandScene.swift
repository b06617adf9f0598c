import FoundationEssentials
import ForceTouchProtocol

/// Hyprland's windows and layer surfaces as its IPC gives them (`j/clients`, `j/monitors`,
/// `j/layers` on `$XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE/.socket.sock`), as far as
/// the lookup of what is under the finger needs them (SPEC §11): under Wayland an application
/// does not know where its window is, so the window at a point, its process and its corner come
/// from the compositor. Unlike sway, Hyprland places layer surfaces (a panel) itself.
/// Written from Hyprland's documented replies; not tried against a running Hyprland.
public struct HyprlandScene: Sendable {
    /// One client (a window).
    public struct Client: Decodable, Sendable {
        public var mapped: Bool
        public var hidden: Bool
        public var at: [Int]
        public var size: [Int]
        public var workspace: WorkspaceRef
        public var floating: Bool
        public var windowClass: String
        public var title: String
        public var pid: Int
        public var xwayland: Bool
        /// 0 for the window focused last, counting up: the most recent is in front.
        public var focusHistoryID: Int

        enum CodingKeys: String, CodingKey {
            case mapped, hidden, at, size, workspace, floating, title, pid, xwayland, focusHistoryID
            case windowClass = "class"
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            mapped = try c.decodeIfPresent(Bool.self, forKey: .mapped) ?? true
            hidden = try c.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
            // 32 bits, as Hyprland's own: a reply beyond them is not understood, and sums cannot trap.
            at = try c.decode([Int32].self, forKey: .at).map(Int.init)
            size = try c.decode([Int32].self, forKey: .size).map(Int.init)
            workspace = try c.decode(WorkspaceRef.self, forKey: .workspace)
            floating = try c.decodeIfPresent(Bool.self, forKey: .floating) ?? false
            windowClass = try c.decodeIfPresent(String.self, forKey: .windowClass) ?? ""
            title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
            pid = try c.decodeIfPresent(Int.self, forKey: .pid) ?? 0
            xwayland = try c.decodeIfPresent(Bool.self, forKey: .xwayland) ?? false
            focusHistoryID = try c.decodeIfPresent(Int.self, forKey: .focusHistoryID) ?? Int.max
        }

        /// Where the window is in Hyprland's layout.
        public var rect: PixelRect? {
            guard at.count == 2, size.count == 2 else { return nil }
            return PixelRect(x: at[0], y: at[1], width: size[0], height: size[1])
        }
    }

    /// A workspace as a client or a monitor names it.
    public struct WorkspaceRef: Decodable, Sendable, Hashable {
        public var id: Int
        public var name: String?
    }

    /// One monitor: the workspaces shown on it.
    public struct Monitor: Decodable, Sendable {
        public var name: String
        public var activeWorkspace: WorkspaceRef?
        public var specialWorkspace: WorkspaceRef?
    }

    /// One layer surface (a panel, a dock, a wallpaper) of `j/layers`.
    public struct Layer: Decodable, Sendable {
        public var x, y, w, h: Int
        public var namespace: String?
        public var pid: Int?

        enum CodingKeys: String, CodingKey { case x, y, w, h, namespace, pid }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            // 32 bits, as the clients' places: a reply beyond them is not understood.
            (x, y) = (Int(try c.decode(Int32.self, forKey: .x)), Int(try c.decode(Int32.self, forKey: .y)))
            (w, h) = (Int(try c.decode(Int32.self, forKey: .w)), Int(try c.decode(Int32.self, forKey: .h)))
            namespace = try c.decodeIfPresent(String.self, forKey: .namespace)
            pid = try c.decodeIfPresent(Int.self, forKey: .pid)
        }
    }

    public var clients: [Client]
    public var monitors: [Monitor]
    /// Each monitor's layer surfaces, by level (0 background … 3 overlay), the top level first.
    public var layers: [Layer]

    private struct Levels: Decodable { var levels: [String: [Layer]] }

    /// The scene from the three replies; without `layers` (or an unreadable one) no layer surface is found.
    public init(clients: Data, monitors: Data, layers: Data? = nil) throws {
        self.clients = try ProtocolJSON.decode([Client].self, from: clients)
        self.monitors = try ProtocolJSON.decode([Monitor].self, from: monitors)
        var found: [Layer] = []
        // A reply that is not the layers' (an older Hyprland's) leaves the panels unknown, not the windows.
        if let layers, let byMonitor = try? ProtocolJSON.decode([String: Levels].self, from: layers) {
            for name in byMonitor.keys.sorted() {
                let levels = byMonitor[name]!.levels
                for level in levels.keys.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
                    // The background and bottom levels are under the windows: only top and overlay count.
                    guard (Int(level) ?? 0) >= 2 else { continue }
                    found += levels[level] ?? []
                }
            }
        }
        self.layers = found
    }

    /// A window (or a layer surface) found at a point: its process, class, title and place.
    public struct Window: Hashable, Sendable {
        public var pid: Int
        public var appID: String
        public var title: String
        public var content: PixelRect
        /// A layer surface's (a panel's), not a window's.
        public var isLayer: Bool

        public init(pid: Int, appID: String, title: String, content: PixelRect, isLayer: Bool = false) {
            (self.pid, self.appID, self.title, self.content, self.isLayer) = (pid, appID, title, content, isLayer)
        }

        /// Its `window-type` fact (docs/SPEC.md §11): a layer surface (a bar such as waybar, a dock)
        /// is a `panel`, which the daemon's rules take an app's launcher in; a window is `normal`,
        /// Hyprland telling no more of it.
        public var windowType: String { isLayer ? "panel" : "normal" }
    }

    /// What is in front at x, y (layout pixels): a layer surface on the top or overlay level (a
    /// panel over the windows), else a mapped, shown window of a workspace a monitor shows, a
    /// floating one over a tiled one, the one focused last in front. The surfaces of process
    /// `notOf` (the overlay's own, over the output while a press grows) are passed over.
    public func window(at x: Int, _ y: Int, notOf ownPID: Int = 0) -> Window? {
        let (px, py) = (Double(x), Double(y))
        if let layer = layers.first(where: {
            $0.pid != ownPID && PixelRect(x: $0.x, y: $0.y, width: $0.w, height: $0.h).contains(x: px, y: py)
        }), let pid = layer.pid, pid > 0 {
            return Window(pid: pid, appID: layer.namespace ?? "", title: layer.namespace ?? "",
                          content: PixelRect(x: layer.x, y: layer.y, width: layer.w, height: layer.h), isLayer: true)
        }
        let shown = Set(monitors.flatMap { [$0.activeWorkspace?.id, $0.specialWorkspace?.id].compactMap { $0 } }
            .filter { $0 != 0 })
        let hits = clients.filter {
            $0.mapped && !$0.hidden && shown.contains($0.workspace.id) && ($0.rect?.contains(x: px, y: py) ?? false)
        }
        let special = Set(monitors.compactMap { $0.specialWorkspace?.id }.filter { $0 != 0 })
        let front = hits.min { a, b in
            let ka = (special.contains(a.workspace.id) ? 0 : 1, a.floating ? 0 : 1, a.focusHistoryID)
            let kb = (special.contains(b.workspace.id) ? 0 : 1, b.floating ? 0 : 1, b.focusHistoryID)
            return ka < kb
        }
        guard let c = front, let rect = c.rect else { return nil }
        return Window(pid: c.pid, appID: c.windowClass, title: c.title, content: rect)
    }
}
