import Testing
@testable import ForceTouchCore

private let definition = IntentDefinition(
    name: "pin",
    parameters: [
        IntentParameter(name: "where", type: .point), IntentParameter(name: "count", type: .number),
        IntentParameter(name: "loud", type: .boolean), IntentParameter(name: "file", type: .file),
        IntentParameter(name: "force", type: .force), IntentParameter(name: "query", type: .string),
    ],
    body: .handler(["pin"]))

@Suite struct IntentArgumentsTests {
    @Test func valuesAreTypedByTheirParameter() throws {
        let parsed = try IntentArguments.parse(
            ["where=0.5,0.25", "count=3", "loud=on", "file=/tmp/a b.png", "force=1.5", "query=a=b"], for: definition)
        #expect(parsed == [
            "where": .object(["x": .number(0.5), "y": .number(0.25)]), "count": .number(3), "loud": .bool(true),
            "file": .string("/tmp/a b.png"), "force": .number(1.5),
            // Split at the first "=": the rest is the value.
            "query": .string("a=b"),
        ])
    }

    @Test func anEmptyValueIsNoValue() throws {
        #expect(try IntentArguments.parse(["count="], for: definition) == ["count": .string("")])
    }

    @Test(arguments: [
        (["count"], "expected key=value, not \"count\""),
        (["=3"], "expected key=value, not \"=3\""),
        (["cont=3"], "intent \"pin\" has no parameter \"cont\"; did you mean \"count\"?"),
        (["zzz=3"], "intent \"pin\" has no parameter \"zzz\" (it has \"where\", \"count\", \"loud\", \"file\", \"force\", \"query\")"),
        (["count=1", "count=2"], "\"count\" is given twice"),
        (["count=abc"], "count: \"abc\" is not a number"),
        (["where=1"], "where: \"1\" is not a point; expected \"x,y\", [x, y] or {\"x\": …, \"y\": …}"),
        (["loud=maybe"], "loud: \"maybe\" is not a boolean (true/false, yes/no, on/off, 1/0)"),
        (["file=a.png"], "file: \"a.png\" is not an absolute path"),
        (["force=-1"], "force: a force cannot be negative (-1)"),
    ])
    func badArguments(arguments: [String], message: String) {
        #expect(throws: IntentArgumentError(message)) { try IntentArguments.parse(arguments, for: definition) }
    }
}
