import ForceTouchEngine
import Testing
@testable import ForceTouchCore

/// Which press forcetouch Settings' test area is sent, and when (`PressForce`): the first
/// contact down, from touch down to lift, its force at most 60 times a second, each new stage
/// at once. Each send is `phase slot stage`.
@Suite struct PressForceFollowerTests {
    static func ms(_ n: Int64) -> Timestamp { Timestamp(microseconds: n * 1000) }
    static func text(_ s: PressForceFollower.Send?) -> String {
        s.map { "\($0.phase.rawValue) \($0.slot) \($0.stage)" } ?? "-"
    }

    @Test func anOrdinaryTouchIsFollowedFromDownToLift() {
        var f = PressForceFollower()
        #expect(Self.text(f.sample(node: "a", down: [], at: Self.ms(0))) == "-")
        #expect(Self.text(f.sample(node: "a", down: [0], at: Self.ms(10))) == "began 0 ")
        #expect(Self.text(f.sample(node: "a", down: [0], at: Self.ms(30))) == "changed 0 ")
        #expect(Self.text(f.sample(node: "a", down: [], at: Self.ms(40))) == "ended 0 ")
        #expect(Self.text(f.sample(node: "a", down: [], at: Self.ms(60))) == "-")
        #expect(f.node == nil)
    }

    @Test func forceGoesOutAtMostSixtyTimesASecond() {
        var f = PressForceFollower()
        _ = f.sample(node: "a", down: [0], at: Self.ms(0))
        // Frames every 4 ms for 100 ms: a send every 17 ms at most, so 5 of them.
        let sent = stride(from: 4, through: 100, by: 4).compactMap { f.sample(node: "a", down: [0], at: Self.ms(Int64($0))) }
        #expect(sent.count == 5)
        #expect(sent.allSatisfy { $0.phase == .changed })
    }

    @Test func aStageGoesOutAtOnceAndStaysUntilTheLift() {
        var f = PressForceFollower()
        _ = f.sample(node: "a", down: [1], at: Self.ms(0))
        #expect(Self.text(f.reached("peek", node: "a", slots: SlotSet(bits: 1 << 1), at: Self.ms(1))) == "changed 1 peek")
        #expect(Self.text(f.reached("peek", node: "a", slots: SlotSet(bits: 1 << 1), at: Self.ms(2))) == "-")
        #expect(Self.text(f.reached("pop", node: "a", slots: SlotSet(bits: 1 << 1), at: Self.ms(3))) == "changed 1 pop")
        // Eased and pressed again: a second peek leaves the picture popped.
        #expect(Self.text(f.reached("peek", node: "a", slots: SlotSet(bits: 1 << 1), at: Self.ms(4))) == "-")
        #expect(Self.text(f.sample(node: "a", down: [1], at: Self.ms(30))) == "changed 1 pop")
        #expect(Self.text(f.sample(node: "a", down: [], at: Self.ms(40))) == "ended 1 pop")
        // The next press starts afresh.
        #expect(Self.text(f.sample(node: "a", down: [0], at: Self.ms(50))) == "began 0 ")
    }

    @Test func aHapticTouchIsAStageOfItsOwn() {
        var f = PressForceFollower()
        _ = f.sample(node: "a", down: [0], at: Self.ms(0))
        #expect(Self.text(f.reached(PressForceFollower.hapticTouch, node: "a", slots: SlotSet(bits: 1), at: Self.ms(500)))
            == "changed 0 haptic-touch")
    }

    @Test func onlyTheFirstContactOfTheFirstDeviceIsFollowed() {
        var f = PressForceFollower()
        _ = f.sample(node: "a", down: [2], at: Self.ms(0))
        #expect(Self.text(f.sample(node: "b", down: [0], at: Self.ms(30))) == "-")
        #expect(Self.text(f.reached("peek", node: "b", slots: SlotSet(bits: 1 << 2), at: Self.ms(31))) == "-")
        #expect(Self.text(f.reached("peek", node: "a", slots: SlotSet(bits: 1), at: Self.ms(32))) == "-")
        // A second finger down on the same device changes nothing; the first's lift ends it.
        #expect(Self.text(f.sample(node: "a", down: [0, 2], at: Self.ms(40))) == "changed 2 ")
        #expect(Self.text(f.sample(node: "a", down: [0], at: Self.ms(41))) == "ended 2 ")
    }

    @Test func forgettingEndsTheFollowedPressWithoutAWord() {
        var f = PressForceFollower()
        _ = f.sample(node: "a", down: [0], at: Self.ms(0))
        f.forget()
        #expect(Self.text(f.sample(node: "a", down: [0], at: Self.ms(1))) == "began 0 ")
    }
}
