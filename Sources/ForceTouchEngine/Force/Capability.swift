/// Whether a device can sense force: the twin of UIForceTouchCapability, with its raw values.
public enum Capability: Int, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Not probed yet, cannot be opened, or gone.
    case unknown = 0
    /// Open, a touch device, and no usable pressure axis.
    case unavailable = 1
    /// Open and has a pressure axis with max > min (or opted in to emulated force).
    case available = 2

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .unavailable: "unavailable"
        case .available: "available"
        }
    }

    public init?(name: String) {
        switch name {
        case "unknown": self = .unknown
        case "unavailable": self = .unavailable
        case "available": self = .available
        default: return nil
        }
    }

    public static func < (a: Capability, b: Capability) -> Bool { a.rawValue < b.rawValue }

    /// Overall capability: available if any device is, else the best of the rest.
    public static func overall<S: Sequence>(_ all: S) -> Capability where S.Element == Capability {
        all.max() ?? .unknown
    }
}
