import Testing
@testable import ForceTouchCore
import ForceTouchProtocol

private func parse(_ text: String) -> (intents: [IntentDefinition], errors: [ConfigError]) {
    IntentConfigParser.parse(text: text, file: "test.toml")
}

/// The 1-based line holding `# <-`.
private func markedLine(_ text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0.contains("# <-") } ?? -1) + 1
}

struct InvalidIntent: CustomTestStringConvertible, Sendable {
    var key: String
    var message: String
    var text: String
    var testDescription: String { "\(key): \(message)" }
    init(_ key: String, _ message: String, _ text: String) {
        self.key = key
        self.message = message
        self.text = text
    }
}

private let shot = """
    [[intent]]
    name = "shot"
    handler = ["shoot"]
    """

let invalidIntents: [InvalidIntent] = [
    .init("intent", "write each intent as [[intent]]", """
        [intent]   # <-
        name = "x"
        """),
    .init("intent[1].handlr", "unknown key; did you mean \"handler\"?", """
        [[intent]]
        name = "x"
        handlr = ["x"]   # <-
        """),
    .init("intent[1]", "needs a \"name\"", """
        [[intent]]   # <-
        handler = ["x"]
        """),
    .init("intent[1].name", "\"2fast\" is not an intent name", """
        [[intent]]
        name = "2fast"   # <-
        handler = ["x"]
        """),
    .init("intent[2].name", "intent \"shot\" is already defined at line 1", shot + """

        [[intent]]
        name = "shot"   # <-
        handler = ["x"]
        """),
    .init("intent[1]", "needs a \"handler\" (an argv array) or \"steps\"", """
        [[intent]]   # <-
        name = "x"
        """),
    .init("intent[2].steps", "either a handler or steps, not both", shot + """

        [[intent]]
        name = "x"
        handler = ["x"]
        steps = ["shot"]   # <-
        """),
    .init("intent[1].handler", "expected an argv array", """
        [[intent]]
        name = "x"
        handler = "x --flag"   # <-
        """),
    .init("intent[1].confirm", "needs a program", """
        [[intent]]
        name = "x"
        handler = ["x"]
        confirm = []   # <-
        """),
    .init("intent[1].timeout", "greater than 0", """
        [[intent]]
        name = "x"
        handler = ["x"]
        timeout = 0   # <-
        """),
    .init("intent[1].steps", "must name at least one intent", """
        [[intent]]
        name = "x"
        steps = []   # <-
        """),
    // Parameters
    .init("intent[1].parameters.p.type", "unknown type \"integer\"; expected \"string\", \"number\"", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "integer"   # <-
        """),
    .init("intent[1].parameters.p", "needs a \"type\"", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]   # <-
        source = "gesture.force"
        """),
    .init("intent[1].parameters.p.sorce", "unknown key; did you mean \"source\"?", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "number"
        sorce = "gesture.force"   # <-
        """),
    .init("intent[1].parameters.p.source", "unknown source \"gesture.pressure\"", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "force"
        source = "gesture.pressure"   # <-
        """),
    .init("intent[1].parameters.p.source", "gesture.position cannot fill a number parameter; it fits \"point\"", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "number"
        source = "gesture.position"   # <-
        """),
    .init("intent[1].parameters.p.source", "only for the parameters of a chain's steps", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "number"
        source = "parameters.q"   # <-
        """),
    .init("intent[1].parameters.p.source", "steps are counted from 1", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "file"
        source = "steps.0.output"   # <-
        """),
    .init("intent[1].parameters.p.source", "no intent is named \"shoot\"", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "file"
        source = "steps.shoot.output"   # <-
        """),
    .init("intent[1].parameters.p.value", "not a number: \"many\" is not a number", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "number"
        value = "many"   # <-
        """),
    .init("intent[1].parameters.p.source", "from \"value\" or from \"source\", not both", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "number"
        value = 1
        source = "gesture.x"   # <-
        """),
    .init("intent[1].parameters.p.default", "this parameter has no source", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "number"
        default = 1   # <-
        """),
    .init("intent[1].parameters.p.default", "not a point", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "point"
        source = "gesture.position"
        default = [1, 2, 3]   # <-
        """),
    .init("intent[1].parameters.p.choices", "not a boolean", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "boolean"
        choices = [true, "perhaps"]   # <-
        """),
    .init("intent[1].parameters.p.value", "\"g\" does not pick one of the choices (\"google\", \"github\")", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "string"
        value = "g"   # <-
        choices = ["google", "github"]
        """),
    .init("intent[1].parameters.p.required", "expected true or false, found a string", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.p]
        type = "string"
        required = "yes"   # <-
        """),
    .init("intent[1].parameters.a b", "\"a b\" is not a parameter name", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters."a b"]   # <-
        type = "string"
        """),
    .init("intent[1].parameters.a_b", "clashes with parameter \"a-b\": both would be FORCETOUCH_PARAM_A_B", """
        [[intent]]
        name = "x"
        handler = ["x"]
        [intent.parameters.a-b]
        type = "string"
        [intent.parameters.a_b]   # <-
        type = "string"
        """),
    // Steps
    .init("intent[2].steps[2]", "no intent is named \"shoot\"; did you mean \"shot\"?", shot + """

        [[intent]]
        name = "x"
        steps = ["shot", "shoot"]   # <-
        """),
    .init("intent[2].steps[1].parameters.path", "intent \"shot\" has no parameter \"path\"", shot + """

        [[intent]]
        name = "x"
        steps = [{ intent = "shot", parameters = { path = "gesture.x" } }]   # <-
        """),
    .init("intent[2].steps[1].parameters.p", "for a literal string write { value = \"hello\" }", shot + """

        [[intent]]
        name = "x"
        steps = [{ intent = "shot", parameters = { p = "hello" } }]   # <-
        """),
    .init("intent[3].steps[2].parameters.path", "step 2 can only use the output of an earlier step, not of step 2", shot + """

        [[intent]]
        name = "use"
        handler = ["use"]
        [intent.parameters.path]
        type = "file"

        [[intent]]
        name = "x"
        steps = ["shot", { intent = "use", parameters = { path = "steps.2.output" } }]   # <-
        """),
    .init("intent[3].steps[1].parameters.path", "the first step has no previous step", shot + """

        [[intent]]
        name = "use"
        handler = ["use"]
        [intent.parameters.path]
        type = "file"

        [[intent]]
        name = "x"
        steps = [{ intent = "use", parameters = { path = "steps.previous.output" } }]   # <-
        """),
    .init("intent[3].steps[3].parameters.path", "\"shot\" runs in 2 earlier steps; name the step by its number", shot + """

        [[intent]]
        name = "use"
        handler = ["use"]
        [intent.parameters.path]
        type = "file"

        [[intent]]
        name = "x"
        steps = ["shot", "shot", { intent = "use", parameters = { path = "steps.shot.output" } }]   # <-
        """),
    .init("intent[3].steps[2].parameters.path", "not a file: expected a file path, got a number", shot + """

        [[intent]]
        name = "use"
        handler = ["use"]
        [intent.parameters.path]
        type = "file"

        [[intent]]
        name = "x"
        steps = ["shot", { intent = "use", parameters = { path = 3 } }]   # <-
        """),
    .init("intent[3].steps[1].parameters.path", "intent \"x\" has no parameter \"where\"", shot + """

        [[intent]]
        name = "use"
        handler = ["use"]
        [intent.parameters.path]
        type = "file"

        [[intent]]
        name = "x"
        steps = [{ intent = "use", parameters = { path = "parameters.where" } }]   # <-
        """),
    .init("intent[1].steps[1]", "steps loop: \"x\" → \"x\"", """
        [[intent]]
        name = "x"
        steps = ["x"]   # <-
        """),
    .init("intent[1].steps[1]", "steps loop: \"a\" → \"b\" → \"c\" → \"a\"", """
        [[intent]]
        name = "a"
        steps = ["b"]   # <-

        [[intent]]
        name = "b"
        steps = ["shot", "c"]

        [[intent]]
        name = "c"
        steps = ["a"]
        """ + "\n" + shot),
    .init("intent[2].steps[1]", "intent \"broken\" has errors, so this chain cannot run", """
        [[intent]]
        name = "broken"
        handler = "oops"

        [[intent]]
        name = "x"
        steps = ["broken"]   # <-
        """),
]

@Suite struct IntentConfigTests {
    @Test(arguments: invalidIntents)
    func eachRuleNamesItsKeyAndLine(_ c: InvalidIntent) {
        let (_, errors) = parse(c.text)
        let match = errors.first { $0.key == c.key && $0.message.contains(c.message) }
        #expect(match != nil, "expected \(c.key): …\(c.message)…; got \(errors.map(\.description))")
        #expect(match?.line == markedLine(c.text), "\(errors.map(\.description))")
        #expect(match?.file == "test.toml")
    }

    @Test func anIntentWithAnErrorIsDroppedAndTheOthersLoad() {
        let (intents, errors) = parse(shot + """

            [[intent]]
            name = "bad"
            handler = ["x"]
            [intent.parameters.p]
            type = "colour"
            """)
        #expect(intents.map(\.name) == ["shot"])
        #expect(errors.map(\.description) == [
            "test.toml:8: intent[2].parameters.p.type: unknown type \"colour\"; expected \"string\", \"number\", "
                + "\"boolean\", \"file\", \"point\" or \"force\"",
        ])
    }

    @Test func aLoopDropsEveryIntentInItAndIsReportedOnce() {
        let (intents, errors) = parse("""
            [[intent]]
            name = "a"
            steps = ["b"]

            [[intent]]
            name = "b"
            steps = ["a"]

            [[intent]]
            name = "c"
            steps = ["a"]
            """ + "\n" + shot)
        #expect(intents.map(\.name) == ["shot"])
        #expect(errors.map(\.description) == [
            "test.toml:3: intent[1].steps[1]: steps loop: \"a\" → \"b\" → \"a\"",
            "test.toml:11: intent[3].steps[1]: intent \"a\" has errors, so this chain cannot run",
        ])
    }

    @Test func aDiamondIsNotALoop() {
        let (intents, errors) = parse(shot + """

            [[intent]]
            name = "twice"
            steps = ["shot", "shot"]

            [[intent]]
            name = "top"
            steps = ["twice", "shot", "twice"]
            """)
        #expect(errors.isEmpty, "\(errors.map(\.description))")
        #expect(intents.map(\.name) == ["shot", "twice", "top"])
    }

    @Test func everythingReadsIntoTheModel() throws {
        let (intents, errors) = parse("""
            [[intent]]
            name = "shot"
            handler = ["shoot", "--png"]

            [[intent]]
            name = "search"
            handler = ["search"]
            confirm = ["ask", "sure?"]
            timeout = 12
            [intent.parameters.path]
            type = "file"
            source = "steps.previous.output.path"
            required = true
            confirm = true
            [intent.parameters.engine]
            type = "string"
            value = "google"
            choices = ["google", "bing"]
            [intent.parameters.at]
            type = "point"
            source = "gesture.position"
            default = { x = 0.5, y = 0.5 }

            [[intent]]
            name = "both"
            steps = [
                "shot",
                { intent = "search", parameters = { path = "steps.shot.output", engine = { value = "bing" }, at = [0, 1] } },
            ]
            """)
        #expect(errors.isEmpty, "\(errors.map(\.description))")
        #expect(intents.count == 3)
        #expect(intents[0] == IntentDefinition(name: "shot", body: .handler(["shoot", "--png"]), line: 1))
        let search = intents[1]
        #expect(search.confirm == ["ask", "sure?"])
        #expect(search.timeout == 12)
        #expect(search.line == 5)
        // In the order written, not TOML's sorted order.
        #expect(search.parameters == [
            IntentParameter(name: "path", type: .file, required: true, source: .step(.previous, field: ["path"]),
                            confirm: true),
            IntentParameter(name: "engine", type: .string, source: .value(.string("google")),
                            choices: [.string("google"), .string("bing")]),
            IntentParameter(name: "at", type: .point, source: .gesture(.position), defaultValue: .point(x: 0.5, y: 0.5)),
        ])
        #expect(intents[2].steps == [
            IntentChainStep(intent: "shot"),
            IntentChainStep(intent: "search", parameters: [
                "path": .step(.name("shot"), field: []), "engine": .value(.string("bing")),
                "at": .value(.array([.number(0), .number(1)])),
            ]),
        ])
    }

    @Test func theExampleFileIsValid() throws {
        let url = TestFiles.packageRoot.appendingPathComponent("config/examples/intents.toml")
        let (intents, errors) = IntentConfigParser.parse(text: try TestFiles.text(url), file: "intents.toml")
        #expect(errors.isEmpty, "\(errors.map(\.description))")
        #expect(intents.map(\.name) == ["screenshot", "search-image", "search-screenshot", "pin-note", "trash-file"])
    }

    @Test func theExamplePipelineRuns() throws {
        let url = TestFiles.packageRoot.appendingPathComponent("config/examples/intents.toml")
        let (intents, _) = IntentConfigParser.parse(text: try TestFiles.text(url), file: "intents.toml")
        let chain = try #require(intents.first { $0.name == "search-screenshot" })
        var run = IntentRun(definition: chain, intents: intents, fileExists: { $0 == "/tmp/tmp.X.png" })
        var ran: [[String]] = []
        while true {
            switch run.next() {
            case .runConfirm(let spec), .runHandler(let spec):
                ran.append(spec.argv)
                if spec.argv[0] == "my-image-search" {
                    #expect(JSONValue.parse(spec.stdin)?.value(at: ["parameters"]) == .object([
                        "path": .string("/tmp/tmp.X.png"), "engine": .string("duckduckgo"),
                    ]))
                }
                run.deliver(exitStatus: 0, stdout: Array((spec.argv[0] == "sh" ? "/tmp/tmp.X.png\n" : "").utf8))
            case .finished(let o):
                #expect(o.code == .success, "\(o.message ?? "")")
                #expect(ran.map(\.[0]) == ["sh", "zenity", "my-image-search"])
                return
            case .resolved, .responded:
                continue
            case .ask(let q):
                Issue.record("a run that is not interactive asked \(q)")
                return
            }
        }
    }
}
