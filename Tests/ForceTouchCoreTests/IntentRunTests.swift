import Foundation
import Testing
@testable import ForceTouchCore
@testable import ForceTouchEngine
import ForceTouchProtocol

/// What a stub program answers: exit status and stdout.
private typealias Stub = @Sendable (ExecSpec) -> (Int32, String)

/// Plays the daemon: runs `next()` to the end, answering each program with the stub for its
/// argv[0] (an unknown one fails the test), and returns every step in order.
private func drive(_ run: inout IntentRun, _ stubs: [String: Stub] = [:]) -> [IntentStep] {
    var steps: [IntentStep] = []
    for _ in 0..<100 {
        let step = run.next()
        steps.append(step)
        switch step {
        case .finished:
            return steps
        case .runConfirm(let spec), .runHandler(let spec):
            guard let stub = stubs[spec.argv[0]] else {
                Issue.record("unexpected program \(spec.argv)")
                run.deliver(exitStatus: 127, stdout: Data())
                continue
            }
            let (status, out) = stub(spec)
            run.deliver(exitStatus: status, stdout: Data(out.utf8))
        case .resolved, .responded:
            continue
        case .ask(let q):
            Issue.record("a run that is not interactive asked \(q)")
            return steps
        }
    }
    Issue.record("the run never finished")
    return steps
}

private func outcome(_ steps: [IntentStep]) -> IntentOutcome? {
    if case .finished(let o)? = steps.last { o } else { nil }
}

private func specs(_ steps: [IntentStep]) -> [ExecSpec] {
    steps.compactMap {
        switch $0 {
        case .runConfirm(let s), .runHandler(let s): s
        default: nil
        }
    }
}

private func resolutions(_ steps: [IntentStep]) -> [ParameterResolution] {
    steps.flatMap { step -> [ParameterResolution] in if case .resolved(let r) = step { r } else { [] } }
}

private let files: Set<String> = ["/tmp/shot.png", "/tmp/other.png"]
private let exists: @Sendable (String) -> Bool = { files.contains($0) }

private func reply(_ status: Int32, _ out: String = "") -> Stub { { _ in (status, out) } }

private let pressEvent = GestureEvent(gesture: .deepPress, phase: .changed, fingers: 2, time: Timestamp(seconds: 1.5),
                                      x: 0.25, y: 0.75, force: 3.5, stage: .pop)

private let screenshot = IntentDefinition(name: "screenshot", body: .handler(["shoot"]))
private let searchImage = IntentDefinition(
    name: "search-image",
    parameters: [
        IntentParameter(name: "path", type: .file, required: true, source: .step(.previous, field: [])),
        IntentParameter(name: "engine", type: .string, source: .value(.string("google"))),
    ],
    body: .handler(["search"]))
private let searchScreenshot = IntentDefinition(
    name: "search-screenshot", body: .steps([IntentChainStep(intent: "screenshot"), IntentChainStep(intent: "search-image")]))
private let catalog = [screenshot, searchImage, searchScreenshot]

@Suite struct IntentRunTests {
    @Test func aHandlerGetsTheParametersAndItsAnswerIsTheOutcome() throws {
        let definition = IntentDefinition(
            name: "pin-note",
            parameters: [
                IntentParameter(name: "where", type: .point, source: .gesture(.position)),
                IntentParameter(name: "pressure", type: .force, source: .gesture(.force)),
                IntentParameter(name: "device", type: .string, source: .gesture(.device)),
                IntentParameter(name: "text", type: .string, required: true),
                IntentParameter(name: "tag", type: .string),
            ],
            body: .handler(["notes", "pin"]), timeout: 4)
        let arguments = try IntentArguments.parse(["text=hello \"world\""], for: definition)
        var run = IntentRun(definition: definition, event: pressEvent, deviceName: "Wacom Pen",
                            arguments: arguments, fileExists: exists)
        let steps = drive(&run, ["notes": reply(0, "{\"code\":\"success\",\"output\":{\"id\":7},\"message\":\"pinned\"}")])

        guard case .resolved(let rs) = steps[0] else { Issue.record("no resolution first"); return }
        #expect(rs.map(\.result) == [
            .success(.point(x: 0.25, y: 0.75)), .success(.force(3.5)), .success(.string("Wacom Pen")),
            .success(.string("hello \"world\"")), .notRequired,
        ])
        #expect(rs.map(\.source) == ["gesture.position", "gesture.force", "gesture.device", "argument", nil])

        guard case .runHandler(let spec) = steps[1] else { Issue.record("no handler"); return }
        #expect(spec.argv == ["notes", "pin"])
        #expect(spec.timeout == 4)
        #expect(spec.stage == .handle)
        let input = try #require(JSONValue.parse(spec.stdin))
        #expect(spec.stdin.hasSuffix("}\n"))
        #expect(input.value(at: ["intent"]) == .string("pin-note"))
        #expect(input.value(at: ["step"]) == .number(0))
        #expect(input.value(at: ["chain"]) == nil)
        #expect(input.value(at: ["stage"]) == .string("handle"))
        #expect(input.value(at: ["parameters"]) == .object([
            "where": .object(["x": .number(0.25), "y": .number(0.75)]), "pressure": .number(3.5),
            "device": .string("Wacom Pen"), "text": .string("hello \"world\""),
        ]))
        #expect(input.value(at: ["gesture", "gesture"]) == .string("deep-press"))
        #expect(input.value(at: ["gesture", "stage"]) == .string("pop"))
        #expect(input.value(at: ["gesture", "device"]) == .string("Wacom Pen"))
        #expect(spec.environment["FORCETOUCH_INTENT"] == "pin-note")
        #expect(spec.environment["FORCETOUCH_INTENT_STEP"] == "0")
        #expect(spec.environment["FORCETOUCH_INTENT_STAGE"] == "handle")
        #expect(spec.environment["FORCETOUCH_PARAM_WHERE"] == "0.25,0.75")
        #expect(spec.environment["FORCETOUCH_PARAM_TEXT"] == "hello \"world\"")
        #expect(spec.environment["FORCETOUCH_PARAM_TAG"] == nil)
        #expect(spec.environment["FORCETOUCH_FORCE"] == "3.5")
        #expect(spec.environment["FORCETOUCH_DEVICE"] == "Wacom Pen")

        guard case .responded(let r) = steps[2] else { Issue.record("no response"); return }
        #expect(r.code == .success && r.explicit && r.exitStatus == 0)
        let o = try #require(outcome(steps))
        #expect(steps.count == 4)
        #expect(o.code == .success && o.succeeded)
        #expect(o.output == .object(["id": .number(7)]))
        #expect(o.message == "pinned")
        #expect(o.results == [r])
        // Finished stays finished.
        #expect(run.next() == .finished(o))
    }

    @Test(arguments: [(Int32(0), IntentResponseCode.success), (1, .failure), (137, .failure)])
    func withoutJSONTheExitStatusDecides(status: Int32, code: IntentResponseCode) throws {
        var run = IntentRun(definition: screenshot, fileExists: exists)
        let steps = drive(&run, ["shoot": reply(status, "/tmp/shot.png\n")])
        let o = try #require(outcome(steps))
        #expect(o.code == code)
        #expect(o.output == .string("/tmp/shot.png"))
        #expect(o.message == (status == 0 ? nil : "exited with status \(status)"))
        // No parameters: nothing to resolve, so no resolution event.
        #expect(resolutions(steps).isEmpty)
    }

    @Test(arguments: IntentResponseCode.allCases)
    func eachCodeEndsARunAsTheHandlerSaid(code: IntentResponseCode) throws {
        var run = IntentRun(definition: screenshot, fileExists: exists)
        let steps = drive(&run, ["shoot": reply(1, "{\"code\":\"\(code.rawValue)\",\"message\":\"m\"}")])
        let o = try #require(outcome(steps))
        #expect(o.code == code)
        #expect(o.message == "m")
        #expect(o.succeeded == [.success, .inProgress, .ready].contains(code))
    }

    @Test func nextRepeatsAnOutstandingRequest() {
        var run = IntentRun(definition: screenshot, fileExists: exists)
        let first = run.next()
        #expect(run.isAwaitingDelivery)
        #expect(run.next() == first)
        run.deliver(exitStatus: 0, stdout: Data())
        #expect(!run.isAwaitingDelivery)
        guard case .responded = run.next() else { Issue.record("no response after delivery"); return }
        // A stray delivery once finished changes nothing.
        guard case .finished(let o) = run.next() else { Issue.record("not finished"); return }
        run.deliver(exitStatus: 1, stdout: Data())
        #expect(run.next() == .finished(o))
    }

    // MARK: - Resolution stopping a run

    @Test func aMissingRequiredValueStopsTheRunBeforeAnyHandler() throws {
        var run = IntentRun(definition: searchImage, fileExists: exists)
        let steps = drive(&run)
        #expect(specs(steps).isEmpty)
        let o = try #require(outcome(steps))
        #expect(o.code == .failure)
        #expect(o.message == "parameter \"path\" of intent \"search-image\" needs a value")
        #expect(o.stoppedAt?.parameter == "path")
        #expect(o.stoppedAt?.result == .needsValue)
    }

    @Test func anUnsupportedValueStopsTheRunNamingTheParameter() throws {
        let definition = IntentDefinition(
            name: "zoom", parameters: [IntentParameter(name: "level", type: .number, required: true)],
            body: .handler(["zoom"]))
        var run = IntentRun(definition: definition, arguments: ["level": .string("abc")], fileExists: exists)
        let o = try #require(outcome(drive(&run)))
        #expect(o.message == "parameter \"level\" of intent \"zoom\" is unsupported: \"abc\" is not a number")
        #expect(o.stoppedAt?.result == .unsupported(reason: "\"abc\" is not a number"))
    }

    @Test func anAmbiguousValueStopsTheRunWithTheChoices() throws {
        var definition = searchImage
        definition.parameters[1].choices = [.string("google"), .string("github")]
        var run = IntentRun(definition: definition, arguments: ["path": .string("/tmp/shot.png"), "engine": .string("g")],
                            fileExists: exists)
        let steps = drive(&run)
        let o = try #require(outcome(steps))
        #expect(o.stoppedAt?.result == .disambiguation([.string("google"), .string("github")]))
        #expect(o.message?.contains("choose one of \"google\", \"github\"") == true)
        #expect(specs(steps).isEmpty)
    }

    @Test func anUnknownArgumentStopsTheRun() throws {
        var run = IntentRun(definition: screenshot, arguments: ["region": .string("1,2")], fileExists: exists)
        let steps = drive(&run)
        #expect(steps.count == 1)
        #expect(outcome(steps)?.message == "intent \"screenshot\" has no parameter \"region\"")
    }

    // MARK: - Confirmation

    private static let trash = IntentDefinition(
        name: "trash",
        parameters: [IntentParameter(name: "file", type: .file, required: true, confirm: true)],
        confirm: ["ask"], body: .handler(["gio", "trash"]))

    @Test(arguments: [(Int32(0), ""), (1, "{\"code\":\"ready\"}")])
    func aConfirmHandlerAnsweringReadyOrExitingZeroProceeds(status: Int32, out: String) throws {
        var run = IntentRun(definition: Self.trash, arguments: ["file": .string("/tmp/shot.png")], fileExists: exists)
        let steps = drive(&run, ["ask": reply(status, out), "gio": reply(0)])
        #expect(resolutions(steps).map(\.result) == [.confirmationRequired(.file("/tmp/shot.png"))])
        let ran = specs(steps)
        #expect(ran.map(\.stage) == [.confirm, .handle])
        let input = try #require(JSONValue.parse(ran[0].stdin))
        #expect(input.value(at: ["stage"]) == .string("confirm"))
        #expect(input.value(at: ["confirm"]) == .array([.string("file")]))
        #expect(input.value(at: ["parameters", "file"]) == .string("/tmp/shot.png"))
        #expect(ran[0].environment["FORCETOUCH_INTENT_STAGE"] == "confirm")
        let o = try #require(outcome(steps))
        #expect(o.code == .success)
        #expect(o.results.map(\.code) == [.ready, .success])
        #expect(o.results.map(\.stage) == [.confirm, .handle])
    }

    @Test(arguments: [(Int32(1), "", "intent \"trash\" was not confirmed: exited with status 1"),
                      (0, "{\"code\":\"failure\",\"message\":\"user said no\"}",
                       "intent \"trash\" was not confirmed (its confirm handler answered failure): user said no"),
                      (0, "{\"code\":\"success\"}",
                       "intent \"trash\" was not confirmed (its confirm handler answered success)")])
    func aConfirmHandlerRefusingStopsTheRun(status: Int32, out: String, message: String) throws {
        var run = IntentRun(definition: Self.trash, arguments: ["file": .string("/tmp/shot.png")], fileExists: exists)
        let steps = drive(&run, ["ask": reply(status, out)])
        #expect(specs(steps).map(\.stage) == [.confirm])
        let o = try #require(outcome(steps))
        #expect(o.code == .failure)
        #expect(o.message == message)
    }

    @Test func confirmationRequiredWithoutAConfirmHandlerStops() throws {
        var definition = Self.trash
        definition.confirm = nil
        var run = IntentRun(definition: definition, arguments: ["file": .string("/tmp/shot.png")], fileExists: exists)
        let steps = drive(&run)
        #expect(specs(steps).isEmpty)
        let o = try #require(outcome(steps))
        #expect(o.stoppedAt?.result == .confirmationRequired(.file("/tmp/shot.png")))
        #expect(o.message == "parameter \"file\" of intent \"trash\" requires confirmation of \"/tmp/shot.png\", "
            + "and nothing confirmed it")
    }

    @Test func aRunStartedConfirmedNeedsNoConfirmHandler() throws {
        var definition = Self.trash
        definition.confirm = nil
        var run = IntentRun(definition: definition, arguments: ["file": .string("/tmp/shot.png")], confirmed: true,
                            fileExists: exists)
        let steps = drive(&run, ["gio": reply(0)])
        #expect(resolutions(steps).map(\.result) == [.success(.file("/tmp/shot.png"))])
        #expect(outcome(steps)?.code == .success)
    }

    // MARK: - Chains

    @Test func aStepsTextOutputFeedsTheNextStep() throws {
        var run = IntentRun(definition: searchScreenshot, intents: catalog, event: pressEvent, deviceName: "pad",
                            fileExists: exists)
        let steps = drive(&run, ["shoot": reply(0, "/tmp/shot.png\n"),
                                 "search": reply(0, "{\"code\":\"success\",\"output\":\"https://example.org/r\"}")])
        let ran = specs(steps)
        #expect(ran.map(\.argv[0]) == ["shoot", "search"])
        #expect(ran.map(\.step) == [[1], [2]])
        let input = try #require(JSONValue.parse(ran[1].stdin))
        #expect(input.value(at: ["parameters", "path"]) == .string("/tmp/shot.png"))
        #expect(input.value(at: ["step"]) == .number(2))
        #expect(input.value(at: ["chain"]) == .string("search-screenshot"))
        #expect(ran[1].environment["FORCETOUCH_INTENT_CHAIN"] == "search-screenshot")
        #expect(ran[1].environment["FORCETOUCH_PARAM_PATH"] == "/tmp/shot.png")
        let rs = resolutions(steps)
        #expect(rs.map(\.step) == [[2], [2]])
        #expect(rs.first?.source == "steps.previous.output")
        let o = try #require(outcome(steps))
        #expect(o.intent == "search-screenshot")
        #expect(o.code == .success)
        #expect(o.output == .string("https://example.org/r"))
        #expect(o.results.map(\.intent) == ["screenshot", "search-image"])
    }

    @Test func jsonOutputFieldsFeedBindings() throws {
        let chain = IntentDefinition(name: "pipeline", body: .steps([
            IntentChainStep(intent: "screenshot"),
            IntentChainStep(intent: "search-image", parameters: [
                "path": .step(.name("screenshot"), field: ["files", "1"]),
                "engine": .step(.index(1), field: ["engine"]),
            ]),
        ]))
        var run = IntentRun(definition: chain, intents: catalog + [chain], fileExists: exists)
        let steps = drive(&run, [
            // No code: the JSON is the output.
            "shoot": reply(0, "{\"files\": [\"/tmp/shot.png\", \"/tmp/other.png\"], \"engine\": \"bing\"}"),
            "search": reply(0),
        ])
        let input = try #require(JSONValue.parse(specs(steps)[1].stdin))
        #expect(input.value(at: ["parameters"]) == .object([
            "path": .string("/tmp/other.png"), "engine": .string("bing"),
        ]))
        #expect(outcome(steps)?.code == .success)
    }

    @Test func aFieldOfTextOutputIsUnsupported() throws {
        let chain = IntentDefinition(name: "pipeline", body: .steps([
            IntentChainStep(intent: "screenshot"),
            IntentChainStep(intent: "search-image", parameters: ["path": .step(.previous, field: ["path"])]),
        ]))
        var run = IntentRun(definition: chain, intents: catalog, fileExists: exists)
        let steps = drive(&run, ["shoot": reply(0, "/tmp/shot.png")])
        let o = try #require(outcome(steps))
        #expect(o.stoppedAt?.result == .unsupported(
            reason: "the output of step 1 (\"screenshot\") is a string, not JSON with a field \"path\""))
        #expect(specs(steps).count == 1)
    }

    @Test func aMissingFileFromAStepIsUnsupported() throws {
        var run = IntentRun(definition: searchScreenshot, intents: catalog, fileExists: exists)
        let o = try #require(outcome(drive(&run, ["shoot": reply(0, "/tmp/nope.png")])))
        #expect(o.code == .failure)
        #expect(o.stoppedAt?.step == [2])
        #expect(o.message == "parameter \"path\" of intent \"search-image\" is unsupported: no such file: /tmp/nope.png")
    }

    @Test func inProgressCarriesOnButIsReported() throws {
        var run = IntentRun(definition: searchScreenshot, intents: catalog, fileExists: exists)
        let steps = drive(&run, ["shoot": reply(0, "{\"code\":\"in-progress\",\"output\":\"/tmp/shot.png\"}"),
                                 "search": reply(0)])
        let responses = steps.compactMap { if case .responded(let r) = $0 { r } else { nil } }
        #expect(responses.map(\.code) == [.inProgress, .success])
        let o = try #require(outcome(steps))
        #expect(o.code == .success)
        #expect(o.results.map(\.code) == [.inProgress, .success])
    }

    @Test(arguments: [IntentResponseCode.failure, .continueInApp, .failureRequiringAppLaunch, .unspecified])
    func aStoppingCodeEndsTheChain(code: IntentResponseCode) throws {
        var run = IntentRun(definition: searchScreenshot, intents: catalog, fileExists: exists)
        let steps = drive(&run, ["shoot": reply(0, "{\"code\":\"\(code.rawValue)\",\"message\":\"no display\"}")])
        #expect(specs(steps).map(\.argv[0]) == ["shoot"])
        let o = try #require(outcome(steps))
        #expect(o.code == code)
        #expect(o.message == "step 1 (\"screenshot\") answered \(code.rawValue): no display")
    }

    @Test func nestedChainsAndTheChainsOwnParameters() throws {
        let caption = IntentDefinition(
            name: "caption",
            parameters: [IntentParameter(name: "text", type: .string, required: true),
                         IntentParameter(name: "image", type: .file, required: true)],
            body: .handler(["caption"]))
        // Inner chain: screenshot, then caption it with the outer chain's own parameter.
        let inner = IntentDefinition(
            name: "shoot-and-caption",
            parameters: [IntentParameter(name: "words", type: .string, required: true)],
            body: .steps([
                IntentChainStep(intent: "screenshot"),
                IntentChainStep(intent: "caption", parameters: [
                    "text": .parameter("words"), "image": .step(.index(1), field: []),
                ]),
            ]))
        let outer = IntentDefinition(
            name: "outer",
            body: .steps([
                IntentChainStep(intent: "shoot-and-caption", parameters: ["words": .value(.string("hi"))]),
                IntentChainStep(intent: "search-image"),
            ]))
        var run = IntentRun(definition: outer, intents: catalog + [caption, inner, outer], fileExists: exists)
        let steps = drive(&run, [
            "shoot": reply(0, "/tmp/shot.png"),
            "caption": { spec in
                let text = JSONValue.parse(spec.stdin)?.value(at: ["parameters", "text"])
                return (0, text == .string("hi") ? "/tmp/other.png" : "wrong")
            },
            "search": reply(0, "found"),
        ])
        let ran = specs(steps)
        #expect(ran.map(\.argv[0]) == ["shoot", "caption", "search"])
        #expect(ran.map(\.step) == [[1, 1], [1, 2], [2]])
        #expect(JSONValue.parse(ran[1].stdin)?.value(at: ["chain"]) == .string("shoot-and-caption"))
        // The inner chain's output (caption's) is what step 2 of the outer one gets.
        #expect(JSONValue.parse(ran[2].stdin)?.value(at: ["parameters", "path"]) == .string("/tmp/other.png"))
        #expect(outcome(steps)?.output == .string("found"))
    }

    @Test func aLoopingChainIsStoppedAtRunTime() throws {
        let a = IntentDefinition(name: "a", body: .steps([IntentChainStep(intent: "b")]))
        let b = IntentDefinition(name: "b", body: .steps([IntentChainStep(intent: "a")]))
        var run = IntentRun(definition: a, intents: [a, b], fileExists: exists)
        let o = try #require(outcome(drive(&run)))
        #expect(o.code == .failure)
        #expect(o.message == "intent chain loops: \"a\" → \"b\" → \"a\"")
    }

    @Test func aDefaultFillsInForAMissingGesture() throws {
        let definition = IntentDefinition(
            name: "pin",
            parameters: [IntentParameter(name: "where", type: .point, source: .gesture(.position),
                                         defaultValue: .point(x: 0.5, y: 0.5))],
            body: .handler(["pin"]))
        var run = IntentRun(definition: definition, fileExists: exists)
        let steps = drive(&run, ["pin": reply(0)])
        #expect(resolutions(steps).map(\.result) == [.success(.point(x: 0.5, y: 0.5))])
        #expect(resolutions(steps).map(\.source) == ["default"])
        #expect(specs(steps)[0].environment["FORCETOUCH_GESTURE"] == nil)
    }

    // MARK: - Publishing

    @Test func everyStepPublishesAsOneJSONLine() throws {
        var run = IntentRun(definition: Self.trash, arguments: ["file": .string("/tmp/shot.png")], fileExists: exists)
        let steps = drive(&run, ["ask": reply(0), "gio": reply(1, "gio: oops")])
        let events = try steps.map { step in
            let line = step.json
            #expect(!line.contains("\n"))
            return try #require(JSONValue.parse(line))
        }
        #expect(events.map { $0.value(at: ["event"]) } == [
            "intent-resolved", "intent-run", "intent-response", "intent-run", "intent-response", "intent-outcome",
        ].map(JSONValue.string))
        #expect(events[0].value(at: ["parameters", "0"]) == .object([
            "name": .string("file"), "type": .string("file"), "result": .string("confirmation-required"),
            "value": .string("/tmp/shot.png"), "source": .string("argument"),
        ]))
        #expect(events[4].value(at: ["code"]) == .string("failure"))
        #expect(events[4].value(at: ["exitStatus"]) == .number(1))
        #expect(events[4].value(at: ["output"]) == .string("gio: oops"))
        #expect(events[5].value(at: ["succeeded"]) == .bool(false))
        #expect(events[5].value(at: ["results", "1", "stage"]) == .string("handle"))
        #expect(steps.map(\.text).allSatisfy { $0.hasPrefix("intent trash") })
    }

    @Test func aStoppedRunPublishesTheParameter() throws {
        var run = IntentRun(definition: searchImage, fileExists: exists)
        let line = try #require(outcome(drive(&run))).json
        let event = try #require(JSONValue.parse(line))
        #expect(event.value(at: ["parameter"]) == .string("path"))
        #expect(event.value(at: ["resolution"]) == .string("needs-value"))
        #expect(event.value(at: ["results"]) == .array([]))
    }
}
