import ForceTouchEngine

/// The AssistiveTouch button (SPEC §6): the round button `forcetouch-overlay` floats on the
/// touchscreen's output, where the `[assistive-touch]` slots listen.
///
/// Its place is its centre, 0...1 across the device after its rotation (the same space as a
/// `region`), and its `size` is a fraction of each axis: the slots listen to that square,
/// which is the button's `region`, and the overlay draws the largest circle that fits in it.
/// A drag leaves it at the nearer left or right edge of the surface, as iOS does.
public struct AssistiveButton: Hashable, Sendable {
    /// Where the button's centre is.
    public struct Place: Codable, Hashable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// `button-size`: the side of the square the slots listen to, a fraction of each axis.
    public var size: Double
    /// Where it is: the default, or where the user left it (the daemon's state).
    public var place: Place

    public static let defaultSize = 0.12
    public static let sizeRange = 0.04...0.3

    public init(size: Double = defaultSize, place: Place? = nil) {
        self.size = size
        self.place = place ?? Self.defaultPlace(size: size)
    }

    /// At the right edge, a third of the way down: where iOS first shows its button.
    public static func defaultPlace(size: Double) -> Place {
        Place(x: 1 - size / 2, y: 1.0 / 3)
    }

    /// The square the slots listen to, and whose touches are claimed.
    public var region: Region {
        Region(x: place.x - size / 2, y: place.y - size / 2, width: size, height: size)
    }

    /// Whether a point of the surface is on the button.
    public func contains(x: Double, y: Double) -> Bool { region.contains(x: x, y: y) }

    /// The place under a finger at (`x`, `y`), with the whole button kept on the surface:
    /// where it is drawn while dragged.
    public func following(x: Double, y: Double) -> Place {
        let half = size / 2
        return Place(x: min(max(x, half), 1 - half), y: min(max(y, half), 1 - half))
    }

    /// Where a button let go at (`x`, `y`) settles: against the nearer left or right edge, at
    /// the height it was let go (kept on the surface).
    public func settled(x: Double, y: Double) -> Place {
        let held = following(x: x, y: y)
        let half = size / 2
        return Place(x: held.x < 0.5 ? half : 1 - half, y: held.y)
    }

    /// A place read back from the state file, made to fit this button: a place from another
    /// size, or a file edited by hand, still leaves the button whole on the surface.
    public func fitted(_ p: Place) -> Place {
        guard p.x.isFinite, p.y.isFinite else { return Self.defaultPlace(size: size) }
        return following(x: p.x, y: p.y)
    }
}
