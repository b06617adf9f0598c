/// Where a device's average touch — and so its force scale — comes from (SPEC §2). The
/// first that has a value wins, in the order of the cases.
public enum CalibrationSource: Hashable, Sendable {
    /// `calibration = { average = … }` in the device's `[[device]]` block, which
    /// `forcetest calibrate` writes.
    case config
    /// Learned from the user's own ordinary touches, once converged.
    case learned(touches: Int)
    /// The shipped device database: the entry that gave the average touch.
    case database(entry: String)
    /// SPEC §2's uncalibrated default: 15 % of the pressure range.
    case `default`

    /// `config`, `learned`, `database` or `default`: the name reports and JSON use.
    public var name: String {
        switch self {
        case .config: "config"
        case .learned: "learned"
        case .database: "database"
        case .default: "default"
        }
    }

    /// In words: "learned from 23 touches", "database entry Synaptics PS/2 touchpads".
    public var summary: String {
        switch self {
        case .config: "config"
        case .learned(let n): "learned from \(n) touches"
        case .database(let entry): "database entry \(entry)"
        case .default: "default"
        }
    }
}
