import ForceTouchProtocol
import OverlayModel
import Testing

/// What the overlay looks up by the daemon's UnderFinger (UnderFingerUse): the text under the
/// finger is read only where a text kind is listed.
@Suite struct UnderFingerUseTests {
    @Test func noKindsLooksNothingUp() {
        #expect(UnderFingerUse(kinds: []) == UnderFingerUse(looksUp: false, readsText: false))
    }

    @Test func appIconsAndLinksAreLookedUpWithoutReadingText() {
        #expect(UnderFingerUse(kinds: ["app-icon", "link"]) == UnderFingerUse(looksUp: true, readsText: false))
        #expect(UnderFingerUse(kinds: ["window"]) == UnderFingerUse(looksUp: true, readsText: false))
    }

    @Test func anyOneTextKindReadsTheText() {
        for kind in UnderFingerKinds.text {
            #expect(UnderFingerUse(kinds: ["link", kind]) == UnderFingerUse(looksUp: true, readsText: true), "\(kind)")
        }
        #expect(UnderFingerUse(kinds: ["phone"]).readsText)
    }

    @Test func aKindNotKnownReadsNoText() {
        #expect(UnderFingerUse(kinds: ["Word", "text", "words"]) == UnderFingerUse(looksUp: true, readsText: false))
    }

    @Test func aDaemonThatHasNotSaidReadsNoText() {
        #expect(UnderFingerUse.unsaid == UnderFingerUse(looksUp: true, readsText: false))
    }
}
