import ForceTouchCore
import Testing

/// `TextCheck`: what is text, and where what is not is reported.
@Suite struct TextCheckTests {
    @Test func textPassesUnchanged() throws {
        let text = "a = \"café ☕ 𝄞\"\r\n# ok\n"
        #expect(try TextCheck.text(Array(text.utf8)) == text)
        #expect(TextCheck.problem(in: Array("".utf8)) == nil)
    }

    @Test func aNULIsPlacedByLineAndColumnInCharacters() {
        let p = TextCheck.problem(in: Array("one\ntwé".utf8) + [0] + Array("\nthree".utf8))
        #expect(p?.line == 2 && p?.column == 4, "\(String(describing: p))")
        #expect(p?.message.hasPrefix("a NUL byte") == true)
    }

    @Test(arguments: [
        [UInt8(0xFF)],             // never in UTF-8
        [0xC0, 0xAF],              // overlong "/"
        [0xED, 0xA0, 0x80],        // a surrogate
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xE2, 0x82],              // cut short at the end
        [0xE2, 0x28, 0xA1],        // a continuation missing
        [0x80],                    // a continuation alone
    ])
    func invalidUTF8IsRefusedWhereItStarts(_ bad: [UInt8]) {
        let p = TextCheck.problem(in: Array("ok\nab".utf8) + bad)
        #expect(p?.line == 2 && p?.column == 3, "\(bad): \(String(describing: p))")
        #expect(p?.message.hasPrefix("invalid UTF-8") == true)
    }
}
