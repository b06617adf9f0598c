import ForceTouchCore
import ForceTouchEngine
import Testing
@testable import ForceTouchLinux

struct EarliestDeadlineTests {
    /// What the daemon does at every turn: looks at all the deadlines only when stale.
    private func value(_ earliest: inout EarliestDeadline, _ all: [Timestamp?], _ looks: inout Int) -> Timestamp? {
        if earliest.isStale {
            looks += 1
            earliest.reset(to: all.compactMap { $0 }.min())
        }
        return earliest.value
    }

    /// Ten sessions' deadlines moving one at a time, as reads move them, with now and then a
    /// device coming or going: the kept earliest is always the earliest of them all.
    @Test func keepsTheEarliestOfDeadlinesThatMoveOneAtATime() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var deadlines = [Timestamp?](repeating: nil, count: 10)
            var earliest = EarliestDeadline()
            var looks = 0
            for step in 0..<400 {
                let i = Int.random(in: 0..<deadlines.count, using: &generator)
                let old = deadlines[i]
                // Few distinct values, so that ties with the earliest happen often.
                let new: Timestamp? = Bool.random(using: &generator) ? nil
                    : Timestamp(microseconds: Int64.random(in: 0..<8, using: &generator))
                deadlines[i] = new
                if step % 97 == 0 {
                    earliest.invalidate()
                } else {
                    earliest.moved(from: old, to: new)
                }
                let got = value(&earliest, deadlines, &looks)
                #expect(got == deadlines.compactMap { $0 }.min())
            }
            // It looks at them all only when it must, not at every turn.
            #expect(looks < 400)
        }
    }

    @Test func looksAtAllOnlyWhenTheEarliestGoesLaterOrWhenInvalidated() {
        var earliest = EarliestDeadline()
        var looks = 0
        let t = { Timestamp(microseconds: $0) }
        var all: [Timestamp?] = [t(5), t(9)]
        earliest.invalidate()
        #expect(value(&earliest, all, &looks) == t(5))
        // The later one moves: no look.
        all[1] = t(7)
        earliest.moved(from: t(9), to: t(7))
        #expect(value(&earliest, all, &looks) == t(5))
        // One moves earlier than the earliest: no look.
        all[1] = t(3)
        earliest.moved(from: t(7), to: t(3))
        #expect(value(&earliest, all, &looks) == t(3))
        #expect(looks == 1)
        // The earliest goes away: one look finds the next.
        all[1] = nil
        earliest.moved(from: t(3), to: nil)
        #expect(value(&earliest, all, &looks) == t(5))
        #expect(looks == 2)
    }
}
