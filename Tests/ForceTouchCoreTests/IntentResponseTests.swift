import Foundation
import Testing
@testable import ForceTouchCore
import ForceTouchProtocol

private func parse(_ status: Int32, _ stdout: String) -> IntentResponse {
    IntentResponse.parse(exitStatus: status, stdout: Array(stdout.utf8))
}

@Suite struct IntentResponseTests {
    @Test func rawValuesAreTheSevenCodes() {
        #expect(IntentResponseCode.allCases.map(\.rawValue) == [
            "unspecified", "ready", "continue-in-app", "in-progress", "success", "failure",
            "failure-requiring-app-launch",
        ])
    }

    @Test(arguments: IntentResponseCode.allCases)
    func eachCodeFromJSONWhateverTheExitStatus(code: IntentResponseCode) {
        for status: Int32 in [0, 3] {
            let r = parse(status, "{\"code\": \"\(code.rawValue)\", \"output\": {\"path\": \"/tmp/a\"}, \"message\": \"hi\"}\n")
            #expect(r.code == code)
            #expect(r.explicit)
            #expect(r.output == .object(["path": .string("/tmp/a")]))
            #expect(r.message == "hi")
        }
    }

    @Test func whichCodesLetAChainGoOn() {
        #expect(IntentResponseCode.allCases.filter(\.continuesChain) == [.ready, .inProgress, .success])
    }

    @Test func withoutJSONTheExitStatusDecides() {
        let ok = parse(0, "")
        #expect(ok == IntentResponse(code: .success))
        let bad = parse(1, "")
        #expect(bad.code == .failure)
        #expect(bad.message == "exited with status 1")
        #expect(!bad.explicit)
    }

    @Test func textOutputIsTrimmedAndKept() {
        #expect(parse(0, "/tmp/shot.png\n").output == .string("/tmp/shot.png"))
        let failed = parse(2, "  partial  \n")
        #expect(failed.code == .failure)
        #expect(failed.output == .string("partial"))
        // Scalars stay text: "007" and "42" are what was printed.
        #expect(parse(0, "42\n").output == .string("42"))
    }

    @Test func jsonWithoutACodeIsOutput() {
        let r = parse(0, "{\"path\": \"/tmp/a.png\", \"size\": [1, 2]}")
        #expect(r.code == .success)
        #expect(!r.explicit)
        #expect(r.output == .object(["path": .string("/tmp/a.png"), "size": .array([.number(1), .number(2)])]))
        #expect(parse(1, "[1]").code == .failure)
    }

    @Test func brokenJSONIsText() {
        let r = parse(0, "{\"code\": \"success\"")
        #expect(r.code == .success)
        #expect(!r.explicit)
        #expect(r.output == .string("{\"code\": \"success\""))
    }

    @Test func anUnknownCodeIsAFailure() {
        let r = parse(0, "{\"code\": \"done\", \"message\": \"all good\"}")
        #expect(r.code == .failure)
        #expect(r.explicit)
        #expect(r.message?.hasPrefix("unknown response code \"done\"") == true)
        #expect(r.message?.hasSuffix(": all good") == true)
        #expect(parse(0, "{\"code\": 1}").code == .failure)
    }

    @Test func binaryOutputIsIgnored() {
        let r = IntentResponse.parse(exitStatus: 0, stdout: [0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe])
        #expect(r.code == .success)
        #expect(r.output == nil)
        #expect(r.message?.contains("6 bytes") == true)
    }

    @Test func nullOutputIsNone() {
        #expect(parse(0, "{\"code\":\"success\",\"output\":null}").output == nil)
    }

    @Test func jsonValuesRoundTrip() {
        let text = "{\"a\":[1,2.5,true,null,\"x\\n\"],\"b\":{\"c\":-3}}"
        let v = JSONValue.parse(text)
        #expect(v?.json == text)
        #expect(v?.value(at: ["a", "1"]) == .number(2.5))
        #expect(v?.value(at: ["b", "c"]) == .number(-3))
        #expect(v?.value(at: ["b", "d"]) == nil)
        #expect(JSONValue.parse("true") == .bool(true))
        #expect(JSONValue.parse("1 2") == nil)
    }
}
