import Foundation
import Testing
@testable import ForceTouchCore
import ForceTouchEngine

/// The in-place editor over the shipped files: a change touches only the lines it must
/// (the difference is computed, not assumed), every comment stays, and the result passes
/// the configuration's whole check, as `forcetouchd --check-config` makes it.
@Suite struct TOMLEditorTests {
    /// The lines that differ: what `before` has between the common first and last lines, and what `after` has there.
    static func difference(_ before: String, _ after: String) -> (removed: [String], added: [String]) {
        let a = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        return (Array(a[head..<(a.count - tail)]), Array(b[head..<(b.count - tail)]))
    }

    static func comments(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.drop { $0 == " " }.hasPrefix("#") }
    }

    static func check(_ text: String, _ file: String) -> ConfigurationLoad {
        Configuration.parse(text, file: file, lookups: .diskFiles)
    }

    static let shippedURL = TestFiles.packageRoot.appendingPathComponent("config/forcetouch.toml")

    @Test func sensitivityInTheShippedFileIsOneLineBesideItsComment() throws {
        let text = try TestFiles.text(Self.shippedURL)
        var editor = TOMLEditor(text)
        try editor.set("sensitivity", to: .string("firm"), in: .table(["general"]))
        let d = Self.difference(text, editor.text)
        #expect(d.removed == [] && d.added == ["sensitivity = \"firm\""])
        // Right under the commented-out example that documents it.
        let lines = editor.text.split(separator: "\n", omittingEmptySubsequences: false)
        let i = try #require(lines.firstIndex(of: "sensitivity = \"firm\""))
        #expect(lines[i - 1] == "# sensitivity = \"medium\"")
        #expect(Self.comments(editor.text) == Self.comments(text))
        let load = Self.check(editor.text, Self.shippedURL.path)
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        #expect(load.configuration.gestures.sensitivity == .firm)

        // Set again: the line is replaced; removed: the file is what it was, byte for byte.
        try editor.set("sensitivity", to: .string("light"), in: .table(["general"]))
        #expect(Self.difference(text, editor.text).added == ["sensitivity = \"light\""])
        #expect(try editor.remove("sensitivity", in: .table(["general"])))
        #expect(editor.text == text)
    }

    @Test func hapticTouchAndItsTimeGoUnderTheirExamplesInGestures() throws {
        let text = try TestFiles.text(Self.shippedURL)
        var editor = TOMLEditor(text)
        try editor.set("haptic-touch", to: .string("on"), in: .table(["gestures"]))
        try editor.set("haptic-touch-time", to: .float(0.5), in: .table(["gestures"]))
        let lines = editor.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let on = try #require(lines.firstIndex(of: "haptic-touch = \"on\""))
        #expect(lines[on - 1] == "# haptic-touch = \"auto\"")
        let time = try #require(lines.firstIndex(of: "haptic-touch-time = 0.5"))
        #expect(lines[time - 1] == "# haptic-touch-time = \"fast\"")
        #expect(lines.count == text.split(separator: "\n", omittingEmptySubsequences: false).count + 2)
        let load = Self.check(editor.text, Self.shippedURL.path)
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        #expect(load.configuration.gestures.hapticTouch == .on)
    }

    /// The shipped file documents [[quick-action]], [assistive-touch] and their keys in
    /// comments after its one binding: a key set in the binding goes under its last key, not
    /// beside a commented-out `# device = …` of another table.
    @Test func aBlocksKeyGoesInTheBlockNotBesideAnotherTablesExample() throws {
        let text = try TestFiles.text(Self.shippedURL)
        var editor = TOMLEditor(text)
        try editor.set("device", to: .string("touchscreen"), in: .entry("binding", 1))
        let lines = editor.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let i = try #require(lines.firstIndex(of: "device = \"touchscreen\""))
        #expect(lines[i - 1] == "quick-actions = true" && lines[i - 3] == "[[binding]]")
    }

    @Test func aTableTheFileDoesNotHaveIsAppendedAtTheEnd() throws {
        // The shipped file has [quick-actions] only commented out.
        let text = try TestFiles.text(Self.shippedURL)
        var editor = TOMLEditor(text)
        try editor.set("under-finger", to: .array([.string("link")]), in: .table(["quick-actions"]))
        #expect(editor.text == text + "\n[quick-actions]\nunder-finger = [\"link\"]\n")
        let load = Self.check(editor.text, Self.shippedURL.path)
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        #expect(load.configuration.quickActionSettings.underFinger == [.link])
    }

    /// Every shipped example, sensitivity set: one line added or changed, or a table of one
    /// key appended; the comments all there; the whole check passes.
    @Test(arguments: ConfigFilesTests.configFiles)
    func everyShippedFileTakesASensitivity(_ url: URL) throws {
        let text = try TestFiles.text(url)
        var editor = TOMLEditor(text)
        try editor.set("sensitivity", to: .string("light"), in: .table(["general"]))
        let d = Self.difference(text, editor.text)
        let added = d.added.filter { !$0.isEmpty }
        #expect(added.last?.hasPrefix("sensitivity = \"light\"") == true, "\(d)")
        #expect(added.count == 1 || added == ["[general]", "sensitivity = \"light\""], "\(d)")
        #expect(d.removed.allSatisfy { $0.hasPrefix("sensitivity") }, "\(d)")
        #expect(Self.comments(editor.text) == Self.comments(text))
        let load = Self.check(editor.text, url.path)
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        #expect(load.configuration.gestures.sensitivity == .light)
    }

    static let examples = TestFiles.packageRoot.appendingPathComponent("config/examples/quick-actions.toml")

    @Test func aQuickActionsKeyIsReplacedInItsBlockAlone() throws {
        let text = try TestFiles.text(Self.examples)
        var editor = TOMLEditor(text)
        try editor.set("title", to: .string("Shell"), in: .entry("quick-action", 1))
        try editor.set("subtitle", to: .string("Grab the screen"), in: .entry("quick-action", 2))
        let d = Self.difference(text, editor.text)
        #expect(d.removed.first == "title = \"Terminal\"")
        #expect(d.added.first == "title = \"Shell\"" && d.added.last == "subtitle = \"Grab the screen\"")
        #expect(d.added.count == d.removed.count + 1)
        let load = Self.check(editor.text, Self.examples.path)
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        #expect(load.configuration.quickActions.prefix(2).map(\.title) == ["Shell", "Screenshot"])
        #expect(load.configuration.quickActions[1].subtitle == "Grab the screen")
    }

    @Test func aBlockIsRemovedWithItsCommentsAndMovedWithThem() throws {
        let text = try TestFiles.text(Self.examples)
        var editor = TOMLEditor(text)
        // The second binding has no comment of its own; the third has one above it.
        try editor.removeEntry("binding", at: 3)
        let d = Self.difference(text, editor.text)
        #expect(d.added == [])
        #expect(d.removed == ["# Copy and paste with three-finger taps: two in a row type Ctrl+C then Ctrl+V.",
                              "[[binding]]", "gesture = \"tap\"", "fingers = 3",
                              "keys = [\"KEY_LEFTCTRL+KEY_C\", \"KEY_LEFTCTRL+KEY_V\"]", ""])
        #expect(Self.check(editor.text, Self.examples.path).diagnostics.isEmpty)

        var moved = TOMLEditor(text)
        try moved.moveEntry("quick-action", from: 3, to: 1)
        let load = Self.check(moved.text, Self.examples.path)
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        #expect(load.configuration.quickActions.prefix(3).map(\.type)
            == ["org.example.mail", "org.example.terminal", "org.example.screenshot"])
        // Nothing lost, nothing added: the same lines in another order, the block's comment with it.
        #expect(moved.text.split(separator: "\n").sorted() == text.split(separator: "\n").sorted())
        try moved.moveEntry("quick-action", from: 1, to: 3)
        #expect(moved.text == text)
    }

    @Test func aNewBlockGoesAfterTheLastOfItsName() throws {
        let text = try TestFiles.text(Self.examples)
        var editor = TOMLEditor(text)
        editor.appendEntry("quick-action", [("type", .string("org.example.files")), ("title", .string("Files")),
                                            ("launch", .string("org.gnome.Nautilus.desktop"))])
        let d = Self.difference(text, editor.text)
        #expect(d.removed == [])
        #expect(d.added == ["[[quick-action]]", "type = \"org.example.files\"", "title = \"Files\"",
                            "launch = \"org.gnome.Nautilus.desktop\"", ""])
        let load = Self.check(editor.text, Self.examples.path)
        #expect(load.diagnostics.isEmpty, "\(load.diagnostics)")
        #expect(TOMLEditor(editor.text).count(of: "quick-action") == 4)
        #expect(load.configuration.quickActions.map(\.type).contains("org.example.files"))
    }

    @Test func aReplacedValueKeepsItsSpellingAroundItAndItsComment() throws {
        let text = "[general]\n  haptics   =  \"auto\"   # felt on a phone\nmax-children = 8\n"
        var editor = TOMLEditor(text)
        try editor.set("haptics", to: .string("off"), in: .table(["general"]))
        #expect(editor.text == "[general]\n  haptics   =  \"off\"   # felt on a phone\nmax-children = 8\n")
    }

    @Test func aValueOnSeveralLinesIsReplacedWhole() throws {
        let text = "[quick-actions]\nunder-finger = [\n  \"app-icon\", # icons\n  \"link\",\n] # both\nmax-items = 4\n"
        var editor = TOMLEditor(text)
        try editor.set("under-finger", to: .array([.string("link")]), in: .table(["quick-actions"]))
        #expect(editor.text == "[quick-actions]\nunder-finger = [\"link\"] # both\nmax-items = 4\n")
        #expect(try editor.remove("under-finger", in: .table(["quick-actions"])))
        #expect(editor.text == "[quick-actions]\nmax-items = 4\n")
    }

    @Test func aCRLFFileAndOneWithoutAFinalNewlineStaySo() throws {
        var crlf = TOMLEditor("# mine\r\n[general]\r\nhaptics = \"auto\"\r\n")
        try crlf.set("sensitivity", to: .string("firm"), in: .table(["general"]))
        #expect(crlf.text == "# mine\r\n[general]\r\nhaptics = \"auto\"\r\nsensitivity = \"firm\"\r\n")
        var bare = TOMLEditor("[general]\nhaptics = \"auto\"")
        try bare.set("haptics", to: .string("off"), in: .table(["general"]))
        #expect(bare.text == "[general]\nhaptics = \"off\"")
        try bare.set("sensitivity", to: .string("light"), in: .table(["general"]))
        #expect(bare.text == "[general]\nhaptics = \"off\"\nsensitivity = \"light\"\n")
    }

    @Test func keysWrittenBeforeAnyHeaderAreEditedThere() throws {
        var dotted = TOMLEditor("general.sensitivity = \"light\" # mine\n[[binding]]\ngesture = \"tap\"\nnotify = \"x\"\n")
        try dotted.set("sensitivity", to: .string("firm"), in: .table(["general"]))
        #expect(dotted.text == "general.sensitivity = \"firm\" # mine\n[[binding]]\ngesture = \"tap\"\nnotify = \"x\"\n")
    }

    @Test func aByteOrderMarkBeforeTheFirstKeyStays() throws {
        var editor = TOMLEditor("\u{FEFF}general.haptics = \"auto\"\n")
        try editor.set("haptics", to: .string("off"), in: .table(["general"]))
        #expect(editor.text == "\u{FEFF}general.haptics = \"off\"\n")
    }

    @Test func whatCannotBeEditedInPlaceIsRefusedWithItsLine() throws {
        var inline = TOMLEditor("# x\ngeneral = { haptics = \"off\" }\n")
        #expect(throws: TOMLEditError(line: 2, "[general] is written as an inline table; change it by hand")) {
            try inline.set("sensitivity", to: .string("firm"), in: .table(["general"]))
        }
        var dotted = TOMLEditor("[[quick-action]]\ntype = \"a\"\ntitle.x = 1\n")
        #expect(throws: TOMLEditError(line: 3, "title in [[quick-action]] #1 is written as dotted keys; change it by hand")) {
            try dotted.set("title", to: .string("A"), in: .entry("quick-action", 1))
        }
        #expect(throws: TOMLEditError(line: 0, "there is no [[quick-action]] #2: the file has 1")) {
            try dotted.removeEntry("quick-action", at: 2)
        }
    }

    @Test func valuesAreWrittenCanonically() {
        #expect(TOMLEditValue.float(1).text == "1.0")
        #expect(TOMLEditValue.string("a \"b\"\n\\").text == #""a \"b\"\n\\""#)
        #expect(TOMLEditValue.table([("to", .string("x")), ("a b", .bool(true))]).text == #"{ to = "x", "a b" = true }"#)
        #expect(TOMLEditValue(parsing: "[ 'a' ,\"b\" ]") == .array([.string("a"), .string("b")]))
        #expect(TOMLEditValue(parsing: "firm") == nil)
        #expect(TOMLEditValue(parsing: "1979-05-27") == nil)
    }
}
