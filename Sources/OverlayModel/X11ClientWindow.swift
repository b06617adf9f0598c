/// Which window under a top-level one of the X server's stacking list is the application's
/// (docs/SPEC.md §11, "What is under the finger"): a window manager reparents each client window
/// into a frame of its own, so the root's child at a point is the frame (openbox's), and the
/// client, whose properties name its process, class, title and type, is under it. The C half
/// reads the windows under the top-level one and two facts of each (under-finger.c); this picks.
public enum X11ClientWindow {
    /// One window of the tree under (and with) a top-level window, as the X server has it.
    public struct Node: Hashable, Sendable {
        /// Its parent's index in the list; nil for the top-level window, which comes first.
        public var parent: Int?
        /// It has WM_STATE: a client window a window manager manages (ICCCM).
        public var wmState: Bool
        /// It has _NET_WM_PID.
        public var pid: Bool

        public init(parent: Int?, wmState: Bool, pid: Bool) {
            (self.parent, self.wmState, self.pid) = (parent, wmState, pid)
        }
    }

    /// How deep under the top-level window a client is looked for: a frame's client is its child
    /// or grandchild in the window managers tried; three levels leave room, without walking a
    /// toolkit's own subwindows.
    public static let depth = 3

    /// The index in `nodes` (the top-level window first, each window's children after it in
    /// the list topmost first) of the client: the first window, depth first and topmost first,
    /// with WM_STATE, at most `depth` levels down; else the top-level window itself when it has
    /// _NET_WM_PID (an override-redirect window, or one with no window manager, is its own
    /// client). nil when none is: the top-level window is then taken as it is.
    public static func client(in nodes: [Node]) -> Int? {
        guard let top = nodes.first, top.parent == nil else { return nil }
        if top.wmState || top.pid { return 0 }
        var children = [Int: [Int]]()
        for (i, n) in nodes.enumerated() where i > 0 {
            if let p = n.parent, p >= 0, p < i { children[p, default: []].append(i) }
        }
        func search(_ i: Int, _ level: Int) -> Int? {
            if nodes[i].wmState { return i }
            guard level < depth else { return nil }
            for child in children[i] ?? [] {
                if let found = search(child, level + 1) { return found }
            }
            return nil
        }
        return search(0, 0)
    }
}
