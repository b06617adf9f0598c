import ForceTouchEngine
import ForceTouchProtocol
import FoundationEssentials
import Testing
@testable import ForceTouchCore

/// An interactive run (the overlay's intent window, SPEC §11, "The intent window"): what it asks instead of
/// stopping, and how the answers go on; and the `[[intent]]` keys the window shows.
@Suite struct IntentQuestionTests {
    let greet = IntentDefinition(
        name: "greet",
        parameters: [IntentParameter(name: "text", type: .string, source: .value(.string("hello")), confirm: true)],
        body: .handler(["say"]))
    let pick = IntentDefinition(
        name: "pick",
        parameters: [IntentParameter(name: "colour", type: .string, required: true,
                                     choices: [.string("red"), .string("green"), .string("blue")])],
        body: .handler(["paint"]))

    /// Steps until the run asks, runs a program (answered by `handler`) or finishes.
    func drive(_ run: inout IntentRun, handler: (ExecSpec) -> (Int32, String) = { _ in (0, "") }) -> IntentStep {
        while true {
            let step = run.next()
            switch step {
            case .resolved, .responded: continue
            case .runConfirm(let spec), .runHandler(let spec):
                let (status, out) = handler(spec)
                run.deliver(exitStatus: status, stdout: Array(out.utf8))
            case .ask, .finished: return step
            }
        }
    }

    @Test func withoutAConfirmHandlerAnInteractiveRunAsksWithThePromptFilledIn() throws {
        var definition = greet
        definition.title = "Send greeting"
        definition.prompt = "Send “{text}” to Alice? {unknown} stays"
        var run = IntentRun(definition: definition, interactive: true, fileExists: { _ in false })
        guard case .ask(let q) = drive(&run) else { Issue.record("no question"); return }
        #expect(q.kind == .confirm && q.title == "Send greeting" && q.parameter == "text")
        #expect(q.prompt == "Send “hello” to Alice? {unknown} stays")
        #expect(run.isAwaitingAnswer)
        // Asked again until answered.
        #expect(run.next() == .ask(q))
        run.answer(.confirmed(true))
        var ran: [String: String] = [:]
        guard case .finished(let outcome) = drive(&run, handler: { spec in
            ran = spec.environment
            return (0, "Sent")
        }) else { Issue.record("not finished"); return }
        #expect(outcome.code == .success && outcome.output == .string("Sent"))
        #expect(ran["FORCETOUCH_PARAM_TEXT"] == "hello")
        #expect(outcome.results.first?.stage == .confirm && outcome.results.first?.code == .ready)
    }

    @Test func cancelStopsTheRunAsNotConfirmed() {
        var run = IntentRun(definition: greet, interactive: true, fileExists: { _ in false })
        guard case .ask = drive(&run) else { Issue.record("no question"); return }
        run.answer(.confirmed(false))
        guard case .finished(let outcome) = drive(&run, handler: { _ in
            Issue.record("the handler ran")
            return (0, "")
        }) else { Issue.record("not finished"); return }
        #expect(outcome.code == .failure)
        #expect(outcome.message == "intent \"greet\" was not confirmed (cancelled in the intent window)")
    }

    @Test func notInteractiveTheRunStopsAsBefore() {
        var run = IntentRun(definition: greet, fileExists: { _ in false })
        guard case .finished(let outcome) = drive(&run) else { Issue.record("it asked"); return }
        #expect(outcome.code == .failure && outcome.stoppedAt?.parameter == "text")
    }

    @Test func aDisambiguationOffersTheChoicesAndRunsWithThePickedOne() {
        var run = IntentRun(definition: pick, interactive: true, fileExists: { _ in false })
        guard case .ask(let q) = drive(&run) else { Issue.record("no question"); return }
        #expect(q.kind == .choose && q.parameter == "colour" && q.choices == ["red", "green", "blue"])
        #expect(q.message(id: 4, timeout: 30).event == "intent-choose")
        run.answer(.confirmed(true))  // no answer to a choice: ignored
        #expect(run.isAwaitingAnswer)
        run.answer(.value("green"))
        var colour: String?
        guard case .finished(let outcome) = drive(&run, handler: { spec in
            colour = spec.environment["FORCETOUCH_PARAM_COLOUR"]
            return (0, "")
        }) else { Issue.record("not finished"); return }
        #expect(colour == "green" && outcome.code == .success)
    }

    @Test func aMissingValueIsTypedAndATypedValueNotFittingAsksAgainOrStops() {
        let definition = IntentDefinition(
            name: "count", parameters: [IntentParameter(name: "n", type: .number, required: true)], body: .handler(["c"]))
        var run = IntentRun(definition: definition, interactive: true, fileExists: { _ in false })
        guard case .ask(let q) = drive(&run) else { Issue.record("no question"); return }
        #expect(q.kind == .value && q.type == .number)
        #expect(q.message(id: 1, timeout: 30).event == "intent-needs-value")
        run.answer(.value("seven"))
        // Not a number: unsupported, which no answer can mend: the run stops saying why.
        guard case .finished(let outcome) = drive(&run) else { Issue.record("asked again"); return }
        #expect(outcome.code == .failure && (outcome.message ?? "").contains("not a number"))

        var again = IntentRun(definition: definition, interactive: true, fileExists: { _ in false })
        _ = drive(&again)
        again.answer(.value("7"))
        var n: String?
        _ = drive(&again) { spec in n = spec.environment["FORCETOUCH_PARAM_N"]; return (0, "") }
        #expect(n == "7")
    }

    @Test func theWindowKeysAreReadAndCheckedAndTheRestStaysOptional() {
        let text = """
            [[intent]]
            name = "greet"
            title = "Send greeting"
            prompt = "Send {text}?"
            app = "org.gnome.TextEditor.desktop"
            handler = ["say"]

            [[intent]]
            name = "plain"
            handler = ["say"]
            """
        let (intents, errors) = IntentConfigParser.parse(text: text, file: "t.toml")
        #expect(errors.isEmpty)
        #expect(intents.first?.title == "Send greeting" && intents.first?.prompt == "Send {text}?")
        #expect(intents.first?.app == "org.gnome.TextEditor.desktop")
        #expect(intents.last?.title == nil && intents.last?.app == nil && intents.last?.displayTitle == "plain")

        let bad = IntentConfigParser.parse(text: """
            [[intent]]
            name = "x"
            app = "/usr/bin/gedit"
            handler = ["say"]
            """, file: "t.toml")
        #expect(bad.intents.isEmpty)
        #expect(bad.errors.first.map { "\($0)" }?.contains("intent[1].app") == true)
    }
}
