/// Where the contacts of a frame are, taken together: their centroid and strongest force.
struct TouchSummary {
    var x = 0.0, y = 0.0
    var force = 0.0
    var count = 0

    /// Over the contacts down (or lifting) in the frame; `startPositions` uses where each
    /// contact came down instead of where it is now.
    init(_ frame: borrowing TouchFrame, includeEnded: Bool = false, startPositions: Bool = false) {
        var sx = 0.0, sy = 0.0
        for i in frame.liveSlots {
            let c = frame.contacts[i]
            guard c.isDown || (includeEnded && c.ended) else { continue }
            sx += Double(startPositions ? c.startX : c.x)
            sy += Double(startPositions ? c.startY : c.y)
            if c.force > force { force = c.force }
            count += 1
        }
        if count > 0 {
            x = sx / Double(count)
            y = sy / Double(count)
        }
    }

    func normalized(_ frame: borrowing TouchFrame, _ rotation: Rotation) -> (x: Double, y: Double) {
        let n = frame.geometry.normalized(x: x, y: y)
        return rotation.apply(x: n.x, y: n.y)
    }
}
