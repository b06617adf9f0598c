import OverlayModel
import Testing

/// Which of an application's windows a press is in (`AccessibleWindow.index`), as the lookup
/// asks after the X server or the compositor named the process there.
@Suite struct AccessibleWindowTests {
    static let showing = ["enabled", "sensitive", "showing", "visible"]
    /// The Links window of fixtures/link-window.py, as GTK gave it under X11 (screen coordinates).
    static let links = AccessibleWindow(extents: PixelRect(x: 0, y: 0, width: 322, height: 134),
                                        states: ["active"] + showing, name: "Links")

    @Test func theWindowHoldingThePoint() {
        #expect(AccessibleWindow.index(at: 161, 67, among: [Self.links], titled: "Links") == 0)
        #expect(AccessibleWindow.index(at: 400, 67, among: [Self.links], titled: "Links") == nil)
    }

    @Test func aWindowNotShowingIsPassedOver() {
        let hidden = AccessibleWindow(extents: Self.links.extents, states: ["enabled"], name: "Links")
        #expect(AccessibleWindow.index(at: 161, 67, among: [hidden], titled: nil) == nil)
        let visible = AccessibleWindow(extents: Self.links.extents, states: ["visible"], name: nil)
        #expect(AccessibleWindow.index(at: 161, 67, among: [visible], titled: nil) == 0)
    }

    @Test func theTitleTheCompositorNamedWinsOverTheActiveAndTheSmallest() {
        let dialog = AccessibleWindow(extents: PixelRect(x: 100, y: 40, width: 100, height: 60), states: Self.showing,
                                      name: "Save")
        let other = AccessibleWindow(extents: Self.links.extents, states: ["active"] + Self.showing, name: "Other")
        #expect(AccessibleWindow.index(at: 150, 67, among: [other, dialog, Self.links], titled: "Links") == 2)
        // No title: the active one; none active: the smallest, a dialog over its parent.
        #expect(AccessibleWindow.index(at: 150, 67, among: [dialog, other], titled: nil) == 1)
        let inactive = AccessibleWindow(extents: Self.links.extents, states: Self.showing, name: "Links")
        #expect(AccessibleWindow.index(at: 150, 67, among: [inactive, dialog], titled: "") == 1)
    }

    @Test func anEmptyWindowHoldsNothing() {
        let empty = AccessibleWindow(extents: PixelRect(x: 0, y: 0, width: 0, height: 0), states: Self.showing)
        #expect(AccessibleWindow.index(at: 0, 0, among: [empty], titled: nil) == nil)
    }
}
