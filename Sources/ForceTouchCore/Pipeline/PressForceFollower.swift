import ForceTouchEngine

/// Which press a settings window's test area shows, and when its force is sent (`PressForce`,
/// SPEC §9): the first contact to come down on a device, from touch down to lift, whatever its
/// force (an ordinary touch too: the test area is where a person learns how firm a press is).
///
/// Its force goes out at most 60 times a second, as a preview's progress does; a stage it
/// reaches (the deep press's peek and pop, a Haptic Touch) goes out at once, and stays the
/// press's until it lifts: the picture stays grown while the finger rests after pop.
///
/// ```
///        a contact down          a frame (60/s), a new stage
/// idle ──────────────────▶ began ───────────────────────────▶ changed …
///  ▲                                                                 │
///  └──────────────────────────── its lift: ended ────────────────────┘
/// ```
public struct PressForceFollower: Hashable, Sendable {
    /// What to send after a step: its phase, the followed contact's slot and its stage so far.
    public struct Send: Hashable, Sendable {
        public enum Phase: String, Hashable, Sendable { case began, changed, ended }
        public let phase: Phase
        public let slot: Int
        public let stage: String
    }

    /// A Haptic Touch's stage: the press held still long enough, on a device without force too.
    public static let hapticTouch = "haptic-touch"
    /// As often as a 60 Hz screen can show it.
    public static let interval = Timestamp.Duration(microseconds: 16_667)

    private struct Followed: Hashable, Sendable {
        var node: String
        var slot: Int
        var stage: String
        var sent: Timestamp
    }

    private var followed: Followed?

    public init() {}

    /// The device node of the followed press, if one is followed.
    public var node: String? { followed?.node }

    /// After a frame of `node`'s device: `down` the slots down now, in slot order.
    public mutating func sample(node: String, down: [Int], at time: Timestamp) -> Send? {
        guard var f = followed else {
            guard let first = down.first else { return nil }
            followed = Followed(node: node, slot: first, stage: "", sent: time)
            return Send(phase: .began, slot: first, stage: "")
        }
        guard f.node == node else { return nil }
        guard down.contains(f.slot) else {
            followed = nil
            return Send(phase: .ended, slot: f.slot, stage: f.stage)
        }
        // A clock that went back (a replay after a live press) sends at once, not after a wait.
        guard time - f.sent >= Self.interval || time < f.sent else { return nil }
        f.sent = time
        followed = f
        return Send(phase: .changed, slot: f.slot, stage: f.stage)
    }

    /// A deep press's stage (`peek`, `pop`) or a Haptic Touch (`hapticTouch`) reached by the
    /// contacts `slots` of `node`: sent at once when the followed press is among them and the
    /// stage is past the one it has (a peek again after pop, force eased and pressed again,
    /// leaves it at pop).
    public mutating func reached(_ stage: String, node: String, slots: SlotSet, at time: Timestamp) -> Send? {
        guard var f = followed, f.node == node, slots.contains(f.slot),
              Self.rank(stage) > Self.rank(f.stage) else { return nil }
        f.stage = stage
        f.sent = time
        followed = f
        return Send(phase: .changed, slot: f.slot, stage: stage)
    }

    private static func rank(_ stage: String) -> Int {
        switch stage {
        case "": 0
        case DeepPressStage.pop.rawValue: 2
        default: 1
        }
    }

    /// The device went, or the window did: nothing is followed any more.
    public mutating func forget() { followed = nil }
}
