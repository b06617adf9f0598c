import Testing
@testable import ForceTouchCore

/// A configuration's blocks parsed a chunk at a time (`TOMLBlockDocument`) must mean what
/// they mean in the whole file: the same blocks, indices, lines and errors, and the same
/// syntax error when a piece does not parse.
@Suite struct TOMLBlockDocumentTests {
    private func load(_ text: String) -> ConfigurationLoad {
        Configuration.parse(text, file: "big.toml", lookups: .fake())
    }

    /// 3,000 bindings with a `[[device]]` and a `[[quick-action]]` every 100: several chunks.
    private func bigConfiguration(badBinding: Int? = nil, syntaxErrorIn: Int? = nil) -> (text: String, lines: [Int: Int]) {
        var text = "[general]\nlog-level = \"info\"\n\n"
        var lines: [Int: Int] = [:]
        var line = 4
        for i in 1...3000 {
            let gesture = i == badBinding ? "tapp" : "deep-press"
            let exec = i == syntaxErrorIn ? "[\"x\" \"y\"]" : "[\"notify-send\", \"binding \(i)\"]"
            lines[i] = line
            text += "[[binding]]\ngesture = \"\(gesture)\"\ndevice = \"touch\(i)\"\nexec = \(exec)\n\n"
            line += 5
            if i % 100 == 0 {
                text += "[[device]]\nmatch-name = \"d\(i)*\"\nbogus = 1\n\n"
                text += "[[quick-action]]\ntype = \"qa\(i)\"\ntitle = \"Q\(i)\"\nexec = [\"true\"]\n\n"
                line += 9
            }
        }
        return (text, lines)
    }

    @Test func blocksInLaterChunksKeepTheirIndexLineAndErrors() {
        let (text, lines) = bigConfiguration(badBinding: 2500)
        #expect(text.utf8.count > 4 * TOMLBlockDocument.chunkBytes)
        let load = load(text)
        let bindings = load.configuration.bindings
        #expect(bindings.count == 2999)
        for i in [1, 777, 1999, 2501, 3000] {
            let b = bindings.first { $0.index == i }
            #expect(b?.line == lines[i], "binding[\(i)]")
        }
        #expect(load.configuration.quickActions.count == 30)
        let gesture = load.diagnostics.filter { $0.key == "binding[2500].gesture" }
        #expect(gesture.count == 1)
        #expect(gesture.first?.line == (lines[2500] ?? 0) + 1)
        // Every [[device]] has an unknown key, each reported at its own line below its binding.
        let devices = load.diagnostics.filter { $0.key.hasPrefix("device[") }
        #expect(devices.map(\.key) == (1...30).map { "device[\($0)].bogus" })
        #expect(devices.last?.line == (lines[3000] ?? 0) + 7)
    }

    @Test func aSyntaxErrorInALaterChunkIsTheWholeFilesError() {
        let (text, lines) = bigConfiguration(syntaxErrorIn: 2800)
        let load = load(text)
        #expect(load.configuration.bindings.isEmpty)
        #expect(load.diagnostics.count == 1)
        #expect(load.diagnostics.first?.line == (lines[2800] ?? 0) + 3)
        #expect(load.diagnostics.first?.message.contains("parsing array") == true)
    }

    @Test func blocksComeInFileOrderAcrossNames() throws {
        let text = """
            [[device]]
            match-name = "a*"
            [[binding]]
            gesture = "tap"
            exec = ["a"]
            [binding.region]
            x = 0
            [[device]]
            match-name = "b*"
            [general]
            [[binding]]
            gesture = "tap"
            """
        let map = TOMLSourceMap(text)
        let document = try #require(TOMLBlockDocument(text, elements: map.blockElements, names: ["device", "binding"]))
        var seen: [String] = []
        #expect(document.forEachBlock { name, index, table in seen.append("\(name)[\(index)] \(table.keys.sorted())") })
        #expect(seen == ["device[1] [\"match-name\"]", "binding[1] [\"exec\", \"gesture\", \"region\"]",
                         "device[2] [\"match-name\"]", "binding[2] [\"gesture\"]"])
        // The rest keeps [general], and no block.
        #expect(document.root.keys.sorted() == ["general"])
    }

    /// Where TOML joins a name's blocks with something outside them, the file is parsed whole.
    @Test(arguments: [
        "[binding]\ngesture = \"tap\"\n[[binding]]\ngesture = \"tap\"\n",
        "binding = [{gesture = \"tap\"}]\n[[binding]]\ngesture = \"tap\"\n",
        "binding.gesture = \"tap\"\n[[binding]]\ngesture = \"tap\"\n",
    ])
    func aNameAlsoDefinedOutsideItsBlocksIsNotSplit(text: String) {
        #expect(TOMLBlockDocument(text, elements: TOMLSourceMap(text).blockElements, names: ["binding"]) == nil)
        let load = load(text)
        #expect(load.diagnostics.first?.message.contains("redefine") == true)
    }

    @Test func aSubtableAwayFromItsBlockStillBelongsToTheLastBlock() {
        let text = "[[binding]]\ngesture = \"tap\"\nexec = [\"a\"]\n[general]\n[binding.region]\nx = 0\n"
        let load = load(text)
        #expect(load.diagnostics.map(\.key) == ["binding[1].region"])
        #expect(load.diagnostics.first?.line == 5)
    }
}
