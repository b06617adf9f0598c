/// One of an application's top-level accessible objects (its windows, AT-SPI's children of its
/// root), as the lookup gathers them to find the one at a press's point (docs/SPEC.md §11, "What
/// is under the finger").
public struct AccessibleWindow: Hashable, Sendable {
    /// Its extents, in the coordinates the point is in (the screen's under X11, the window's own
    /// under Wayland).
    public var extents: PixelRect
    /// Its AT-SPI states, by their names (`AccessibleStates`).
    public var states: [String]
    /// Its name; nil when the compositor named no title to match it with.
    public var name: String?

    public init(extents: PixelRect, states: [String], name: String? = nil) {
        self.extents = extents
        self.states = states
        self.name = name
    }

    /// The window of an application at x, y: among its windows showing (or visible) whose extents
    /// hold the point, the one named `title` (the compositor's title of the window there), else
    /// the active one, else the smallest (a dialog over its parent). Nil when none holds it.
    public static func index(at x: Int, _ y: Int, among windows: [AccessibleWindow], titled title: String?) -> Int? {
        var best: (rank: Int, area: Int, index: Int)?
        for (i, w) in windows.enumerated() {
            let e = w.extents
            guard e.width > 0, e.height > 0, x >= e.x, x < e.x + e.width, y >= e.y, y < e.y + e.height,
                  w.states.contains("showing") || w.states.contains("visible")
            else { continue }
            var rank = w.states.contains("active") ? 1 : 0
            if let title, !title.isEmpty, w.name == title { rank = 2 }
            let area = e.width * e.height
            if best == nil || rank > best!.rank || (rank == best!.rank && area < best!.area) {
                best = (rank, area, i)
            }
        }
        return best?.index
    }
}
