import OverlayModel
import Testing

/// The highlight over the text a press found: which characters are asked for, and where the
/// tint goes on the overlay's window.
struct TextHighlightTests {
    @Test func theRangeSentIsMovedToWhereTheTextReadBegan() {
        // 240 characters read before the one pressed: the text sent began at 760 of a document.
        #expect(TextHighlight.characters(start: "238", end: "243", readFrom: 760, sentLength: 481) == 998..<1003)
        #expect(TextHighlight.characters(start: "0", end: "5", readFrom: 0, sentLength: 5) == 0..<5)
    }

    @Test func noRangeOrOneOutsideTheTextSentIsNotHighlighted() {
        #expect(TextHighlight.characters(start: "", end: "", readFrom: 0, sentLength: 40) == nil, "a link or an app icon")
        #expect(TextHighlight.characters(start: "5", end: "5", readFrom: 0, sentLength: 40) == nil, "empty")
        #expect(TextHighlight.characters(start: "9", end: "4", readFrom: 0, sentLength: 40) == nil, "backwards")
        #expect(TextHighlight.characters(start: "30", end: "41", readFrom: 0, sentLength: 40) == nil, "past the text sent")
        #expect(TextHighlight.characters(start: "-1", end: "3", readFrom: 0, sentLength: 40) == nil)
        #expect(TextHighlight.characters(start: "x", end: "3", readFrom: 0, sentLength: 40) == nil)
    }

    @Test func theTintIsTheWordsBoxPaddedInTheWindowsPixels() {
        // A window at (100, 50) of the screen; the word's glyphs at (400, 300), 41 x 17.
        let h = TextHighlight(x: 400, y: 300, width: 41, height: 17,
                              windowX: 100, windowY: 50, windowWidth: 1280, windowHeight: 1024)
        #expect(h?.rect == PixelRect(x: 298, y: 248, width: 45, height: 21))
    }

    @Test func noBoxOrABoxOutsideTheWindowIsNotDrawn() {
        #expect(TextHighlight(x: 400, y: 300, width: 0, height: 17,
                              windowX: 0, windowY: 0, windowWidth: 1280, windowHeight: 1024) == nil)
        #expect(TextHighlight(x: 2000, y: 300, width: 40, height: 17,
                              windowX: 0, windowY: 0, windowWidth: 1280, windowHeight: 1024) == nil, "on another output")
        #expect(TextHighlight(x: -60, y: 300, width: 40, height: 17,
                              windowX: 0, windowY: 0, windowWidth: 1280, windowHeight: 1024) == nil)
    }

    @Test func aBoxInAWindowsCoordinatesIsPlacedFromThatWindowsCorner() {
        // Under sway: the text view's window content at (160, 90) of the layout, the word at
        // (52, 30) of it; the overlay's layer surface covers an output at (1024, 0).
        let h = TextHighlight(x: 52, y: 30, width: 41, height: 17, originX: 1184, originY: 90,
                              windowX: 1024, windowY: 0, windowWidth: 1024, windowHeight: 768)
        #expect(h?.rect == PixelRect(x: 210, y: 118, width: 45, height: 21))
        // The same window's word seen from an overlay on the output to its left: not there.
        #expect(TextHighlight(x: 52, y: 30, width: 41, height: 17, originX: 1184, originY: 90,
                              windowX: 0, windowY: 0, windowWidth: 1024, windowHeight: 768) == nil)
    }
}
