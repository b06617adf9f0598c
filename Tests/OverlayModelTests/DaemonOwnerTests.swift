import OverlayModel
import Testing

/// Whose word is the daemon's (DaemonOwner): the owner of its name as the bus said it, in order.
@Suite struct DaemonOwnerTests {
    @Test func nobodyIsBelievedBeforeTheBusNamesAnOwner() {
        let owner = DaemonOwner()
        #expect(!owner.believes(":1.7") && !owner.believes(""))
    }

    @Test func theOwnerTheBusAnsweredIsBelievedAndNoOtherClient() {
        var owner = DaemonOwner()
        #expect(owner.answered(":1.7") == DaemonOwner.Change(another: true, gone: nil))
        #expect(owner.believes(":1.7"))
        #expect(!owner.believes(":1.8") && !owner.believes("io.github.forcetouch.Daemon1"))
    }

    @Test func theOwnerAlreadyKnownIsNoChange() {
        var owner = DaemonOwner()
        _ = owner.answered(":1.7")
        // The bus's NameOwnerChanged for the owner GetNameOwner already answered.
        #expect(owner.changed(to: ":1.7") == DaemonOwner.Change(another: false, gone: nil))
        #expect(owner.believes(":1.7"))
    }

    @Test func anOwnerLeavingTheBusTakesWhatItShowed() {
        var owner = DaemonOwner()
        _ = owner.answered(":1.7")
        #expect(owner.changed(to: "") == DaemonOwner.Change(another: true, gone: "it left the bus"))
        #expect(!owner.believes(":1.7") && owner.uniqueName == nil)
    }

    @Test func anotherProcessTakingTheNameTakesWhatTheLastShowed() {
        var owner = DaemonOwner()
        _ = owner.changed(to: ":1.7")
        #expect(owner.changed(to: ":1.9") == DaemonOwner.Change(another: true, gone: "another process took its name"))
        #expect(owner.believes(":1.9") && !owner.believes(":1.7"))
    }

    @Test func aFirstOwnerTakesNothingAway() {
        var owner = DaemonOwner()
        #expect(owner.changed(to: ":1.7") == DaemonOwner.Change(another: true, gone: nil))
        var none = DaemonOwner()
        #expect(none.changed(to: "").gone == nil)
    }
}
