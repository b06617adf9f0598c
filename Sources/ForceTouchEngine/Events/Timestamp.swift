/// A point in time on the kernel's event clock, in whole microseconds.
///
/// Integer microseconds rather than `Double` seconds so that absolute timestamps such as
/// `1382570965.735216` survive a read–write round trip exactly, and so that replaying a
/// recording decides exactly what the live device decided.
///
/// Its arithmetic and comparisons are `@inlinable`: the daemon's loop compares deadlines at
/// every turn, and a call into another module for one integer comparison costs more than
/// the comparison.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    @inlinable public init(seconds: Int64, microseconds usec: Int64) {
        self.microseconds = seconds * 1_000_000 + usec
    }

    /// Rounds to the nearest microsecond.
    public init(seconds: Double) {
        self.microseconds = Int64((seconds * 1_000_000).rounded())
    }

    public static let zero = Timestamp(microseconds: 0)

    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// Whole seconds and the microsecond remainder, as a `struct timeval` carries them.
    public var timeval: (seconds: Int64, microseconds: Int64) {
        var s = microseconds / 1_000_000
        var u = microseconds % 1_000_000
        if u < 0 { s -= 1; u += 1_000_000 }
        return (s, u)
    }

    @inlinable public static func == (a: Timestamp, b: Timestamp) -> Bool { a.microseconds == b.microseconds }

    @inlinable public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }

    @inlinable public static func + (t: Timestamp, d: Duration) -> Timestamp {
        Timestamp(microseconds: t.microseconds + d.microseconds)
    }

    @inlinable public static func - (a: Timestamp, b: Timestamp) -> Duration {
        Duration(microseconds: a.microseconds - b.microseconds)
    }

    /// `sec.usec` with six digits, as evemu writes it.
    public var description: String {
        let (s, u) = timeval
        let frac = String(u)
        return "\(s)." + String(repeating: "0", count: 6 - frac.count) + frac
    }
}

extension Timestamp {
    /// A span of event-clock time, in microseconds.
    public struct Duration: Hashable, Comparable, Sendable {
        public var microseconds: Int64
        @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }
        /// Saturates at ±2^62 µs (146,000 years), NaN at 0: the configuration refuses times
        /// past its ranges (`NumberRange`), and this keeps any other number that reaches a
        /// clock (a command line's, a file's) from trapping here or when added to a time.
        public init(seconds: Double) {
            let limit = Double(Self.limit)
            let us = (seconds * 1_000_000).rounded()
            self.microseconds = us.isNaN ? 0 : us >= limit ? Self.limit : us <= -limit ? -Self.limit : Int64(us)
        }
        @usableFromInline static let limit: Int64 = 1 << 62
        public var seconds: Double { Double(microseconds) / 1_000_000 }
        @inlinable public static func == (a: Duration, b: Duration) -> Bool { a.microseconds == b.microseconds }
        @inlinable public static func < (a: Duration, b: Duration) -> Bool { a.microseconds < b.microseconds }
    }
}

extension Timestamp.Duration {
    public static func + (a: Timestamp.Duration, b: Timestamp.Duration) -> Timestamp.Duration {
        Timestamp.Duration(microseconds: a.microseconds + b.microseconds)
    }
}
