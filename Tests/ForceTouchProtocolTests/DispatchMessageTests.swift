import ForceTouchProtocol
import Testing

/// The dispatch event: what a subscriber measures a gesture's latency with.
@Suite struct DispatchMessageTests {
    @Test func aGesturesDispatchCarriesItsTimeAndWhenItWasDispatched() {
        let line = ProtocolJSON.line(DispatchMessage(label: "binding[0] (line 2) tap ended", action: "notify",
                                                     detail: "tap", time: 12.3456784, dispatched: 12.4))
        #expect(line == #"{"action":"notify","detail":"tap","dispatched":12.4,"event":"dispatch","label":"binding[0] (line 2) tap ended","time":12.345678}"#)
    }

    @Test func aRequestFromForcectlHasNoGestureTime() {
        let line = ProtocolJSON.line(DispatchMessage(label: "perform compose", action: "perform", detail: "compose",
                                                     dispatched: 3))
        #expect(!line.contains("\"time\""))
        #expect(line.contains(#""dispatched":3"#))
    }
}
