import Testing
@testable import ForceTouchCore
import ForceTouchProtocol

private func resolve(_ parameter: IntentParameter, _ raw: JSONValue?, confirmed: Bool = false,
                     files: Set<String> = ["/tmp/shot.png"]) -> IntentResolutionResult {
    IntentResolver.resolve(parameter, raw: raw, confirmed: confirmed, fileExists: { files.contains($0) })
}

@Suite struct IntentResolutionTests {
    @Test func successTypesTheValue() {
        #expect(resolve(IntentParameter(name: "n", type: .number), .string("2.5")) == .success(.number(2.5)))
        #expect(resolve(IntentParameter(name: "s", type: .string), .number(3)) == .success(.string("3")))
        #expect(resolve(IntentParameter(name: "f", type: .file), .string("/tmp/shot.png"))
            == .success(.file("/tmp/shot.png")))
        #expect(resolve(IntentParameter(name: "p", type: .point), .string("0.25, 0.75"))
            == .success(.point(x: 0.25, y: 0.75)))
        #expect(resolve(IntentParameter(name: "g", type: .force), .number(1.5)) == .success(.force(1.5)))
        #expect(resolve(IntentParameter(name: "b", type: .boolean), .string("yes")) == .success(.bool(true)))
    }

    @Test func needsValueWhenRequiredAndAbsent() {
        let p = IntentParameter(name: "path", type: .file, required: true)
        #expect(resolve(p, nil) == .needsValue)
        #expect(resolve(p, .null) == .needsValue)
        // A step that printed nothing, or `path=` on the command line, is no value.
        #expect(resolve(p, .string("  \n")) == .needsValue)
    }

    @Test func notRequiredWhenOptionalAndAbsent() {
        #expect(resolve(IntentParameter(name: "n", type: .number), nil) == .notRequired)
    }

    @Test func unsupportedForTheWrongTypeOrAMissingFile() {
        #expect(resolve(IntentParameter(name: "n", type: .number), .string("abc"))
            == .unsupported(reason: "\"abc\" is not a number"))
        #expect(resolve(IntentParameter(name: "f", type: .file), .string("/tmp/gone.png"))
            == .unsupported(reason: "no such file: /tmp/gone.png"))
        guard case .unsupported(let relative) = resolve(IntentParameter(name: "f", type: .file), .string("shot.png"))
        else { Issue.record("a relative path resolved"); return }
        #expect(relative.contains("absolute"))
        guard case .unsupported = resolve(IntentParameter(name: "g", type: .force), .number(-1)) else {
            Issue.record("a negative force resolved"); return
        }
        guard case .unsupported = resolve(IntentParameter(name: "p", type: .point), .string("1,2,3")) else {
            Issue.record("three coordinates resolved to a point"); return
        }
        guard case .unsupported = resolve(IntentParameter(name: "b", type: .boolean), .string("maybe")) else {
            Issue.record("maybe resolved to a boolean"); return
        }
        guard case .unsupported = resolve(IntentParameter(name: "s", type: .string), .object([:])) else {
            Issue.record("an object resolved to a string"); return
        }
    }

    @Test func disambiguationAmongSeveralMatchingChoices() {
        let engines: [IntentValue] = [.string("google"), .string("github"), .string("bing")]
        let p = IntentParameter(name: "engine", type: .string, choices: engines)
        #expect(resolve(p, .string("g")) == .disambiguation([.string("google"), .string("github")]))
        // One prefix match picks that choice; an exact one wins over prefixes.
        #expect(resolve(p, .string("GOO")) == .success(.string("google")))
        #expect(resolve(p, .string("bing")) == .success(.string("bing")))
        #expect(resolve(p, .string("yahoo")) == .unsupported(reason: "\"yahoo\" is not one of \"google\", \"github\", \"bing\""))
        // Required and absent with choices: pick among all of them.
        var required = p
        required.required = true
        #expect(resolve(required, nil) == .disambiguation(engines))
    }

    @Test func numericChoicesMatchExactly() {
        let p = IntentParameter(name: "n", type: .number, choices: [.number(1), .number(2)])
        #expect(resolve(p, .string("2")) == .success(.number(2)))
        guard case .unsupported = resolve(p, .number(3)) else { Issue.record("3 matched"); return }
    }

    @Test func confirmationRequiredUnlessConfirmed() {
        let p = IntentParameter(name: "path", type: .file, required: true, confirm: true)
        #expect(resolve(p, .string("/tmp/shot.png")) == .confirmationRequired(.file("/tmp/shot.png")))
        #expect(resolve(p, .string("/tmp/shot.png"), confirmed: true) == .success(.file("/tmp/shot.png")))
        // Nothing to confirm without a value.
        #expect(resolve(p, nil) == .needsValue)
    }

    @Test func resultNames() {
        let results: [IntentResolutionResult] = [
            .success(.bool(true)), .needsValue, .unsupported(reason: ""), .disambiguation([]),
            .confirmationRequired(.bool(true)), .notRequired,
        ]
        #expect(results.map(\.name) == [
            "success", "needs-value", "unsupported", "disambiguation", "confirmation-required", "not-required",
        ])
        #expect(results.map(\.isFailure) == [false, true, true, true, false, false])
    }

    @Test func coercionOfPointsAndFiles() throws {
        #expect(try IntentValue.coerce(.array([.number(1), .number(2)]), to: .point).get() == .point(x: 1, y: 2))
        #expect(try IntentValue.coerce(.object(["x": .number(0.5), "y": .number(0)]), to: .point).get()
            == .point(x: 0.5, y: 0))
        #expect(try IntentValue.coerce(.string("file:///tmp/a%20b.png"), to: .file).get() == .file("/tmp/a b.png"))
        #expect((try? IntentValue.coerce(.string("file://host/x"), to: .file).get()) == nil)
        #expect((try? IntentValue.coerce(.string("inf"), to: .number).get()) == nil)
        #expect((try? IntentValue.coerce(.bool(true), to: .number).get()) == nil)
    }

    @Test func valuesAsJSONAndText() {
        #expect(IntentValue.point(x: 0.25, y: 1).json == "{\"x\":0.25,\"y\":1}")
        #expect(IntentValue.point(x: 0.25, y: 1).text == "0.25,1")
        #expect(IntentValue.file("/a \"b\"").json == "\"/a \\\"b\\\"\"")
        #expect(IntentValue.force(2).json == "2")
        #expect(IntentValue.bool(false).json == "false")
    }

    @Test func sourcesParseAndPrintBack() throws {
        for text in ["gesture.force", "gesture.position", "steps.1.output", "steps.previous.output",
                     "steps.screenshot.output.path", "steps.2.output.items.0", "parameters.query"] {
            #expect(try IntentParameterSource.parse(text).get().description == text)
        }
        #expect(try IntentParameterSource.parse("steps.2.output.a.b").get() == .step(.index(2), field: ["a", "b"]))
        for bad in ["gesture.pressure", "steps.1", "steps.0.output", "steps.1.result", "force", "parameters.",
                    "steps.1.output..x"] {
            #expect((try? IntentParameterSource.parse(bad).get()) == nil, "\(bad)")
        }
    }
}
