/// The X server's stacking list as the lookup reads it (the root window's children, bottom
/// first): which of them may be what is seen at a press's point (docs/SPEC.md §11, "What is under
/// the finger"). Each is then asked for its client window and process, top first; one of the
/// overlay's own process is passed over there.
public enum X11StackingList {
    /// One child of the root window.
    public struct Window: Hashable, Sendable {
        /// Mapped and viewable.
        public var viewable: Bool
        /// An InputOutput window (an InputOnly one draws nothing).
        public var drawing: Bool
        /// One of the overlay's own windows (its menu's popup is over the point while a press grows).
        public var ours: Bool
        /// Its frame on the screen, its border on each side included.
        public var frame: PixelRect

        public init(viewable: Bool, drawing: Bool, ours: Bool, frame: PixelRect) {
            self.viewable = viewable
            self.drawing = drawing
            self.ours = ours
            self.frame = frame
        }
    }

    /// The indices of the windows in `list` (bottom first) that may be what is seen at x, y, the
    /// top one first: viewable, drawing (what is seen where an InputOnly window is, is below it),
    /// not the overlay's own, and holding the point.
    public static func candidates(at x: Int, _ y: Int, in list: [Window]) -> [Int] {
        list.indices.reversed().filter { i in
            let w = list[i], f = w.frame
            return w.viewable && w.drawing && !w.ours && x >= f.x && x < f.x + f.width && y >= f.y && y < f.y + f.height
        }
    }
}
