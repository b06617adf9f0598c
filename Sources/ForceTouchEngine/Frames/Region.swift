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
