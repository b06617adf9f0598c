import Foundation
import Testing
@testable import ForceTouchProtocol

/// The settings requests, on the socket and as bus methods: one operation whichever brought it.
@Suite struct SettingsRequestTests {
    @Test func socketRequestsRoundTrip() throws {
        for action: ControlRequest.SettingsAction in [.get, .set(key: "sensitivity", value: "firm"), .reset(key: "haptics"), .undo,
                                                       .move(key: "quick-action.3", position: 1)] {
            let request = ControlRequest(.settings(action), id: .number(3))
            #expect(try ControlRequest.decode(request.json) == request)
        }
        #expect(try ControlRequest.decode(#"{"op":"settings"}"#).operation == .settings(.get))
        #expect(try ControlRequest.decode(#"{"op":"settings","action":"set","key":"haptics","value":"off"}"#).operation
            == .settings(.set(key: "haptics", value: "off")))
        #expect(throws: ControlRequestError("move needs \"position\", the block's new place from 1", field: "position", id: nil)) {
            try ControlRequest.decode(#"{"op":"settings","action":"move","key":"binding.2","position":0}"#)
        }
        #expect(throws: ControlRequestError("set needs \"key\"", field: "key", id: nil)) {
            try ControlRequest.decode(#"{"op":"settings","action":"set","value":"off"}"#)
        }
        #expect(throws: ControlRequestError("set needs \"value\" (a string)", field: "value", id: nil)) {
            try ControlRequest.decode(#"{"op":"settings","action":"set","key":"haptics"}"#)
        }
    }

    @Test func busMethodsAreTheSameRequests() throws {
        #expect(try BusMethod.setSetting.request([.string("sensitivity"), .string("firm")])
            == .settings(.set(key: "sensitivity", value: "firm")))
        #expect(try BusMethod.resetSetting.request([.string("haptics")]) == .settings(.reset(key: "haptics")))
        #expect(try BusMethod.getSettings.request([]) == .settings(.get))
        #expect(try BusMethod.undoSetting.request([]) == .settings(.undo))
        #expect(try BusMethod.moveSetting.request([.string("quick-action.3"), .uint32(1)])
            == .settings(.move(key: "quick-action.3", position: 1)))
        #expect(throws: ControlRequestError("SetSetting: key must not be empty", field: "key", id: nil)) {
            try BusMethod.setSetting.request([.string(""), .string("firm")])
        }
        var reply = ControlReply.success(id: nil)
        reply.settings = SettingsState(file: "/f.toml", sensitivity: "firm", hapticTouch: "auto", hapticTouchTime: .string("fast"),
                                       haptics: "auto", underFinger: ["link"], quickActions: [], bindings: [], canUndo: true)
        guard case .string(let json)? = BusMethod.setSetting.results(of: reply).first else { Issue.record("no string"); return }
        #expect(try ProtocolJSON.decode(SettingsState.self, from: Data(json.utf8)) == reply.settings)
        #expect(BusMethod.setSetting.signature == "ss" && BusMethod.setSetting.resultSignature == "s")
    }
}
