/// A set of a device's slots (at most `FrameAssembler.maximumSlots`, 64), one bit each, that
/// iterates in slot order.
///
/// A frame keeps the slots that need looking at in one (`TouchFrame.liveSlots`): a
/// touchscreen has ten slots and is mostly touched by one or two fingers, and every
/// recognizer visits the frame's contacts at every frame.
public struct SlotSet: Sequence, IteratorProtocol, Hashable, Sendable {
    public var bits: UInt64

    @inlinable public init(bits: UInt64 = 0) { self.bits = bits }

    /// Slots `0..<count`.
    @inlinable public static func first(_ count: Int) -> SlotSet {
        SlotSet(bits: count >= 64 ? ~0 : (1 << UInt64(count)) &- 1)
    }

    @inlinable public func contains(_ slot: Int) -> Bool { bits & (1 << UInt64(slot)) != 0 }

    @inlinable public mutating func insert(_ slot: Int) { bits |= 1 << UInt64(slot) }

    @inlinable public func union(_ other: SlotSet) -> SlotSet { SlotSet(bits: bits | other.bits) }

    @inlinable public mutating func next() -> Int? {
        guard bits != 0 else { return nil }
        let slot = bits.trailingZeroBitCount
        bits &= bits &- 1
        return slot
    }
}
