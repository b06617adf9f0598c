import Foundation
@testable import ForceTouchCore
import Testing

/// The DICT client's pure half: the lines it sends, and the reply stream read into
/// definitions, over exchanges recorded from Debian's dictd 1.13 with dict-wn (WordNet 3.0)
/// on loopback (`Fixtures/dict/`).
struct DictClientTests {
    func recorded(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestFiles.fixture("dict/" + name)))
    }

    @Test func aRealDefineOfForceGivesWordNetsDefinition() throws {
        let reply = try DictReply.parse(try recorded("define-wn-force.reply"))
        #expect(reply.banner.hasPrefix("vm dictd 1.13.0"))
        guard case .definitions(let definitions) = reply.outcome else { Issue.record("\(reply.outcome)"); return }
        #expect(definitions.count == 1)
        let wn = try #require(definitions.first)
        #expect(wn.word == "force")
        #expect(wn.database == "wn")
        #expect(wn.databaseDescription == "WordNet (r) 3.0 (2006)")
        #expect(wn.text.hasPrefix("force\n    n 1: a powerful effect or influence; \"the force of his eloquence\n"))
        #expect(wn.text.hasSuffix("    9: take by force; \"Storm the fort\" [syn: {storm}, {force}]"))
        #expect(!wn.text.contains("\r"))
        print("dict: the recorded definition of force: \(wn.text.utf8.count) bytes, \(wn.text.split(separator: "\n").count) lines")
    }

    @Test func aRealDefineOfNoWordIsNoMatch() throws {
        let reply = try DictReply.parse(try recorded("define-wn-no-match.reply"))
        #expect(reply.outcome == .noMatch)
    }

    func stream(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\r\n" }.joined().utf8) }

    @Test func dotStuffedLinesAreUnstuffedAndSeveralDatabasesRead() throws {
        let reply = try DictReply.parse(stream([
            "220 test <x>", "250 ok", "150 2 definitions retrieved",
            #"151 "dot" wn "WordNet""#, "..bashrc is a file", "...", "", "tail", ".",
            #"151 "dot" gcide "The \"Collaborative\" Dictionary""#, "a point", ".",
            "250 ok", "221 bye",
        ]))
        guard case .definitions(let definitions) = reply.outcome else { Issue.record("\(reply.outcome)"); return }
        #expect(definitions.map(\.database) == ["wn", "gcide"])
        #expect(definitions[0].text == ".bashrc is a file\n..\n\ntail")
        #expect(definitions[1].databaseDescription == #"The "Collaborative" Dictionary"#)
        #expect(definitions[1].text == "a point")
    }

    @Test func aServersRefusalIsAnOutcomeWithItsCode() throws {
        let invalid = try DictReply.parse(stream(["220 x", "250 ok", "550 invalid database, use SHOW DB for list"]))
        #expect(invalid.outcome == .refused(code: 550, message: "invalid database, use SHOW DB for list"))
        let busy = try DictReply.parse(stream(["420 Server temporarily unavailable"]))
        #expect(busy.outcome == .refused(code: 420, message: "Server temporarily unavailable"))
    }

    func malformed(_ bytes: [UInt8]) -> DictReply.Malformed? {
        do { _ = try DictReply.parse(bytes); return nil } catch { return error }
    }

    @Test func malformedStreamsAreRefusedWithTheirLine() throws {
        let cut = try recorded("define-wn-force.reply").prefix(600)
        let cutError = try #require(malformed(Array(cut)))
        #expect(cutError.reason.contains("inside a definition's text"))
        #expect(cutError.line == 12)

        let noStatus = try #require(malformed(stream(["220 x", "hello"])))
        #expect(noStatus.line == 2)
        #expect(noStatus.text == "hello")
        #expect(noStatus.reason.contains("not a status line"))

        let badHeader = try #require(malformed(stream(["220 x", "250 ok", "150 1", #"151 "unclosed wn"#])))
        #expect(badHeader.line == 4)

        let outOfOrder = try #require(malformed(stream(["220 x", "151 \"a\" wn \"b\""])))
        #expect(outOfOrder.description == "line 2: status 151 before the reply to CLIENT: 151 \"a\" wn \"b\"")

        let notUTF8 = try #require(malformed(Array("220 x\r\n250 ok\r\n150 1\r\n151 a wn\r\n".utf8) + [0xFF, 0xFE, 0x0D, 0x0A]))
        #expect(notUTF8.line == 5)
        #expect(notUTF8.reason.hasPrefix("not text at column 1: "))
        let nul = try #require(malformed(Array("220 x\r\n250 o".utf8) + [0] + Array("k\r\n".utf8)))
        #expect(nul.line == 2)
        #expect(nul.reason.hasPrefix("not text at column 6: "))

        let escaped = try #require(malformed(Array("220 x\r\n\u{1B}[31mred\r\n".utf8)))
        #expect(escaped.text == "\\u{1b}[31mred")
    }

    @Test func repliesAreBounded() throws {
        let long = try #require(malformed(Array("220 ".utf8) + [UInt8](repeating: 0x61, count: DictReply.maximumLineBytes + 10)))
        #expect(long.reason.contains("longer than"))
        #expect(long.line == 1)

        var many = ["220 x", "250 ok", "150 99"]
        for _ in 0...DictReply.maximumDefinitions { many += [#"151 "w" wn "d""#, "t", "."] }
        let tooMany = try #require(malformed(stream(many)))
        #expect(tooMany.reason.contains("more than \(DictReply.maximumDefinitions) definitions"))

        var big = ["220 x", "250 ok", "150 1", #"151 "w" wn "d""#]
        big += Array(repeating: String(repeating: "x", count: 1000), count: DictReply.maximumTextBytes / 1000 + 1)
        let tooBig = try #require(malformed(stream(big)))
        #expect(tooBig.reason.contains("longer than \(DictReply.maximumTextBytes) bytes"))
    }

    @Test func requestLinesQuoteTheWordAndRefuseWhatWouldStartAnotherCommand() throws {
        #expect(DictRequest.client == "CLIENT forcetouch\r\n")
        #expect(DictRequest.quit == "QUIT\r\n")
        #expect(try DictRequest.define("force") == "DEFINE * \"force\"\r\n")
        #expect(try DictRequest.define("force", database: "wn") == "DEFINE wn \"force\"\r\n")
        #expect(try DictRequest.define(#"say "hi" \ bye"#) == #"DEFINE * "say \"hi\" \\ bye""# + "\r\n")
        #expect(try DictRequest.define("Größe") == "DEFINE * \"Größe\"\r\n")
        #expect(throws: DictRequest.Refusal.controlCharacter(offset: 5)) { try DictRequest.define("force\r\nQUIT") }
        #expect(throws: DictRequest.Refusal.controlCharacter(offset: 1)) { try DictRequest.define("a\nb") }
        #expect(throws: DictRequest.Refusal.controlCharacter(offset: 0)) { try DictRequest.define("\u{0}") }
        #expect(throws: DictRequest.Refusal.controlCharacter(offset: 1)) { try DictRequest.define("a\u{2028}") }
        #expect(throws: DictRequest.Refusal.emptyWord) { try DictRequest.define("") }
        #expect(throws: DictRequest.Refusal.wordTooLong(bytes: 257)) { try DictRequest.define(String(repeating: "a", count: 257)) }
        #expect(throws: DictRequest.Refusal.invalidDatabase("wn \"x\"")) { try DictRequest.define("a", database: "wn \"x\"") }
        #expect(throws: DictRequest.Refusal.invalidDatabase("")) { try DictRequest.define("a", database: "") }
    }

    @Test func aRequestsQuotedWordReadsBackAsTheWordInAServersHeader() throws {
        // The server's 151 line quotes as the client does: what one writes, the other reads.
        for word in ["force", #"a "b" c"#, #"back\slash"#, "naïve café"] {
            let quoted = try DictRequest.quoted(word)
            let header = try #require(DictReplyReader.definitionHeader(quoted + " wn \"WordNet\""))
            #expect(header.word == word)
        }
    }
}
