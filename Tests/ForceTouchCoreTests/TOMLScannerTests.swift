import Foundation
import Testing
@testable import ForceTouchCore

/// Inputs on which TOMLKit's bundled toml++ 3.4.0 aborts the process (an assertion,
/// SIGABRT) instead of reporting a syntax error. Each case would kill this test process if
/// it reached TOMLKit: the scanner must refuse it first, with its line (issue 12).
struct CrashInput: CustomTestStringConvertible, Sendable {
    var text: String
    var line: Int
    var message: String
    var testDescription: String { text.debugDescription }
    init(_ text: String, line: Int = 1, _ message: String) {
        self.text = text
        self.line = line
        self.message = message
    }
}

private let badName = "a table name must begin with a letter, a digit, \"-\", \"_\" or a quote (non-ASCII names are quoted)"

@Suite struct TOMLScannerTests {
    static let crashInputs: [CrashInput] = [
        // The typos issue 12 names.
        CrashInput("[(", "invalid table header \"[(\": " + badName),
        CrashInput("[über]\n", "invalid table header \"[über]\": " + badName),
        CrashInput("[.device]\n", "invalid table header \"[.device]\": " + badName),
        CrashInput("[#]\n", "invalid table header \"[#]\": " + badName),
        CrashInput("[=]\n", "invalid table header \"[=]\": " + badName),
        CrashInput("[[*binding]]\n", "invalid table header \"[[*binding]]\": " + badName),
        // Found by trying every ASCII character and a few others after `[`, `[[` and in values.
        CrashInput("[general]\nsensitivity = \"firm\"\n[\n", line: 3, "invalid table header \"[\": a table header needs a name"),
        CrashInput("[ \n", "invalid table header \"[ \": a table header needs a name"),
        CrashInput("[\r\n", "invalid table header \"[\": a table header needs a name"),
        CrashInput("[[[x]]]\n", "invalid table header \"[[[x]]]\": " + badName),
        CrashInput("[ = 1\n", "invalid table header \"[ = 1\": " + badName),
        CrashInput("\u{FEFF}[(\n", "invalid table header \"[(\": " + badName),
        CrashInput("[\u{301}x]\n", "invalid table header \"[\u{301}x]\": " + badName),
        CrashInput("a = [}\n", "\"}\" closes an array; arrays close with \"]\""),
        CrashInput("a = [1, }\n", "\"}\" closes an array; arrays close with \"]\""),
        CrashInput("a = {b = [}]}\n", "\"}\" closes an array; arrays close with \"]\""),
        CrashInput("a = [\n  1,\n}\n", line: 3, "\"}\" closes an array; arrays close with \"]\""),
        CrashInput("a = [\u{2028}]\n", "a Unicode line separator outside a string; TOML lines end with \"\\n\""),
        CrashInput("a = [\u{85}]\n", "a Unicode line separator outside a string; TOML lines end with \"\\n\""),
    ]

    @Test(arguments: crashInputs)
    func refusesWhatWouldAbortTOMLKit(_ input: CrashInput) {
        let load = Configuration.parse(input.text, file: "x.toml", lookups: .fake())
        #expect(load.diagnostics.map(\.description) == ["x.toml:\(input.line): \(input.message)"])
        #expect(!load.isValid)
        // The intents' own entry point goes through the same gate.
        #expect(IntentConfigParser.parse(text: input.text, file: "x.toml").errors.count == 1)
    }

    /// The bad header quoted in the message is cut at 40 scalars, however few characters
    /// they make (one letter and 100,000 combining accents is one character).
    @Test func aBadHeaderIsQuotedCutAtItsBoundInScalars() {
        let header = "[(e" + String(repeating: "\u{301}", count: 100_000) + "]\n"
        let message = Configuration.parse(header, file: "x.toml", lookups: .fake()).diagnostics.first?.description ?? ""
        #expect(message.hasPrefix("x.toml:1: invalid table header ") && message.unicodeScalars.count < 300,
                "\(message.unicodeScalars.count) scalars")
    }

    /// What looks like a bad header inside a string or an array is not a header, and what
    /// looks like a bad value inside a string is not a value: valid files stay valid.
    @Test func leavesStringsAndArraysAlone() {
        let text = """
            [[quick-action]]
            type = "a"
            title = \"\"\"
            [(
            a = [}
            \"\"\"
            [[binding]]
            gesture = "tap"
            exec = [
              "[(", "}", # [=]
              "\u{2028}",
            ]
            """
        #expect(TOMLScanner.check(text) == nil)
    }

    /// Issue 12: 20 KB of `a.a.a…` took 4 s and 1.2 GB in the source map. Refused at once.
    @Test func refusesDeeplyDottedKeys() {
        let key = Array(repeating: "a", count: 10_000).joined(separator: ".")
        let load = Configuration.parse("\(key) = 1\n", file: "deep.toml", lookups: .fake())
        #expect(load.diagnostics.map(\.description) == ["deep.toml:1: a key of 10000 dotted parts; at most 64 are allowed"])
        let header = Configuration.parse("[general]\n[\(key)]\n", file: "deep.toml", lookups: .fake())
        #expect(header.diagnostics.map(\.description) == ["deep.toml:2: a key of 10000 dotted parts; at most 64 are allowed"])
    }

    @Test func sixtyFourPartsAreStillAKey() {
        let key = Array(repeating: "a", count: 64).joined(separator: ".")
        #expect(TOMLScanner.check("\(key) = 1\n") == nil)
    }

    /// The map is a tree: a big file of long keys builds one node per written part.
    @Test func sourceMapStaysLinear() {
        var text = ""
        for i in 1...500 { text += (["k\(i)"] + Array(repeating: "a", count: 60)).joined(separator: ".") + " = 1\n" }
        let map = TOMLSourceMap(text)
        let deepest = ConfigPath((["k500"] + Array(repeating: "a", count: 60)).map(ConfigPath.Component.key))
        #expect(map.line(of: deepest) == 500)
        #expect(map.line(of: deepest / "missing") == 500)
    }

    /// CRLF files count lines as LF files do.
    @Test func crlfLines() {
        let map = TOMLSourceMap("[general]\r\nsensitivity = \"firm\"\r\n\r\n[[binding]]\r\ngesture = \"tap\"\r\n")
        #expect(map.line(of: ConfigPath.root / "general" / "sensitivity") == 2)
        #expect(map.line(of: ConfigPath.root.appending("binding").appending(index: 1) / "gesture") == 5)
    }
}
