import Foundation
import ForceTouchProtocol
import Testing

/// Every op the socket has, as `forcectl` or a raw client sends it.
@Suite struct ControlRequestTests {
    static let requests: [ControlRequest] = [
        ControlRequest(.status),
        ControlRequest(.devices, id: 7),
        ControlRequest(.subscribe, id: "watcher"),
        ControlRequest(.reload),
        ControlRequest(.shortcuts(.list)),
        ControlRequest(.shortcuts(.set(items: [["type": "timer", "title": "Stop timer"]]))),
        ControlRequest(.shortcuts(.add(item: ["type": "timer", "title": "Stop", "userInfo": ["n": 2.5, "on": true]]))),
        ControlRequest(.shortcuts(.update(item: ["type": "timer", "subtitle": "now"]))),
        ControlRequest(.shortcuts(.remove(type: "timer"))),
        ControlRequest(.shortcuts(.clear)),
        ControlRequest(.perform(type: "compose")),
        ControlRequest(.intent(name: "mark", parameters: ["at": [0.25, 0.75], "label": "x"], confirmed: true), id: ["n": 1]),
        ControlRequest(.intent(name: "mark", parameters: [:], confirmed: false)),
        ControlRequest(.calibrationReset(device: "056a:0333")),
        ControlRequest(.intentAnswer(run: 3, answer: .confirmed(true))),
        ControlRequest(.intentAnswer(run: 4, answer: .value("green")), id: 2),
        ControlRequest(.intentOpen(run: 5)),
        ControlRequest(.intent(name: "greet", parameters: [:], confirmed: false), window: true),
        ControlRequest(.diagnose, id: 9),
    ]

    @Test(arguments: requests) func eachRequestRoundTrips(_ request: ControlRequest) throws {
        let line = try ProtocolJSON.string(request)
        #expect(!line.contains("\n"))
        #expect(try ControlRequest.decode(line) == request)
    }

    @Test func theWireFormatIsTheDocumentedOne() throws {
        #expect(ControlRequest(.status).json == #"{"op":"status"}"#)
        #expect(ControlRequest(.perform(type: "compose"), id: 3).json == #"{"id":3,"op":"perform","type":"compose"}"#)
        #expect(ControlRequest(.shortcuts(.remove(type: "timer"))).json == #"{"action":"remove","op":"shortcuts","type":"timer"}"#)
        #expect(ControlRequest(.calibrationReset(device: "/dev/input/event5")).json
            == #"{"device":"/dev/input/event5","op":"calibration-reset"}"#)
        #expect(ControlRequest(.intent(name: "n", parameters: ["k": "v"], confirmed: false)).json
            == #"{"confirmed":false,"name":"n","op":"intent","parameters":{"k":"v"}}"#)
    }

    @Test func theIntentWindowsAnswersHaveTheirWireFormatAndNeedARun() throws {
        #expect(ControlRequest(.intentAnswer(run: 3, answer: .confirmed(false))).json
            == #"{"confirmed":false,"op":"intent-answer","run":3}"#)
        #expect(ControlRequest(.intentAnswer(run: 3, answer: .value("green"))).json
            == #"{"op":"intent-answer","run":3,"value":"green"}"#)
        #expect(ControlRequest(.intentOpen(run: 9)).json == #"{"op":"intent-open","run":9}"#)
        #expect(ControlRequest(.intent(name: "n", parameters: [:], confirmed: false), window: true).json
            == #"{"confirmed":false,"name":"n","op":"intent","parameters":{},"window":true}"#)
        #expect(try ControlRequest.decode(#"{"op":"intent","name":"n","window":true}"#).window)
        #expect(throws: ControlRequestError.self) { try ControlRequest.decode(#"{"op":"intent","name":"n","window":1}"#) }
        #expect(throws: ControlRequestError.self) { try ControlRequest.decode(#"{"op":"intent-answer","confirmed":true}"#) }
        #expect(throws: ControlRequestError.self) { try ControlRequest.decode(#"{"op":"intent-answer","run":3}"#) }
        #expect(throws: ControlRequestError.self) { try ControlRequest.decode(#"{"op":"intent-open","run":0}"#) }
    }

    @Test func aRawClientMayLeaveOutWhatHasADefault() throws {
        #expect(try ControlRequest.decode(#"{"op":"shortcuts"}"#).operation == .shortcuts(.list))
        #expect(try ControlRequest.decode(#"{"op":"intent","name":"n"}"#).operation
            == .intent(name: "n", parameters: [:], confirmed: false))
    }

    @Test func aPointSentAsAnArrayDecodes() throws {
        let request = try ControlRequest.decode(#"{"op":"intent","name":"mark","parameters":{"at":[0.25,0.75],"b":{"x":1,"y":2},"n":3}}"#)
        guard case .intent(_, let parameters, _) = request.operation else {
            Issue.record("not an intent: \(request)")
            return
        }
        #expect(parameters["at"] == .array([.number(0.25), .number(0.75)]))
        #expect(parameters["at"]?.parameterText == "0.25,0.75")
        #expect(parameters["b"]?.parameterText == "1,2")
        #expect(parameters["n"]?.parameterText == "3")
    }

    @Test func theIdComesBackAsItWas() throws {
        #expect(try ControlRequest.decode(#"{"op":"status","id":7}"#).id == .number(7))
        #expect(try ControlRequest.decode(#"{"op":"status","id":"a/b"}"#).id == .string("a/b"))
        #expect(try ControlRequest.decode(#"{"op":"status","id":null}"#).id == .null)
        #expect(try ControlRequest.decode(#"{"op":"status"}"#).id == nil)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var line: String
        var field: String?
        var message: String
        var testDescription: String { line }
    }

    static let refusals: [Refusal] = [
        Refusal(line: "{not json}", field: nil, message: "not a JSON object"),
        Refusal(line: "[1,2]", field: nil, message: "not a JSON object"),
        Refusal(line: "\u{FFFD}\u{FFFD}", field: nil, message: "not a JSON object"),
        Refusal(line: "{}", field: "op", message: #"missing "op""#),
        Refusal(line: #"{"op":42}"#, field: "op", message: #""op" must be a string"#),
        Refusal(line: #"{"op":"nope"}"#, field: "op", message: #"unknown op "nope""#),
        Refusal(line: #"{"op":"perform"}"#, field: "type", message: #"perform needs "type""#),
        Refusal(line: #"{"op":"perform","type":""}"#, field: "type", message: #"perform needs "type""#),
        Refusal(line: #"{"op":"perform","type":5}"#, field: "type", message: #""type" must be a string"#),
        Refusal(line: #"{"op":"intent"}"#, field: "name", message: #"intent needs "name""#),
        Refusal(line: #"{"op":"intent","name":"n","parameters":[1]}"#, field: "parameters",
                message: #""parameters" must be an object"#),
        Refusal(line: #"{"op":"intent","name":"n","confirmed":"yes"}"#, field: "confirmed",
                message: #""confirmed" must be true or false"#),
        Refusal(line: #"{"op":"calibration-reset"}"#, field: "device",
                message: #"calibration-reset needs "device" (a node, a name or vendor:product)"#),
        Refusal(line: #"{"op":"shortcuts","action":"fly"}"#, field: "action", message: #"unknown shortcuts action "fly""#),
        Refusal(line: #"{"op":"shortcuts","action":"set"}"#, field: "items", message: #"set needs "items""#),
        Refusal(line: #"{"op":"shortcuts","action":"set","items":{}}"#, field: "items", message: #""items" must be an array"#),
        Refusal(line: #"{"op":"shortcuts","action":"add"}"#, field: "item", message: #"add needs "item""#),
        Refusal(line: #"{"op":"shortcuts","action":"update","item":"x"}"#, field: "item", message: #""item" must be an object"#),
        Refusal(line: #"{"op":"shortcuts","action":"remove"}"#, field: "type", message: #"remove needs "type""#),
    ]

    @Test(arguments: refusals) func errorsNameTheField(_ refusal: Refusal) {
        #expect(throws: ControlRequestError(refusal.message, field: refusal.field, id: nil)) {
            try ControlRequest.decode(refusal.line)
        }
    }

    @Test func anErrorReplyCarriesTheRequestsId() {
        do {
            _ = try ControlRequest.decode(#"{"op":"perform","id":9}"#)
            Issue.record("decoded")
        } catch {
            #expect(error.field == "type")
            #expect(error.reply.json == #"{"error":"perform needs \"type\"","id":9,"kind":"invalid-request","ok":false}"#)
        }
    }
}

@Suite struct ControlReplyTests {
    @Test func repliesRoundTrip() throws {
        var status = ControlReply.success(id: 1)
        status.status = DaemonStatus(pid: 42, devices: 1, capability: "available", bindings: 2, children: 0,
                                     subscribers: 1, uptime: 1.5, shortcuts: 3, config: nil)
        var devices = ControlReply.success(id: nil)
        devices.devices = [
            DeviceInfo(node: "/dev/input/event5", name: "Pad", deviceClass: "touchpad", capability: "available",
                       reason: "pressure", id: "056a:0333", emulated: false, maximumPossibleForce: 4,
                       calibration: .init(source: "learned", average: 31, summary: "learned from 23 touches", touches: 23)),
            DeviceInfo(node: "/dev/input/event9", capability: "unavailable", reason: "cannot open"),
        ]
        var list = ControlReply.success(id: nil)
        list.items = [["type": "timer", "kind": "dynamic"]]
        list.menu = []
        var intent = ControlReply.success(id: "x")
        intent.result = "success"
        intent.code = "success"
        intent.message = "done"
        intent.output = ["a": [1, 2]]
        var forgotten = ControlReply.success(id: nil)
        forgotten.forgotten = ["Pad"]
        for reply in [status, devices, list, intent, forgotten, .failure("no", id: nil)] {
            let decoded = try JSONDecoder().decode(ControlReply.self, from: Data(reply.json.utf8))
            #expect(decoded == reply)
        }
    }

    @Test func theWireFormatIsTheDocumentedOne() {
        var reply = ControlReply.success(id: nil)
        reply.subscribed = true
        #expect(reply.json == #"{"ok":true,"subscribed":true}"#)
        #expect(ControlReply.failure("unknown op \"x\"", id: "a").json == #"{"error":"unknown op \"x\"","id":"a","ok":false}"#)
        var devices = ControlReply.success(id: nil)
        devices.devices = [DeviceInfo(node: "/dev/input/event5", name: "Pad", deviceClass: "touchpad",
                                      capability: "available", reason: "r", maximumPossibleForce: 4,
                                      calibration: .init(source: "learned", average: 31, summary: "s", touches: 23))]
        #expect(devices.json == #"{"devices":[{"calibration":{"average":31,"source":"learned","summary":"s","touches":23},"#
            + #""capability":"available","class":"touchpad","maximumPossibleForce":4,"name":"Pad","node":"/dev/input/event5","#
            + #""reason":"r"}],"ok":true}"#)
        var status = ControlReply.success(id: nil)
        status.status = DaemonStatus(pid: 7, devices: 0, capability: "unknown", bindings: 0, children: 0,
                                     subscribers: 0, uptime: 2.25, shortcuts: 0, config: nil)
        #expect(status.json == #"{"ok":true,"status":{"bindings":0,"capability":"unknown","children":0,"config":null,"#
            + #""devices":0,"overlay":null,"pid":7,"shortcuts":0,"subscribers":0,"uptime":2.25}}"#)
        status.status?.overlay = "gnome-shell"
        #expect(status.json.contains(#""overlay":"gnome-shell""#))
        #expect(status.status?.lines.contains("overlay: gnome-shell") == true)
        var intent = ControlReply.success(id: nil)
        intent.output = .null
        #expect(intent.json == #"{"ok":true,"output":null}"#)
    }
}
