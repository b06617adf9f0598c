import OverlayModel
import Testing

/// The AssistiveTouch button's placement as vectors for the GNOME Shell extension's port of it
/// (buttonModel.js): its square and how it shows for centres, sizes and states across outputs,
/// the edges and the rounding included. Written to Tests/GnomeShell/vectors/button.json (see
/// GoldenVectors).
@Suite struct ButtonPlacementVectorTests {
    struct Placement: Encodable {
        var x: Double, y: Double, size: Double, state: String, output: [Int]
        var visible: Bool, dragging: Bool, square: [Int]
    }

    struct Vectors: Encodable {
        var smallest: Int
        var placements: [Placement]
    }

    static var placements: [Placement] {
        var out: [Placement] = []
        let centres: [(Double, Double)] = [(0.5, 0.5), (0, 0), (1, 1), (0.97, 0.4), (0.02, 0.9), (-0.5, 1.5),
                                           (0.1234, 0.8765), (512.5 / 1024, 0.5)]
        for output in [(1024, 768), (1920, 1080), (50, 30)] {
            for (x, y) in centres {
                for size in [0.1, 0.07, 0.001, 0.0, 2.0] {
                    for state in ["idle", "dragging", "hidden"] {
                        let b = ButtonPlacement(x: x, y: y, size: size, state: state, output: output)
                        out.append(Placement(x: x, y: y, size: size, state: state, output: [output.0, output.1],
                                             visible: b.visible, dragging: b.dragging, square: b.square.vector))
                    }
                }
            }
        }
        return out
    }

    @Test func theVectorsAreTheModels() throws {
        try GoldenVectors.check("button", Vectors(smallest: ButtonPlacement.smallest, placements: Self.placements))
    }
}
