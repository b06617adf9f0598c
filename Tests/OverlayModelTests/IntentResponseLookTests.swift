import OverlayModel
import Testing

/// What the intent window shows per response code: what intent-window-on-host.sh checks on
/// screenshots (a green check mark, a spinner, a red message, Open), here by the code.
@Suite struct IntentResponseLookTests {
    @Test func successAndReadyShowACheckMark() {
        let success = IntentResponseLook(code: "success")
        #expect(success.badge == .check && !success.showsMessage && !success.failed)
        let ready = IntentResponseLook(code: "ready")
        #expect(ready.badge == .check && ready.showsMessage)
    }

    @Test func inProgressSpins() {
        #expect(IntentResponseLook(code: "in-progress").badge == .spinner)
    }

    @Test func aFailureShowsItsMessageInRed() {
        let failure = IntentResponseLook(code: "failure")
        #expect(failure.badge == .alert && failure.showsMessage && failure.failed && failure.isFailure)
        #expect(!failure.offersOpen)
        let unspecified = IntentResponseLook(code: "unspecified")
        #expect(unspecified.failed && !unspecified.isFailure)
    }

    @Test func aFailureRequiringTheAppOffersOpen() {
        let look = IntentResponseLook(code: "failure-requiring-app-launch")
        #expect(look.offersOpen && look.failed && look.isFailure)
    }

    @Test func continueInAppShowsNoWindow() {
        let look = IntentResponseLook(code: "continue-in-app")
        #expect(look.opensApp && !look.failed)
    }
}
