import OverlayModel
import Testing

/// Where the AssistiveTouch button is drawn: what assistive-touch-on-host.sh checks on
/// screenshots, here on the numbers.
@Suite struct ButtonPlacementTests {
    static let output = (width: 1024, height: 768)

    @Test func itIsCentredWhereTheDaemonSaysItsSideAFractionOfTheShorterSide() {
        let b = ButtonPlacement(x: 0.5, y: 0.5, size: 0.1, state: "idle", output: Self.output)
        #expect(b.visible && !b.dragging)
        #expect(b.square == PixelRect(x: 474, y: 346, width: 77, height: 77))
    }

    @Test func draggedItIsOpaque() {
        #expect(ButtonPlacement(x: 0.5, y: 0.5, size: 0.1, state: "dragging", output: Self.output).dragging)
    }

    @Test func itStaysWholeOnTheOutput() {
        let corner = ButtonPlacement(x: 1, y: 1, size: 0.1, state: "idle", output: Self.output)
        #expect(corner.square == PixelRect(x: 947, y: 691, width: 77, height: 77))
        let origin = ButtonPlacement(x: 0, y: -0.5, size: 0.1, state: "idle", output: Self.output)
        #expect(origin.square.x == 0 && origin.square.y == 0)
    }

    @Test func aTinyButtonIsStillEightPixels() {
        #expect(ButtonPlacement(x: 0.5, y: 0.5, size: 0.001, state: "idle", output: Self.output).square.width == 8)
    }

    @Test func hiddenOrSizelessItDoesNotShow() {
        #expect(!ButtonPlacement(x: 0.5, y: 0.5, size: 0.1, state: "hidden", output: Self.output).visible)
        #expect(!ButtonPlacement(x: 0.5, y: 0.5, size: 0, state: "idle", output: Self.output).visible)
        #expect(!ButtonPlacement(x: 0.5, y: 0.5, size: .nan, state: "idle", output: Self.output).visible)
    }
}
