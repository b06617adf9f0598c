/// Which way a box opens from the finger: right and down, unless that would take it past the
/// output's edge (less `MenuLayout.edge`), then left and/or up, as iOS opens a quick-action
/// menu near an edge. The menu and the intent window open the same way.
struct OpeningDirection {
    let left: Bool
    let up: Bool

    init(finger: (x: Double, y: Double), size: (width: Double, height: Double),
         surface: (width: Double, height: Double)) {
        left = finger.x + MenuLayout.gap + size.width > surface.width - MenuLayout.edge
        up = finger.y + MenuLayout.gap + size.height > surface.height - MenuLayout.edge
    }
}
