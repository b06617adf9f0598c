/// Follows each contact's raw pressure while it is down, to tell when it lifts how hard it
/// typically pressed: its *level*, the median of its readings in the upper half between
/// the axis minimum and its peak (the landing and lifting ramps left out, as
/// `CalibrationPress.level` does for calibration presses).
///
/// Only one-finger touches count: where one pressure value covers the whole pad (SEMI_MT
/// and single-touch pads), a second finger adds its area, and a two-finger tap would read
/// as a hard press. Storage is fixed and reused, so nothing is allocated per event.
struct ContactLevels: Sendable {
    static let capacity = 32
    /// Contacts shorter than this many frames say too little.
    static let minimumFrames = 3

    private var samples: [Int32]
    private var counts: [Int]
    private var alone: [Bool]
    private let floor: Int32

    init(slots: Int, floor: Int32) {
        samples = Array(repeating: 0, count: slots * Self.capacity)
        counts = Array(repeating: 0, count: slots)
        alone = Array(repeating: true, count: slots)
        self.floor = floor
    }

    // Inlined (guaranteed, not a hint): it runs at every frame.
    /// Records the frame. Appends to `ended` the slot and level of each one-finger contact
    /// that lifted in it (not those whose state was lost).
    @inline(always)
    mutating func update(_ frame: borrowing TouchFrame, ended: inout [(slot: Int, level: Double)]) {
        let contacts = frame.contacts
        for i in frame.liveSlots {
            let c = contacts[i]
            if c.began {
                counts[i] = 0
                alone[i] = true
            }
            if c.isCancelled {
                counts[i] = 0
                alone[i] = false
                continue
            }
            if c.isDown {
                if frame.fingerCount > 1, alone[i] { alone[i] = false }
                if counts[i] < Self.capacity {
                    samples[i * Self.capacity + counts[i]] = c.pressure
                    counts[i] += 1
                }
            } else if c.ended {
                if alone[i], counts[i] >= Self.minimumFrames { ended.append((i, level(slot: i))) }
                counts[i] = 0
            }
        }
    }

    /// The median of the slot's readings at or above halfway from the floor to their peak,
    /// sorted in place: the samples are done with.
    private mutating func level(slot i: Int) -> Double {
        let base = i * Self.capacity
        let n = counts[i]
        var peak = floor
        for k in 0..<n where samples[base + k] > peak { peak = samples[base + k] }
        let half = Double(floor) + 0.5 * (Double(peak) - Double(floor))
        // Move the upper half to the front, then insertion-sort it (at most 32 values).
        var top = 0
        for k in 0..<n where Double(samples[base + k]) >= half {
            swap(base + top, base + k)
            top += 1
        }
        guard top > 0 else { return Double(floor) }
        for k in 1..<max(top, 1) {
            var j = k
            while j > 0, samples[base + j - 1] > samples[base + j] {
                swap(base + j - 1, base + j)
                j -= 1
            }
        }
        return top % 2 == 1
            ? Double(samples[base + top / 2])
            : (Double(samples[base + top / 2 - 1]) + Double(samples[base + top / 2])) / 2
    }

    // Not `swapAt`: the generic algorithm, unspecialized in a debug build, allocates, and the
    // allocation guard (AllocationTests) runs in a debug build.
    private mutating func swap(_ a: Int, _ b: Int) {
        let t = samples[a]
        samples[a] = samples[b]
        samples[b] = t
    }
}
