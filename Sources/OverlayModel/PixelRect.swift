/// A rectangle in the overlay window's logical pixels, rounded as the menu is drawn: what the
/// drawing fills, what a tap is tested against and what `--verbose` logs for the screenshots.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Half-open, as GDK's: a point on the right or bottom edge belongs to the next row.
    /// In `Double`, so that no rectangle, however far out, traps.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= Double(x) && px < Double(x) + Double(width) && py >= Double(y) && py < Double(y) + Double(height)
    }
}
