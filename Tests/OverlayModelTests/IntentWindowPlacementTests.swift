import OverlayModel
import Testing

/// Where the intent window goes: what intent-window-on-host.sh checks on screenshots, here on
/// the numbers.
@Suite struct IntentWindowPlacementTests {
    static let output = (width: 1024, height: 768)
    static let size = (width: 340, height: 200)

    func place(_ x: Double, _ y: Double, located: Bool = true, placement: String = "touch",
               pointer: (x: Double, y: Double)? = nil) -> (Int, Int) {
        let p = IntentWindowPlacement(size: Self.size, output: Self.output, located: located, finger: (x, y),
                                      placement: placement, pointer: pointer)
        return (p.x, p.y)
    }

    @Test func itOpensRightAndDownOfTheGesture() {
        #expect(place(0.25, 0.25) == (256 + 14, 192 + 14))
    }

    @Test func nearAnEdgeItOpensTheOtherWay() {
        #expect(place(0.9, 0.9) == (922 - 14 - 340, 691 - 14 - 200))
    }

    @Test func itStaysAnEdgeInsideTheOutput() {
        // Opening left from a finger near the left edge would leave the output: it is kept in.
        let big = IntentWindowPlacement(size: (1000, 200), output: Self.output, located: true, finger: (0.5, 0.1),
                                        placement: "touch", pointer: nil)
        #expect(big.x == 8)
    }

    @Test func withNoPlaceItIsCentred() {
        #expect(place(0.9, 0.9, located: false) == ((1024 - 340) / 2, (768 - 200) / 2))
    }

    @Test func atThePointerItOpensThereOrInTheMiddle() {
        #expect(place(0, 0, placement: "pointer", pointer: (100, 100)) == (114, 114))
        #expect(place(0, 0, placement: "pointer") == (526, 398))
    }
}
