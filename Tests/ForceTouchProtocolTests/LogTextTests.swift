import ForceTouchProtocol
import Testing

/// What goes into a log line cannot make a line of its own.
struct LogTextTests {
    @Test func controlCharactersAreEscapedAndTheRestKept() {
        #expect(LogText.escaped("opened https://example.org/é?a=1") == "opened https://example.org/é?a=1")
        #expect(LogText.escaped("a\nb\r\tc") == "a\\nb\\r\\tc")
        #expect(LogText.escaped("\u{1B}[31mred\u{7F}\u{9B}\u{0}") == "\\e[31mred\\x7f\\u{009b}\\x00")
        #expect(LogText.escaped("one\u{2028}two") == "one\\u{2028}two")
        #expect(LogText.escaped("a \\n b") == "a \\\\n b")
        #expect(LogText.escaped("e\u{301}") == "e\u{301}")
    }
}
