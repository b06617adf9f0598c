import ForceTouchEngine

/// The `[general]` table's daemon-wide limits. (Its `sensitivity` key is the default
/// for every device and so lives in `Configuration.gestures`.)
public struct GeneralSettings: Hashable, Sendable {
    /// Most exec children running at once: a cap, so that a stuck command cannot pile up
    /// processes behind a finger drumming on the screen.
    public var maxChildren = 8
    /// Seconds before an exec child is killed, unless its binding says otherwise.
    public var actionTimeout = 10.0
    /// Whether peek, pop and a Haptic Touch are felt (`HapticsSetting`).
    public var haptics = HapticsSetting.auto

    public init() {}
}

/// The `[general]` table as written: each key checked on its own, a refused one keeping
/// its default.
struct GeneralTable: Decodable {
    static let keys = ["sensitivity", "max-children", "action-timeout", "haptics"]
    var settings = GeneralSettings()
    var sensitivity: Sensitivity?

    init(from decoder: any Decoder) throws {
        let r = try BlockReader(decoder, keys: Self.keys)
        sensitivity = try r("sensitivity") { try $0.name(Sensitivity.allCases, what: "sensitivity") }
        settings.maxChildren = try r("max-children") { v in
            let n = try v.integerValue()
            guard (1...256).contains(n) else { throw RawValue.Problem("must be from 1 to 256, not \(n)") }
            return n
        } ?? settings.maxChildren
        settings.actionTimeout = try r("action-timeout") { try $0.number(in: .actionTimeout) } ?? settings.actionTimeout
        settings.haptics = try r("haptics") { try $0.name(HapticsSetting.allCases, what: "haptics") } ?? settings.haptics
    }
}
