/// A rectangle in normalized 0...1 device coordinates, after the device's rotation: the
/// part of the surface a binding listens to (SPEC §4).
public struct Region: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Half-open, so that two regions sharing an edge never both claim a point on it; the
    /// far edge of the surface (1.0) is included, or a region reaching it would miss the
    /// last row of points.
    public func contains(x px: Double, y py: Double) -> Bool {
        let right = x + width, bottom = y + height
        return px >= x && (px < right || (right >= 1 && px <= right))
            && py >= y && (py < bottom || (bottom >= 1 && py <= bottom))
    }
}

extension RawValue {
    /// A `region` key: `[x, y, width, height]`, within the surface.
    func region() throws(Problem) -> Region {
        let shape = "[x, y, width, height] in 0..1"
        guard case .array(let elements) = self else { throw Problem("expected \(shape), found \(kind)") }
        guard elements.count == 4 else { throw Problem("expected \(shape), found \(elements.count) values") }
        let n = try elements.map { (element) throws(Problem) in try element.numberValue() }
        let r = Region(x: n[0], y: n[1], width: n[2], height: n[3])
        // A little slack so that [0.3333, 0, 0.6667, 1]-style thirds still add up to 1.
        let slack = 1e-9
        guard r.x >= 0, r.y >= 0, r.x <= 1, r.y <= 1 else { throw Problem("x and y must be within 0..1") }
        guard r.width > 0, r.height > 0 else { throw Problem("width and height must be greater than 0") }
        guard r.x + r.width <= 1 + slack, r.y + r.height <= 1 + slack else {
            throw Problem("reaches past the edge: x + width and y + height must be at most 1")
        }
        return r
    }
}
