import FoundationEssentials
import OverlayModel
import Testing

/// A layer-shell panel's place under sway, inferred from what its exclusive zone leaves out of the
/// workspace (`SwayReservedStrips`), on replies written as `swaymsg -t get_outputs` and
/// `-t get_workspaces` print them (the figures under-finger-lookup-on-host.sh met with waybar:
/// a 1024×768 output, a 40 px bar at the bottom, usable area 1024×728).
@Suite struct SwayReservedStripsTests {
    static func outputs(_ rects: [(String, Int, Int, Int, Int)]) -> Data {
        Data(("[" + rects.map { n, x, y, w, h in
            #"{"name": "\#(n)", "active": true, "rect": {"x": \#(x), "y": \#(y), "width": \#(w), "height": \#(h)}}"#
        }.joined(separator: ",") + "]").utf8)
    }
    static func workspaces(_ rects: [(String, Bool, Int, Int, Int, Int)]) -> Data {
        Data(("[" + rects.enumerated().map { i, r in
            #"{"name": "\#(i + 1)", "output": "\#(r.0)", "visible": \#(r.1), "rect": {"x": \#(r.2), "y": \#(r.3), "width": \#(r.4), "height": \#(r.5)}}"#
        }.joined(separator: ",") + "]").utf8)
    }
    static let bottomBar = try! SwayReservedStrips(outputs: outputs([("HEADLESS-1", 0, 0, 1024, 768)]),
                                                   workspaces: workspaces([("HEADLESS-1", true, 0, 0, 1024, 728)]))

    @Test func aBottomBarLeavesAStripAtTheBottom() {
        #expect(Self.bottomBar.strips.map(\.edge) == [.bottom])
        #expect(Self.bottomBar.strips.first?.rect == PixelRect(x: 0, y: 728, width: 1024, height: 40))
    }

    @Test func theSurfaceThatSpansTheStripIsPlacedThereAndThePointTranslated() throws {
        // waybar's frame, as AT-SPI gives it: 1024×40 from its own corner; a label 300×20 beside it.
        let hit = try #require(Self.bottomBar.surface(at: 30, 748, sizes: [(300, 20), (1024, 40)]))
        #expect(hit.index == 1)
        #expect(hit.rect == PixelRect(x: 0, y: 728, width: 1024, height: 40))
    }

    @Test func aPointAboveTheStripIsNoPanels() {
        #expect(Self.bottomBar.surface(at: 30, 700, sizes: [(1024, 40)]) == nil)
    }

    @Test func aSurfaceNotSpanningTheStripIsNotThePanel() {
        // A centred dock 400 px wide: where it lies along the edge is not known.
        #expect(Self.bottomBar.surface(at: 512, 748, sizes: [(400, 40)]) == nil)
    }

    @Test func outerGapsMakeTheStripDeeperAndThePanelLiesAtTheEdge() throws {
        let gapped = try SwayReservedStrips(outputs: Self.outputs([("A", 0, 0, 1024, 768)]),
                                            workspaces: Self.workspaces([("A", true, 10, 10, 1004, 708)]))
        let hit = try #require(gapped.surface(at: 100, 760, sizes: [(1024, 40)]))
        #expect(hit.rect == PixelRect(x: 0, y: 728, width: 1024, height: 40))
        #expect(gapped.surface(at: 100, 725, sizes: [(1024, 40)]) == nil)
    }

    @Test func aTopBarOnASecondOutput() throws {
        let two = try SwayReservedStrips(
            outputs: Self.outputs([("A", 0, 0, 1024, 768), ("B", 1024, 0, 1920, 1080)]),
            workspaces: Self.workspaces([("A", true, 0, 0, 1024, 768), ("B", true, 1024, 30, 1920, 1050),
                                         ("B", false, 1024, 0, 1920, 1080)]))
        #expect(two.strips == [SwayReservedStrips.Strip(edge: .top, rect: PixelRect(x: 1024, y: 0, width: 1920, height: 30),
                                                         output: PixelRect(x: 1024, y: 0, width: 1920, height: 1080))])
        #expect(two.surface(at: 1100, 10, sizes: [(1920, 30)])?.rect == PixelRect(x: 1024, y: 0, width: 1920, height: 30))
    }

    @Test func aSidePanelSpanningTheOutputOrTheUsableHeight() throws {
        let side = try SwayReservedStrips(outputs: Self.outputs([("A", 0, 0, 1024, 768)]),
                                          workspaces: Self.workspaces([("A", true, 0, 30, 976, 738)]))
        #expect(side.strips.map(\.edge) == [.top, .right])
        #expect(side.surface(at: 1000, 400, sizes: [(48, 768)])?.rect == PixelRect(x: 976, y: 0, width: 48, height: 768))
        #expect(side.surface(at: 1000, 400, sizes: [(48, 738)])?.rect == PixelRect(x: 976, y: 30, width: 48, height: 738))
    }

    @Test func noPanelNoStrip() throws {
        let bare = try SwayReservedStrips(outputs: Self.outputs([("A", 0, 0, 1024, 768)]),
                                          workspaces: Self.workspaces([("A", true, 0, 0, 1024, 768)]))
        #expect(bare.strips.isEmpty)
    }

    @Test func aCoordinateBeyond32BitsIsRefusedNotATrap() {
        #expect(throws: (any Error).self) {
            try SwayReservedStrips(outputs: Self.outputs([("A", 0, Int.max, 1024, 768)]),
                                   workspaces: Self.workspaces([("A", true, 0, 0, 1024, 728)]))
        }
    }

    @Test func somethingElseThanTheRepliesIsRefused() {
        #expect(throws: (any Error).self) { try SwayReservedStrips(outputs: Data("{}".utf8), workspaces: Data("[]".utf8)) }
    }
}
